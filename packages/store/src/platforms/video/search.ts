import type { SearchPosition, SearchQueryInput } from '@socialquery/video/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { SEARCH_BUCKET_MS } from './search-index.js';
import { dialectOf } from '../../dialect/index.js';
import type { Database } from '../../schema.js';

/**
 * Video search over the index of search-index.ts, walked in rank order (docs/search.md has the
 * design and its measurements). Ranking: tier 1 (the title holds every term) before tier 0 (some
 * term only in the channel name), then views descending, then `num` descending; a match holds every
 * term as a whole word of its title or channel name.
 *
 * One term's postings carry everything the filters need, so the walk reads the index only:
 * - the rarest term in the window (by `video_search_terms`) is walked; every other term is a
 *   lookup of the candidate's posting of it by key;
 * - a broad window is walked in rank order (the key of `video_search`), skipping postings outside it,
 *   and stops at the page's end: its cost follows the page, not the matches;
 * - a narrow window whose matches are few next to the skipping that walk would do is read whole
 *   in time order (`video_search_time`) and ranked here: its cost follows the window's matches,
 *   which the choice keeps below the walk's.
 * Both stores run the same statements and choose the same way, so they answer the same pages.
 */

/** Candidates read from a narrow window and ranked here, beyond which a window is walked in rank order whatever it costs. */
const MOST_RANGE_READ = 5_000;
/** Candidates a window always reads whole rather than walks: few enough that an exact total costs next to nothing. */
const ALWAYS_RANGE_READ = 250;
/** A posting a rank-order walk skips (outside the window) costs about this share of one it returns. */
const SKIP_COST = 0.25;
/** Postings of the walked term sampled to estimate how many pass the other filters (the total of a broad search). */
const SAMPLE = 200;

interface Candidate {
  num: number;
  views: number;
  tier: 0 | 1;
}

export interface VideoSearchWalk {
  /** Up to `limit` nums in rank order, with their rank. */
  matches: Candidate[];
  next?: SearchPosition | undefined;
  total: number;
  exact: boolean;
}

/** How the query's terms spread over its window, from the per-term counts. */
interface TermSpread {
  term: string;
  /** Postings of the term and type stored. */
  all: number;
  /** Postings in the buckets the window touches (0: certainly none in the window). */
  touched: number;
  /** Postings estimated inside the window (buckets it covers in part count in proportion). */
  inWindow: number;
}

async function spreadOf(db: Kysely<Database>, query: SearchQueryInput): Promise<TermSpread[]> {
  const first = Math.floor(query.since / SEARCH_BUCKET_MS);
  const last = Math.floor(query.until / SEARCH_BUCKET_MS);
  // one row a term, summed by the store: a term's bucket rows are many (one per SEARCH_BUCKET_MS), and
  // handing each to the service cost more than the rest of the statement
  const rows = await db
    .selectFrom('video_search_terms')
    .select([
      'term',
      sql<number>`sum(docs)`.as('all'),
      sql<number>`sum(case when bucket >= ${first} and bucket <= ${last} then docs else 0 end)`.as('touched'),
      sql<number>`sum(case when bucket = ${first} then docs else 0 end)`.as('firstDocs'),
      sql<number>`sum(case when bucket = ${last} then docs else 0 end)`.as('lastDocs'),
    ])
    .where('type', '=', query.type)
    .where('term', 'in', query.terms)
    .groupBy('term')
    .execute();
  // the share of a bucket the window covers: whole for the buckets between its first and last
  const covered = (bucket: number) => {
    const start = bucket * SEARCH_BUCKET_MS;
    return (Math.min(query.until + 1, start + SEARCH_BUCKET_MS) - Math.max(query.since, start)) / SEARCH_BUCKET_MS;
  };
  const spread = new Map(query.terms.map((term) => [term, { term, all: 0, touched: 0, inWindow: 0 }]));
  for (const row of rows) {
    const touched = Number(row.touched);
    const [firstDocs, lastDocs] = [Number(row.firstDocs), Number(row.lastDocs)];
    const inWindow =
      first === last
        ? firstDocs * covered(first)
        : touched - firstDocs - lastDocs + firstDocs * covered(first) + lastDocs * covered(last);
    spread.set(row.term, { term: row.term, all: Number(row.all), touched, inWindow });
  }
  return [...spread.values()];
}

