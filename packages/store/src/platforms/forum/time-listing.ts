import type { TimeListingQuery } from '@socialquery/forum/server';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Dialect } from '../../dialect/index.js';
import type { Database } from '../../schema.js';
import { nameKey } from './names.js';

/** The tables listed by creation time: both have community_key, author_key, created_at, score and id. */
type ListedTable = 'forum_posts' | 'forum_comments';

/**
 * A column as a listing's residual condition reads it: on SQLite behind a unary plus, so that the
 * planner cannot trade the walk of the listing's index for a range of another index on the column
 * (score: `(community_key, score, id)`; parent_key: the tree indexes, skipping over post_id) and a
 * sort of all that range, as it does once the tables are ANALYZEd.
 */
export const residual = (dialect: Dialect, column: string): RawBuilder<unknown> =>
  dialect.unaryPlusHidesIndex ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;

/**
 * A listing by creation time (ForumSource's listPosts and listComments) on top of `query`: the
 * filters they share, the keyset position, the order and the limit. community_key and author_key
 * are the equality prefix of their `(…, created_at, id)` index (with neither, `(created_at, id)`),
 * walked in the listing's order and left after `limit` rows; the window and the position bound that
 * walk on created_at; score filters the rows it yields (residual).
 */
export function inTimeOrder<T extends ListedTable, O>(
  dialect: Dialect,
  query: SelectQueryBuilder<Database, T, O>,
  { order, community, author, window, minScore, maxScore, startAfter, limit }: TimeListingQuery,
): SelectQueryBuilder<Database, T, O> {
  let listed = query;
  if (community !== undefined) listed = listed.where(sql<boolean>`community_key = ${nameKey(community)}`);
  if (author !== undefined) listed = listed.where(sql<boolean>`author_key = ${nameKey(author)}`);
  if (window?.after) listed = listed.where(sql<boolean>`created_at > ${window.after.getTime()}`);
  if (window?.before) listed = listed.where(sql<boolean>`created_at < ${window.before.getTime()}`);
  const score = residual(dialect, 'score');
  if (minScore !== undefined) listed = listed.where(sql<boolean>`${score} >= ${minScore}`);
  if (maxScore !== undefined) listed = listed.where(sql<boolean>`${score} <= ${maxScore}`);
  // a row-value comparison: both planners take it as the end of the index range (created_at, then
  // id), where `created_at < v or (created_at = v and id < i)` would filter the range from its start
  if (startAfter)
    listed = listed.where(
      order === 'old'
        ? sql<boolean>`(created_at, id) > (${startAfter.createdAt}, ${startAfter.id})`
        : sql<boolean>`(created_at, id) < (${startAfter.createdAt}, ${startAfter.id})`,
    );
  const direction = order === 'old' ? 'asc' : 'desc';
  return listed
    .orderBy(sql`created_at`, direction)
    .orderBy(sql`id`, direction)
    .limit(limit);
}

/** The same order over the columns of a listing's rows selected again as `alias` (withDepths' outer select). */
export const timeOrderOf = (order: TimeListingQuery['order'], alias: string) =>
  order === 'old'
    ? sql`${sql.ref(`${alias}.created_at`)} asc, ${sql.ref(`${alias}.id`)} asc`
    : sql`${sql.ref(`${alias}.created_at`)} desc, ${sql.ref(`${alias}.id`)} desc`;
