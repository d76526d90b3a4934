import { type Kysely, sql } from 'kysely';
import { addCounts } from '../../rows/keyed-rows.js';
import type { RowWriter } from '../../rows/write-rows.js';
import type { Database, ForumCommentsTable } from '../../schema.js';
import { FORUM_DERIVED_FROM, FORUM_SEARCH_COLUMNS } from './columns.js';
import { type RowChange, sameColumns } from './row-change.js';

/**
 * A counter per thread in `forum_thread_versions` (migration 0017), moved on by every write that
 * changes one of the thread's comments, in the writer's transaction: a reader that finds the same
 * version before and after reading a tree page knows the page is still the thread's (the comment
 * tree's page cache, packages/forum/src/server/tree-page-cache.ts). A thread never written since the
 * table was made has version 0. Versions are this store's own: a copy starts its threads anew.
 */
export async function updateThreadVersions(db: RowWriter, changes: readonly RowChange<ForumCommentsTable>[]) {
  const threads = new Set<string>();
  for (const { before, after } of changes) {
    if (before && unchanged(before, after)) continue;
    if (before) threads.add(before.post_id);
    threads.add(after.post_id);
  }
  await addCounts(
    db,
    'forum_thread_versions',
    FORUM_SEARCH_COLUMNS.forum_thread_versions,
    [...threads].map((post_id) => ({ post_id, version: 1 })),
    'version',
  );
}

/**
 * Every column a comment is stored with but `extra`: any of them may show on a kept tree page or order
 * one; a page that shows `extra` is never kept (packages/forum/src/server/comment-handlers.ts).
 */
const unchanged = sameColumns<ForumCommentsTable>(FORUM_DERIVED_FROM.forum_comments as (keyof ForumCommentsTable)[]);

/** Moves every thread with comments on: after a rebuild, whatever changed the comments by other means shows. */
export async function bumpThreadVersions(db: Kysely<Database>): Promise<void> {
  // `where true`: SQLite's parser needs it before an upsert's ON CONFLICT after a SELECT
  await sql`insert into forum_thread_versions (post_id, version)
    select distinct post_id, 1 from forum_comments where true
    on conflict (post_id) do update set version = forum_thread_versions.version + 1`.execute(db);
}

/** The thread's version (0 when it was never written since the table was made). */
export async function threadVersionOf(db: Kysely<Database>, postId: string): Promise<number> {
  const row = await db
    .selectFrom('forum_thread_versions')
    .select('version')
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
