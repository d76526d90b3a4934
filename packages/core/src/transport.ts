import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import got, { type Got, RequestError } from 'got';
import {
  ApiResponseError,
  apiResponseErrorOf,
  NoResponseError,
  parseRetryAfter,
  RequestAbortedError,
  RequestSetupError,
  type ResponseHeaders,
  SocialQueryClientError,
} from './client-errors.js';
import { splitLines } from './lines.js';

/** What `onRetry` is told before each wait: which retry comes, after how many milliseconds, and the failure it follows. */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** Milliseconds the transport waits before it. */
  wait: number;
  error: ApiResponseError | NoResponseError;
}

export interface TransportOptions {
  /** Service root, e.g. `http://127.0.0.1:8080`; a path prefix (behind a proxy) is kept. */
  baseUrl: string;
  /** Milliseconds before a request (each attempt) without an answer fails with NoResponseError. Default 30000. */
  timeout?: number;
  /**
   * How many times a failed request is sent again: one that got no answer (refused, reset, timed
   * out), a 429 (rate limited), a 500, 502, 503 or 504 — never another 4xx, and never after an
   * abort. Default 0 (off): every operation is a read, so retrying is safe, but the caller decides.
   * The wait before a retry is the answer's `Retry-After` when it has one, else exponential
   * back-off with jitter (`retryDelay`, doubled each retry, times 0.5–1), capped at `maxRetryWait`.
   */
  retries?: number;
  /** Milliseconds of back-off before the first retry when the answer did not say how long to wait. Default 500. */
  retryDelay?: number;
  /**
   * The longest wait before a retry, in milliseconds: back-off is capped at it, and an answer whose
   * `Retry-After` asks for longer ends the call at once with its error (a RateLimitError for a 429)
   * instead of sleeping. Default 60000.
   */
  maxRetryWait?: number;
  /** Called before each retry's wait (logging, metrics). */
  onRetry?: (info: RetryInfo) => void;
  /**
   * The timer of the retry waits (tests replace it): resolves after `ms`, rejects when `signal`
   * aborts. Default: node's `setTimeout` from `node:timers/promises`.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  headers?: Record<string, string>;
}

export interface TransportRequest {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Aborts the request, a retry's wait, or a streaming export: the call then rejects with RequestAbortedError. */
  signal?: AbortSignal;
}

