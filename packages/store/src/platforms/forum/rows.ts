import { confidence, hotScore } from '@socialquery/forum/server';
import { numberRows, type RowWriter, writeRows } from '../../rows/write-rows.js';
import { FORUM_COLUMNS } from './columns.js';
import { writeForumCommentRows, writeForumPostRows } from './derived.js';
import type { ForumCommentsTable, ForumPostsTable } from '../../schema.js';
import { nameKey } from './names.js';

/** A forum post as loaders (demo data, importers) hand it over. */
export interface ForumPostInput {
  id: string;
  community: string;
  author: string;
  title: string;
  content: string;
  upvotes: number;
  downvotes: number;
  score: number;
  commentCount: number;
  /** Epoch milliseconds. */
  createdAt: number;
  url: string;
  /** Marked NSFW (default false). */
  over18?: boolean;
  /** The source record's other fields as JSON (remainderOf); none ('') for the demo's posts. */
  extra?: string;
}

export function toForumRow(post: ForumPostInput): ForumPostsTable {
  return {
    id: post.id,
    num: 0, // given when written (numberRows): a stored post keeps its own
    community: post.community,
    community_key: nameKey(post.community),
    author: post.author,
    author_key: nameKey(post.author),
    title: post.title,
    content: post.content,
    upvotes: post.upvotes,
    downvotes: post.downvotes,
    score: post.score,
    comment_count: post.commentCount,
    created_at: post.createdAt,
    hot: hotScore(post.score, post.createdAt),
    url: post.url,
    over18: post.over18 ? 1 : 0,
    extra: post.extra ?? '',
  };
}

/**
 * Inserts or updates by id (loading the same data twice never duplicates it), keeping what the forum
 * derives from its posts in step (derived.ts); a new post takes the next free num, a stored one keeps
 * its own. Returns the rows written.
 */
export async function upsertForumRows(db: RowWriter, rows: readonly ForumPostsTable[]): Promise<number> {
  const numbered = await numberRows(db, 'forum_posts', rows);
  return writeForumPostRows(db, numbered, 'upserted', () =>
    writeRows(db, 'forum_posts', numbered, { columns: FORUM_COLUMNS.forum_posts }),
  );
}

/** A forum comment as loaders (demo data, importers) hand it over. */
export interface ForumCommentInput {
  id: string;
  postId: string;
  /** The parent comment's id; null for a top-level comment. */
  parentId: string | null;
  community: string;
  author: string;
  body: string;
  score: number;
  /** Up and down votes, where the source gives them (they rank `best`): else max(score, 0) and max(−score, 0). */
  ups?: number;
  downs?: number;
  /** Epoch milliseconds. */
  createdAt: number;
  /** false, true (edited, time unknown) or when, in epoch milliseconds. */
  edited: boolean | number;
  distinguished: string | null;
  stickied: boolean;
  deleted: boolean;
  removed: boolean;
  url: string;
  /** The source record's other fields as JSON (remainderOf); none ('') for the demo's comments. */
  extra?: string;
}

export function toForumCommentRow(comment: ForumCommentInput): ForumCommentsTable {
  const ups = comment.ups ?? Math.max(comment.score, 0);
  const downs = comment.downs ?? Math.max(-comment.score, 0);
  return {
    id: comment.id,
    num: 0, // given when written (numberRows): a stored comment keeps its own
    post_id: comment.postId,
    parent_key: comment.parentId ?? '',
    community: comment.community,
    community_key: nameKey(comment.community),
    author: comment.author,
    author_key: nameKey(comment.author),
    body: comment.body,
    score: comment.score,
    ups,
    downs,
    best: confidence(ups, downs),
    created_at: comment.createdAt,
    edited: comment.edited === false ? 0 : 1,
    edited_at: typeof comment.edited === 'number' ? comment.edited : null,
    distinguished: comment.distinguished,
    stickied: comment.stickied ? 1 : 0,
    deleted: comment.deleted ? 1 : 0,
    removed: comment.removed ? 1 : 0,
    url: comment.url,
    extra: comment.extra ?? '',
  };
}

/** Inserts or updates comments by id, as upsertForumRows does posts; returns the rows written. */
export async function upsertForumCommentRows(db: RowWriter, rows: readonly ForumCommentsTable[]): Promise<number> {
  const numbered = await numberRows(db, 'forum_comments', rows);
  return writeForumCommentRows(db, numbered, 'upserted', () =>
    writeRows(db, 'forum_comments', numbered, { columns: FORUM_COLUMNS.forum_comments }),
  );
}
