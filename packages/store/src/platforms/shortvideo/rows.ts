import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import { SHORTVIDEO_COLUMNS } from './columns.js';
import type { ShortVideoCommentsTable, ShortVideoVideosTable } from '../../schema.js';
import { nameKey } from '../forum/names.js';

/** A short video as loaders (demo data, importers) hand it over. */
export interface ShortVideoInput {
  id: string;
  author: string;
  description: string;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  viewCount: number;
  /** Seconds. */
  duration: number;
  /** Epoch milliseconds. */
  createdAt: number;
  videoUrl: string;
  music: { title: string; author: string };
  /** The Research API item's other fields as JSON (remainderOf); none ('') for the demo's videos and the export's. */
  extra?: string;
  /** The export entry's other fields as JSON; none ('') but for the export's. */
  exportExtra?: string;
}

/** A comment as loaders hand it over: `parentId` is '' for a top-level comment, else the comment it replies to. */
export interface ShortVideoCommentInput {
  id: string;
  videoId: string;
  parentId: string;
  author: string;
  text: string;
  likeCount: number;
  /** Total replies of a top-level comment; 0 for a reply. */
  replyCount: number;
  /** Epoch milliseconds. */
  createdAt: number;
}

export function toShortVideoRow(video: ShortVideoInput): ShortVideoVideosTable {
  return {
    id: video.id,
    author: video.author,
    author_key: nameKey(video.author),
    description: video.description,
    like_count: video.likeCount,
    comment_count: video.commentCount,
    share_count: video.shareCount,
    view_count: video.viewCount,
    duration: video.duration,
    created_at: video.createdAt,
    video_url: video.videoUrl,
    music_title: video.music.title,
    music_author: video.music.author,
    extra: video.extra ?? '',
    export_extra: video.exportExtra ?? '',
  };
}

export function toShortVideoCommentRow(comment: ShortVideoCommentInput): ShortVideoCommentsTable {
  return {
    id: comment.id,
    video_id: comment.videoId,
    parent_id: comment.parentId,
    author: comment.author,
    text: comment.text,
    like_count: comment.likeCount,
    reply_count: comment.replyCount,
    created_at: comment.createdAt,
  };
}

/** Inserts or updates videos by id (loading the same data twice never duplicates it); returns the rows written. */
export const upsertShortVideoRows = (db: RowWriter, rows: readonly ShortVideoVideosTable[]) =>
  writeRows(db, 'shortvideo_videos', rows, { columns: SHORTVIDEO_COLUMNS.shortvideo_videos });

/** Inserts or updates comments (and replies) by id. */
export const upsertShortVideoCommentRows = (db: RowWriter, rows: readonly ShortVideoCommentsTable[]) =>
  writeRows(db, 'shortvideo_comments', rows, { columns: SHORTVIDEO_COLUMNS.shortvideo_comments });
