import { hash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type InputType } from 'node:zlib';
import type { RequestHandler, Response } from 'express';

/**
 * Conditional GET and compression for the JSON responses (and the feeds, written whole the same way).
 *
 * - ETag: weak, the SHA-1 of the identity-encoded JSON (one hash per response, ~5 µs for 8 KB).
 *   Weak because the same validator is sent whatever the Content-Encoding (RFC 9110 §8.8.1: a
 *   strong one would have to differ between the gzip, br and identity forms). Express compares it
 *   with If-None-Match and answers 304 without a body.
 * - Cache-Control: `private, no-cache`. Private: every operation is authenticated, and a shared cache
 *   keyed on the URL alone must not hand one caller's answer to another (an `x-api-key` request,
 *   unlike one with `Authorization`, is not kept out of shared caches by default). No-cache rather
 *   than a freshness lifetime: answers depend on the request's moment (relative time texts, hot and
 *   rising rankings, "this week" windows) and on data that imports change, so a client revalidates
 *   every time; the 304 saves the transfer, not the query.
 * - Compression: brotli (quality 4, fast) or gzip as Accept-Encoding asks, only above 1 KB, where
 *   it pays for its CPU; smaller bodies go as they are.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const API_CACHE_CONTROL = 'private, no-cache';

/** Express `etag` setting: `W/"<27 characters of base64url SHA-1>"`. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/**
 * Cache-Control on every answer, and one-shot compression of bodies sent whole (`res.send`, as every
 * JSON answer is): the body is compressed in one call when `res.end` receives it. Measured on a
 * 10 KB forum-posts answer (~490 µs of server CPU without any of this): the `compression` middleware
 * added ~65 µs even when it did not compress and ~330 µs when it gzipped (a zlib stream per response);
 * one call adds ~200 µs, and nothing when the client takes no encoding. Bodies written in pieces
 * (files) are left to `compression` where a route wants it (the docs page's assets).
 */
export function httpCaching(): RequestHandler {
  return function httpCaching(req, res, next) {
    res.setHeader('Cache-Control', API_CACHE_CONTROL);
    res.vary('Accept-Encoding');
    const accepted = req.headers['accept-encoding'];
    const encoding = accepted ? preferredEncoding(accepted) : undefined;
    if (encoding) compressWholeBody(res, encoding, req.method === 'HEAD');
    next();
  };
}

type Encoding = 'br' | 'gzip';

/** Brotli when the client takes it at least as gladly as gzip (smaller at the same speed), else gzip, else none. */
export function preferredEncoding(acceptEncoding: string): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : undefined;
}

const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/** JSON, scripts, text, and the Atom and RSS feeds (feeds/). */
const COMPRESSIBLE = /^(application\/(json|javascript|atom\+xml|rss\+xml)|text\/)/;
/** Larger bodies are compressed on zlib's thread pool instead of holding the event loop (~1 ms per 64 KB). */
const SYNC_LIMIT_BYTES = 64 * 1024;

type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;

/** Wraps `res.end` so that a whole body, large enough and of a compressible type, goes out compressed. */
function compressWholeBody(res: Response, encoding: Encoding, isHead: boolean) {
  const end = res.end.bind(res) as End;
  const wrapped: End = (chunk, chunkEncoding, callback) => {
    const body =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof chunkEncoding === 'string' ? (chunkEncoding as BufferEncoding) : 'utf8')
        : chunk;
    if (!Buffer.isBuffer(body) || !worthCompressing(res, body, isHead)) return end(chunk, chunkEncoding, callback);
    const done = typeof chunkEncoding === 'function' ? chunkEncoding : callback;
    const send = (compressed: Buffer) => {
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', compressed.length);
      return end(compressed, done);
    };
    if (body.length <= SYNC_LIMIT_BYTES)
      return send(encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body));
    const compressAsync =
      encoding === 'br'
        ? (input: InputType, cb: (error: Error | null, out: Buffer) => void) =>
            brotliCompress(input, BROTLI_OPTIONS, cb)
        : gzip;
    compressAsync(body, (error, compressed) => (error ? end(body, done) : send(compressed)));
    return res;
  };
  res.end = wrapped as Response['end'];
}

function worthCompressing(res: Response, body: Buffer, isHead: boolean): boolean {
  if (isHead || res.headersSent || body.length < COMPRESSION_THRESHOLD_BYTES) return false;
  if (res.statusCode === 204 || res.statusCode === 304 || res.getHeader('Content-Encoding')) return false;
  return COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? ''));
}
