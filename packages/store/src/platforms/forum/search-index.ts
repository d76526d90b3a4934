import { termsOf } from '@socialquery/core';
import { type Kysely, sql } from 'kysely';
import { addCounts, deleteByKey } from '../../rows/keyed-rows.js';
import { inKeyOrder } from '../../rows/key-order.js';
import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import type { Database, ForumCommentsTable, ForumPostsTable } from '../../schema.js';
import { type RowChange, sameColumns } from './row-change.js';
import { FORUM_SEARCH_COLUMNS } from './columns.js';
import type { ForumSearchTable } from './search-tables.js';

/**
 * The forum search index of the PostgreSQL store (SQLite's is FTS5: fts-index.ts): one posting per
 * (item, distinct word of it) in `forum_search`, with the
 * item's order keys and filters copied in, and a count per (term, kind) in `forum_search_terms`.
 * A post's words are its title's (`in_title` 1) and its body's; a comment's its body's. A deleted or
 * removed comment whose body is only the placeholder (`[deleted]`, `[removed]`) has none. Words are
 * core's `termsOf` (lower-cased runs of letters and digits), as the query's are. search-source.ts
 * walks it; docs/forum-search.md has the design.
 */

export type SearchKind = 'p' | 'c';

export function postPostings(post: ForumPostsTable): ForumSearchTable[] {
  const title = new Set(termsOf(post.title));
  const terms = new Set([...title, ...termsOf(post.content)]);
  return [...terms].map((term) => ({
    term,
    kind: 'p',
    id: post.id,
    num: Number(post.num),
    in_title: title.has(term) ? 1 : 0,
    score: Number(post.score),
    created_at: Number(post.created_at),
    community_key: post.community_key,
    author_key: post.author_key,
    post_id: '',
    over18: Number(post.over18 ?? 0),
  }));
}

const PLACEHOLDER = /^\[[^\]]*\]$/;

export function commentPostings(comment: ForumCommentsTable): ForumSearchTable[] {
  const hidden =
    (Number(comment.deleted) === 1 || Number(comment.removed) === 1) && PLACEHOLDER.test(comment.body.trim());
  if (hidden) return [];
  return termsOf(comment.body).map((term) => ({
    term,
    kind: 'c',
    id: comment.id,
    num: Number(comment.num),
    in_title: 0,
    score: Number(comment.score),
    created_at: Number(comment.created_at),
    community_key: comment.community_key,
    author_key: comment.author_key,
    post_id: comment.post_id,
    over18: 0,
  }));
}

/** The columns postings are made of: a write that changes none of them leaves an item's postings as they are. */
const POST_INDEXED = ['title', 'content', 'score', 'created_at', 'community_key', 'author_key', 'over18'] as const;
const COMMENT_INDEXED = [
  'body',
  'score',
  'created_at',
  'community_key',
  'author_key',
  'post_id',
  'deleted',
  'removed',
] as const;

export const updatePostSearch = (db: RowWriter, changes: readonly RowChange<ForumPostsTable>[]) =>
  updatePostings(db, changes, postPostings, sameColumns<ForumPostsTable>(POST_INDEXED));

export const updateCommentSearch = (db: RowWriter, changes: readonly RowChange<ForumCommentsTable>[]) =>
  updatePostings(db, changes, commentPostings, sameColumns<ForumCommentsTable>(COMMENT_INDEXED));

/** The postings of the rows as stored before go, those of the rows as written come; the counts follow. */
async function updatePostings<Row>(
  db: RowWriter,
  changes: readonly RowChange<Row>[],
  postings: (row: Row) => ForumSearchTable[],
  unchanged: (a: Row, b: Row) => boolean,
): Promise<void> {
  const gone: ForumSearchTable[] = [];
  const come: ForumSearchTable[] = [];
  for (const { before, after } of changes) {
    if (before && unchanged(before, after)) continue;
    if (before) gone.push(...postings(before));
    come.push(...postings(after));
  }
  await deleteByKey(db, 'forum_search', POSTING_KEY, gone);
  // in key order: the b-trees take their inserts along a few paths rather than at random
  await writeRows(db, 'forum_search', inPostingKeyOrder(come), {
    insertOnly: true,
    columns: FORUM_SEARCH_COLUMNS.forum_search,
  });
  await addTermCounts(db, gone, come);
}

/** A posting's key: the posting table's primary key, in order. */
export const POSTING_KEY_COLUMNS = ['term', 'kind', 'id'] as const;

const POSTING_KEY = POSTING_KEY_COLUMNS.map((column) => [column, FORUM_SEARCH_COLUMNS.forum_search[column]] as const);

/** Postings in key order (POSTING_KEY_COLUMNS), the order they are written in. */
export const inPostingKeyOrder = (postings: readonly ForumSearchTable[]) =>
  inKeyOrder(
    postings,
    // a term never holds U+0000: the order of term and kind
    (posting) => `${posting.term}\u0000${posting.kind}`,
    (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

async function addTermCounts(db: RowWriter, gone: readonly ForumSearchTable[], come: readonly ForumSearchTable[]) {
  const counts = new Map<string, { term: string; kind: string; docs: number }>();
  const add = (posting: ForumSearchTable, docs: number) => {
    const key = `${posting.kind}\u0000${posting.term}`;
    const counted = counts.get(key) ?? counts.set(key, { term: posting.term, kind: posting.kind, docs: 0 }).get(key)!;
    counted.docs += docs;
  };
  for (const posting of gone) add(posting, -1);
  for (const posting of come) add(posting, 1);
  const changed = [...counts.values()].filter((count) => count.docs !== 0);
  await addCounts(db, 'forum_search_terms', FORUM_SEARCH_COLUMNS.forum_search_terms, changed);
}

/** Items read per step of a rebuild. */
const REBUILD_BATCH = 2_000;

/** Makes the index anew from the posts and comments (their ids in order, a batch at a time). */
export async function rebuildSearch(db: Kysely<Database>, onProgress: (done: number) => void): Promise<number> {
  await sql`delete from forum_search`.execute(db);
  await sql`delete from forum_search_terms`.execute(db);
  let done = 0;
  for (const [table, postings] of [
    ['forum_posts', (row: unknown) => postPostings(row as ForumPostsTable)],
    ['forum_comments', (row: unknown) => commentPostings(row as ForumCommentsTable)],
  ] as const) {
    let after: string | undefined;
    for (;;) {
      const { rows } = await sql<{ id: string }>`select * from ${sql.table(table)}
        ${after === undefined ? sql`` : sql`where id > ${after}`} order by id limit ${REBUILD_BATCH}`.execute(db);
      if (rows.length === 0) break;
      await updatePostings(
        db,
        rows.map((after) => ({ after })),
        postings,
        () => false,
      );
      done += rows.length;
      onProgress(done);
      after = rows.at(-1)!.id;
    }
  }
  return done;
}