export async function walkVideoSearch(db: Kysely<Database>, query: SearchQueryInput): Promise<VideoSearchWalk> {
  const spread = await spreadOf(db, query);
  if (spread.some((term) => term.touched === 0)) return { matches: [], total: 0, exact: true };
  // the term with the fewest postings in the window leads; ties by the term, so every store leads alike
  const [lead, ...others] = spread.sort((a, b) => a.inWindow - b.inWindow || (a.term < b.term ? -1 : 1));
  const filters = filtersOf(lead!.term, others, query);
  const want = query.limit + 1;
  const inWindow = Math.max(lead!.inWindow, 1);
  const walkCost = (want * lead!.all * SKIP_COST) / inWindow;
  const ranked =
    inWindow <= MOST_RANGE_READ && inWindow <= Math.max(ALWAYS_RANGE_READ, walkCost)
      ? await readWindow(db, filters, query.after, want)
      : await walkInRankOrder(db, filters, query.after, want, () => estimateTotal(db, filters, lead!.inWindow));
  const matches = ranked.found.slice(0, query.limit);
  const last = matches.at(-1);
  return {
    matches,
    next: ranked.found.length > query.limit && last ? { tier: last.tier, views: last.views, num: last.num } : undefined,
    total: ranked.total,
    exact: ranked.exact,
  };
}

/** The conditions of one query on the lead term's postings `p`, as SQL parts. */
interface Filters {
  /**
   * The lead term's postings in the window, of the type, available in the region, holding every
   * other term. `byTime`: the window's test may use the time index (a walk in rank order must not:
   * SQLite would then read the window's range and sort it, so there its test is hidden from indexes).
   */
  where(byTime: boolean): RawBuilder<boolean>;
  /** The lead term's postings of the type in the window (the sample's base). */
  inWindow: RawBuilder<boolean>;
  /** Every other term is in the title (tier 1, with `p.in_title = 1`). */
  othersInTitle: RawBuilder<boolean>;
  /** Other terms: none for a one-term query. */
  others: number;
}

