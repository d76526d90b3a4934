import { z } from 'zod';
import { parseSearchQuery, type QueryLanguageOptions, QuerySyntaxError, type SearchQuery } from './query-language.js';

/**
 * Query parameter schemas. On the wire every value is a string; the typed clients may
 * also pass the native value (a number, a boolean), so each schema accepts both and
 * outputs the native value. Messages are phrased to follow the parameter name
 * ("limit must be at most 100").
 */

const DIGITS = /^[0-9]+$/;

export interface IntegerParamOptions {
  min: number;
  max: number;
  default: number;
}

/** A bounded integer: base-10 digits only on the wire (no sign, exponent, fraction or spaces). */
export function integerParam({ min, max, default: fallback }: IntegerParamOptions) {
  return z
    .union([z.number(), z.string()], { error: `must be an integer from ${min} to ${max}` })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const n = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: n < min ? `must be at least ${min}` : `must be at most ${max}` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ type: 'integer', minimum: min, maximum: max, default: fallback });
}

export interface OptionalIntegerParamOptions {
  min: number;
  max: number;
  description?: string;
}

/**
 * An optional bounded integer without a default (undefined when absent): base-10 digits, with a
 * leading `-` only when the range goes below zero (no plus sign, exponent, fraction or spaces).
 */
export function optionalIntegerParam({ min, max, description }: OptionalIntegerParamOptions) {
  const range = `must be an integer from ${min} to ${max}`;
  const wire = min < 0 ? SIGNED_DIGITS : DIGITS;
  return z
    .union([z.number(), z.string()], { error: range })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : wire.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(n)) {
        ctx.addIssue({ code: 'custom', message: range });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: n < min ? `must be at least ${min}` : `must be at most ${max}` });
        return z.NEVER;
      }
      return n === 0 ? 0 : n; // '-0' is 0
    })
    .optional() // outside the transform: the key is optional in the output type too
    .meta({ type: 'integer', minimum: min, maximum: max, ...(description ? { description } : {}) });
}

const SIGNED_DIGITS = /^-?[0-9]+$/;

/** A strict boolean: exactly `true` or `false` on the wire. */
export function booleanParam(fallback: boolean) {
  return z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === true || value === 'true'))
    .meta({ type: 'boolean', default: fallback });
}

/** A strict boolean without a default: absent stays undefined (a filter that is off). */
export function optionalBooleanParam() {
  return z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
    .transform((value) => value === true || value === 'true')
    .optional()
    .meta({ type: 'boolean' });
}

/** An enumeration matched exactly as spelled, with its default. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.enum(values, { error: `must be one of: ${values.join(', ')}` }).default(fallback);
}

/** A required, non-empty string (path segments, ids, usernames, keywords). */
export function requiredString(maxLength = 512) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .min(1, { error: 'must not be empty' })
    .max(maxLength, { error: `must be at most ${maxLength} characters` });
}

/** An optional string such as a paging token. */
export function optionalString(maxLength = 2048) {
  return z
    .string({ error: 'must be a string' })
    .max(maxLength, { error: `must be at most ${maxLength} characters` })
    .optional();
}

export interface IdsParamOptions {
  /** Most ids one request may list. */
  max: number;
  /** Longest id accepted. */
  maxLength: number;
}

/**
 * A batch lookup's `ids`: a comma-separated list on the wire (a list from the typed clients), 1 to
 * `max` non-empty ids; repeated ids are kept once, in the order first given.
 */
export function idsParam({ max, maxLength }: IdsParamOptions) {
  const error = `must list 1 to ${max} ids, comma-separated`;
  return z
    .union([z.string(), z.array(z.string())], { error: (issue) => (issue.input === undefined ? 'is required' : error) })
    .transform((value, ctx) => {
      const ids = typeof value === 'string' ? value.split(',') : value;
      if (ids.length === 0 || ids.some((id) => id.length === 0)) {
        ctx.addIssue({ code: 'custom', message: `${error}; none empty` });
        return z.NEVER;
      }
      const unique = [...new Set(ids)];
      if (unique.length > max) {
        ctx.addIssue({ code: 'custom', message: `must list at most ${max} ids (got ${unique.length})` });
        return z.NEVER;
      }
      const long = unique.find((id) => id.length > maxLength);
      if (long !== undefined) {
        ctx.addIssue({ code: 'custom', message: `each id must be at most ${maxLength} characters` });
        return z.NEVER;
      }
      return unique;
    })
    .meta({
      type: 'string',
      description: `Comma-separated ids, at most ${max}; each found record comes back once, in the order given.`,
    });
}

