import type { AggregateBucket, AggregateGroup } from '@socialquery/forum';
import type { AggregateQuery, ForumResearchSource, MatchCountQuery } from '@socialquery/forum/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../dialect/index.js';
import { inList } from '../../dialect/in-list.js';
import type { Database } from '../../schema.js';
import {
  type ActivityKind,
  ALL_COMMUNITIES,
  AUTHOR_UNITS,
  DAY_MS,
  HOUR_MS,
  nextUnitStart,
  type Unit,
  UNITS,
  unitStart,
} from './activity.js';
import { nameKey } from './names.js';
import { ftsMatchCount, ftsMatchRows } from './fts-search-source.js';
import { type MatchFilters, matchRows } from './search-source.js';

/**
 * The aggregate operation over the activity counts of activity.ts (docs/forum-aggregate.md). The
 * window [from, to) is cut into stretches of whole units, the coarsest the grouping allows (a day
 * lies within one week, a month does not), and the partial hours at its ends (days, grouping by
 * author): a stretch of whole units is one key range of the counts, a partial one an index range of
 * the items (`(created_at, id)` or `(community_key, created_at, id)`), read exactly. An author filter reads
 * that author's items instead (`(author_key, created_at, id)`: as many as they wrote in the window).
 * Time groups are summed here from the stretches' rows; community and author groups are summed,
 * ranked and cut in one statement, which also looks up each name as its latest item spells it.
 */

type Items = 'forum_posts' | 'forum_comments';

const ITEMS = { posts: 'forum_posts', comments: 'forum_comments' } as const satisfies Record<string, Items>;
const KINDS = { posts: 'p', comments: 'c' } as const satisfies Record<string, ActivityKind>;

/** The units whose counts a grouping sums, finest first: each of them lies within one group. */
const GROUP_UNITS: Record<AggregateGroup, readonly Unit[]> = {
  hour: ['h'],
  day: ['h', 'd'],
  week: ['h', 'd'],
  month: ['h', 'd', 'm'],
  year: UNITS,
  community: UNITS,
  author: AUTHOR_UNITS,
};

/** A stretch of the window: whole units of `unit` from `from` to `to` (exclusive; null: open), or items (less than the finest unit). */
export interface Stretch {
  unit: Unit | 'items';
  from: number | null;
  to: number | null;
}

/**
 * Cuts [from, to) (null: open) into stretches: at each end, the part before the first start of the
 * next coarser unit in the finer one, then the rest in the coarsest. The items' stretches lie within
 * one unit of the finest.
 */
export function stretchesOf(from: number | null, to: number | null, units: readonly Unit[]): Stretch[] {
  const head: Stretch[] = [];
  const tail: Stretch[] = [];
  let [a, b] = [from, to];
  let finer: Stretch['unit'] = 'items';
  const open = () => a === null || b === null || a < b;
  for (const unit of units) {
    if (!open()) return [...head, ...tail];
    if (a !== null) {
      const start = unitStart(unit, a);
      const up = start === a ? a : nextUnitStart(unit, start);
      const end = b !== null && b < up ? b : up;
      if (a < end) head.push({ unit: finer, from: a, to: end });
      a = end;
    }
    if (b !== null && open()) {
      const down = unitStart(unit, b);
      const start = a !== null && a > down ? a : down;
      if (start < b) tail.unshift({ unit: finer, from: start, to: b });
      b = start;
    }
    finer = unit;
  }
  if (open()) head.push({ unit: finer, from: a, to: b });
  return [...head, ...tail];
}

/** The start (epoch ms, UTC) of the time group holding `ms`; weeks start on Monday. */
export function groupStart(group: 'hour' | 'day' | 'week' | 'month' | 'year', ms: number): number {
  if (group === 'week') {
    const day = Math.floor(ms / DAY_MS);
    // 1970-01-01 was a Thursday: three days after a Monday
    return (day - ((((day + 3) % 7) + 7) % 7)) * DAY_MS;
  }
  return unitStart(({ hour: 'h', day: 'd', month: 'm', year: 'y' } as const)[group], ms);
}

