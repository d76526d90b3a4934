import type { SearchCommentsQuery, SearchPosition, SearchPostsQuery } from '@socialquery/forum/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../dialect/index.js';
import type { Database } from '../../schema.js';
import { nameKey } from './names.js';
import type { SearchKind } from './search-index.js';

/**
 * Forum search over the posting table of search-index.ts, the PostgreSQL store's (SQLite's is FTS5:
 * fts-search-source.ts), in one of five reads (docs/forum-search.md):
 *
 * - posts marked over 18 (`over18=true`): the word's such postings, when fewer than FEW, walked;
 * - else an author's or a community's postings of the word: walked at once in a score order without a
 *   window; with a window or in a time order, walked when fewer than FEW (counted index-only);
 * - else a filter that names few items (a post's comments, an author's or a community's items in the
 *   window: fewer than FEW, counted up to it on their own index) reads those items and looks the
 *   words up for each;
 * - else a window that holds few of the rarest word's postings (score orders only: time orders
 *   walk the window in order anyway) reads them by time and sorts them;
 * - else the rarest word's postings are walked in the order asked (score or time), the filters read
 *   from the posting itself and the other words looked up by key, until the page is full.
 *
 * A walk is one statement whose index (the order's, a name's, the over-18 postings') PostgreSQL's
 * planner chooses from its statistics. Posts in relevance order come in two tiers, each walked in
 * score order: those whose title holds every word (the title postings' partial index), then the others.
 */

/** A filter or window naming fewer items than this is read whole and sorted. */
const FEW = 2_000;

type Filters = (SearchPostsQuery | SearchCommentsQuery) & { kind: SearchKind };

/** A page of results: ids in order with their positions. */
export type SearchHits = { id: string; position: SearchPosition }[];

export function createSqlSearchSource(db: Kysely<Database>) {
  return {
    searchPostIds: (query: SearchPostsQuery) => search(db, { ...query, kind: 'p' }),
    searchCommentIds: (query: SearchCommentsQuery) => search(db, { ...query, kind: 'c' }),
    wordsWithPrefix: (kind: SearchKind, prefix: string, limit: number) => wordsWithPrefix(db, kind, prefix, limit),
  };
}

/**
 * The counted words of a kind that start with `prefix`, in code-point order: a range of the words'
 * index (`forum_search_terms_prefix` on PostgreSQL, in code-point order whatever the database's
 * collation, migration 0032; the key on SQLite, which compares bytes).
 */
async function wordsWithPrefix(db: Kysely<Database>, kind: SearchKind, prefix: string, limit: number) {
  const code = dialectOf(db).byCodePoint;
  const term = sql`term${sql.raw(code)}`;
  const { rows } = await sql<{ term: string }>`select term from forum_search_terms
    where kind = ${kind} and ${term} >= ${prefix} and ${term} < ${prefix + '\u{10FFFF}'} and docs > 0
    order by ${term} limit ${limit}`.execute(db);
  return rows.map((row) => row.term);
}

async function search(db: Kysely<Database>, query: Filters): Promise<SearchHits> {
  // one word leads whatever its count: that is read only where a plan weighs it (saving a statement
  // a search; a word with no posting then costs what the reads below find of it, at most a rare word's)
  const counts: { term: string; docs?: number }[] =
    query.terms.length === 1 ? [{ term: query.terms[0]! }] : await termCounts(db, query.kind, query.terms);
  if (counts.some((count) => count.docs === 0)) return [];
  const [lead, ...others] = counts.sort((a, b) => a.docs! - b.docs! || (a.term < b.term ? -1 : 1));
  const plan: Plan = { ...query, lead: lead!.term, others: others.map((c) => c.term) };
  const tiered = query.kind === 'p' && query.sort === 'relevance';
  const scoreOrder = query.sort === 'relevance' || query.sort === 'top';
  // items marked over 18: the word's such postings, when few (counted on their partial index), walked
  if ('over18' in query && query.over18 === true && (await fewPostings(db, plan, OVER18)))
    return walkTiers(db, plan, tiered);
  // an author's or a community's postings of the word (not for the tiers)
  const name = tiered ? undefined : nameFilter(query, 's');
  if (name && !hasPostId(query)) {
    // in a score order the name's index walks them in the order asked; with a window, when they are
    // few (else the window may hold few of many: the reads below)
    if (scoreOrder && !query.window) return walk(db, plan, 'any');
    if (await fewPostings(db, plan, name)) return walk(db, plan, 'any');
  }
  const items = itemFilter(query);
  if (items && (await fewItems(db, query, items))) return readItems(db, plan, items, tiered);
  if (scoreOrder && query.window && (await fewInWindow(db, plan))) return readWindow(db, plan, tiered);
  return walkTiers(db, plan, tiered);
}

