import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ImportRow } from '../../import/types.js';
import { isObject, type Json } from '../../import/values.js';
import type { Database } from '../../schema.js';

/**
 * Spotify's `available_markets`: the country codes where an album, track or show can be played.
 * Most of a catalog lists the same ~185 codes, which were most of those objects' `extra` and of an
 * import's bytes written. A list of more than INLINE_MAX codes is therefore stored once, as a row of
 * `music_market_lists` (migration 0030) whose id is derived from its content, and the object's
 * `extra` holds that id, a string, in the list's place; a shorter list stays inline. The source's
 * value is always an array, so a string there is always such an id. Answers put the list back
 * (fillMarketLists): what is answered is the source's list, exactly.
 *
 * Ids are content hashes, so a list's row never changes once written, the same list imported into
 * any store gets the same id, and the reader may keep lists it has read for as long as it likes.
 * Rows no object names any more are left in place (a few hundred bytes each).
 */
export const MARKETS = 'available_markets';
const INLINE_MAX = 10;

/** The lists seen lately, newest first: most objects repeat one of a few, compared code by code. */
interface SeenList {
  markets: readonly string[];
  id: string;
  json: string;
}
const seen: SeenList[] = [];
const SEEN_MAX = 8;

const sameList = (a: readonly unknown[], b: readonly string[]) =>
  a.length === b.length && a.every((code, i) => code === b[i]);

/** The record's market list when it is stored by reference: its id, and the row that stores it. */
export function marketListOf(record: Json): { id: string; row: ImportRow<'music_market_lists'> } | undefined {
  const markets = record[MARKETS];
  if (!Array.isArray(markets) || markets.length <= INLINE_MAX) return undefined;
  let list = seen.find((known) => sameList(markets, known.markets));
  if (list === undefined) {
    if (!markets.every((code) => typeof code === 'string')) return undefined;
    const json = JSON.stringify(markets);
    list = {
      markets,
      id: `m:${createHash('sha256').update(json).digest('base64url').slice(0, 22)}`,
      json,
    };
    seen.unshift(list);
    if (seen.length > SEEN_MAX) seen.pop();
  }
  return { id: list.id, row: { table: 'music_market_lists', values: { id: list.id, markets: list.json } } };
}

/** A `music_market_lists` id as an `extra` holds it in the list's place. */
const isListId = (value: unknown): value is string => typeof value === 'string' && value.startsWith('m:');

/**
 * The objects of an answer that hold a market list id: `extra` objects, wherever they are (records,
 * records inside pages, a playlist entry's `extra.track`). No answered field of its own is named
 * `available_markets`.
 */
function* referencesIn(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 12 || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) yield* referencesIn(item, depth + 1);
    return;
  }
  const object = value as Record<string, unknown>;
  if (isListId(object[MARKETS])) yield object;
  for (const inner of Object.values(object)) yield* referencesIn(inner, depth + 1);
}

/** The lists a reader keeps at most (a store holds a few). */
const KNOWN_MAX = 1024;

/**
 * Reads market lists by id for one store, keeping those read (they never change: see above), and
 * puts them back into the `extra` objects of an answer.
 */
export function marketListReader(db: Kysely<Database>): (answer: unknown) => Promise<void> {
  const known = new Map<string, string[]>();
  return async (answer) => {
    const extras = [...referencesIn(answer)];
    if (extras.length === 0) return;
    const missing = [...new Set(extras.map((extra) => extra[MARKETS] as string))].filter((id) => !known.has(id));
    if (missing.length > 0) {
      const rows = await db.selectFrom('music_market_lists').selectAll().where('id', 'in', missing).execute();
      if (known.size + rows.length > KNOWN_MAX) known.clear();
      for (const row of rows) known.set(row.id, JSON.parse(row.markets) as string[]);
    }
    for (const extra of extras) {
      const list = known.get(extra[MARKETS] as string);
      if (list) extra[MARKETS] = list;
    }
  };
}

/** Whether a read's argument is ReadOptions asking for `extra`. */
const asksExtra = (arg: unknown) => isObject(arg) && arg.extra === true;

/**
 * The source with every read that asks for `extra` (its ReadOptions argument) answering the market
 * lists whole: one decorator over the source's reads, so none of them can forget it.
 */
export function withMarketLists<S extends object>(source: S, fill: (answer: unknown) => Promise<void>): S {
  const reads: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(source)) {
    reads[name] =
      typeof read !== 'function'
        ? read
        : async (...args: unknown[]) => {
            const answer: unknown = await (read as (...args: unknown[]) => Promise<unknown>)(...args);
            if (args.some(asksExtra)) await fill(answer);
            return answer;
          };
  }
  return reads as S;
}
