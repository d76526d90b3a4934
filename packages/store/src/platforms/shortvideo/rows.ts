import type { Kysely, Transaction } from 'kysely';
import type { Database, ShortVideoCommentsTable, ShortVideoVideosTable } from '../../schema.js';
import { nameKey } from '../forum/source.js';

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

type Writer = Kysely<Database> | Transaction<Database>;

const VIDEO_COLUMNS = [
  'author',
  'author_key',
  'description',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
  'duration',
  'created_at',
  'video_url',
  'music_title',
  'music_author',
] as const;
const COMMENT_COLUMNS = ['video_id', 'parent_id', 'author', 'text', 'like_count', 'reply_count', 'created_at'] as const;

/** Inserts or updates videos by id (loading the same data twice never duplicates it). */
export async function upsertShortVideoRows(db: Writer, rows: ShortVideoVideosTable[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('shortvideo_videos')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => Object.fromEntries(VIDEO_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)]))),
    )
    .execute();
}

/** Inserts or updates comments (and replies) by id. */
export async function upsertShortVideoCommentRows(db: Writer, rows: ShortVideoCommentsTable[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('shortvideo_comments')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => Object.fromEntries(COMMENT_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)]))),
    )
    .execute();
}
