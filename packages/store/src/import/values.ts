import { RecordError } from './types.js';

/** Field readers for untrusted JSON records: each returns the value or throws a RecordError naming the field. */
export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object(record: Json, field: string): Json {
  const value = record[field];
  if (!isObject(value)) throw new RecordError(`${field}: expected an object`);
  return value;
}

export function optionalObject(record: Json, field: string): Json {
  const value = record[field];
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new RecordError(`${field}: expected an object`);
  return value;
}

export function requiredString(record: Json, field: string): string {
  const value = record[field];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string' || value === '') throw new RecordError(`${field}: expected a non-empty string`);
  return value;
}

export function optionalString(record: Json, field: string, fallback = ''): string {
  const value = record[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw new RecordError(`${field}: expected a string`);
  return value;
}

/** An integer given as a number or a numeric string (APIs send counts as strings); missing → `fallback`. */
export function integer(record: Json, field: string, fallback?: number): number {
  const value = record[field];
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  const n = typeof value === 'string' && /^-?[0-9]+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    throw new RecordError(`${field}: expected an integer, got ${JSON.stringify(value)}`);
  return n;
}

/** Epoch seconds (number or numeric string, fractions allowed) → epoch milliseconds. */
export function epochSeconds(record: Json, field: string): number {
  const value = record[field];
  const n = typeof value === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
    throw new RecordError(`${field}: expected epoch seconds, got ${JSON.stringify(value)}`);
  return Math.round(n * 1000);
}

/** An ISO 8601 timestamp → epoch milliseconds. */
export function isoTimestamp(record: Json, field: string): number {
  const value = record[field];
  const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new RecordError(`${field}: expected an ISO 8601 timestamp, got ${JSON.stringify(value)}`);
  return ms;
}

export function boolean(record: Json, field: string, fallback = false): boolean {
  const value = record[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new RecordError(`${field}: expected true or false`);
  return value;
}

/** The message of an error thrown while mapping, as reported next to the record's location. */
/**
 * A source's image objects (`{url, width, height}`, a size null or missing when the source does
 * not know it: 0) → the store's JSON array of {url, width, height}; entries without a url are passed over.
 */
export function imageListJson(images: readonly unknown[]): string {
  return JSON.stringify(
    images
      .filter((image): image is Json => isObject(image) && typeof image.url === 'string')
      .map((image) => ({
        url: image.url as string,
        width: typeof image.width === 'number' ? image.width : 0,
        height: typeof image.height === 'number' ? image.height : 0,
      })),
  );
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Undoes the HTML escaping a format applies to its text, for exactly the entities it escapes and
 * in one pass: `&amp;lt;` (a `&lt;` the author typed) becomes `&lt;`, never `<`. Formats that do
 * not escape a field must not pass it here: a literal `&amp;` typed there stays as typed.
 */
export function htmlUnescaper(entities: Readonly<Record<string, string>>): (text: string) => string {
  const pattern = new RegExp(Object.keys(entities).join('|'), 'g');
  const replace = (entity: string) => entities[entity] ?? entity;
  return (text) => (text.includes('&') ? text.replace(pattern, replace) : text);
}

/** What Reddit (submission `title`/`selftext`, comment `body`) and Twitter's v1.1 tweet text escape. */
export const unescapeAmpLtGt = htmlUnescaper({ '&amp;': '&', '&lt;': '<', '&gt;': '>' });
