import { parseTimeBound, type RelativeTime, type TimeBound } from '@socialquery/core';
import { z } from 'zod';

/**
 * Parameters as Arctic Shift and Pushshift read them (docs/compat.md): their date forms, booleans,
 * `t3_`/`t1_`-prefixed ids, `r/` and `u/` names, and Pushshift's `>100` comparisons. Each outputs the
 * value the forum's own reads take, so the handlers never parse the wire again.
 */

const OFFSET =
  /^([0-9]{1,6}) ?(s|sec|secs|second|seconds|m|min|mins|minute|minutes|h|hr|hrs|hour|hours|d|day|days|w|week|weeks|mo|month|months|y|yr|yrs|year|years)$/i;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Months are 30 days, years 365; a bare `m` is read per service (CompatDateOptions). */
const OFFSET_UNIT_MS: Record<string, number> = {
  s: SECOND,
  m: MINUTE,
  h: HOUR,
  d: DAY,
  w: 7 * DAY,
  mo: 30 * DAY,
  y: 365 * DAY,
};

/**
 * What a bare `m` offset counts: Pushshift's `60m` is minutes; Arctic Shift's docs list `3m` beside
 * `5min`, so there it is months.
 */
export type BareM = 'minutes' | 'months';

function offsetUnit(word: string, bareM: BareM): number {
  const unit = word.toLowerCase();
  if (unit === 'm') return bareM === 'months' ? OFFSET_UNIT_MS.mo! : OFFSET_UNIT_MS.m!;
  if (unit.startsWith('mo')) return OFFSET_UNIT_MS.mo!;
  if (unit.startsWith('mi')) return OFFSET_UNIT_MS.m!;
  return OFFSET_UNIT_MS[unit[0]!]!;
}

/** Epoch numbers of 13 digits or more are milliseconds (as seconds they would be after the year 9999). */
const EPOCH_MS_FROM = 1_000_000_000_000;
const EPOCH = /^[0-9]{1,16}$/;
/** A date and time without a zone, `T` or a space between: read as UTC, as both services do. */
const ZONELESS = /^([0-9]{4}-[0-9]{2}-[0-9]{2})[T ]([0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,3})?)?)$/;

const DATE_FORMS =
  'epoch seconds or milliseconds, an ISO 8601 date or time (2020-01-01, 2020-01-01 00:00:00, 2020-01-01T00:00:00.000Z), ' +
  'or a time before now (30d, 24h, 1year, 5min, 10s)';

/** A compat date as a moment, or a RelativeTime (core's resolveTimeBound counts it back from the request's moment). */
export function parseCompatDate(
  value: string,
  bareM: BareM = 'minutes',
): { bound: Date | RelativeTime } | { error: string } {
  const text = value.trim();
  const offset = OFFSET.exec(text);
  if (offset) return { bound: { ago: Number(offset[1]) * offsetUnit(offset[2]!, bareM) } };
  if (EPOCH.test(text)) {
    const n = Number(text);
    const parsed = parseTimeBound(String(n >= EPOCH_MS_FROM ? Math.floor(n / 1000) : n));
    if ('error' in parsed) return parsed;
    return { bound: new Date(n >= EPOCH_MS_FROM ? n : parsed.ms) };
  }
  const zoneless = ZONELESS.exec(text);
  const parsed = parseTimeBound(zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : text);
  if ('error' in parsed) return { error: parsed.error.startsWith('must be ') ? `must be ${DATE_FORMS}` : parsed.error };
  return { bound: new Date(parsed.ms) };
}

/** `after` or `before` in the compat forms (exclusive, on `created_utc`). */
export function compatDateParam(bound: TimeBound, bareM: BareM) {
  return z
    .string({ error: `must be ${DATE_FORMS}` })
    .transform((value, ctx): Date | RelativeTime => {
      const parsed = parseCompatDate(value, bareM);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.bound;
    })
    .optional()
    .meta({
      type: 'string',
      description: `Only items created ${bound} this moment (exclusive): ${DATE_FORMS}; a bare m counts ${bareM}.`,
      'x-time-bound': bound,
    });
}

const TRUE = new Set(['true', '1', 'yes', 'y']);
const FALSE = new Set(['false', '0', 'no', 'n']);

