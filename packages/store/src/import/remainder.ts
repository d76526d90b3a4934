import { isObject, type Json } from './values.js';

/**
 * What of a source record the store's columns hold, as a tree of keys (`true`: the whole value);
 * everything else of the record is its `extra` (see remainderOf).
 */
export type Taken = ReadonlyMap<string, Taken | true>;

/** The tree of dotted field paths (`snippet.title`, `contentDetails.duration`). */
export function taken(...paths: string[]): Taken {
  const root = new Map<string, Taken | true>();
  for (const path of paths) {
    const keys = path.split('.');
    let node = root;
    for (const key of keys.slice(0, -1)) {
      const next = node.get(key);
      if (next instanceof Map) node = next as Map<string, Taken | true>;
      else node.set(key, (node = new Map()));
    }
    node.set(keys.at(-1)!, true);
  }
  return root;
}

/**
 * The record without the fields its columns hold, as JSON: every other field, in the source's own
 * nesting, order and types (counts stay as the source wrote them); an object the removal leaves
 * empty is left out, one the source sent empty is kept.
 */
export const remainderOf = (record: Json, fields: Taken): string => JSON.stringify(without(record, fields));

/**
 * A copy of `record` in which the taken fields are `undefined` (JSON.stringify leaves them out);
 * what is not taken is shared, not copied. The copy is a spread, which keeps the parsed record's
 * shape, and only the taken keys are visited: stringifying it is about twice as fast as building
 * the remainder key by key (a dump line has a hundred fields, its columns a dozen).
 */
export function without(record: Json, fields: Taken): Json {
  const rest: Json = { ...record };
  for (const [key, take] of fields) {
    if (!Object.hasOwn(rest, key)) continue;
    if (take === true) {
      rest[key] = undefined;
      continue;
    }
    const value = rest[key];
    if (!isObject(value)) continue;
    const inner = without(value, take);
    const left = Object.values(inner).some((field) => field !== undefined);
    rest[key] = left || Object.keys(value).length === 0 ? inner : undefined;
  }
  return rest;
}
