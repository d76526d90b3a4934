import type { InteractionsQuery, UserInteraction } from '@socialquery/forum/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Dialect, dialectOf } from '../../dialect/index.js';
import type { Database } from '../../schema.js';
import { nameKey } from './names.js';
import { residual } from './time-listing.js';

/** The author key of items whose author is gone (Reddit's `[deleted]`): nobody to count. */
const DELETED = nameKey('[deleted]');

type Sql = RawBuilder<unknown>;
type Items = 'forum_posts' | 'forum_comments';

/**
 * One side of a pair, as alias `x` (the user's items) or `y` (the other's): `range`, the conditions
 * of its index range (or key lookup), which may name the other alias' columns; `filters`, the
 * conditions on the rows that range yields, over the side's own columns (community_key, parent_key,
 * author_key), which must not be served by another index instead (pairOf keeps them out of reach).
 */
interface Side {
  table: Items;
  range: Sql[];
  filters: Sql[];
}

/**
 * ForumSource's userInteractions: the others user X replied to and was replied to by. Every counted
 * interaction is a pair (x, y) of an item of X's and one of the other user's, Y, one replying to the
 * other, read from X's side only, so that the cost is X's own activity, whatever the table's size:
 *
 * - repliesTo: X's comments (the range of `(author_key, created_at, id)` in the window), each with
 *   its parent looked up by primary key (the post for a top-level comment, else the parent comment);
 * - repliesFrom: X's posts and X's comments (their `(author_key, …)` ranges, whole), each with its
 *   replies read as one range of the thread index `(post_id, parent_key, created_at, id)`, the window
 *   bounding that range.
 *
 * The window and the community apply to the replying comment (x for repliesTo, y for repliesFrom).
 * The pairs are grouped by Y's key, Y spelt as Y's latest item among its pairs spells the name (by
 * created_at, then id, descending: a post replied to, a comment replied to, a reply), and ranked.
 */
