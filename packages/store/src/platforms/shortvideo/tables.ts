/** The shortvideo platform's tables (column conventions: packages/store/src/schema.ts). */

/**
 * A short video; `author_key` is the lower-cased author (creator handle). `extra` is the other
 * fields of its Research API item, `export_extra` those of its "Download your data" entry (JSON
 * objects), each `''` when that source was not recorded (migration 0024).
 */
export interface ShortVideoVideosTable {
  id: string;
  author: string;
  author_key: string;
  description: string;
  like_count: number;
  comment_count: number;
  share_count: number;
  /** bigint: view counts pass 2^31. */
  view_count: number;
  /** Seconds. */
  duration: number;
  created_at: number;
  video_url: string;
  music_title: string;
  music_author: string;
  extra: string;
  export_extra: string;
}

/** A comment on a short video; `parent_id` is '' for a top-level comment, else the comment it replies to. */
export interface ShortVideoCommentsTable {
  id: string;
  video_id: string;
  parent_id: string;
  author: string;
  text: string;
  like_count: number;
  /** The comment's total replies (a top-level comment's; 0 for replies). */
  reply_count: number;
  created_at: number;
}

/** The shortvideo tables, by name: part of the store's `Database`. */
export interface ShortVideoTables {
  shortvideo_videos: ShortVideoVideosTable;
  shortvideo_comments: ShortVideoCommentsTable;
}
