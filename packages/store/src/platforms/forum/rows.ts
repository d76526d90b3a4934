import { hotScore } from '@socialquery/forum/server';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ForumPostsTable } from '../../schema.js';
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

const UPDATED_COLUMNS = [
  'community',
  'community_key',
  'author',
  'author_key',
  'title',
  'content',
  'upvotes',
  'downvotes',
  'score',
  'comment_count',
  'created_at',
  'hot',
  'url',
] as const;

/** Inserts or updates by id (loading the same data twice never duplicates it). */
export async function upsertForumRows(db: Kysely<Database> | Transaction<Database>, rows: ForumPostsTable[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('forum_posts')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => Object.fromEntries(UPDATED_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)]))),
    )
    .execute();
}
