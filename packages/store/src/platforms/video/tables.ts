/** The video platform's tables (column conventions: packages/store/src/schema.ts). */

/**
 * A video channel; `verified` is 0/1. `thumbnails` is the source's pictures as a JSON array of
 * {url, width, height} (`[]`: the source gave none), `extra` the source item's other fields as a
 * JSON object; both `''` when no source item was recorded (the demo's channels: migration 0022).
 */
export interface VideoChannelsTable {
  id: string;
  name: string;
  verified: number;
  thumbnails: string;
  extra: string;
}

/**
 * A video. `num` is a unique integer (the search index's document number); `channel_name` is the
 * channel's name copied for search; `blocked_regions` is '' or ',DE,FR,' (geoCodes where the
 * video is unavailable); `type` VIDEO or MOVIE; `is_live` 0/1; `duration` seconds. `url`,
 * `thumbnails` (JSON array of {url, width, height}) and `extra` (JSON object of the source item's
 * other fields) are the source's, `''` when none was recorded (the demo's videos: migration 0022).
 */
export interface VideoVideosTable {
  id: string;
  num: number;
  channel_id: string;
  channel_name: string;
  title: string;
  /** bigint. */
  views: number;
  duration: number;
  published_at: number;
  type: string;
  blocked_regions: string;
  is_live: number;
  url: string;
  thumbnails: string;
  extra: string;
}

/** One entry of a short-song chart (country, DAILY|WEEKLY, YYYYMMDD); songwriters and producers are JSON arrays. */
export interface VideoChartEntriesTable {
  /** `country:TYPE:YYYYMMDD:position`. */
  id: string;
  country: string;
  chart_type: string;
  chart_date: string;
  position: number;
  /** 0 for a new entry. */
  previous_position: number;
  /** Whole percent. */
  percent_views_change: number;
  periods_on_chart: number;
  video_id: string;
  title: string;
  artist: string;
  songwriters: string;
  producers: string;
  /** YYYY-MM-DD. */
  release_date: string;
  published_at: number;
}

/**
 * One posting of the search index (search-index.ts): a term of a video's title or channel name,
 * with the video's columns search filters and ranks by copied in, so a walk reads this table only.
 * `in_title` is 1 when the term is a word of the title, 0 when only of the channel name.
 */
export interface VideoSearchTable {
  term: string;
  type: string;
  in_title: number;
  /** bigint. */
  views: number;
  num: number;
  published_at: number;
  blocked_regions: string;
}

/**
 * How many videos of a type hold a term, per stretch of publication time (`bucket` =
 * floor(published_at / SEARCH_BUCKET_MS)); the term '' counts every video. The search estimates
 * a window's matches from it and walks the rarest term.
 */
export interface VideoSearchTermsTable {
  term: string;
  type: string;
  bucket: number;
  docs: number;
}

/**
 * A comment on a video (migration 0031): a thread's top-level comment (`parent_id` `''`) or a reply
 * (`parent_id` its top-level comment's id). `channel_id` is the channel the video belongs to; `text`
 * the comment as its author typed it (the source's `textOriginal`); `like_count` bigint; times epoch
 * ms. `reply_count` is the thread's `totalReplyCount` (0 for a reply, and for a top-level comment read
 * without its thread); `can_reply` and `is_public` 0/1 from the thread, null where the source did not
 * say (a reply, a comment read without its thread). `author_image` is `''` when the source gave no
 * picture (the demo's rows hold their made-up one); `extra` is `''` when no source item was recorded
 * (the demo's comments).
 */
export interface VideoCommentsTable {
  id: string;
  video_id: string;
  channel_id: string;
  parent_id: string;
  author_name: string;
  author_channel_id: string;
  author_image: string;
  text: string;
  like_count: number;
  published_at: number;
  updated_at: number;
  reply_count: number;
  can_reply: number | null;
  is_public: number | null;
  extra: string;
}

/** The video tables, by name: part of the store's `Database`. */
export interface VideoTables {
  video_channels: VideoChannelsTable;
  video_videos: VideoVideosTable;
  video_chart_entries: VideoChartEntriesTable;
  video_comments: VideoCommentsTable;
}

/** The tables the store derives from the video tables (never imported or copied: written by search-index.ts). */
export interface VideoDerivedTables {
  video_search: VideoSearchTable;
  video_search_terms: VideoSearchTermsTable;
}
