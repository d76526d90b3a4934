import type { Transaction } from 'kysely';
import type { RowWriter } from '../../rows/write-rows.js';
import type { Database, ForumCommentsTable, ForumPostsTable } from '../../schema.js';
import type { TableWrite } from '../store-platform.js';
import type { Derivation } from './row-change.js';
import { FORUM_DERIVED_FROM } from './columns.js';
import { rebuildActivity, updateCommentActivity, updatePostActivity } from './activity.js';
import { rebuildReplyCounts, updateReplyCounts } from './reply-counts.js';
import { rebuildSearch, updateCommentSearch, updatePostSearch } from './search-index.js';
import { rebuildForumFts, updateCommentFts, updatePostFts } from './fts-index.js';
import { dialectOf } from '../../dialect/index.js';
import { bumpThreadVersions, updateThreadVersions } from './thread-versions.js';

/** Rows per statement of the derivations' reads by id. */
const CHUNK = 500;

/**
 * What the forum derives from its posts and comments as they are written, in the writer's
 * transaction: the activity counts (activity.ts, read by the aggregate operation), the search
 * index (fts-index.ts on SQLite, search-index.ts on PostgreSQL), and for comment trees the reply counts (reply-counts.ts) and the threads'
 * versions (thread-versions.ts). Every writer of the tables goes through these (`PlatformTable.write`:
 * imports and copies; the demo's rows).
 */
export const writeForumPostRows = (
  db: RowWriter,
  rows: readonly ForumPostsTable[],
  how: TableWrite,
  write: () => Promise<number>,
) =>
  writeDerived(db, 'forum_posts', rows, how, write, [
    updatePostActivity,
    dialectOf(db).rowidOrderedFullText ? updatePostFts : updatePostSearch,
  ]);

export const writeForumCommentRows = (
  db: RowWriter,
  rows: readonly ForumCommentsTable[],
  how: TableWrite,
  write: () => Promise<number>,
) =>
  writeDerived(db, 'forum_comments', rows, how, write, [
    updateCommentActivity,
    dialectOf(db).rowidOrderedFullText ? updateCommentFts : updateCommentSearch,
    updateReplyCounts,
    updateThreadVersions,
  ]);

async function writeDerived<T extends 'forum_posts' | 'forum_comments'>(
  db: RowWriter,
  table: T,
  rows: readonly Database[T][],
  how: TableWrite,
  write: () => Promise<number>,
  derivations: readonly Derivation<Database[T]>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const before = how === 'inserted' ? new Map<string, Database[T]>() : await stored(db, table, rows);
  const written = await write();
  const after = how === 'patched' ? [...(await stored(db, table, rows)).values()] : rows;
  const changes = after.map((row) => {
    const old = before.get(row.id);
    return old ? { before: old, after: row } : { after: row };
  });
  for (const derive of derivations) await derive(db, changes);
  return written;
}

/** The stored rows of these ids, by id: the columns the derivations read (not `extra`). */
async function stored<T extends 'forum_posts' | 'forum_comments'>(
  db: RowWriter,
  table: T,
  rows: readonly Database[T][],
): Promise<Map<string, Database[T]>> {
  const found = new Map<string, Database[T]>();
  for (let start = 0; start < rows.length; start += CHUNK) {
    const ids = rows.slice(start, start + CHUNK).map((row) => row.id);
    // The package's one `as unknown as`: the rows hold only the columns the derivations read, typed as whole rows.
    const read = (await db
      .selectFrom(table as 'forum_posts')
      .select(FORUM_DERIVED_FROM[table] as (keyof ForumPostsTable)[])
      .where('id', 'in', ids)
      .execute()) as unknown as Database[T][];
    for (const row of read) found.set(row.id, row);
  }
  return found;
}

/** Makes the forum's derived tables anew from its posts and comments (`socialquery reindex --only forum`). */
export async function rebuildForum(trx: Transaction<Database>, onProgress: (done: number) => void): Promise<number> {
  await rebuildActivity(trx, () => {});
  await rebuildReplyCounts(trx);
  await bumpThreadVersions(trx);
  // the posts and comments read, each once: what the search index's rebuild reports
  return dialectOf(trx).rowidOrderedFullText ? rebuildForumFts(trx, onProgress) : rebuildSearch(trx, onProgress);
}