/** A boolean as Arctic Shift reads one: true, 1, yes, y / false, 0, no, n (any case). */
export function compatBooleanParam(description: string) {
  return z
    .string({ error: 'must be true or false (also 1/0, yes/no, y/n)' })
    .transform((value, ctx) => {
      const word = value.toLowerCase();
      if (TRUE.has(word)) return true;
      if (FALSE.has(word)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false (also 1/0, yes/no, y/n)' });
      return z.NEVER;
    })
    .optional()
    .meta({ type: 'boolean', description });
}

/** A post (`t3`) or comment (`t1`) id, with or without its prefix, as stored: without it. */
export function withoutPrefix(id: string, kind: 't3' | 't1'): string {
  return id.startsWith(`${kind}_`) ? id.slice(3) : id;
}

const ID_LENGTH_MAX = 100;

/** One id, its `t3_`/`t1_` prefix optional. */
export function compatIdParam(kind: 't3' | 't1', description: string) {
  return z
    .string({ error: 'must be an id' })
    .min(1, { error: 'must not be empty' })
    .max(ID_LENGTH_MAX + 3, { error: `must be at most ${ID_LENGTH_MAX} characters` })
    .transform((id) => withoutPrefix(id, kind))
    .optional()
    .describe(description);
}

/** `ids`: comma-separated, prefixes optional, at most `max`; duplicates answered once. */
export function compatIdsParam(kind: 't3' | 't1', max: number) {
  const error = `must list 1 to ${max} ids, comma-separated`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : error) })
    .transform((value, ctx) => {
      const ids = value.split(',').map((id) => withoutPrefix(id.trim(), kind));
      if (ids.some((id) => id.length === 0 || id.length > ID_LENGTH_MAX)) {
        ctx.addIssue({ code: 'custom', message: `${error}; none empty or over ${ID_LENGTH_MAX} characters` });
        return z.NEVER;
      }
      const unique = [...new Set(ids)];
      if (unique.length > max) {
        ctx.addIssue({ code: 'custom', message: `must list at most ${max} ids (got ${unique.length})` });
        return z.NEVER;
      }
      return unique;
    })
    .meta({ type: 'string', description: `Comma-separated ids (prefix ${kind}_ optional), at most ${max}.` });
}

/** A subreddit or user name; a leading `r/` or `u/` (or `/r/`, `/u/`) is dropped, as Arctic Shift does. */
export function compatName(kind: 'r' | 'u', description: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a name') })
    .max(100 + 3, { error: 'must be at most 100 characters' })
    .transform((name, ctx) => {
      const bare = name.replace(kind === 'r' ? /^\/?r\//i : /^\/?u(?:ser)?\//i, '');
      if (bare.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'must not be empty' });
        return z.NEVER;
      }
      return bare;
    })
    .describe(description);
}

/** An optional compatName (no filter when absent). */
export const compatNameParam = (kind: 'r' | 'u', description: string) =>
  compatName(kind, description).optional().describe(description);

/** An inclusive range of an integer field (either end may be absent). */
export interface IntegerRange {
  min?: number;
  max?: number;
}

const COMPARISON = /^(>=|<=|>|<|=)?(-?[0-9]{1,10})$/;
const COMPARISON_BOUND = 1_000_000_000;

/** Pushshift's comparison of an integer field: `100` (equal), `>100`, `<100`, `>=100`, `<=100`. */
export function comparisonParam(description: string) {
  const forms = 'must be a number, or one with >, <, >= or <= before it (>100)';
  return z
    .string({ error: forms })
    .transform((value, ctx): IntegerRange => {
      const match = COMPARISON.exec(value.trim());
      const n = match ? Number(match[2]) : Number.NaN;
      if (!match || Math.abs(n) > COMPARISON_BOUND) {
        ctx.addIssue({ code: 'custom', message: match ? `must be within ±${COMPARISON_BOUND}` : forms });
        return z.NEVER;
      }
      switch (match[1]) {
        case '>':
          return { min: n + 1 };
        case '>=':
          return { min: n };
        case '<':
          return { max: n - 1 };
        case '<=':
          return { max: n };
        default:
          return { min: n, max: n };
      }
    })
    .optional()
    .meta({ type: 'string', description });
}
