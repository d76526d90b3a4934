import { parseRetryAfter } from '@socialquery/core';
import got, { type Got, RequestError } from 'got';
import { type Clock, systemClock } from './clock.js';

/** How a platform's requests are authenticated: headers or query parameters added to each, and a refresh after a 401. */
export interface UpstreamAuth {
  /** Adds the credentials to a request about to be sent (a bearer token, an API key). */
  apply(request: { headers: Record<string, string>; searchParams: URLSearchParams }): Promise<void>;
  /** After a 401: gets a new token (the next `apply` uses it). Without it a 401 fails the request. */
  refresh?(): Promise<void>;
}

/** What the client is told before it waits: back-off, a 429's Retry-After, or a spent rate-limit window. */
export interface UpstreamWait {
  reason: 'back-off' | 'retry-after' | 'rate-limit';
  ms: number;
  /** What was answered (`503`, `ECONNRESET`, `429`), or why it pauses. */
  after: string;
}

/** The `User-Agent` of the platforms' clients that take no configured one. */
export const DEFAULT_USER_AGENT = 'socialquery-sync/0.1.0';

export interface UpstreamOptions {
  /** Names the platform in errors (`reddit`, `youtube`). */
  platform: string;
  baseUrl: string;
  /** The `User-Agent` of every request (default DEFAULT_USER_AGENT; Reddit asks for a descriptive one of your own). */
  userAgent?: string;
  auth?: UpstreamAuth;
  /** Times a 429, 5xx or unanswered request is sent again (default 4); a 401's one refresh is not counted. */
  retries?: number;
  /** Back-off before the first retry, doubled each retry, times a random 0–1 (full jitter); default 1 s. */
  baseDelayMs?: number;
  /** The longest wait before a retry or the next request (back-off, Retry-After, a rate-limit reset); a longer one fails the request. Default 15 min. */
  maxWaitMs?: number;
  /** Milliseconds a request (each attempt) may take (default 30 s). */
  timeoutMs?: number;
  /** Texts masked (`***`) in every error message: the credentials. */
  secrets?: readonly string[];
  clock?: Clock;
  /** Returns 0 ≤ x < 1; the jitter's source (tests fix it). */
  random?: () => number;
  onWait?: (wait: UpstreamWait) => void;
  signal?: AbortSignal;
  /** An error answer that no retry can change (TikTok's 429 saying the day's quota is spent): it fails at once. */
  final?: (answer: UpstreamResponse) => boolean;
  /**
   * An error answer that passes although its status is not one of the retried ones (YouTube's 403
   * `rateLimitExceeded`, a short-term limit): sent again after a back-off, as a 503 would be.
   */
  passing?: (answer: UpstreamResponse) => boolean;
}

/** A JSON answer (2xx, or a 4xx the platform adapter reads, such as YouTube's quotaExceeded 403). */
export interface UpstreamResponse {
  status: number;
  body: unknown;
}

/** A request that failed for good: an error status after the retries, or no answer. The message never holds a credential. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    message: string,
    /** The HTTP status; undefined when no answer came. */
    readonly status?: number,
    /** The answer's JSON body, when it had one. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Statuses worth another try: rate limited, and the platform's passing faults. */
const RETRIED = new Set([429, 500, 502, 503, 504]);

/** What one request's caller is told as it goes. */
export interface RequestOptions {
  /**
   * Called just before each time the request is sent (`sent`: the times it was sent before, 0 the first),
   * after its credentials are added (a token fetched first is not the request): a quota ledger charges
   * each sending here, retries included. What it throws fails the request unsent.
   */
  beforeSend?(sent: number): Promise<void>;
}

export interface Upstream {
  /** GETs `path` (relative to the base URL) with `query`; resolves to 2xx answers, throws UpstreamError for the rest. */
  get(
    path: string,
    query?: Record<string, string | number | undefined>,
    options?: RequestOptions,
  ): Promise<UpstreamResponse>;
  /** POSTs a JSON body to `path` with `query`, authenticated (TikTok's research queries); same retries. */
  post(
    path: string,
    json: unknown,
    query?: Record<string, string | number | undefined>,
    options?: RequestOptions,
  ): Promise<UpstreamResponse>;
  /** POSTs a form to `path` (a token request), unauthenticated; same retries. */
  postForm(path: string, form: Record<string, string>, headers: Record<string, string>): Promise<UpstreamResponse>;
  /** Requests sent, retries included. */
  readonly requests: number;
  /** Masks the credentials in a text. */
  mask(text: string): string;
}

