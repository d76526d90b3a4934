import { createHmac } from 'node:crypto';
import { createCursorCodec, cursorBinding, decodePosition } from './cursor.js';
import { ServiceError } from './service-error.js';

const SECRET = 'a-test-secret-of-32-characters!!';
const codec = createCursorCodec(SECRET);
const binding = cursorBinding('forum.posts', { community: 'news', sort: 'hot', cursor: undefined, limit: 10 }, [
  'cursor',
  'limit',
]);
const position = { score: 42.5, id: 'p_123', tie: [1, 'two', null], nested: { ok: true } };

/** Runs `fn`, which must throw, and returns what it threw. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function expectInvalidCursor(fn: () => unknown): void {
  const error = thrown(fn);
  expect(error).toBeInstanceOf(ServiceError);
  expect(error).toMatchObject({ code: 'invalid_cursor', status: 400 });
}

/** Replaces the character at `index` with another character of the base64url alphabet. */
function changeChar(text: string, index: number): string {
  const old = text[index];
  const replacement = old === 'A' ? 'Q' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

/** A correctly signed token over an arbitrary payload string, built here as the codec would. */
function signRaw(payload: string, forBinding: string, secret = SECRET): string {
  const tag = createHmac('sha256', secret).update(forBinding).update('\n').update(payload).digest().subarray(0, 16);
  return `${payload}.${tag.toString('base64url')}`;
}

describe('createCursorCodec', () => {
  it('round-trips a position object', () => {
    const token = codec.encode(position, binding);
    expect(codec.decode(token, binding)).toEqual(position);
  });

  it('round-trips primitive positions', () => {
    for (const value of [0, 'x', null, [1, 2], false]) {
      expect(codec.decode(codec.encode(value, binding), binding)).toEqual(value);
    }
  });

  it('produces a base64url payload and signature separated by a dot', () => {
    const token = codec.encode(position, binding);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const [payload, signature] = token.split('.') as [string, string];
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toEqual(position);
    expect(Buffer.from(signature, 'base64url')).toHaveLength(16);
  });

  it('is deterministic for the same position, binding and secret', () => {
    expect(codec.encode(position, binding)).toBe(codec.encode(position, binding));
  });

  it('accepts a Buffer secret of 16 bytes', () => {
    const bufferCodec = createCursorCodec(Buffer.alloc(16, 7));
    expect(bufferCodec.decode(bufferCodec.encode(position, binding), binding)).toEqual(position);
  });

  it('rejects a secret shorter than 16 bytes', () => {
    expect(() => createCursorCodec('x'.repeat(15))).toThrow('cursor secret must be at least 16 bytes');
    expect(() => createCursorCodec('')).toThrow('cursor secret must be at least 16 bytes');
    expect(() => createCursorCodec(Buffer.alloc(15))).toThrow('cursor secret must be at least 16 bytes');
    expect(() => createCursorCodec('x'.repeat(16))).not.toThrow();
  });

  describe('decode rejects with invalid_cursor', () => {
    const token = codec.encode(position, binding);
    const [payload, signature] = token.split('.') as [string, string];

    it.each([0, 5, payload.length - 1])('a payload with the character at %p changed', (index) => {
      const tampered = `${changeChar(payload, index)}.${signature}`;
      expect(tampered).not.toBe(token);
      expectInvalidCursor(() => codec.decode(tampered, binding));
    });

    it('a payload replaced by another position', () => {
      const other = Buffer.from(JSON.stringify({ ...position, id: 'p_999' })).toString('base64url');
      expectInvalidCursor(() => codec.decode(`${other}.${signature}`, binding));
    });

    it.each([0, 10])('a signature with the character at %p changed', (index) => {
      const tampered = `${payload}.${changeChar(signature, index)}`;
      expect(tampered).not.toBe(token);
      expectInvalidCursor(() => codec.decode(tampered, binding));
    });

    // The signature is 22 base64url characters for 16 bytes: the last character carries only
    // 2 bits, so a lenient decoder ignores its low 4 bits. Every other spelling must be refused.
    it('a signature with only its last character changed (non-canonical base64url)', () => {
      const accepted: string[] = [];
      for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_') {
        const altered = signature.slice(0, -1) + ch;
        if (altered === signature) continue;
        try {
          codec.decode(`${payload}.${altered}`, binding);
          accepted.push(altered);
        } catch (error) {
          expect(error).toMatchObject({ code: 'invalid_cursor', status: 400 });
        }
      }
      expect(accepted).toEqual([]);
    });

    it('a truncated or extended signature', () => {
      expectInvalidCursor(() => codec.decode(`${payload}.${signature.slice(0, -1)}`, binding));
      expectInvalidCursor(() => codec.decode(`${payload}.${signature}AAAA`, binding));
    });

    it('a token issued for another binding', () => {
      const otherBinding = cursorBinding('forum.posts', { community: 'sports', sort: 'hot' }, ['cursor', 'limit']);
      expectInvalidCursor(() => codec.decode(token, otherBinding));
      const otherOperation = cursorBinding('forum.comments', { community: 'news', sort: 'hot' }, ['cursor', 'limit']);
      expectInvalidCursor(() => codec.decode(token, otherOperation));
    });

    it('a token issued with another secret', () => {
      const other = createCursorCodec('another-secret-of-32-characters!');
      expectInvalidCursor(() => codec.decode(other.encode(position, binding), binding));
    });

    it.each([
      ['empty', ''],
      ['one part', 'abc'],
      ['three parts', 'a.b.c'],
      ['non-base64url characters', '!!!.???'],
      ['an empty payload', `.${'A'.repeat(22)}`],
      ['an empty signature', 'abc.'],
      ['just a dot', '.'],
      ['standard base64 characters', 'ab+/.cd+/'],
      ['padding', 'YWJj.AAAAAAAAAAAAAAAAAAAAAA=='],
      ['a very long string', 'A'.repeat(100_000)],
      ['a very long two-part token', `${'A'.repeat(5000)}.${'A'.repeat(22)}`],
    ])('garbage: %s', (_name, garbage) => {
      expectInvalidCursor(() => codec.decode(garbage, binding));
    });

    it('a correctly signed token longer than 2048 characters (encode refuses to make one)', () => {
      expect(() => codec.encode({ pad: 'x'.repeat(1600) }, binding)).toThrow(RangeError);
      const big = signRaw(Buffer.from(JSON.stringify({ pad: 'x'.repeat(1600) })).toString('base64url'), binding);
      expect(big.length).toBeGreaterThan(2048);
      expectInvalidCursor(() => codec.decode(big, binding));
      const fits = codec.encode({ pad: 'x'.repeat(1400) }, binding);
      expect(fits.length).toBeLessThanOrEqual(2048);
      expect(codec.decode(fits, binding)).toEqual({ pad: 'x'.repeat(1400) });
    });

    it('a correctly signed payload that is not JSON', () => {
      const payload = Buffer.from('not json {').toString('base64url');
      const forged = signRaw(payload, binding);
      expect(forged).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expectInvalidCursor(() => codec.decode(forged, binding));
    });

    it('(control) the same signing helper yields a token decode accepts for a JSON payload', () => {
      const payload = Buffer.from(JSON.stringify({ id: 1 })).toString('base64url');
      expect(codec.decode(signRaw(payload, binding), binding)).toEqual({ id: 1 });
    });
  });

  it('uses a message that names no internals', () => {
    const error = thrown(() => codec.decode('abc', binding));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).message).toBe('the paging token is invalid or belongs to another query');
  });
});