/** Latest moment a time bound may name: 9999-12-31T23:59:59.999Z (epoch seconds up to 253402300799). */
export const TIME_BOUND_MAX_MS = 253_402_300_799_999;

const EPOCH_SECONDS = /^[0-9]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/;
/** An offset whose `+` arrived as a space: the query string's form encoding of an unescaped `+`. */
const PLUS_AS_SPACE = /^\d{4}-\d{2}-\d{2}T[\d:.]+ \d{2}:\d{2}$/;

const TIME_BOUND_FORMS =
  'an ISO 8601 timestamp with Z or an offset (2024-05-01T12:00:00Z), a date (2024-05-01, UTC midnight) or epoch seconds';

/**
 * The moment a time bound names, in epoch milliseconds, or the reason it names none. Forms: an ISO
 * 8601 timestamp with `Z` or a `±HH:MM` offset (seconds and up to 3 fraction digits optional), a
 * date alone (UTC midnight), or epoch seconds (digits only). Calendar dates are checked (no
 * 2024-02-30); the moment must lie in 1970-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z.
 */
export function parseTimeBound(value: string): { ms: number } | { error: string } {
  let ms: number | undefined;
  if (EPOCH_SECONDS.test(value)) {
    const seconds = Number(value);
    ms = seconds * 1000;
    if (!Number.isSafeInteger(ms) || ms > TIME_BOUND_MAX_MS)
      return { error: `must be at most ${Math.floor(TIME_BOUND_MAX_MS / 1000)} as epoch seconds` };
    return { ms };
  }
  const date = ISO_DATE.exec(value);
  const dateTime = date ? undefined : ISO_DATE_TIME.exec(value);
  const parts = date ?? dateTime;
  if (!parts) {
    if (PLUS_AS_SPACE.test(value)) return { error: `must be ${TIME_BOUND_FORMS}; send a '+' in the offset as %2B` };
    return { error: `must be ${TIME_BOUND_FORMS}` };
  }
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const [hour, minute, second] = [Number(parts[4] ?? 0), Number(parts[5] ?? 0), Number(parts[6] ?? 0)];
  const fraction = Number((parts[7] ?? '').padEnd(3, '0'));
  const offset = parts[8] ?? 'Z';
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month))
    return { error: `names no calendar date (${parts[1]}-${parts[2]}-${parts[3]})` };
  if (hour > 23 || minute > 59 || second > 59)
    return { error: 'names no time of day (hours 00-23, minutes and seconds 00-59)' };
  let offsetMinutes = 0;
  if (offset !== 'Z') {
    const [offsetHours, offsetMins] = [Number(offset.slice(1, 3)), Number(offset.slice(4, 6))];
    if (offsetHours > 23 || offsetMins > 59) return { error: 'has an offset beyond ±23:59' };
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, fraction);
  ms = utc.getTime() - offsetMinutes * 60_000;
  if (ms < 0) return { error: 'must not be before 1970-01-01T00:00:00Z' };
  if (ms > TIME_BOUND_MAX_MS) return { error: 'must not be after 9999-12-31T23:59:59.999Z' };
  return { ms };
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
}

/** Which end of a time window a bound is. */
export type TimeBound = 'after' | 'before';

export interface TimeBoundParamOptions {
  /** What the bound compares, as the description words it: `created` (default), `published`… */
  event?: string;
  /** Added to the description (what the bound combines with, for example). */
  note?: string;
}

/**
 * `after` or `before`: an exclusive bound on when an item was created (or published), as a Date
 * (undefined when absent). On the wire see `parseTimeBound`; the typed clients may also pass a Date
 * (sent as its ISO form). Whether after < before is checked where both are known (core/server's
 * `timeWindowOf`). The meta's `x-time-bound` names the end, for tools that generate requests.
 */
