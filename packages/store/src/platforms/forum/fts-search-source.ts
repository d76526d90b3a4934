import type { SearchCommentsQuery, SearchPostsQuery } from '@socialquery/forum/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../schema.js';
import {
  type FtsOrder,
  ftsTable,
  ftsVocabulary,
  metaToken,
  NSFW_TOKEN,
  NUM_MASK,
  NUM_SPAN,
  heldScore,
  rowidOf,
} from './fts-index.js';
import { nameKey } from './names.js';
import type { SearchKind } from './search-index.js';
import type { MatchFilters, SearchHits } from './search-source.js';

/**
 * Forum search on SQLite's FTS5 tables (fts-index.ts; docs/forum-search.md, "On SQLite: FTS5"). A
 * search is one MATCH of the words (in the title or the body; for the first tier of relevance, in
 * the title) and the filters' tokens, over the table of the order asked, walked by rowid from the
 * page's position until the page is full. The window and the score range are rowid ranges where the
 * table's key is theirs (the window on the time table, the score on the score table), and checked on
 * the item otherwise; when such a range holds few of the matches (a narrow window in a score order, a
 * narrow score range in a time order), those are read whole on it and sorted instead.
 */

/** A range holding fewer matches than this is read whole and sorted. */
const FEW = 2_000;

type Filters = (SearchPostsQuery | SearchCommentsQuery) & { kind: SearchKind };

export function createFtsSearchSource(db: Kysely<Database>) {
  return {
    searchPostIds: (query: SearchPostsQuery) => search(db, { ...query, kind: 'p' }),
    searchCommentIds: (query: SearchCommentsQuery) => search(db, { ...query, kind: 'c' }),
    wordsWithPrefix: (kind: SearchKind, prefix: string, limit: number) => wordsWithPrefix(db, kind, prefix, limit),
  };
}

/** The words of a kind's titles and bodies that start with `prefix`, in code-point order (FTS5 orders its terms by their bytes). */
async function wordsWithPrefix(db: Kysely<Database>, kind: SearchKind, prefix: string, limit: number) {
  const { rows } = await sql<{ term: string }>`select distinct term from ${sql.id(ftsVocabulary(kind))}
    where term >= ${prefix} and term < ${prefix + '\u{10FFFF}'} and col in ('title', 'body')
    order by term limit ${limit}`.execute(db);
  return rows.map((row) => row.term);
}

/** An FTS5 string: the word quoted (the words are letters and digits; a quote would be doubled). */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Every word, each in one of the columns. */
const everyWord = (terms: readonly string[], columns: string) => `{${columns}} : (${terms.map(quoted).join(' ')})`;

/** A MATCH expression: all of `all`, none of `none`. */
const matchOf = (all: readonly string[], none: readonly string[]) =>
  none.length === 0 ? all.join(' AND ') : `(${all.join(' AND ')}) NOT (${none.join(' OR ')})`;

const metaIs = (token: string) => `meta : ${quoted(token)}`;

/** The filters the documents' `meta` tokens answer: those every match holds, and those none holds. */
function filterTokens(query: Filters): { all: string[]; none: string[] } {
  const all: string[] = [];
  const none: string[] = [];
  if (query.community !== undefined) all.push(metaIs(metaToken('c', nameKey(query.community))));
  if (query.author !== undefined) all.push(metaIs(metaToken('a', nameKey(query.author))));
  if ('postId' in query && query.postId !== undefined) all.push(metaIs(metaToken('p', query.postId)));
  if ('over18' in query && query.over18 !== undefined) (query.over18 ? all : none).push(metaIs(NSFW_TOKEN));
  return { all, none };
}

/** One read of a search: a MATCH, and the tier its results have. */
interface TierRead {
  tier: 0 | 1;
  match: string;
}

function tierReads(query: Filters): TierRead[] {
  const { all, none } = filterTokens(query);
  const anywhere = everyWord(query.terms, 'title body');
  if (query.kind === 'c' || query.sort !== 'relevance') return [{ tier: 0, match: matchOf([anywhere, ...all], none) }];
  // posts in relevance order: those whose title holds every word, then the others
  const inTitle = everyWord(query.terms, 'title');
  return [
    { tier: 1, match: matchOf([inTitle, ...all], none) },
    { tier: 0, match: matchOf([anywhere, ...all], [inTitle, ...none]) },
  ];
}