export async function userInteractionsOf(
  db: Kysely<Database>,
  { username, community, window, limit, minCount }: InteractionsQuery,
): Promise<UserInteraction[]> {
  if (limit <= 0) return [];
  const dialect = dialectOf(db);
  const user = nameKey(username);
  const createdAt = (alias: string) => sql.ref(`${alias}.created_at`);
  /** The replying comment's window: part of its index range (the author's or the thread's). */
  const inWindow = (alias: string): Sql[] => [
    ...(window?.after ? [sql`${createdAt(alias)} > ${window.after.getTime()}`] : []),
    ...(window?.before ? [sql`${createdAt(alias)} < ${window.before.getTime()}`] : []),
  ];
  /** The replying comment's community: a filter of its range, never a range of the community's comments. */
  const inCommunity = (alias: string): Sql[] =>
    community === undefined ? [] : [sql`${residual(dialect, `${alias}.community_key`)} = ${nameKey(community)}`];
  /** X's items: one range of the table's author index. */
  const mine = (table: Items, range: Sql[] = [], filters: Sql[] = []): Side => ({
    table,
    range: [sql`x.author_key = ${user}`, ...range],
    filters,
  });
  /** Y's items: anyone's but X's and `[deleted]`'s. */
  const theirs = (table: Items, range: Sql[], filters: Sql[] = []): Side => ({
    table,
    range,
    filters: [...filters, sql`y.author_key <> ${user}`, sql`y.author_key <> ${DELETED}`],
  });
  // residual: X's comments are the author index's range, never a tree index's skipped over post_id
  const parentKey = residual(dialect, 'x.parent_key');
  const pairs = [
    // X's top-level comments, on Y's posts
    pairOf(
      dialect,
      mine('forum_comments', inWindow('x'), [sql`${parentKey} = ''`, ...inCommunity('x')]),
      theirs('forum_posts', [sql`y.id = x.post_id`]),
      'to',
    ),
    // X's replies, to Y's comments
    pairOf(
      dialect,
      mine('forum_comments', inWindow('x'), [sql`${parentKey} <> ''`, ...inCommunity('x')]),
      theirs('forum_comments', [sql`y.id = x.parent_key`]),
      'to',
    ),
    // Y's top-level comments, on X's posts
    pairOf(
      dialect,
      mine('forum_posts'),
      theirs('forum_comments', [sql`y.post_id = x.id`, sql`y.parent_key = ''`, ...inWindow('y')], inCommunity('y')),
      'from',
    ),
    // Y's replies, to X's comments
    pairOf(
      dialect,
      mine('forum_comments'),
      theirs(
        'forum_comments',
        [sql`y.post_id = x.post_id`, sql`y.parent_key = x.id`, ...inWindow('y')],
        inCommunity('y'),
      ),
      'from',
    ),
  ];
  const byCodePoint = sql.raw(dialect.byCodePoint);
  const { rows } = await sql<{
    author_key: string;
    author: string | null;
    replies_to: number | string;
    replies_from: number | string;
  }>`
    with pairs as (${sql.join(pairs, sql` union all `)}),
    spelt as (
      select author_key, replies_to, replies_from,
        case when row_number() over (partition by author_key order by created_at desc, id desc) = 1
          then author end as author
      from pairs
    )
    select author_key, max(author) as author, sum(replies_to) as replies_to, sum(replies_from) as replies_from
    from spelt
    group by author_key
    having sum(replies_to) + sum(replies_from) >= ${minCount}
    order by sum(replies_to) + sum(replies_from) desc, author_key${byCodePoint}
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    username: row.author ?? row.author_key,
    repliesTo: Number(row.replies_to),
    repliesFrom: Number(row.replies_from),
  }));
}

/** What a pair holds of Y's item: Y's key and spelling, and the item's time and id (which spelling is the latest). */
const THEIR_ITEM = sql`y.author_key, y.author, y.created_at, y.id`;

/**
 * The columns a side's read yields: of X's items, those Y's range and X's filters name; of Y's, the
 * pair's and those Y's filters name.
 */
const COLUMNS = {
  x: { forum_posts: sql`x.id`, forum_comments: sql`x.id, x.post_id, x.parent_key, x.community_key` },
  y: { forum_posts: THEIR_ITEM, forum_comments: sql`${THEIR_ITEM}, y.community_key` },
} as const;

/**
 * The pairs of X's items `x` and Y's items `y` meeting both sides' conditions: (Y's key, Y's
 * spelling, the time and id of Y's item, one reply to or from Y). Y's items are read for each of
 * X's in turn, never the other way round, and each side's filters only filter its range's rows.
 * Where the store has LATERAL joins (PostgreSQL, whose planner weighs every index by statistics),
 * each side's range is a subquery, Y's a LATERAL one, that OFFSET 0 keeps from being pulled up into
 * the join: the planner cannot make a hash join over all of Y's table, nor AND into a range a bitmap
 * of another index serving a filter (the community's window of comments, for each of X's items);
 * the filters stay outside. Elsewhere (SQLite) Y's table is a CROSS JOIN, whose left table the
 * planner keeps as the outer loop, and the filters are residual.
 */
function pairOf(dialect: Dialect, x: Side, y: Side, way: 'to' | 'from'): Sql {
  const counts = way === 'to' ? sql`1 as replies_to, 0 as replies_from` : sql`0 as replies_to, 1 as replies_from`;
  const and = (conditions: Sql[]) => sql.join(conditions, sql` and `);
  const pairs = sql`select ${THEIR_ITEM}, ${counts}`;
  if (!dialect.lateralJoins)
    return sql`${pairs} from ${sql.table(x.table)} x cross join ${sql.table(y.table)} y
      where ${and([...x.range, ...x.filters, ...y.range, ...y.filters])}`;
  const range = (side: 'x' | 'y', { table, range }: Side) =>
    sql`(select ${COLUMNS[side][table]} from ${sql.table(table)} ${sql.raw(side)} where ${and(range)} offset 0) ${sql.raw(side)}`;
  return sql`${pairs} from ${range('x', x)} cross join lateral ${range('y', y)}
    where ${and([...x.filters, ...y.filters])}`;
}
