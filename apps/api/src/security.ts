import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cors from 'cors';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { z } from 'zod';
import { sendError } from './error-response.js';
import { maskFeedToken } from './feeds/token-path.js';

/**
 * Longest request target (path and query) the service reads; longer ones answer 414. It holds the
 * longest batch lookup: 500 ids (the forum's bound), each as long as a prefixed Reddit id
 * (`t3_` and 7 characters), is about 6,000 characters.
 */
export const MAX_URL_LENGTH = 8192;

/** Routes that send their own Content-Security-Policy (an HTML page needs more than an API's `default-src 'self'`). */
export const OWN_CSP_PATHS: readonly string[] = ['/docs', '/explore'];

const ownsCsp = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * helmet's headers on every response (answers, errors and 404s alike, since it runs first):
 * its default CSP everywhere except under `ownCspPaths`, which get every other header and set
 * their CSP themselves. helmet's headers do not depend on the request, so they are taken from it
 * once, at mount, and set from that list on each response (twelve middleware calls a request
 * otherwise).
 */
export function securityHeaders(ownCspPaths: readonly string[] = OWN_CSP_PATHS): RequestHandler {
  const withCsp = headersOf(helmet());
  const withoutCsp = headersOf(helmet({ contentSecurityPolicy: false }));
  return (req, res, next) => {
    const { set, removed } = ownsCsp(req.path, ownCspPaths) ? withoutCsp : withCsp;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/** A response that only records the headers set on it and removed from it (all helmet's middleware does). */
class HeaderRecorder extends ServerResponse {
  readonly set = new Map<string, string>();
  readonly removed = new Set<string>();
  constructor() {
    super(new IncomingMessage(new Socket()));
  }
  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.set.set(name, String(value));
    this.removed.delete(name);
    return this;
  }
  override removeHeader(name: string): void {
    this.set.delete(name);
    this.removed.add(name);
  }
}

/** A header-setting middleware as helmet types it: Node's request and response. */
type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The headers a header-setting middleware sets and removes, by running it once on a response that records them. */
function headersOf(middleware: HeaderMiddleware) {
  const recorder = new HeaderRecorder();
  const through = { called: false };
  middleware(recorder.req, recorder, () => (through.called = true));
  if (!through.called) throw new Error('the security-header middleware did not run through');
  return { set: [...recorder.set], removed: [...recorder.removed] };
}

/**
 * CORS for the listed origins (`*` for any); no middleware at all, and so no
 * Access-Control-* header, when the list is empty (the default). Credentials travel in headers,
 * never cookies, so browsers are told which request headers to allow and which response headers
 * to expose, never `Access-Control-Allow-Credentials`.
 */
export function corsFor(origins: readonly string[]): RequestHandler | undefined {
  if (origins.length === 0) return undefined;
  return cors({
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['x-api-key', 'authorization', 'x-request-id', 'if-none-match'],
    exposedHeaders: [
      'x-request-id',
      'retry-after',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
      'etag',
    ],
    maxAge: 600,
  });
}

/**
 * `SOCIALQUERY_CORS_ORIGINS`: comma-separated origins (`https://app.example.com`), or `*` for any;
 * empty or unset → CORS off.
 */
export const CorsOrigins = z.string().transform((value, ctx) => {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items.filter((item) => item !== '*' && !isOrigin(item))) {
    ctx.addIssue({ code: 'custom', message: `'${item}' is not an origin (scheme://host[:port]) or *` });
  }
  return items.map((item) => item.replace(/\/$/, ''));
});

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** A request target longer than MAX_URL_LENGTH → 414 `uri_too_long`, before anything reads it. */
export const limitUrlLength =
  (max = MAX_URL_LENGTH): RequestHandler =>
  (req, res, next) => {
    if (req.originalUrl.length > max) {
      sendError(res, 'uri_too_long', `the request target is longer than ${max} characters`);
      return;
    }
    next();
  };

/**
 * Query parameter names that look like a credential: compared lower-cased with everything but
 * letters and digits removed, so `apiKey`, `api_key`, `API-KEY`, `access_token` and `x-api-key` all match.
 */
const CREDENTIAL_NAMES = new Set([
  'apikey',
  'xapikey',
  'key',
  'token',
  'accesstoken',
  'apitoken',
  'authtoken',
  'bearer',
  'auth',
  'authorization',
  'secret',
]);

export const isCredentialName = (name: string) => CREDENTIAL_NAMES.has(name.toLowerCase().replace(/[^a-z0-9]/g, ''));

/**
 * A credential in the query string → 400 `credentials_in_query`, before auth looks at the request,
 * whatever else the request carries: query strings end up in proxy logs, browser history and
 * Referer headers, so the service refuses them rather than silently ignoring them (the caller
 * learns at once, and the key should be rotated).
 */
export const refuseQueryCredentials: RequestHandler = (req, res, next) => {
  const names = Object.keys(req.query as Record<string, unknown>).filter(isCredentialName);
  if (names.length === 0) {
    next();
    return;
  }
  sendError(
    res,
    'credentials_in_query',
    'credentials are not accepted in the query string; send an API key in the x-api-key header or a token in Authorization: Bearer <token>',
    { issues: names.map((path) => ({ path, message: 'credentials are not accepted in the query string' })) },
  );
};

/**
 * A NUL character (`%00`) anywhere in the path or query → 400 `invalid_parameter`: no name or id
 * contains one, and PostgreSQL cannot even compare text holding it (it would fail as a 500).
 */
export const refuseNul: RequestHandler = (req, res, next) => {
  if (!req.originalUrl.includes('%00')) {
    next();
    return;
  }
  const inQuery = Object.entries(req.query as Record<string, unknown>)
    .filter(
      ([name, value]) => name.includes('\0') || [value].flat().some((v) => typeof v === 'string' && v.includes('\0')),
    )
    .map(([name]) => name.replace(/\0/g, '\\0'));
  const where = inQuery.length > 0 ? inQuery : ['path'];
  sendError(res, 'invalid_parameter', `${where.join(', ')} must not contain the NUL character (%00)`, {
    issues: where.map((path) => ({ path, message: 'must not contain the NUL character (%00)' })),
  });
};

/**
 * A URL with the values of credential-like query parameters replaced by `***`, for logs; so is the
 * feed token in a feed URL's path (feeds/token-path.ts).
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return url;
  url = maskFeedToken(url);
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed name is kept as written
      }
      return isCredentialName(name) ? `${rawName}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** helmet's default headers as a list, for answers written without Express (see client-error.ts). */
export function securityHeaderList(): [string, string][] {
  return headersOf(helmet()).set;
}