/**
 * An HTTP client of one platform's API on `got` (its own retries off: the loop here waits on the
 * injectable clock). It retries 429 (after `Retry-After`, seconds or an HTTP date), 5xx and
 * unanswered requests (exponential back-off with full jitter), refreshes the token once on a 401,
 * and reads the rate-limit headers of every answer (Reddit's `X-Ratelimit-Remaining`/`-Reset`, seconds
 * to the reset; X's `x-rate-limit-remaining`/`-reset`, the reset as epoch seconds): when the window is
 * spent, the next request waits until it resets (a 429 without Retry-After too).
 */
export function createUpstream(options: UpstreamOptions): Upstream {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const retries = options.retries ?? 4;
  const baseDelay = options.baseDelayMs ?? 1_000;
  const maxWait = options.maxWaitMs ?? 15 * 60_000;
  const secrets = (options.secrets ?? []).filter((secret) => secret.length > 0);
  const client: Got = got.extend({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, accept: 'application/json' },
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: false,
    timeout: { request: options.timeoutMs ?? 30_000 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  let requests = 0;
  /** When the rate-limit window reported spent resets (epoch ms); 0 when not spent. */
  let pausedUntil = 0;

  const mask = (text: string) => secrets.reduce((masked, secret) => masked.split(secret).join('***'), text);

  async function wait(ms: number, reason: UpstreamWait['reason'], after: string, what: string) {
    if (ms > maxWait)
      throw new UpstreamError(
        `${options.platform}: ${what} asks to wait ${Math.ceil(ms / 1000)} s, more than the longest wait (${Math.round(maxWait / 1000)} s)`,
        reason === 'retry-after' ? 429 : undefined,
      );
    options.onWait?.({ reason, ms, after });
    await clock.sleep(ms, options.signal);
  }

  /** Reads the rate-limit headers: a spent window (remaining below 1) pauses the next request until its reset. */
  function observe(headers: Record<string, string | string[] | undefined>) {
    const remaining = Number(headers['x-ratelimit-remaining']);
    const reset = Number(headers['x-ratelimit-reset']);
    if (headers['x-ratelimit-remaining'] !== undefined && remaining < 1 && Number.isFinite(reset))
      pausedUntil = clock.now() + reset * 1000;
    // X: the reset is an epoch second
    const xRemaining = Number(headers['x-rate-limit-remaining']);
    const xReset = Number(headers['x-rate-limit-reset']);
    if (headers['x-rate-limit-remaining'] !== undefined && xRemaining < 1 && Number.isFinite(xReset))
      pausedUntil = Math.max(xReset * 1000, clock.now());
  }

  async function send(
    describe: string,
    attempt: (headers: Record<string, string>, searchParams: URLSearchParams) => Promise<UpstreamResponse>,
    authenticated: boolean,
    request: RequestOptions = {},
  ): Promise<UpstreamResponse> {
    let refreshed = false;
    let sent = 0;
    for (let retry = 0; ;) {
      const paused = pausedUntil - clock.now();
      if (paused > 0) await wait(paused, 'rate-limit', 'rate-limit remaining 0', 'the rate-limit window');
      pausedUntil = 0;
      const headers: Record<string, string> = {};
      const searchParams = new URLSearchParams();
      if (authenticated) await options.auth?.apply({ headers, searchParams });
      let answer: UpstreamResponse & { retryAfter?: string };
      await request.beforeSend?.(sent++);
      requests += 1;
      try {
        answer = await attempt(headers, searchParams);
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        if (!(error instanceof RequestError)) throw error;
        const code = error.code || 'no answer';
        if (retry >= retries)
          throw new UpstreamError(`${options.platform}: ${describe}: no answer (${code}) after ${retry + 1} tries`);
        await wait(backOff(retry++), 'back-off', code, describe);
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (answer.status === 401 && authenticated && options.auth?.refresh && !refreshed) {
        refreshed = true;
        await options.auth.refresh();
        continue;
      }
      const retried = RETRIED.has(answer.status) || options.passing?.(answer) === true;
      if (!retried || retry >= retries || options.final?.(answer))
        throw new UpstreamError(
          `${options.platform}: ${describe} answered ${answer.status}${messageOf(answer.body)}${retried ? ` after ${retry + 1} tries` : ''}`,
          answer.status,
          answer.body,
        );
      const retryAfter = answer.status === 429 ? parseRetryAfter(answer.retryAfter, clock.now()) : undefined;
      if (retryAfter !== undefined) {
        retry += 1;
        await wait(retryAfter * 1000, 'retry-after', '429', `${describe}'s Retry-After`);
      } else if (answer.status === 429 && pausedUntil > clock.now())
        retry += 1; // the loop waits for the window's reset
      else await wait(backOff(retry++), 'back-off', String(answer.status), describe);
    }
  }

  /** Full jitter: a random wait up to the doubled delay. */
  const backOff = (retry: number) => Math.floor(random() * Math.min(maxWait, baseDelay * 2 ** retry));

  async function answerOf(
    response: { statusCode: number; body: string; headers: Record<string, string | string[] | undefined> },
    describe: string,
  ) {
    observe(response.headers);
    let body: unknown = undefined;
    if (response.body !== '') {
      try {
        body = parseExactJson(response.body);
      } catch {
        if (response.statusCode < 300)
          throw new UpstreamError(`${options.platform}: ${describe}: the answer is not JSON`, response.statusCode);
      }
    }
    const retryAfter = response.headers['retry-after'];
    return { status: response.statusCode, body, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter };
  }

  return {
    get(path, query = {}, request = {}) {
      const describe = `GET /${path.replace(/^\/+/, '')}`;
      return send(
        describe,
        async (headers, searchParams) => {
          for (const [name, value] of Object.entries(query))
            if (value !== undefined) searchParams.set(name, String(value));
          const response = await client.get(path.replace(/^\/+/, ''), { headers, searchParams });
          return answerOf(response, describe);
        },
        true,
        request,
      );
    },
    post(path, json, query = {}, request = {}) {
      const describe = `POST /${path.replace(/^\/+/, '')}`;
      return send(
        describe,
        async (headers, searchParams) => {
          for (const [name, value] of Object.entries(query))
            if (value !== undefined) searchParams.set(name, String(value));
          const response = await client.post(path.replace(/^\/+/, ''), { headers, searchParams, json });
          return answerOf(response, describe);
        },
        true,
        request,
      );
    },
    postForm(path, form, headers) {
      const describe = `POST /${path.replace(/^\/+/, '')}`;
      return send(
        describe,
        async () => answerOf(await client.post(path.replace(/^\/+/, ''), { headers, form }), describe),
        false,
      );
    },
    get requests() {
      return requests;
    },
    mask,
  };

  /**
   * `: <the API's own message>`, masked, when the body carries one: Reddit's `message`, Google's and Spotify's
   * `error.message`, an OAuth token endpoint's `error_description`, X's problem `detail`.
   */
  function messageOf(body: unknown): string {
    if (typeof body !== 'object' || body === null) return '';
    const error: unknown = Reflect.get(body, 'error');
    const message = [
      typeof error === 'object' && error !== null ? Reflect.get(error, 'message') : undefined,
      Reflect.get(body, 'message'),
      Reflect.get(body, 'error_description'),
      Reflect.get(body, 'detail'),
    ].find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
    return message ? `: ${mask(message).slice(0, 200)}` : '';
  }
}

/**
 * A request as one line (`GET /r/rust/new?limit=100`), its query unencoded for reading: how a dry run names
 * what a run would send. It holds no credential: those are added to a request by its auth hook only.
 */
export function requestLine(
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string | number | undefined> = {},
): string {
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&');
  return `${method} /${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

/**
 * JSON.parse keeping integers past 2^53 (TikTok's ids, sent as JSON numbers) as their decimal text
 * instead of rounding them, as the importers' file reader does.
 */
export function parseExactJson(text: string): unknown {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      // skip the string, escapes included
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end++;
      const token = text.slice(i, end);
      if (/^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(last, i)}"${token}"`;
        last = end;
      }
      i = end - 1;
    }
  }
  return JSON.parse(out + text.slice(last));
}