const itemTable = (kind: SearchKind) => sql.table(kind === 'p' ? 'forum_posts' : 'forum_comments');

/** The rowid range of a table that the query's window (time table) or score range (score table) allows. */
function rowidRange(query: Filters, order: FtsOrder): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (order === 'time') {
    const after = query.window?.after?.getTime();
    const before = query.window?.before?.getTime();
    // created after `after` ms: at or after its second; before `before` ms: at or before the second of `before - 1`
    if (after !== undefined) parts.push(sql`f.rowid >= ${rowidOf(Math.floor(after / 1000), 0)}`);
    if (before !== undefined) parts.push(sql`f.rowid < ${rowidOf(Math.floor((before - 1) / 1000) + 1, 0)}`);
  } else parts.push(...scoreRange(query.minScore, query.maxScore));
  return parts;
}

/** The score table's rowids of the scores from `min` to `max` (each inclusive, either open). */
const scoreRange = (min: number | undefined, max: number | undefined): RawBuilder<unknown>[] => [
  ...(min !== undefined ? [sql`f.rowid >= ${rowidOf(heldScore(min), 0)}`] : []),
  ...(max !== undefined ? [sql`f.rowid < ${rowidOf(heldScore(max) + 1, 0)}`] : []),
];

/** The window and the score range, exactly, on the item `i`. */
function itemFilters(query: Filters): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (query.window?.after) parts.push(sql`i.created_at > ${query.window.after.getTime()}`);
  if (query.window?.before) parts.push(sql`i.created_at < ${query.window.before.getTime()}`);
  if (query.minScore !== undefined) parts.push(sql`i.score >= ${query.minScore}`);
  if (query.maxScore !== undefined) parts.push(sql`i.score <= ${query.maxScore}`);
  return parts;
}

const and = (parts: readonly RawBuilder<unknown>[]) =>
  sql.join(
    parts.map((part) => sql` and ${part}`),
    sql``,
  );

const timeOrder = (query: Filters) => query.sort === 'new' || query.sort === 'old';

/** The table a search walks: by time for new and old, else by score. */
const walkedOrder = (query: Filters): FtsOrder => (timeOrder(query) ? 'time' : 'score');

/** The key of the query's position, as the orders hold it (time: its second). */
const positionKey = (query: Filters, key: number) => (timeOrder(query) ? Math.floor(key / 1000) : heldScore(key));

interface HitRow {
  id: string;
  num: number | string;
  key: number | string;
}

async function search(db: Kysely<Database>, query: Filters): Promise<SearchHits> {
  const after = query.after;
  // a position in the second tier skips the first
  const reads = tierReads(query).filter((read) => !after || read.tier <= after.tier);
  const sortedOn = await sortedRange(db, query);
  const found: SearchHits = [];
  for (const read of reads) {
    const limit = query.limit - found.length;
    // the position bounds its own tier's read; a later tier is read from its start
    const from = after?.tier === read.tier ? after : undefined;
    const rows = sortedOn
      ? await readSorted(db, query, read, sortedOn, from, limit)
      : await walk(db, query, read, from, limit);
    for (const row of rows)
      found.push({ id: row.id, position: { tier: read.tier, key: Number(row.key), num: Number(row.num) } });
    if (found.length >= query.limit) break;
  }
  return found;
}

/**
 * The table whose range holds few of the matches, to be read whole and sorted: the time table's
 * window in a score order, the score table's score range in a time order (counted up to FEW there).
 */
