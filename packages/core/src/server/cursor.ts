import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { ServiceError } from './service-error.js';

/**
 * Opaque paging tokens: base64url(JSON position) "." base64url(HMAC-SHA256 tag).
 * The tag covers the payload *and* the query binding (operation id plus every parameter
 * that shapes the listing), so a token cannot be forged, altered, or replayed on another
 * query: each of those fails with 400 `invalid_cursor`. Page size is not bound: a caller
 * may change `limit` between pages without losing its place.
 */
export interface CursorCodec {
  encode(position: unknown, binding: string): string;
  /** The position carried by a token issued for this binding; throws `invalid_cursor` otherwise. */
  decode(token: string, binding: string): unknown;
}

const TAG_BYTES = 16;
const PART = /^[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 2048;

export function createCursorCodec(secret: string | Buffer): CursorCodec {
  if (secret.length < 16) throw new Error('cursor secret must be at least 16 bytes');
  const tag = (payload: string, binding: string) =>
    createHmac('sha256', secret).update(binding).update('\n').update(payload).digest().subarray(0, TAG_BYTES);

  return {
    encode(position, binding) {
      const json = JSON.stringify(position);
      if (json === undefined) throw new TypeError('a cursor position must be JSON-serialisable');
      const payload = Buffer.from(json).toString('base64url');
      const token = `${payload}.${tag(payload, binding).toString('base64url')}`;
      if (token.length > MAX_TOKEN_LENGTH) throw new RangeError('cursor position too large for a paging token');
      return token;
    },
    decode(token, binding) {
      const invalid = new ServiceError('invalid_cursor', 'the paging token is invalid or belongs to another query');
      if (token.length > MAX_TOKEN_LENGTH) throw invalid;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || !PART.test(payload) || !PART.test(signature)) throw invalid;
      const given = Buffer.from(signature, 'base64url');
      // base64url decoding ignores the unused low bits of the last character: insist on the canonical spelling
      if (given.length !== TAG_BYTES || given.toString('base64url') !== signature) throw invalid;
      if (!timingSafeEqual(given, tag(payload, binding))) throw invalid;
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      } catch {
        throw invalid;
      }
    },
  };
}

/**
 * The canonical binding of a listing query: the operation id and its parameters in a
 * fixed key order, minus those that do not change the listing (the token itself, limit).
 */
export function cursorBinding(operationId: string, params: Record<string, unknown>, ignore: readonly string[]): string {
  const entries = Object.keys(params)
    .filter((name) => !ignore.includes(name) && params[name] !== undefined)
    .sort()
    .map((name) => [name, params[name]]);
  return JSON.stringify([operationId, entries]);
}

/**
 * Decodes a token and checks the position's shape: a validly signed token always has it, so
 * anything else is refused like a forged one (400 `invalid_cursor`).
 */
export function decodePosition<T>(cursors: CursorCodec, token: string, binding: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(cursors.decode(token, binding));
  if (!parsed.success)
    throw new ServiceError('invalid_cursor', 'the paging token is invalid or belongs to another query');
  return parsed.data;
}
