import { z } from 'zod';

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

/** A strict boolean: exactly `true` or `false` on the wire. */
export function booleanParam(fallback: boolean) {
  return z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === true || value === 'true'))
    .meta({ type: 'boolean', default: fallback });
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
    .meta({ type: 'string', description: `Comma-separated ids, at most ${max}; each found record comes back once, in the order given.` });
}