export function timeBoundParam(bound: TimeBound, { event = 'created', note }: TimeBoundParamOptions = {}) {
  const description =
    `Only items ${event} ${bound} this moment (exclusive): ${TIME_BOUND_FORMS}.` + (note ? ` ${note}` : '');
  return z
    .union([z.string(), z.date()], { error: `must be ${TIME_BOUND_FORMS}` })
    .transform((value, ctx) => {
      const parsed = typeof value === 'string' ? parseTimeBound(value) : dateBound(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return new Date(parsed.ms);
    })
    .optional() // outside the transform: the key is optional in the output type too
    .meta({ type: 'string', description, 'x-time-bound': bound });
}

/** A Date from a typed client (z.date() has already refused an invalid one). */
function dateBound(value: Date): { ms: number } | { error: string } {
  const ms = value.getTime();
  if (ms < 0) return { error: 'must not be before 1970-01-01T00:00:00Z' };
  if (ms > TIME_BOUND_MAX_MS) return { error: 'must not be after 9999-12-31T23:59:59.999Z' };
  return { ms };
}

/** A moment given relative to the request's own (`7d`): this many milliseconds before it. */
export interface RelativeTime {
  ago: number;
}

const RELATIVE_TIME = /^([0-9]{1,6})(s|m|h|d|w|y)$/;
const RELATIVE_UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 };
const RELATIVE_FORMS =
  'or a time before now: a count and s, m, h, d, w or y (30m, 24h, 7d, 2w, 1y; a year is 365 days)';

/** `7d` → 7 days before now; undefined for any other text. */
export function parseRelativeTime(value: string): RelativeTime | undefined {
  const match = RELATIVE_TIME.exec(value);
  if (!match) return undefined;
  return { ago: Number(match[1]) * RELATIVE_UNIT_MS[match[2] as keyof typeof RELATIVE_UNIT_MS] };
}

/**
 * `after` or `before` as timeBoundParam takes it, or relative to the moment of the request (`7d`, `24h`):
 * a Date, or a RelativeTime the handler resolves against its own `now` (core/server's `resolveTimeBound`).
 */
export function relativeTimeBoundParam(bound: TimeBound, { event = 'created', note }: TimeBoundParamOptions = {}) {
  const description =
    `Only items ${event} ${bound} this moment (exclusive): ${TIME_BOUND_FORMS}, ${RELATIVE_FORMS}.` +
    (note ? ` ${note}` : '');
  return z
    .union([z.string(), z.date()], { error: `must be ${TIME_BOUND_FORMS}, ${RELATIVE_FORMS}` })
    .transform((value, ctx): Date | RelativeTime => {
      const relative = typeof value === 'string' ? parseRelativeTime(value) : undefined;
      if (relative) return relative;
      const parsed = typeof value === 'string' ? parseTimeBound(value) : dateBound(value);
      if ('error' in parsed) {
        ctx.addIssue({
          code: 'custom',
          message: parsed.error.startsWith('must be ') ? `${parsed.error}, ${RELATIVE_FORMS}` : parsed.error,
        });
        return z.NEVER;
      }
      return new Date(parsed.ms);
    })
    .optional()
    .meta({ type: 'string', description, 'x-time-bound': bound });
}

export interface SearchQueryParamOptions extends QueryLanguageOptions {
  maxLength: number;
  /** A value with no letter or digit: refused (the default), or taken as it is (a search that finds nothing). */
  wordless?: 'refuse' | 'accept';
  /** What the operation cannot answer of a well-formed query: a reason, or undefined to take it. */
  refuse?: (query: SearchQuery) => string | undefined;
}

/**
 * A search query in the query language (query-language.ts, docs/query-language.md), checked on the
 * way in: a malformed one → 400 naming the fault and its character. Handlers parse it again (cheap).
 */
export function searchQueryParam({ maxLength, wordless = 'refuse', refuse, ...options }: SearchQueryParamOptions) {
  return requiredString(maxLength).superRefine((q, ctx) => {
    if (!/[\p{L}\p{N}]/u.test(q)) {
      if (wordless === 'refuse') ctx.addIssue({ code: 'custom', message: 'must hold a word (letters or digits)' });
      return;
    }
    try {
      // parsed first: `refuse?.(…)` would not evaluate its argument when there is no `refuse`
      const query = parseSearchQuery(q, options);
      const reason = refuse?.(query);
      if (reason !== undefined) ctx.addIssue({ code: 'custom', message: `is not a valid query here: ${reason}` });
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      ctx.addIssue({ code: 'custom', message: `is not a valid query: ${error.message}` });
    }
  });
}