/** Sends GETs and maps every failure to exactly one of the three client error classes. */
export interface Transport {
  get(request: TransportRequest): Promise<unknown>;
  /**
   * The lines of a streamed answer (bulk export as NDJSON), as they arrive; an error status throws
   * ApiResponseError before the first line, and a body cut off before its end NoResponseError.
   */
  lines?(request: TransportRequest): AsyncIterable<string>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRY_DELAY_MS = 500;
export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;

/** The statuses a retry is worth: rate limited, and the service's or a gateway's passing faults. */
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/**
 * The got-based transport every client uses. Retries are its own (got's are off): one loop for
 * plain requests and for the start of an export (never once lines flow).
 */
export function createTransport(options: TransportOptions): Transport {
  const base = parseBaseUrl(options.baseUrl);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new RequestSetupError('timeout must be a positive number of milliseconds');
  const retries = options.retries ?? 0;
  if (!Number.isInteger(retries) || retries < 0) throw new RequestSetupError('retries must be a non-negative integer');
  const retryDelay = options.retryDelay ?? DEFAULT_RETRY_DELAY_MS;
  const maxRetryWait = options.maxRetryWait ?? DEFAULT_MAX_RETRY_WAIT_MS;
  for (const [name, value] of Object.entries({ retryDelay, maxRetryWait }))
    if (!Number.isFinite(value) || value < 0)
      throw new RequestSetupError(`${name} must be a non-negative number of milliseconds`);
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }));

  const client: Got = got.extend({
    timeout: { request: timeout },
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: false,
    responseType: 'text',
    headers: { accept: 'application/json', ...options.headers },
  });

  const urlOf = (path: string, query: Record<string, string>) => {
    const url = new URL(base.pathname.replace(/\/$/, '') + path, base.origin);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  /** The wait before retry `attempt` of a failure, or undefined when it is not retried. */
  const waitBefore = (error: unknown, attempt: number): number | undefined => {
    if (attempt > retries || error instanceof RequestAbortedError) return undefined;
    if (error instanceof ApiResponseError) {
      if (!RETRIED_STATUSES.has(error.status)) return undefined;
      const asked = parseRetryAfter(error.headers['retry-after']);
      if (asked !== undefined) return asked * 1000 <= maxRetryWait ? asked * 1000 : undefined;
    } else if (!(error instanceof NoResponseError)) return undefined;
    const ceiling = Math.min(maxRetryWait, retryDelay * 2 ** (attempt - 1));
    return Math.round(ceiling * (0.5 + Math.random() / 2));
  };

  async function withRetries<T>(send: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(signal);
      try {
        return await send();
      } catch (error) {
        const wait = waitBefore(error, attempt);
        if (wait === undefined) throw error;
        options.onRetry?.({ attempt, wait, error: error as ApiResponseError | NoResponseError });
        try {
          await sleep(wait, signal);
        } catch (stopped) {
          throwIfAborted(signal);
          throw stopped;
        }
      }
    }
  }

  async function openStream(url: URL, headers: Record<string, string>, signal: AbortSignal | undefined) {
    // no overall deadline (an export may take minutes): the answer must begin, and then keep coming, within `timeout`
    const stream = client.stream(url, {
      headers: { accept: 'application/x-ndjson', ...headers },
      timeout: { response: timeout, socket: timeout },
      ...(signal && { signal }),
    });
    try {
      const [response] = (await once(stream, 'response')) as [
        { statusCode: number; headers: Record<string, string | string[] | undefined> },
      ];
      if (response.statusCode < 200 || response.statusCode > 299)
        throw apiResponseErrorOf(response.statusCode, await readAll(stream), headersOf(response.headers));
      return stream;
    } catch (error) {
      stream.destroy();
      throw toClientError(error, signal);
    }
  }

  return {
    get({ path, query, headers, signal }) {
      const url = urlOf(path, query);
      return withRetries(async () => {
        let response;
        try {
          response = await client.get(url, { headers, ...(signal && { signal }) });
        } catch (error) {
          throw toClientError(error, signal);
        }
        const status = response.statusCode;
        const body = parseJson(response.body);
        if (status < 200 || status > 299 || !body.ok)
          throw apiResponseErrorOf(status, response.body, headersOf(response.headers));
        return body.value;
      }, signal);
    },
    async *lines({ path, query, headers, signal }) {
      const stream = await withRetries(() => openStream(urlOf(path, query), headers, signal), signal);
      try {
        yield* nonEmptyLines(stream, signal);
      } finally {
        stream.destroy();
      }
    },
  };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RequestAbortedError(signal.reason);
}

function headersOf(headers: Record<string, string | string[] | undefined>): ResponseHeaders {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) kept[name.toLowerCase()] = first;
  }
  return kept;
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** Non-empty lines of a text stream; a stream that fails midway (cut off) → NoResponseError, an abort → RequestAbortedError. */
async function* nonEmptyLines(stream: AsyncIterable<Buffer>, signal: AbortSignal | undefined): AsyncGenerator<string> {
  try {
    for await (const line of splitLines(stream)) if (line !== '') yield line;
  } catch (error) {
    throwIfAborted(signal);
    throw error instanceof RequestError
      ? new NoResponseError(`the answer was cut off: ${error.message}`, error.code, { cause: error })
      : toClientError(error, signal);
  }
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (cause) {
    throw new RequestSetupError(`baseUrl is not a valid URL: ${JSON.stringify(baseUrl)}`, [], { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RequestSetupError(`baseUrl must be http or https, got ${url.protocol}`);
  }
  return url;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** got's setup-time failures (bad header value, bad option) versus failures on the wire; the client's own errors pass. */
function toClientError(error: unknown, signal: AbortSignal | undefined): Error {
  if (signal?.aborted) return new RequestAbortedError(signal.reason);
  if (error instanceof SocialQueryClientError) return error;
  if (error instanceof RequestError) {
    const code = error.code;
    if (error.name === 'UnsupportedProtocolError' || code?.startsWith('ERR_INVALID')) {
      return new RequestSetupError(error.message, [], { cause: error });
    }
    return new NoResponseError(`no response: ${error.message}`, code, { cause: error });
  }
  return new RequestSetupError(error instanceof Error ? error.message : String(error), [], { cause: error });
}