function filtersOf(lead: string, others: readonly TermSpread[], query: SearchQueryInput): Filters {
  // the video's posting of another term, found by its key (type, views and num are the video's, on
  // every posting); a scalar subquery, so that PostgreSQL looks it up per candidate rather than
  // joining the other term's postings whole (an EXISTS it would turn into a semi-join)
  const posting = (term: string, inTitle: 0 | 1) =>
    sql<boolean>`(select q.num from video_search q where q.term = ${term} and q.type = p.type
      and q.in_title = ${inTitle} and q.views = p.views and q.num = p.num) is not null`;
  const holds = (term: string, inTitle: boolean) =>
    inTitle ? posting(term, 1) : sql<boolean>`(${posting(term, 1)} or ${posting(term, 0)})`;
  const all = (parts: RawBuilder<boolean>[]) =>
    parts.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(parts, sql` and `)}`;
  const window = (byTime: boolean) => {
    // `+`: an expression no index serves, on both stores. The walk's choice is made here, from the
    // counts; a planner left to choose would read the window's range of the time index and sort it,
    // which PostgreSQL's generic plan of a named statement did for every broad search (docs/search.md)
    const at = byTime ? sql`p.published_at` : sql`+p.published_at`;
    return sql<boolean>`p.term = ${lead} and p.type = ${query.type} and ${at} >= ${query.since} and ${at} <= ${query.until}`;
  };
  const available = sql<boolean>`p.blocked_regions not like ${`%,${query.geoCode},%`}`;
  const present = all(others.map(({ term }) => holds(term, false)));
  return {
    where: (byTime) => sql<boolean>`${window(byTime)} and ${available} and ${present}`,
    inWindow: window(true),
    othersInTitle: all(others.map(({ term }) => holds(term, true))),
    others: others.length,
  };
}

interface Ranked {
  found: Candidate[];
  total: number;
  exact: boolean;
}

const after = (position: SearchPosition | undefined, tier: 0 | 1) =>
  position?.tier === tier ? sql`and (p.views, p.num) < (${position.views}, ${position.num})` : sql``;
const candidate = (tier: 0 | 1) => (row: { num: unknown; views: unknown }) => ({
  num: Number(row.num),
  views: Number(row.views),
  tier,
});
const byRank = (a: Candidate, b: Candidate) => b.tier - a.tier || b.views - a.views || b.num - a.num;

/**
 * Every match in the window, read in time order and ranked here: exact, its cost the window's
 * candidates (the choice in walkVideoSearch keeps them few).
 */
async function readWindow(
  db: Kysely<Database>,
  filters: Filters,
  position: SearchPosition | undefined,
  want: number,
): Promise<Ranked> {
  const { rows } = await sql<{ num: number; views: number; tier: number }>`select p.num, p.views,
      case when p.in_title = 1 and ${filters.othersInTitle} then 1 else 0 end as tier
    from video_search p where ${filters.where(true)}`.execute(db);
  const all = rows.map((row) => candidate(Number(row.tier) === 1 ? 1 : 0)(row)).sort(byRank);
  const from = position ? all.findIndex((match) => byRank(match, position) > 0) : 0;
  return { found: from < 0 ? [] : all.slice(from, from + want), total: all.length, exact: true };
}

/**
 * The matches after `position` in rank order, walked: tier 1 from the lead's title postings, then
 * tier 0 from its channel-only postings (and, with other terms, its title postings whose other
 * terms are not all in the title), each list most viewed first. Stops at `want` matches.
 */
async function walkInRankOrder(
  db: Kysely<Database>,
  filters: Filters,
  position: SearchPosition | undefined,
  want: number,
  estimate: () => Promise<number>,
): Promise<Ranked> {
  const list = async (inTitle: 0 | 1, tier: 0 | 1, extra: RawBuilder<boolean>, limit: number) => {
    const { rows } = await sql<{ num: number; views: number }>`select p.num, p.views from video_search p
      where ${filters.where(false)} and p.in_title = ${inTitle} and ${extra} ${after(position, tier)}
      order by p.views desc, p.num desc limit ${limit}`.execute(db);
    return rows.map(candidate(tier));
  };
  const found: Candidate[] = [];
  if (position?.tier !== 0) found.push(...(await list(1, 1, filters.othersInTitle, want)));
  if (found.length < want) {
    const need = want - found.length;
    const tierZero = [...(await list(0, 0, sql<boolean>`1 = 1`, need))];
    if (filters.others > 0) tierZero.push(...(await list(1, 0, sql<boolean>`not (${filters.othersInTitle})`, need)));
    found.push(...tierZero.sort(byRank).slice(0, need));
  }
  // the walk reached the last match: a first page counts them all
  if (found.length < want && !position) return { found, total: found.length, exact: true };
  return { found, total: position ? 0 : await estimate(), exact: false };
}

/**
 * A broad search's total, estimated: the lead term's postings in the window (from the counts), times
 * the share of a sample of them that passes the other terms' and the region's checks. The sample is
 * the window's most recent postings, in a whole order (so that every store and every physical layout
 * of the same rows samples alike, and answers the same total): the order of SQLite's time index
 * itself, which it then reads without sorting (a sort of its last term, `num` after `published_at`,
 * cost half the statement); PostgreSQL compares the text by code point, as SQLite does.
 */
async function estimateTotal(db: Kysely<Database>, filters: Filters, inWindow: number): Promise<number> {
  const byCodePoint = sql.raw(dialectOf(db).byCodePoint);
  const { rows } = await sql<{ n: number; passed: number | null }>`select count(*) as n,
      sum(case when ${filters.where(true)} then 1 else 0 end) as passed
    from (select p.num, p.term, p.type, p.views, p.published_at, p.blocked_regions from video_search p
      where ${filters.inWindow} order by p.published_at desc, p.blocked_regions${byCodePoint} desc,
        p.in_title desc, p.views desc, p.num desc limit ${SAMPLE}) p`.execute(db);
  const sampled = Number(rows[0]?.n ?? 0);
  return sampled === 0 ? 0 : Math.round((inWindow * Number(rows[0]?.passed ?? 0)) / sampled);
}
