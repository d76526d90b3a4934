import { type Kysely, sql } from 'kysely';
import { addCounts } from '../../rows/keyed-rows.js';
import type { RowWriter } from '../../rows/write-rows.js';
import type { Database, ForumCommentsTable } from '../../schema.js';
import { FORUM_SEARCH_COLUMNS } from './columns.js';
import type { RowChange } from './row-change.js';

/**
 * How many replies each comment has, and each post top-level comments (`parent_key` ''), in
 * `forum_reply_counts`: what a comment tree page says it leaves out (`moreReplies.count`), read by key
 * instead of counting a thread's replies. Kept by comment writes (derived.ts); a reply counts for its
 * parent's id whether or not the parent is stored yet.
 */
export async function updateReplyCounts(db: RowWriter, changes: readonly RowChange<ForumCommentsTable>[]) {
  const counts = new Map<string, { post_id: string; parent_key: string; docs: number }>();
  const add = (comment: ForumCommentsTable, docs: number) => {
    const key = `${comment.post_id}\u0000${comment.parent_key}`;
    const counted =
      counts.get(key) ??
      counts.set(key, { post_id: comment.post_id, parent_key: comment.parent_key, docs: 0 }).get(key)!;
    counted.docs += docs;
  };
  for (const { before, after } of changes) {
    if (before?.post_id === after.post_id && before.parent_key === after.parent_key) continue;
    if (before) add(before, -1);
    add(after, 1);
  }
  const changed = [...counts.values()].filter((count) => count.docs !== 0);
  await addCounts(db, 'forum_reply_counts', FORUM_SEARCH_COLUMNS.forum_reply_counts, changed);
}

/** Counts every comment's replies anew. */
export async function rebuildReplyCounts(db: Kysely<Database>): Promise<number> {
  await sql`delete from forum_reply_counts`.execute(db);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from forum_comments`.execute(db);
  await sql`insert into forum_reply_counts (post_id, parent_key, docs)
    select post_id, parent_key, count(*) from forum_comments group by post_id, parent_key`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The reply counts of these comments (null: the post's top level), in order; 0 for one with none. */
export async function replyCountsOf(
  db: Kysely<Database>,
  postId: string,
  parentIds: readonly (string | null)[],
): Promise<number[]> {
  if (parentIds.length === 0) return [];
  const keys = parentIds.map((id) => id ?? '');
  const rows = await db
    .selectFrom('forum_reply_counts')
    .select(['parent_key', 'docs'])
    .where('post_id', '=', postId)
    .where('parent_key', 'in', [...new Set(keys)])
    .execute();
  const counts = new Map(rows.map((row) => [row.parent_key, Number(row.docs)]));
  return keys.map((key) => counts.get(key) ?? 0);
}