/** A query in the store's terms: keys, the table, the window as [from, to). */
interface Plan {
  kind: ActivityKind;
  items: Items;
  group: AggregateGroup;
  community: string | undefined;
  author: string | undefined;
  from: number | null;
  to: number | null;
  limit: number;
  minCount: number;
}

type Rows = RawBuilder<unknown>;

/** The store's connection and what its dialect asks of the statements. */
interface Store {
  db: Kysely<Database>;
  /** A column as a group key: on SQLite behind a unary plus, so no index is walked for its order instead of the window's range. */
  groupKey(column: string): Rows;
  /** What makes an order by text code-point order (PostgreSQL orders by the database's collation). */
  byCodePoint: Rows;
}

export function createSqlAggregateSource(
  db: Kysely<Database>,
): Pick<ForumResearchSource, 'aggregate' | 'countMatches'> {
  const dialect = dialectOf(db);
  const store: Store = {
    db,
    groupKey: (column) => (dialect.unaryPlusHidesIndex ? sql`+${sql.ref(column)}` : sql.ref(column)),
    byCodePoint: sql.raw(dialect.byCodePoint),
  };
  return {
    async aggregate(query: AggregateQuery): Promise<AggregateBucket[]> {
      const plan = planOf(query);
      if (plan.community === ALL_COMMUNITIES) return [];
      if (isMatching(query)) return matchedBuckets(store, plan, query);
      const { group } = plan;
      if (group === 'community' || group === 'author') {
        const rows = plan.author !== undefined ? authorItems(store, plan, group) : await groupRows(store, plan, group);
        return rows ? ranked(store, plan, group, rows) : [];
      }
      const rows = plan.author !== undefined ? authorItems(store, plan, 'hour') : activityRows(plan);
      if (!rows) return [];
      const { rows: counted } = await sql<{ t: number | string; n: number | string }>`${rows}`.execute(db);
      return timeBuckets(group, counted, plan);
    },
    async countMatches(query: MatchCountQuery, cap: number): Promise<number> {
      const { window } = query;
      const filters = {
        kind: KINDS[query.kind],
        wordSets: query.wordSets,
        from: window?.after ? window.after.getTime() + 1 : null,
        to: window?.before ? window.before.getTime() : null,
        communityKey: query.community === undefined ? undefined : nameKey(query.community),
        authorKey: query.author === undefined ? undefined : nameKey(query.author),
        minScore: query.minScore,
        maxScore: query.maxScore,
        over18: query.over18,
        postId: query.postId,
      };
      if (dialect.rowidOrderedFullText) return ftsMatchCount(db, filters, cap + 1);
      // each word set's matches read up to cap + 1: more than cap in one set is more than cap in all
      const matches = await matchRows(db, filters, cap + 1);
      if (!matches) return 0;
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${matches}) m`.execute(db);
      return Math.min(Number(rows[0]?.n ?? 0), cap + 1);
    },
  };
}

/** A query the counts kept on write cannot answer: its items are counted as they match. */
const isMatching = (query: AggregateQuery) =>
  query.wordSets !== undefined ||
  query.minScore !== undefined ||
  query.maxScore !== undefined ||
  query.over18 !== undefined ||
  query.postId !== undefined;

/**
 * The groups of the items matching a query (`ftsMatchRows` on SQLite, `matchRows` on PostgreSQL): read as they match, each
 * once, and grouped by hour (then summed into the time group) or by name key (then ranked).
 */
async function matchedBuckets(store: Store, plan: Plan, query: AggregateQuery): Promise<AggregateBucket[]> {
  const filters: MatchFilters = {
    kind: plan.kind,
    wordSets: query.wordSets,
    from: plan.from,
    to: plan.to,
    communityKey: plan.community,
    authorKey: plan.author,
    minScore: query.minScore,
    maxScore: query.maxScore,
    over18: query.over18,
    postId: query.postId,
  };
  // a query's words: the store's index (FTS5 tables on SQLite, the posting table on PostgreSQL)
  const { wordSets } = filters;
  const matches =
    wordSets && dialectOf(store.db).rowidOrderedFullText
      ? ftsMatchRows({ ...filters, wordSets })
      : await matchRows(store.db, filters);
  if (!matches) return [];
  const { group } = plan;
  if (group === 'community' || group === 'author') {
    const key = sql.ref(`m.${group}_key`);
    return ranked(
      store,
      plan,
      group,
      sql`select ${key} as name_key, count(*) as n from (${matches}) m group by ${key}`,
    );
  }
  const hour = sql.lit(HOUR_MS);
  const start = sql`m.created_at - ((m.created_at % ${hour}) + ${hour}) % ${hour}`;
  const { rows } = await sql<{ t: number | string; n: number | string }>`select ${start} as t, count(*) as n
    from (${matches}) m group by ${start}`.execute(store.db);
  return timeBuckets(group, rows, plan);
}

function planOf({ kind, groupBy, community, author, window, limit, minCount }: AggregateQuery): Plan {
  return {
    kind: KINDS[kind],
    items: ITEMS[kind],
    group: groupBy,
    community: community === undefined ? undefined : nameKey(community),
    author: author === undefined ? undefined : nameKey(author),
    from: window?.after ? window.after.getTime() + 1 : null,
    to: window?.before ? window.before.getTime() : null,
    limit,
    minCount,
  };
}

const within = (column: string, from: number | null, to: number | null): Rows =>
  sql`${from !== null ? sql` and ${sql.ref(column)} >= ${from}` : sql``}${to !== null ? sql` and ${sql.ref(column)} < ${to}` : sql``}`;

const inCommunity = (plan: Plan): Rows =>
  plan.community !== undefined ? sql` and community_key = ${plan.community}` : sql``;

const unionAll = (parts: readonly Rows[]): Rows | undefined =>
  parts.length === 0 ? undefined : sql.join(parts, sql` union all `);

/** (t, n): counts of the stretches in one community or all, t the start of the stretch. */
function activityRows(plan: Plan): Rows | undefined {
  const scope = plan.community ?? ALL_COMMUNITIES;
  return unionAll(
    stretchesOf(plan.from, plan.to, GROUP_UNITS[plan.group]).map(({ unit, from, to }) =>
      unit === 'items'
        ? sql`select cast(${from} as bigint) as t, count(*) as n from ${sql.table(plan.items)}
            where created_at >= ${from} and created_at < ${to}${inCommunity(plan)}`
        : sql`select start as t, docs as n from forum_activity
            where kind = ${plan.kind} and community_key = ${scope} and unit = ${unit}${within('start', from, to)}`,
    ),
  );
}

/**
 * (name_key, n) or, grouped by hour, (t, n): the author's items in the window, by the author's own
 * index (a community filter or grouping reads each item's community from its row).
 */
function authorItems(store: Store, plan: Plan, group: 'community' | 'author' | 'hour'): Rows {
  const hour = sql.lit(HOUR_MS);
  const [key, name] =
    group === 'hour'
      ? [sql`created_at - ((created_at % ${hour}) + ${hour}) % ${hour}`, 't']
      : [store.groupKey(`${group}_key`), 'name_key'];
  return sql`select ${key} as ${sql.ref(name)}, count(*) as n from ${sql.table(plan.items)}
    where author_key = ${plan.author}${inCommunity(plan)}${within('created_at', plan.from, plan.to)}
    group by ${key}`;
}

/** (name_key, n) of the groups over every stretch of the window: counts, and the items of its partial ends. */
async function groupRows(store: Store, plan: Plan, group: 'community' | 'author'): Promise<Rows | undefined> {
  const stretches = stretchesOf(plan.from, plan.to, GROUP_UNITS[group]);
  const key = store.groupKey(`${group}_key`);
  const edges = stretches
    .filter((stretch) => stretch.unit === 'items')
    .map(
      ({ from, to }) => sql`select ${key} as name_key, count(*) as n from ${sql.table(plan.items)}
        where created_at >= ${from} and created_at < ${to}${inCommunity(plan)} group by ${key}`,
    );
  const whole = stretches.filter((stretch): stretch is Stretch & { unit: Unit } => stretch.unit !== 'items');
  if (group === 'community')
    return unionAll([
      ...whole.map(
        ({ unit, from, to }) => sql`select ${key} as name_key, docs as n from forum_activity
          where kind = ${plan.kind} and unit = ${unit}${within('start', from, to)}
            and community_key <> ${ALL_COMMUNITIES}${inCommunity(plan)}`,
      ),
      ...edges,
    ]);
  if (plan.community === undefined)
    return unionAll([
      ...whole.map(
        ({ unit, from, to }) => sql`select author_key as name_key, docs as n from forum_activity_authors
          where kind = ${plan.kind} and unit = ${unit}${within('start', from, to)}`,
      ),
      ...edges,
    ]);
  // one community: its units with items (from its own counts), each one key of the authors' counts
  const starts = await unitsWithItems(store.db, plan, whole);
  return unionAll([
    ...[...starts].map(
      ([unit, list]) => sql`select author_key as name_key, docs as n from forum_activity_authors
        where kind = ${plan.kind} and unit = ${unit} and ${inList('start', list)} and community_key = ${plan.community}`,
    ),
    ...edges,
  ]);
}

/** The starts of the units of these stretches in which the plan's community has items, by unit. */
async function unitsWithItems(
  db: Kysely<Database>,
  plan: Plan,
  stretches: readonly (Stretch & { unit: Unit })[],
): Promise<Map<Unit, number[]>> {
  const starts = new Map<Unit, number[]>();
  const rows = unionAll(
    stretches.map(
      ({ unit, from, to }) => sql`select unit, start from forum_activity
        where kind = ${plan.kind} and community_key = ${plan.community} and unit = ${unit}${within('start', from, to)}
          and docs > 0`,
    ),
  );
  if (!rows) return starts;
  for (const { unit, start } of (await sql<{ unit: Unit; start: number | string }>`${rows}`.execute(db)).rows) {
    const list = starts.get(unit) ?? starts.set(unit, []).get(unit)!;
    list.push(Number(start));
  }
  return starts;
}

/**
 * The `limit` largest groups of at least `minCount`, count descending and ties by name key
 * ascending (code-point order), each with its name as the latest item of the group spells it.
 */
async function ranked(
  { db, byCodePoint }: Store,
  plan: Plan,
  group: 'community' | 'author',
  rows: Rows,
): Promise<AggregateBucket[]> {
  const name = sql.ref(`i.${group}`);
  const { rows: groups } = await sql<{ name_key: string; total: number | string; name: string | null }>`
    select g.name_key, g.total, (select ${name} from ${sql.table(plan.items)} i
        where ${sql.ref(`i.${group}_key`)} = g.name_key order by i.created_at desc, i.id desc limit 1) as name
    from (
      select name_key, sum(n) as total from (${rows}) u
      group by name_key having sum(n) >= ${plan.minCount}
      order by total desc, name_key${byCodePoint} limit ${plan.limit}
    ) g
    order by g.total desc, g.name_key${byCodePoint}`.execute(db);
  return groups.map((row) => ({ key: row.name ?? row.name_key, count: Number(row.total) }));
}

/** Sums (t, n) rows into their time groups: the non-empty ones of at least minCount, earliest first, at most limit. */
function timeBuckets(
  group: 'hour' | 'day' | 'week' | 'month' | 'year',
  rows: readonly { t: number | string; n: number | string }[],
  { minCount, limit }: Plan,
): AggregateBucket[] {
  const counts = new Map<number, number>();
  for (const row of rows) {
    const start = groupStart(group, Number(row.t));
    counts.set(start, (counts.get(start) ?? 0) + Number(row.n));
  }
  return [...counts]
    .filter(([, count]) => count >= minCount)
    .sort(([a], [b]) => a - b)
    .slice(0, limit)
    .map(([start, count]) => ({ key: new Date(start).toISOString(), count }));
}