/** The walk of a plan: for posts in relevance order, the tier of titles holding every word, then the rest. */
async function walkTiers(db: Kysely<Database>, plan: Plan, tiered: boolean): Promise<SearchHits> {
  if (!tiered) return walk(db, plan, 'any');
  const first = !plan.after || plan.after.tier === 1 ? await walk(db, plan, 'title') : [];
  if (first.length >= plan.limit) return first;
  const { after, ...fromStart } = plan;
  const restPlan = after?.tier === 0 ? plan : fromStart;
  const rest = await walk(db, { ...restPlan, limit: plan.limit - first.length }, 'rest');
  return [...first, ...rest];
}

/** The postings table, as every read here names it. */
const POSTINGS = sql`forum_search s`;

/** Postings of items marked over 18 (the partial index's condition, as a literal the planner matches to it). */
const OVER18 = sql<boolean>`s.over18 = 1`;

/** A query with its words ordered: the rarest leads (its postings counted, unless it is the only word), the others are looked up. */
type Plan = Filters & { lead: string; others: readonly string[] };

async function termCounts(db: Kysely<Database>, kind: SearchKind, terms: readonly string[]) {
  const rows = await db
    .selectFrom('forum_search_terms')
    .select(['term', 'docs'])
    .where('kind', '=', kind)
    .where('term', 'in', [...terms])
    .execute();
  const docs = new Map(rows.map((row) => [row.term, Number(row.docs)]));
  return terms.map((term) => ({ term, docs: docs.get(term) ?? 0 }));
}

const hasPostId = (query: Filters): query is Filters & { postId: string } =>
  'postId' in query && query.postId !== undefined;

/** The most selective filter naming items on their own index: a post's comments, an author, a community. */
function itemFilter(query: Filters): RawBuilder<boolean> | undefined {
  if (hasPostId(query)) return sql<boolean>`i.post_id = ${query.postId}`;
  return nameFilter(query, 'i');
}

/** The query's most selective name on the columns of alias `a` (an item or a posting): its author, else its community. */
function nameFilter(query: Filters, a: string): RawBuilder<boolean> | undefined {
  if (query.author !== undefined) return sql<boolean>`${sql.ref(`${a}.author_key`)} = ${nameKey(query.author)}`;
  if (query.community !== undefined)
    return sql<boolean>`${sql.ref(`${a}.community_key`)} = ${nameKey(query.community)}`;
  return undefined;
}

const itemTable = (kind: SearchKind) => sql.table(kind === 'p' ? 'forum_posts' : 'forum_comments');

async function fewItems(db: Kysely<Database>, query: Filters, filter: RawBuilder<boolean>): Promise<boolean> {
  const window = windowOf(query, sql.ref('i.created_at'));
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${itemTable(query.kind)} i
    where ${filter} ${window} limit ${FEW}) f`.execute(db);
  return Number(rows[0]?.n ?? 0) < FEW;
}

async function fewInWindow(db: Kysely<Database>, plan: Plan): Promise<boolean> {
  const window = windowOf(plan, sql.ref('s.created_at'), SECOND);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from forum_search s
    where s.term = ${plan.lead} and s.kind = ${plan.kind} ${window} limit ${FEW}) f`.execute(db);
  return Number(rows[0]?.n ?? 0) < FEW;
}

/**
 * Whether the leading word's postings that `condition` keeps (a name, or over 18) are fewer
 * than FEW, counted up to it on the posting index that condition's column leads (index-only).
 */
