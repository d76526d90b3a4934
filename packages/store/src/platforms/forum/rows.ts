import { hotScore } from '@socialquery/forum/server';
import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import { FORUM_COLUMNS } from './columns.js';
import type { ForumPostsTable } from '../../schema.js';
import { nameKey } from './source.js';

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
}

export function toForumRow(post: ForumPostInput): ForumPostsTable {
  return {
    id: post.id,
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
  };
}

/** Inserts or updates by id (loading the same data twice never duplicates it); returns the rows written. */
export const upsertForumRows = (db: RowWriter, rows: readonly ForumPostsTable[]) =>
  writeRows(db, 'forum_posts', rows, { columns: FORUM_COLUMNS.forum_posts });
