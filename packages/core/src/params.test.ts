import { z } from 'zod';
import { booleanParam, enumParam, idsParam, integerParam, optionalString, requiredString } from './params.js';

/** The messages of a failed parse, or a failure of the test when the parse succeeded. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected, got ${JSON.stringify(result.data)}`);
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

  it.each([
    'abc', '-1', '+1', '1e3', '1.5', '1.0', ' 5', '5 ', '0x10', '', '99999999999999999999', '٣',
  ])('rejects the string %p as not an integer', (input) => {
    expect(messagesOf(limit, input)).toEqual([RANGE]);
  });

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
    for (const bad of ['', ',', 'a,,b', 'a,', [] as string[]]) expect(ids.safeParse(bad).error?.issues[0]?.message).toContain('must list 1 to 3 ids');
    expect(ids.safeParse('a,b,c,d').error?.issues[0]?.message).toBe('must list at most 3 ids (got 4)');
    expect(ids.safeParse('abcdef').error?.issues[0]?.message).toBe('each id must be at most 5 characters');
    expect(ids.safeParse(7).error?.issues[0]?.message).toBe('must list 1 to 3 ids, comma-separated');
  });
});