async function fewPostings(db: Kysely<Database>, plan: Plan, condition: RawBuilder<boolean>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${POSTINGS}
    where s.term = ${plan.lead} and s.kind = ${plan.kind} and ${condition} limit ${FEW}) f`.execute(db);
  return Number(rows[0]?.n ?? 0) < FEW;
}

/**
 * The window on `createdAt` (epoch ms, exclusive bounds). `second`: the postings' time index key
 * (`created_at / 1000`), bounded too so that the index reads the window's range (created after
 * `after` ms is at or after its second; before `before` ms at or before the second of `before - 1`).
 */
function windowOf(query: Filters, createdAt: RawBuilder<unknown>, second?: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  const after = query.window?.after?.getTime();
  const before = query.window?.before?.getTime();
  if (after !== undefined) {
    if (second) parts.push(sql` and ${second} >= ${Math.floor(after / 1000)}`);
    parts.push(sql` and ${createdAt} > ${after}`);
  }
  if (before !== undefined) {
    if (second) parts.push(sql` and ${second} <= ${Math.floor((before - 1) / 1000)}`);
    parts.push(sql` and ${createdAt} < ${before}`);
  }
  return sql.join(parts, sql``);
}

/** A posting's key on the time index, `created_at / 1000` (the index's expression, as the planners must see it). */
const SECOND = sql`s.created_at / 1000`;

/** The filters of a query on the columns of alias `a` (an item, or a posting: both name them alike). */
function filtersOn(query: Filters, a: string, second?: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [windowOf(query, sql.ref(`${a}.created_at`), second)];
  const column = (name: string) => sql.ref(`${a}.${name}`);
  if (query.community !== undefined) parts.push(sql` and ${column('community_key')} = ${nameKey(query.community)}`);
  if (query.author !== undefined) parts.push(sql` and ${column('author_key')} = ${nameKey(query.author)}`);
  if (query.minScore !== undefined) parts.push(sql` and ${column('score')} >= ${query.minScore}`);
  if (query.maxScore !== undefined) parts.push(sql` and ${column('score')} <= ${query.maxScore}`);
  if (hasPostId(query)) parts.push(sql` and ${sql.ref(`${a}.post_id`)} = ${query.postId}`);
  // a literal: SQLite uses a partial index only where the statement's own text implies its condition
  if ('over18' in query && query.over18 !== undefined)
    parts.push(sql` and ${sql.ref(`${a}.over18`)} = ${sql.lit(query.over18 ? 1 : 0)}`);
  return sql.join(parts, sql``);
}

/** An item, as a lookup of its postings names it. */
interface ItemRef {
  id: RawBuilder<unknown>;
}
const itemOf = (a: string): ItemRef => ({ id: sql.ref(`${a}.id`) });

/**
 * The item holds `term` (in its title, when `title`): one lookup of the index's key. A scalar
 * subquery, not EXISTS: PostgreSQL turns an EXISTS into a semi-join, and its generic plan of a named
 * statement (after five runs) joined the other word's whole list by hash and sorted the lead's ("this
 * the" in comments: 8.2 ms against 0.16), where a scalar subquery stays a lookup per candidate.
 */
const holds = (kind: SearchKind, term: string, item: ItemRef, title = false) => {
  const posting = sql`from forum_search o where o.term = ${term} and o.kind = ${kind} and o.id = ${item.id}`;
  // the title test outside the lookup: inside it, the partial title index (whose key has no `id` after
  // the word) matched it, and the generic plan scanned the word's title list per candidate (18.6 ms against 0.9)
  return title ? sql`coalesce((select o.in_title ${posting}), 0) = 1` : sql`(select 1 ${posting}) is not null`;
};

const holdsAll = (plan: Plan, terms: readonly string[], item: ItemRef, title = false) =>
  sql.join(
    terms.map((term) => sql` and ${holds(plan.kind, term, item, title)}`),
    sql``,
  );

/** A tiered post holds every word in its title: 1, else 0 (for items read whole). */
const tierOf = (plan: Plan, item: ItemRef) =>
  sql<number>`case when ${sql.join(
    [plan.lead, ...plan.others].map((term) => holds(plan.kind, term, item, true)),
    sql` and `,
  )} then 1 else 0 end`;

interface Order {
  /** The order's key on alias `a` (time orders: the second, as the time index holds it), then num. */
  key: (a: string) => RawBuilder<number>;
  /** The key a position holds: the score, or the time in epoch ms. */
  value: (a: string) => RawBuilder<number>;
  descending: boolean;
  keyName: 'score' | 'created_at';
}

function orderOf(query: Filters): Order {
  if (query.sort === 'new' || query.sort === 'old')
    return {
      key: (a) => sql<number>`${sql.ref(`${a}.created_at`)} / 1000`,
      value: (a) => sql.ref(`${a}.created_at`),
      descending: query.sort === 'new',
      keyName: 'created_at',
    };
  return { key: (a) => sql.ref(`${a}.score`), value: (a) => sql.ref(`${a}.score`), descending: true, keyName: 'score' };
}

/** Rows of alias `a` after the query's position (a row-value comparison: the planners take it as a range end). */
function pastPosition(query: Filters, order: Order, a: string, key = order.key(a), tier?: RawBuilder<number>) {
  const after = query.after;
  if (!after) return sql``;
  const num = sql.ref(`${a}.num`);
  const bound = order.keyName === 'created_at' ? Math.floor(after.key / 1000) : after.key;
  if (tier) return sql` and (${tier}, ${key}, ${num}) < (${after.tier}, ${bound}, ${after.num})`;
  return order.descending
    ? sql` and (${key}, ${num}) < (${bound}, ${after.num})`
    : sql` and (${key}, ${num}) > (${bound}, ${after.num})`;
}

const direction = (order: Order) => (order.descending ? sql`desc` : sql`asc`);

interface HitRow {
  id: string;
  num: number | string;
  key: number | string;
  tier: number | string;
}

const hits = (rows: readonly HitRow[]): SearchHits =>
  rows.map((row) => ({
    id: row.id,
    position: { tier: Number(row.tier), key: Number(row.key), num: Number(row.num) },
  }));

/** The items a filter names, read whole (fewer than FEW), every word looked up, sorted. */
async function readItems(db: Kysely<Database>, plan: Plan, filter: RawBuilder<boolean>, tiered: boolean) {
  const order = orderOf(plan);
  const tier = tiered ? tierOf(plan, itemOf('i')) : sql<number>`0`;
  const dir = direction(order);
  const { rows } = await sql<HitRow>`select * from (
      select i.id, i.num, ${order.value('i')} as key, ${order.key('i')} as okey, ${tier} as tier
      from ${itemTable(plan.kind)} i
      where ${filter} ${filtersOn(plan, 'i')} ${holdsAll(plan, [plan.lead, ...plan.others], itemOf('i'))}
    ) i where 1 = 1 ${pastPosition(plan, order, 'i', sql.ref('i.okey'), tiered ? sql.ref('i.tier') : undefined)}
    order by ${tiered ? sql`i.tier desc, ` : sql``}i.okey ${dir}, i.num ${dir} limit ${plan.limit}`.execute(db);
  return hits(rows);
}

/** The rarest word's postings in the window (fewer than FEW), read by time, sorted by score. */
async function readWindow(db: Kysely<Database>, plan: Plan, tiered: boolean) {
  const order = orderOf(plan);
  const tier = tiered ? tierOf(plan, itemOf('s')) : sql<number>`0`;
  const { rows } = await sql<HitRow>`select * from (
      select s.id, s.num, s.score as key, ${tier} as tier from forum_search s
      where s.term = ${plan.lead} and s.kind = ${plan.kind} ${filtersOn(plan, 's', SECOND)}
        ${holdsAll(plan, plan.others, itemOf('s'))}
    ) w where 1 = 1 ${pastPosition(plan, order, 'w', sql.ref('w.key'), tiered ? sql.ref('w.tier') : undefined)}
    order by ${tiered ? sql`w.tier desc, ` : sql``}w.key desc, w.num desc limit ${plan.limit}`.execute(db);
  return hits(rows);
}

/**
 * The rarest word's postings walked in the order asked, until the page is full: `title` the postings
 * of posts whose title holds every word (tier 1), `rest` the others (tier 0), `any` all.
 */
async function walk(db: Kysely<Database>, plan: Plan, part: 'title' | 'rest' | 'any') {
  const order = orderOf(plan);
  const dir = direction(order);
  const id = itemOf('s');
  const tierCondition =
    part === 'title'
      ? sql` and s.in_title = 1 ${holdsAll(plan, plan.others, id, true)}`
      : part === 'rest'
        ? sql` and not (s.in_title = 1 ${holdsAll(plan, plan.others, id, true)})`
        : sql``;
  const tier = part === 'title' ? 1 : 0;
  const { rows } = await sql<HitRow>`select s.id, s.num, ${order.value('s')} as key, ${tier} as tier from ${POSTINGS}
    where s.term = ${plan.lead} and s.kind = ${plan.kind} ${filtersOn(plan, 's', SECOND)}
      ${holdsAll(plan, plan.others, id)} ${tierCondition} ${pastPosition(plan, order, 's')}
    order by ${order.key('s')} ${dir}, s.num ${dir} limit ${plan.limit}`.execute(db);
  return hits(rows);
}

/** What a count of matching items filters by, in the store's keys (aggregate-source.ts). */
export interface MatchFilters {
  kind: SearchKind;
  wordSets: readonly (readonly string[])[] | undefined;
  /** Epoch ms: created at or after `from`, before `to` (null: open). */
  from: number | null;
  to: number | null;
  communityKey: string | undefined;
  authorKey: string | undefined;
  minScore: number | undefined;
  maxScore: number | undefined;
  over18: boolean | undefined;
  postId: string | undefined;
}

/**
 * The items matching the filters, once each, as rows `(id, created_at, community_key, author_key)`;
 * undefined when none can (a word no item holds). With word sets: for each set, the postings of its
 * rarest word with the filters read from them and the other words looked up by key (as the searches'
 * walks do, unordered), the sets' rows united; without: the items themselves. `limitEach`: at most
 * this many rows of each set (a bounded count).
 */
export async function matchRows(
  db: Kysely<Database>,
  filters: MatchFilters,
  limitEach?: number,
): Promise<RawBuilder<unknown> | undefined> {
  const { kind, wordSets } = filters;
  const where = (a: string) => {
    const ref = (column: string) => sql.ref(`${a}.${column}`);
    const parts: RawBuilder<unknown>[] = [];
    // on postings, the time index's seconds bounded too (windowOf)
    const posting = a === 's';
    if (filters.from !== null) {
      if (posting) parts.push(sql` and ${SECOND} >= ${Math.floor(filters.from / 1000)}`);
      parts.push(sql` and ${ref('created_at')} >= ${filters.from}`);
    }
    if (filters.to !== null) {
      if (posting) parts.push(sql` and ${SECOND} <= ${Math.floor((filters.to - 1) / 1000)}`);
      parts.push(sql` and ${ref('created_at')} < ${filters.to}`);
    }
    if (filters.communityKey !== undefined) parts.push(sql` and ${ref('community_key')} = ${filters.communityKey}`);
    if (filters.authorKey !== undefined) parts.push(sql` and ${ref('author_key')} = ${filters.authorKey}`);
    if (filters.minScore !== undefined) parts.push(sql` and ${ref('score')} >= ${filters.minScore}`);
    if (filters.maxScore !== undefined) parts.push(sql` and ${ref('score')} <= ${filters.maxScore}`);
    if (filters.over18 !== undefined) parts.push(sql` and ${ref('over18')} = ${sql.lit(filters.over18 ? 1 : 0)}`);
    // a comment's post, or the post itself (a post's posting has no post_id)
    if (filters.postId !== undefined) parts.push(sql` and ${ref(kind === 'c' ? 'post_id' : 'id')} = ${filters.postId}`);
    return sql.join(parts, sql``);
  };
  const limited = limitEach === undefined ? sql`` : sql` limit ${limitEach}`;
  if (!wordSets)
    return sql`select i.id, i.created_at, i.community_key, i.author_key from ${itemTable(kind)} i
      where 1 = 1 ${where('i')}${limited}`;
  const counts = new Map(
    (await termCounts(db, kind, [...new Set(wordSets.flat())])).map((count) => [count.term, count.docs]),
  );
  const parts = wordSets.flatMap((set) => {
    const [lead, ...others] = [...set].sort((a, b) => counts.get(a)! - counts.get(b)! || (a < b ? -1 : 1));
    if (counts.get(lead!) === 0) return [];
    const checks = sql.join(
      others.map((term) => sql` and ${holds(kind, term, itemOf('s'))}`),
      sql``,
    );
    return [
      sql`(select s.id, s.created_at, s.community_key, s.author_key from forum_search s
        where s.term = ${lead} and s.kind = ${kind} ${where('s')} ${checks}${limited})`,
    ];
  });
  return parts.length === 0 ? undefined : sql.join(parts, sql` union `);
}
