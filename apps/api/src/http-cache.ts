import { hash } from 'node:crypto';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Conditional GET and compression for the JSON responses.
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
 * - Compression: gzip or brotli (quality 4, fast) as Accept-Encoding asks, only above 1 KB, where
 *   it pays for its CPU; smaller bodies go as they are.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const API_CACHE_CONTROL = 'private, no-cache';

/** Express `etag` setting: `W/"<27 characters of base64url SHA-1>"`. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

const cacheControl: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', API_CACHE_CONTROL);
  next();
};

export function httpCaching(): RequestHandler[] {
  return [cacheControl, compression({ threshold: COMPRESSION_THRESHOLD_BYTES })];
}
