import { z } from 'zod';
import {
  booleanParam,
  enumParam,
  idsParam,
  integerParam,
  optionalIntegerParam,
  optionalString,
  parseTimeBound,
  requiredString,
  timeBoundParam,
  relativeTimeBoundParam,
} from './params.js';
import { resolveTimeBound } from './server/time-window.js';

/** The messages of a failed parse, or a failure of the test when the parse succeeded. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success)
    throw new Error(`expected ${JSON.stringify(input)} to be rejected, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => issue.message);
}

describe('integerParam', () => {
  const limit = integerParam({ min: 1, max: 100, default: 20 });
  const RANGE = 'must be an integer from 1 to 100';

  it('applies the default when the value is undefined', () => {
    expect(limit.parse(undefined)).toBe(20);
  });

  it('applies the default for a missing key inside an object', () => {
    expect(z.object({ limit }).parse({})).toEqual({ limit: 20 });
  });

  it.each([
    ['1', 1],
    ['100', 100],
    ['42', 42],
    ['007', 7],
    [1, 1],
    [100, 100],
    [55, 55],
  ])('accepts %p as %p', (input, expected) => {
    expect(limit.parse(input)).toBe(expected);
  });

  it('outputs a number, not the wire string', () => {
    expect(typeof limit.parse('5')).toBe('number');
  });

  it.each([
    ['0', 'must be at least 1'],
    [0, 'must be at least 1'],
    [-1, 'must be at least 1'],
    ['101', 'must be at most 100'],
    [101, 'must be at most 100'],
    ['1000000000', 'must be at most 100'],
  ])('rejects out-of-range %p with %p', (input, message) => {
    expect(messagesOf(limit, input)).toEqual([message]);
  });

  it.each(['abc', '-1', '+1', '1e3', '1.5', '1.0', ' 5', '5 ', '0x10', '', '99999999999999999999', '٣'])(
    'rejects the string %p as not an integer',
    (input) => {
      expect(messagesOf(limit, input)).toEqual([RANGE]);
    },
  );

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, null, true, {}, [5]])(
    'rejects the non-string %p with the range message',
    (input) => {
      expect(messagesOf(limit, input)).toEqual([RANGE]);
    },
  );

  it('uses its own bounds in its messages', () => {
    const pages = integerParam({ min: 5, max: 7, default: 6 });
    expect(pages.parse('5')).toBe(5);
    expect(pages.parse('7')).toBe(7);
    expect(messagesOf(pages, '4')).toEqual(['must be at least 5']);
    expect(messagesOf(pages, '8')).toEqual(['must be at most 7']);
    expect(messagesOf(pages, 'x')).toEqual(['must be an integer from 5 to 7']);
  });
});

describe('booleanParam', () => {
  const flag = booleanParam(false);
  const flagOn = booleanParam(true);

  it.each([
    ['true', true],
    ['false', false],
    [true, true],
    [false, false],
  ])('accepts %p as %p', (input, expected) => {
    expect(flag.parse(input)).toBe(expected);
    expect(flagOn.parse(input)).toBe(expected);
  });

  it('applies the default when undefined', () => {
    expect(flag.parse(undefined)).toBe(false);
    expect(flagOn.parse(undefined)).toBe(true);
  });

  it.each(['TRUE', 'False', '1', '0', 'yes', 'no', '', ' true', 1, 0, null])('rejects %p', (input) => {
    expect(messagesOf(flag, input)).toEqual(['must be true or false']);
  });
});

describe('enumParam', () => {
  const sort = enumParam(['hot', 'new', 'top'], 'hot');

  it('applies the default when undefined', () => {
    expect(sort.parse(undefined)).toBe('hot');
  });

  it.each(['hot', 'new', 'top'])('accepts %p exactly', (value) => {
    expect(sort.parse(value)).toBe(value);
  });

  it.each(['HOT', 'Hot', ' hot', 'hot ', '', 'rising', 1, null])('rejects %p', (input) => {
    expect(messagesOf(sort, input)).toEqual(['must be one of: hot, new, top']);
  });
});

describe('requiredString', () => {
  const id = requiredString(5);

  it('accepts a non-empty string up to the maximum length', () => {
    expect(id.parse('a')).toBe('a');
    expect(id.parse('abcde')).toBe('abcde');
  });

  it('says a missing value is required', () => {
    expect(messagesOf(id, undefined)).toEqual(['is required']);
  });

  it('says an empty string must not be empty', () => {
    expect(messagesOf(id, '')).toEqual(['must not be empty']);
  });

  it('rejects a string over the maximum length', () => {
    expect(messagesOf(id, 'abcdef')).toEqual(['must be at most 5 characters']);
  });

  it('rejects a non-string', () => {
    expect(messagesOf(id, 5)).toEqual(['must be a string']);
    expect(messagesOf(id, null)).toEqual(['must be a string']);
  });

  it('defaults to a maximum of 512 characters', () => {
    const long = requiredString();
    expect(long.parse('x'.repeat(512))).toHaveLength(512);
    expect(messagesOf(long, 'x'.repeat(513))).toEqual(['must be at most 512 characters']);
  });
});

describe('optionalString', () => {
  const token = optionalString(4);

  it('accepts undefined and strings up to the maximum length', () => {
    expect(token.parse(undefined)).toBeUndefined();
    expect(token.parse('')).toBe('');
    expect(token.parse('abcd')).toBe('abcd');
  });

  it('rejects a longer string and a non-string', () => {
    expect(messagesOf(token, 'abcde')).toEqual(['must be at most 4 characters']);
    expect(messagesOf(token, 3)).toEqual(['must be a string']);
  });
});

describe('idsParam', () => {
  const ids = idsParam({ max: 3, maxLength: 5 });
  it('splits the wire form, keeps repeated ids once in first-given order, and takes a list from the clients', () => {
    expect(ids.parse('b,a,b')).toEqual(['b', 'a']);
    expect(ids.parse(['x', 'y'])).toEqual(['x', 'y']);
    expect(ids.parse('a,a,a,a,b')).toEqual(['a', 'b']);
  });
  it('refuses an empty list, empty ids, too many distinct ids and over-long ids', () => {
    expect(ids.safeParse(undefined).error?.issues[0]?.message).toBe('is required');
    for (const bad of ['', ',', 'a,,b', 'a,', [] as string[]])
      expect(ids.safeParse(bad).error?.issues[0]?.message).toContain('must list 1 to 3 ids');
    expect(ids.safeParse('a,b,c,d').error?.issues[0]?.message).toBe('must list at most 3 ids (got 4)');
    expect(ids.safeParse('abcdef').error?.issues[0]?.message).toBe('each id must be at most 5 characters');
    expect(ids.safeParse(7).error?.issues[0]?.message).toBe('must list 1 to 3 ids, comma-separated');
  });
});

describe('optionalIntegerParam', () => {
  const minScore = optionalIntegerParam({ min: -1000, max: 1000 });
  const count = optionalIntegerParam({ min: 0, max: 10 });

  it('is undefined when absent (no default)', () => {
    expect(minScore.parse(undefined)).toBeUndefined();
    expect(z.object({ minScore }).parse({})).toEqual({ minScore: undefined });
  });

  it.each([
    ['0', 0],
    ['-5', -5],
    ['-1000', -1000],
    ['1000', 1000],
    ['007', 7],
    ['-0', 0],
    [-3, -3],
  ])('accepts %p as %p', (input, expected) => {
    expect(minScore.parse(input)).toBe(expected);
  });

  it.each([
    ['-1001', 'must be at least -1000'],
    ['1001', 'must be at most 1000'],
    ['+5', 'must be an integer from -1000 to 1000'],
    ['1.5', 'must be an integer from -1000 to 1000'],
    ['1e2', 'must be an integer from -1000 to 1000'],
    [' 5', 'must be an integer from -1000 to 1000'],
    ['--5', 'must be an integer from -1000 to 1000'],
    ['', 'must be an integer from -1000 to 1000'],
    [1.5, 'must be an integer from -1000 to 1000'],
  ])('rejects %p with %p', (input, message) => {
    expect(messagesOf(minScore, input)).toEqual([message]);
  });

  it('takes a sign only when its range goes below zero', () => {
    expect(messagesOf(count, '-1')).toEqual(['must be an integer from 0 to 10']);
    expect(count.parse('10')).toBe(10);
  });

  it('declares its wire form without a default', () => {
    expect(minScore.meta()).toMatchObject({ type: 'integer', minimum: -1000, maximum: 1000 });
    expect(minScore.meta()).not.toHaveProperty('default');
  });
});

describe('parseTimeBound / timeBoundParam', () => {
  const after = timeBoundParam('after');
  const ms = (value: string) => {
    const parsed = parseTimeBound(value);
    if ('error' in parsed) throw new Error(`${value}: ${parsed.error}`);
    return parsed.ms;
  };

  it.each([
    ['2024-05-01T12:00:00Z', Date.UTC(2024, 4, 1, 12)],
    ['2024-05-01T12:00:00.123Z', Date.UTC(2024, 4, 1, 12, 0, 0, 123)],
    ['2024-05-01T12:00:00.5Z', Date.UTC(2024, 4, 1, 12, 0, 0, 500)],
    ['2024-05-01T12:00Z', Date.UTC(2024, 4, 1, 12)],
    ['2024-05-01T14:00:00+02:00', Date.UTC(2024, 4, 1, 12)],
    ['2024-05-01T07:30:00-04:30', Date.UTC(2024, 4, 1, 12)],
    ['2024-05-01', Date.UTC(2024, 4, 1)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2000-02-29', Date.UTC(2000, 1, 29)],
    ['1714564800', Date.UTC(2024, 4, 1, 12)],
    ['0', 0],
    ['0001714564800', Date.UTC(2024, 4, 1, 12)],
    ['1970-01-01T00:00:00Z', 0],
    ['253402300799', Date.UTC(9999, 11, 31, 23, 59, 59)],
    ['9999-12-31T23:59:59.999Z', Date.UTC(9999, 11, 31, 23, 59, 59, 999)],
  ])('reads %p', (value, expected) => {
    expect(ms(value)).toBe(expected);
    expect(after.parse(value)).toEqual(new Date(expected));
  });

  it.each([
    ['2024-05-01T12:00:00', /^must be an ISO 8601 timestamp with Z or an offset/],
    ['2024-05-01 12:00:00Z', /^must be an ISO 8601 timestamp/],
    ['2024-5-1', /^must be an ISO 8601 timestamp/],
    ['2024-05-01T12:00:00.1234Z', /^must be an ISO 8601 timestamp/],
    ['2024-05-01T12:00:00z', /^must be an ISO 8601 timestamp/],
    ['2024-05-01T12:00:00+0200', /^must be an ISO 8601 timestamp/],
    ['-1', /^must be an ISO 8601 timestamp/],
    ['1.5', /^must be an ISO 8601 timestamp/],
    ['1e9', /^must be an ISO 8601 timestamp/],
    [' 1714564800', /^must be an ISO 8601 timestamp/],
    ['', /^must be an ISO 8601 timestamp/],
    ['yesterday', /^must be an ISO 8601 timestamp/],
    ['2024-05-01T14:00:00 02:00', /send a '\+' in the offset as %2B$/],
    ['2023-02-29', /^names no calendar date \(2023-02-29\)$/],
    ['2024-13-01', /^names no calendar date/],
    ['2024-04-31T00:00:00Z', /^names no calendar date/],
    ['2024-05-00', /^names no calendar date/],
    ['2024-05-01T24:00:00Z', /^names no time of day/],
    ['2024-05-01T12:60:00Z', /^names no time of day/],
    ['2024-05-01T12:00:60Z', /^names no time of day/],
    ['2024-05-01T12:00:00+24:00', /^has an offset beyond/],
    ['1969-12-31T23:59:59Z', /^must not be before 1970-01-01T00:00:00Z$/],
    ['1970-01-01T00:30:00+01:00', /^must not be before 1970-01-01T00:00:00Z$/],
    ['0000-01-01', /^must not be before 1970/],
    ['253402300800', /^must be at most 253402300799 as epoch seconds$/],
    ['9'.repeat(400), /^must be at most 253402300799 as epoch seconds$/],
    ['9999-12-31T23:59:59-00:01', /^must not be after 9999-12-31T23:59:59.999Z$/],
  ])('refuses %p', (value, message) => {
    const parsed = parseTimeBound(value);
    expect('error' in parsed && parsed.error).toMatch(message);
    const messages = messagesOf(after, value);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it('is undefined when absent, takes a Date from the clients, and refuses other types', () => {
    expect(after.parse(undefined)).toBeUndefined();
    expect(after.parse(new Date('2024-05-01T00:00:00Z'))).toEqual(new Date('2024-05-01T00:00:00Z'));
    expect(messagesOf(after, new Date(Number.NaN))[0]).toMatch(/^must be an ISO 8601 timestamp/);
    expect(messagesOf(after, new Date(-1))).toEqual(['must not be before 1970-01-01T00:00:00Z']);
    for (const value of [1714564800, null, true, {}])
      expect(messagesOf(after, value)[0]).toMatch(/^must be an ISO 8601 timestamp/);
  });

  it('describes itself for the OpenAPI document and names its end', () => {
    expect(timeBoundParam('before', { event: 'published', note: 'Narrows uploadDate.' }).meta()).toEqual({
      type: 'string',
      description:
        'Only items published before this moment (exclusive): an ISO 8601 timestamp with Z or an offset (2024-05-01T12:00:00Z), ' +
        'a date (2024-05-01, UTC midnight) or epoch seconds. Narrows uploadDate.',
      'x-time-bound': 'before',
    });
  });
});

describe('relativeTimeBoundParam', () => {
  const after = relativeTimeBoundParam('after');
  it('takes a count and a unit as a time before now, and every form of timeBoundParam as a moment', () => {
    expect(after.parse('30m')).toEqual({ ago: 30 * 60_000 });
    expect(after.parse('24h')).toEqual({ ago: 86_400_000 });
    expect(after.parse('7d')).toEqual({ ago: 7 * 86_400_000 });
    expect(after.parse('2w')).toEqual({ ago: 14 * 86_400_000 });
    expect(after.parse('1y')).toEqual({ ago: 365 * 86_400_000 });
    expect(after.parse('90s')).toEqual({ ago: 90_000 });
    expect(after.parse('2024-05-01')).toEqual(new Date('2024-05-01T00:00:00Z'));
    expect(after.parse('1714521600')).toEqual(new Date('2024-05-01T00:00:00Z'));
    expect(after.parse(undefined)).toBeUndefined();
  });

  it('refuses other relative spellings, naming the forms', () => {
    for (const bad of ['d7', '7 d', '7D', '1.5d', '-7d', '7days', '1234567d']) {
      const result = after.safeParse(bad);
      expect(result.success).toBe(false);
    }
    expect(after.safeParse('7x').error?.issues[0]?.message).toMatch(/30m, 24h, 7d, 2w, 1y/);
  });

  it('resolves against the request moment, never before 1970', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(resolveTimeBound({ ago: 86_400_000 }, now)).toEqual(new Date('2026-06-14T12:00:00Z'));
    expect(resolveTimeBound(new Date('2020-01-01T00:00:00Z'), now)).toEqual(new Date('2020-01-01T00:00:00Z'));
    expect(resolveTimeBound({ ago: 999_999 * 31_536_000_000 }, now)).toEqual(new Date(0));
    expect(resolveTimeBound(undefined, now)).toBeUndefined();
  });
});
