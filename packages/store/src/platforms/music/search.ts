import { type Kysely, type RawBuilder, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  MUSIC_SEARCHED,
  type MusicSearchedTable,
  namePrefix,
  SUGGEST_PREFIX_POSTINGS,
  wholeName,
} from './search-index.js';
import type { Database } from '../../schema.js';

/**
 * Music search over the index of search-index.ts, walked in rank order (docs/search.md): tier 2
 * (the name is exactly the keyword), tier 1 (the name holds every term), tier 0 (some term only in
 * the rest of the searchable text); then popularity descending, then `num` descending. The rarest
 * term of the query (by `music_search_terms`) is walked; every other term is a lookup of the row's
 * posting of it by key. The API pages by offset: a page skips `offset` matches along the walk (the
 * index's rows, in order, no ranking of the rest), and a tier is counted only when the offset
 * passes it whole; a page that follows one just answered starts where that one ended (KeptPositions).
 */

/** The nums of the page of matches at `offset`, in rank order. */
export async function walkMusicSearch(
  db: Kysely<Database>,
  table: MusicSearchedTable,
  { terms, offset, limit }: { terms: readonly string[]; offset: number; limit: number },
): Promise<number[]> {
  const counts = await db
    .selectFrom('music_search_terms')
    .select(['term', 'docs'])
    .where('kind', '=', table)
    .where('term', 'in', terms)
    .execute();
  if (counts.length < terms.length || counts.some((count) => Number(count.docs) <= 0)) return [];
  const [lead, ...others] = counts
    .map((count) => ({ term: count.term, docs: Number(count.docs) }))
    .sort((a, b) => a.docs - b.docs || (a.term < b.term ? -1 : 1))
    .map((count) => count.term);

  // the row's posting of another term, by its key (kind, popularity and num are the row's own); a
  // scalar subquery, which PostgreSQL runs per candidate (an EXISTS would become a semi-join)
  const posting = (term: string, inName: 0 | 1) =>
    sql<boolean>`(select q.num from music_search q where q.kind = p.kind and q.term = ${term}
      and q.in_name = ${inName} and q.popularity = p.popularity and q.num = p.num) is not null`;
  const all = (parts: RawBuilder<boolean>[]) =>
    parts.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(parts, sql` and `)}`;
  const othersInName = all(others.map((term) => posting(term, 1)));
  const othersPresent = all(others.map((term) => sql<boolean>`(${posting(term, 1)} or ${posting(term, 0)})`));
  const exact = wholeName(terms);

  /** One list of the walk: a term's postings of one `in_name`, with a condition, most popular first. */
  interface List {
    term: string;
    inName: 0 | 1;
    where: RawBuilder<boolean>;
  }
  const tiers: List[][] = [
    [{ term: exact, inName: 1, where: sql<boolean>`1 = 1` }],
    [{ term: lead!, inName: 1, where: sql<boolean>`${othersInName} and not (${posting(exact, 1)})` }],
    [
      { term: lead!, inName: 0, where: othersPresent },
      ...(others.length > 0
        ? [{ term: lead!, inName: 1 as const, where: sql<boolean>`${othersPresent} and not (${othersInName})` }]
        : []),
    ],
  ];
  const from = (list: List) =>
    sql`from music_search p where p.kind = ${table} and p.term = ${list.term} and p.in_name = ${list.inName} and ${list.where}`;
  const read = async (list: List, skip: number, take: number, after: Position | undefined) =>
    (
      await sql<{ num: number; popularity: number }>`select p.num, p.popularity ${from(list)}
        ${after ? sql`and (p.popularity, p.num) < (${after.popularity}, ${after.num})` : sql``}
        order by p.popularity desc, p.num desc limit ${take} offset ${skip}`.execute(db)
    ).rows.map((row) => ({ num: Number(row.num), popularity: Number(row.popularity) }));
  const countOf = async (list: List) =>
    Number((await sql<{ n: number }>`select count(*) as n ${from(list)}`.execute(db)).rows[0]?.n ?? 0);

  // a page that follows one just answered starts where it ended (no skipping), else skips `offset`
  const walk = `${table}\u0000${terms.join(' ')}`;
  const resume = offset > 0 ? positionsOf(db).take(`${walk}\u0000${offset}`) : undefined;
  const page: number[] = [];
  let last: Position | undefined;
  let skip = resume ? 0 : offset;
  for (let tier = resume?.tier ?? 0; tier < tiers.length; tier++) {
    const lists = tiers[tier]!;
    const want = limit - page.length;
    if (want === 0) break;
    const after = resume?.tier === tier ? resume : undefined;
    // a tier of two lists is their merge: each list's first skip + want hold the merge's
    const rows =
      lists.length === 1
        ? await read(lists[0]!, skip, want, after)
        : (await Promise.all(lists.map((list) => read(list, 0, skip + want, after))))
            .flat()
            .sort((a, b) => b.popularity - a.popularity || b.num - a.num)
            .slice(skip, skip + want);
    if (rows.length > 0) {
      page.push(...rows.map((row) => row.num));
      last = { tier, ...rows.at(-1)! };
      skip = 0;
    } else if (skip > 0) {
      // the offset passes this tier whole: skip what it holds
      let size = 0;
      for (const list of lists) size += await countOf(list);
      skip = Math.max(0, skip - size);
    }
  }
  if (page.length === limit && last) positionsOf(db).keep(`${walk}\u0000${offset + limit}`, last);
  return page;
}

/** Where a walk stands: after the row of this popularity and num, in this tier. */
interface Position {
  tier: number;
  popularity: number;
  num: number;
}

/** Positions kept per store (LRU), and how long one is good for. */
export const POSITIONS_KEPT = 256;
export const POSITION_TTL_MS = 60_000;
const positions = new WeakMap<Kysely<Database>, KeptPositions>();
const positionsOf = (db: Kysely<Database>) => {
  let kept = positions.get(db);
  if (!kept) positions.set(db, (kept = new KeptPositions()));
  return kept;
};

/**
 * Where recent walks ended, by walk and offset: the API pages by offset, and a client walking pages
 * in order asks next for the offset its last page ended at — found here, that page reads from the
 * position instead of skipping `offset` postings (an export of 10,000 rows reads each once). Kept
 * a minute, the most recently kept POSITIONS_KEPT (lru-cache): a row written meanwhile shifts a
 * position by as much as it shifts an offset, and a position not kept (another replica's, an
 * expired one) falls back to skipping.
 */
export class KeptPositions {
  // timed by Date.now at every look (lru-cache's own clock is performance.now, read at most once a millisecond)
  private readonly kept = new LRUCache<string, Position>({
    max: POSITIONS_KEPT,
    ttl: POSITION_TTL_MS,
    perf: Date,
    ttlResolution: 0,
  });

  /** The position kept under `key`, once (a page is read once). */
  take(key: string): Position | undefined {
    const position = this.kept.get(key);
    if (position) this.kept.delete(key);
    return position;
  }

  keep(key: string, position: Position): void {
    this.kept.set(key, position);
  }
}

/** Names of a prefix range read whole and sorted, beyond which the range is walked in popularity order instead. */
const MOST_RANGE_READ = 1_000;

/**
 * The nums of up to `limit` rows of `table` whose `name_key` starts with `prefix`, most popular
 * first (then `num` descending). A prefix of up to SUGGEST_PREFIX_POSTINGS characters is one list
 * of the index, read in order. A longer one: a range of `name_key` of at most MOST_RANGE_READ
 * names is read whole and sorted; a larger one walks its first characters' list in popularity
 * order, keeping the names that start with the prefix — at least MOST_RANGE_READ of that list's
 * names do, so the walk reads about `limit × list ÷ MOST_RANGE_READ` postings, never the range.
 */
export async function suggestNums(
  db: Kysely<Database>,
  table: 'music_artists' | 'music_tracks',
  prefix: string,
  limit: number,
  mostRangeRead = MOST_RANGE_READ,
): Promise<number[]> {
  const range = sql<boolean>`t.name_key >= ${prefix} and t.name_key < ${prefixEnd(prefix)}`;
  const walk = async (filter: RawBuilder<boolean>) =>
    (
      await sql<{ num: number }>`select p.num from music_search p ${
        filter === ALL ? sql`` : sql`join ${sql.table(table)} t on t.num = p.num`
      } where p.kind = ${table} and p.term = ${namePrefix(prefix)} and p.in_name = 1 and ${filter}
        order by p.popularity desc, p.num desc limit ${limit}`.execute(db)
    ).rows.map((row) => Number(row.num));
  if ([...prefix].length <= SUGGEST_PREFIX_POSTINGS) return walk(ALL);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(table)} t
    where ${range} limit ${mostRangeRead + 1}) r`.execute(db);
  if (Number(rows[0]?.n ?? 0) > mostRangeRead) return walk(range);
  const popularity = sql.ref(`t.${MUSIC_SEARCHED[table].popularity}`);
  return (
    await sql<{ num: number }>`select t.num from ${sql.table(table)} t where ${range}
      order by ${popularity} desc, t.num desc limit ${limit}`.execute(db)
  ).rows.map((row) => Number(row.num));
}

const ALL = sql<boolean>`1 = 1`;

/** The upper bound of the name keys starting with `prefix` (its last character moved one up). */
function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!;
  return chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}