describe('cursorBinding', () => {
  const ignore = ['cursor', 'limit'] as const;

  it('is the operation id and the sorted parameters', () => {
    expect(cursorBinding('op', { b: 2, a: 'x' }, ignore)).toBe(
      JSON.stringify([
        'op',
        [
          ['a', 'x'],
          ['b', 2],
        ],
      ]),
    );
  });

  it('does not depend on key order', () => {
    expect(cursorBinding('op', { a: 1, b: 'two', c: true }, ignore)).toBe(
      cursorBinding('op', { c: true, b: 'two', a: 1 }, ignore),
    );
  });

  it('does not change with ignored keys', () => {
    const plain = cursorBinding('op', { a: 1 }, ignore);
    expect(cursorBinding('op', { a: 1, cursor: 'tok', limit: 50 }, ignore)).toBe(plain);
    expect(cursorBinding('op', { a: 1, limit: 5 }, ignore)).toBe(plain);
  });

  it('changes with a different value', () => {
    expect(cursorBinding('op', { a: 1 }, ignore)).not.toBe(cursorBinding('op', { a: 2 }, ignore));
    expect(cursorBinding('op', { a: 1 }, ignore)).not.toBe(cursorBinding('op', { a: '1' }, ignore));
  });

  it('changes with the operation id and with an extra parameter', () => {
    expect(cursorBinding('op', { a: 1 }, ignore)).not.toBe(cursorBinding('other', { a: 1 }, ignore));
    expect(cursorBinding('op', { a: 1 }, ignore)).not.toBe(cursorBinding('op', { a: 1, b: 1 }, ignore));
  });

  it('ignores undefined values', () => {
    expect(cursorBinding('op', { a: 1, b: undefined }, ignore)).toBe(cursorBinding('op', { a: 1 }, ignore));
  });

  it('keeps null and false values', () => {
    expect(cursorBinding('op', { a: null }, ignore)).not.toBe(cursorBinding('op', {}, ignore));
    expect(cursorBinding('op', { a: false }, ignore)).not.toBe(cursorBinding('op', {}, ignore));
  });

  it('cannot be confused by values that contain separators', () => {
    expect(cursorBinding('op', { a: 'x","b' }, ignore)).not.toBe(cursorBinding('op', { a: 'x', b: '' }, ignore));
  });
});

describe('decodePosition', () => {
  const codec = createCursorCodec('0123456789abcdef-secret');
  it('returns a well-shaped position and refuses a signed token of another shape as invalid_cursor', async () => {
    const { z } = await import('zod');
    const Position = z.strictObject({ id: z.string() });
    expect(decodePosition(codec, codec.encode({ id: 'a' }, 'b'), 'b', Position)).toEqual({ id: 'a' });
    const wrongShape = codec.encode({ id: 7 }, 'b');
    expect(() => decodePosition(codec, wrongShape, 'b', Position)).toThrow(
      expect.objectContaining({ code: 'invalid_cursor', status: 400 }),
    );
    expect(() => decodePosition(codec, codec.encode({ id: 'a' }, 'b'), 'other', Position)).toThrow(
      expect.objectContaining({ code: 'invalid_cursor' }),
    );
  });
});