async function sortedRange(db: Kysely<Database>, query: Filters): Promise<FtsOrder | undefined> {
  const other: FtsOrder = walkedOrder(query) === 'time' ? 'score' : 'time';
  const range = rowidRange(query, other);
  if (range.length === 0) return undefined;
  const { all, none } = filterTokens(query);
  const match = matchOf([everyWord(query.terms, 'title body'), ...all], none);
  const table = sql.id(ftsTable(query.kind, other));
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${table} f
    where f.${table} match ${match} ${and(range)} limit ${FEW}) c`.execute(db);
  return Number(rows[0]?.n ?? 0) < FEW ? other : undefined;
}

/** A tier's matches walked on the order's table by rowid, from the position, until `limit`. */
async function walk(
  db: Kysely<Database>,
  query: Filters,
  read: TierRead,
  from: Filters['after'],
  limit: number,
): Promise<HitRow[]> {
  const order = walkedOrder(query);
  const descending = query.sort !== 'old';
  const range = rowidRange(query, order);
  if (from) {
    const bound = rowidOf(positionKey(query, from.key), from.num);
    range.push(descending ? sql`f.rowid < ${bound}` : sql`f.rowid > ${bound}`);
  }
  const table = sql.id(ftsTable(query.kind, order));
  const key = order === 'time' ? sql`i.created_at` : sql`i.score`;
  const { rows } = await sql<HitRow>`select i.id, i.num, ${key} as key
    from ${table} f join ${itemTable(query.kind)} i on i.num = (f.rowid & ${sql.lit(NUM_MASK)})
    where f.${table} match ${read.match} ${and(range)} ${and(itemFilters(query))}
    order by f.rowid ${descending ? sql`desc` : sql`asc`} limit ${limit}`.execute(db);
  return rows;
}

/** A tier's few matches in the range of `on` (sortedRange), read whole and sorted in the order asked. */
async function readSorted(
  db: Kysely<Database>,
  query: Filters,
  read: TierRead,
  on: FtsOrder,
  from: Filters['after'],
  limit: number,
): Promise<HitRow[]> {
  const descending = query.sort !== 'old';
  const dir = descending ? sql`desc` : sql`asc`;
  const time = timeOrder(query);
  // the order's key as the walks have it: the second, or the score within ±2^31
  const orderKey = time
    ? sql`(i.created_at / 1000)`
    : sql`max(${sql.lit(-NUM_SPAN)}, min(${sql.lit(NUM_SPAN - 1)}, i.score))`;
  const past = from
    ? descending
      ? sql` and (${orderKey}, i.num) < (${positionKey(query, from.key)}, ${from.num})`
      : sql` and (${orderKey}, i.num) > (${positionKey(query, from.key)}, ${from.num})`
    : sql``;
  const table = sql.id(ftsTable(query.kind, on));
  const { rows } = await sql<HitRow>`select i.id, i.num, ${time ? sql`i.created_at` : sql`i.score`} as key
    from ${table} f join ${itemTable(query.kind)} i on i.num = (f.rowid & ${sql.lit(NUM_MASK)})
    where f.${table} match ${read.match} ${and(rowidRange(query, on))} ${and(itemFilters(query))} ${past}
    order by ${orderKey} ${dir}, i.num ${dir} limit ${limit}`.execute(db);
  return rows;
}

/**
 * A count's MATCH: one of its word sets, and the tokens of its names, its post (comments) and over18
 * (a comment is never marked over 18: it never holds the token, as its postings on PostgreSQL say 0).
 */
function countMatch(filters: MatchFilters & { wordSets: readonly (readonly string[])[] }): string {
  const all = [`(${filters.wordSets.map((set) => `(${everyWord(set, 'title body')})`).join(' OR ')})`];
  const none: string[] = [];
  if (filters.communityKey !== undefined) all.push(metaIs(metaToken('c', filters.communityKey)));
  if (filters.authorKey !== undefined) all.push(metaIs(metaToken('a', filters.authorKey)));
  if (filters.kind === 'c' && filters.postId !== undefined) all.push(metaIs(metaToken('p', filters.postId)));
  if (filters.over18 !== undefined) (filters.over18 ? all : none).push(metaIs(NSFW_TOKEN));
  return matchOf(all, none);
}

/**
 * The items matching a count's filters and one of its word sets, once each, as rows `(id,
 * created_at, community_key, author_key)` (aggregate-source.ts): the items whose num the time
 * table's MATCH of the sets (with the filters' tokens, in the window's range) gives, the other filters
 * read from the items.
 */
export function ftsMatchRows(
  filters: MatchFilters & { wordSets: readonly (readonly string[])[] },
): RawBuilder<unknown> {
  const { kind } = filters;
  const match = countMatch(filters);
  const range: RawBuilder<unknown>[] = [];
  if (filters.from !== null) range.push(sql`f.rowid >= ${rowidOf(Math.floor(filters.from / 1000), 0)}`);
  if (filters.to !== null) range.push(sql`f.rowid < ${rowidOf(Math.floor((filters.to - 1) / 1000) + 1, 0)}`);
  const item: RawBuilder<unknown>[] = [];
  if (filters.from !== null) item.push(sql`i.created_at >= ${filters.from}`);
  if (filters.to !== null) item.push(sql`i.created_at < ${filters.to}`);
  if (filters.minScore !== undefined) item.push(sql`i.score >= ${filters.minScore}`);
  if (filters.maxScore !== undefined) item.push(sql`i.score <= ${filters.maxScore}`);
  if (kind === 'p' && filters.postId !== undefined) item.push(sql`i.id = ${filters.postId}`);
  const table = sql.id(ftsTable(kind, 'time'));
  return sql`select i.id, i.created_at, i.community_key, i.author_key from ${itemTable(kind)} i
    where i.num in (select f.rowid & ${sql.lit(NUM_MASK)} from ${table} f
      where f.${table} match ${match} ${and(range)}) ${and(item)}`;
}

/**
 * How many items match a count's word sets and filters (a search's hit count), read up to `limit`:
 * one MATCH of the sets and the filters' tokens, counted on the FTS5 table alone wherever a table's
 * key answers the rest — the window's whole seconds on the time table, or the score range on the
 * score table when there is no window — and with each match's item looked up only where not: the
 * window's first and last second (its bounds are milliseconds), a score range within a window, and a
 * post's own id.
 */
export async function ftsMatchCount(
  db: Kysely<Database>,
  filters: MatchFilters & { wordSets: readonly (readonly string[])[] },
  limit: number,
): Promise<number> {
  const { kind, from, to, minScore, maxScore } = filters;
  const scored = minScore !== undefined || maxScore !== undefined;
  const match = countMatch(filters);
  const itemChecks: RawBuilder<unknown>[] = [];
  if (kind === 'p' && filters.postId !== undefined) itemChecks.push(sql`i.id = ${filters.postId}`);
  const count = async (order: FtsOrder, range: RawBuilder<unknown>[], checks: RawBuilder<unknown>[], most: number) => {
    const table = sql.id(ftsTable(kind, order));
    const items =
      checks.length === 0 ? sql`` : sql` join ${itemTable(kind)} i on i.num = (f.rowid & ${sql.lit(NUM_MASK)})`;
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${table} f${items}
      where f.${table} match ${match} ${and([...range, ...checks])} limit ${most})`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
  if (from === null && to === null)
    return count(scored ? 'score' : 'time', scoreRange(minScore, maxScore), itemChecks, limit);
  // the window's seconds on the time table: its first and last are checked on the items
  const first = from === null ? null : Math.floor(from / 1000);
  const last = to === null ? null : Math.floor((to - 1) / 1000);
  const bounds = [
    ...(from !== null ? [sql`i.created_at >= ${from}`] : []),
    ...(to !== null ? [sql`i.created_at < ${to}`] : []),
    ...(minScore !== undefined ? [sql`i.score >= ${minScore}`] : []),
    ...(maxScore !== undefined ? [sql`i.score <= ${maxScore}`] : []),
  ];
  const seconds = (lowest: number | null, highest: number | null) => [
    ...(lowest !== null ? [sql`f.rowid >= ${rowidOf(lowest, 0)}`] : []),
    ...(highest !== null ? [sql`f.rowid < ${rowidOf(highest + 1, 0)}`] : []),
  ];
  // a score range within a window is on the items: every match of the window is looked up
  if (scored) return count('time', seconds(first, last), [...itemChecks, ...bounds], limit);
  const innerFirst = first === null ? null : first + 1;
  const innerLast = last === null ? null : last - 1;
  const hasInner = innerFirst === null || innerLast === null || innerFirst <= innerLast;
  let n = hasInner ? await count('time', seconds(innerFirst, innerLast), itemChecks, limit) : 0;
  for (const second of new Set([first, last].filter((edge) => edge !== null))) {
    if (n >= limit) break;
    n += await count('time', seconds(second, second), [...itemChecks, ...bounds], limit - n);
  }
  return Math.min(n, limit);
}
