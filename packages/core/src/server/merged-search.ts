import { QUERY_CHECKED_PER_PAGE_MAX } from '../query-language.js';

/**
 * A page of a search in the query language (core's query-language.ts) over an index that finds the
 * items holding a set of words, in an order: the union of one read per set of words the query stands
 * for (its combinations of `a OR b`, a prefix's words), merged in the order, each item once, and, where
 * words alone do not decide (a phrase's order, a field, an exclusion), each result checked on its text.
 * docs/query-language.md ("How the forum answers it") explains why this pages exactly; the forum and
 * video searches use it.
 */

/** One word set's read: up to `limit` items after `after` in the order, each with its position in that read. */
export type WordSetRead<T, P> = (
  words: readonly string[],
  after: P | undefined,
  limit: number,
) => Promise<{ item: T; position: P }[]>;

export interface MergedSearch<T, P> {
  wordSets: readonly (readonly string[])[];
  read: WordSetRead<T, P>;
  /**
   * The item's place for the whole query, given its place in a read of one set: the same key, with
   * the tier of the query's best set (relevance ranks by "the title holds every word of a set").
   */
  placeOf: (item: T, inRead: P) => P;
  /** Negative when `a` comes first. */
  order: (a: P, b: P) => number;
  idOf: (item: T) => string;
  /** What a result must also hold (phrases, fields, exclusions); absent: words decide. */
  check?: ((item: T) => boolean) | undefined;
}

export interface MergedPageBounds {
  /** The most results a page checks before it answers those that held (fewer than `limit`). */
  checkedMax: number;
  /** The most items one read asks a set for (reads double from the page's size up to it). */
  batchMax: number;
}

/** The bounds every search in the language pages with (docs/query-language.md). */
export const MERGED_PAGE_BOUNDS: MergedPageBounds = { checkedMax: QUERY_CHECKED_PER_PAGE_MAX, batchMax: 500 };

export interface MergedPage<T, P> {
  found: { item: T; position: P }[];
  /** Where the next page starts: after this position; undefined when nothing follows. */
  next: P | undefined;
}

export async function readMergedPage<T, P>(
  search: MergedSearch<T, P>,
  after: P | undefined,
  limit: number,
  { checkedMax, batchMax }: MergedPageBounds = MERGED_PAGE_BOUNDS,
): Promise<MergedPage<T, P>> {
  const found: { item: T; position: P }[] = [];
  let from = after;
  let batch = limit + 1;
  let checked = 0;
  for (;;) {
    const round = await readRound(search, from, batch);
    for (const candidate of round.certain) {
      checked++;
      if (!search.check || search.check(candidate.item)) found.push(candidate);
      if (found.length > limit) return { found: found.slice(0, limit), next: found[limit - 1]!.position };
    }
    if (!round.horizon) return { found, next: undefined };
    if (checked >= checkedMax) return { found, next: round.horizon };
    from = round.horizon;
    batch = Math.min(batch * 2, batchMax);
  }
}

/**
 * One read of every set after `from`, merged into the query's order. An item is taken from the set
 * whose read places it where the query does, once. A set whose read came back full stops what is
 * certain at its last position (`horizon`, the earliest of them): past it, an item of that set may be
 * missing. Every item of a full read is certain, so a round with a horizon holds at least `batch`
 * certain items. Undefined `horizon`: every set was read to its end.
 */
async function readRound<T, P>(search: MergedSearch<T, P>, from: P | undefined, batch: number) {
  const { order } = search;
  const reads = await Promise.all(search.wordSets.map((words) => search.read(words, from, batch)));
  // one set is its own best: its read's places are the query's
  const single = search.wordSets.length === 1;
  const taken = new Set<string>();
  const candidates: { item: T; position: P }[] = [];
  let horizon: P | undefined;
  for (const rows of reads) {
    const last = rows.at(-1);
    if (rows.length >= batch && last && (!horizon || order(last.position, horizon) < 0)) horizon = last.position;
    for (const { item, position: inRead } of rows) {
      const position = single ? inRead : search.placeOf(item, inRead);
      const id = search.idOf(item);
      if (taken.has(id) || order(position, inRead) !== 0) continue;
      taken.add(id);
      candidates.push({ item, position });
    }
  }
  candidates.sort((a, b) => order(a.position, b.position));
  const certain = horizon ? candidates.filter((c) => order(c.position, horizon) <= 0) : candidates;
  return { certain, horizon };
}
