import { STATUS_CODES } from 'node:http';
import { ErrorBody, type ErrorIssue } from './error-body.js';
import type { ErrorCode } from './error-codes.js';

/**
 * Base of the three failure families a client can raise; tell them apart by `instanceof` or `kind`.
 * `kind` names how far the request got — `request_setup` (nothing sent), `no_response` (sent, no
 * answer) or `api_response` (an answer outside 2xx) — and a subclass keeps its family's `kind`
 * (RateLimitError's is `api_response`, RequestAbortedError's `no_response`); `instanceof`, `name`
 * and `code` tell the finer cases apart.
 */
export abstract class SocialQueryClientError extends Error {
  abstract readonly kind: 'api_response' | 'no_response' | 'request_setup';
}

/**
 * The `code` of an ApiResponseError whose answer is not the service's error body (a proxy's HTML
 * page, a gateway's 502, a 2xx that is not JSON): `rawBody` then holds what came.
 */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

/** A code of the service's registry, `unexpected_response`, or a code a newer service answers with. */
export type ApiErrorCode = ErrorCode | typeof UNEXPECTED_RESPONSE | (string & {});

/** Response headers as the client keeps them: lower-case names, one value each. */
export type ResponseHeaders = Readonly<Record<string, string>>;

/**
 * The service answered with a status outside 2xx (or a 2xx that is not JSON). Everything is typed:
 * `code`, `issues` and `requestId` are read from the error body when there is one, with fallbacks
 * when the answer is something else, so `error.code === 'not_found'` needs no cast. The answer's
 * HTTP status is `status`, and also `statusCode`, the error body's name for it.
 */
export class ApiResponseError extends SocialQueryClientError {
  readonly kind = 'api_response' as const;
  override readonly name: string = 'ApiResponseError';
  /** The service's error body `{ statusCode, error, code, message, issues?, requestId, success? }`; undefined when the answer is not one (see `rawBody`). */
  readonly body: ErrorBody | undefined;
  /** The body's `code`, else `unexpected_response`. */
  readonly code: ApiErrorCode;
  /** The parameter problems of a 400 (`[{ path: 'limit', message: '…' }]`); empty otherwise. */
  readonly issues: readonly ErrorIssue[];
  /** The `x-request-id` the service answered with (else the body's `requestId`): quote it when reporting a fault. */
  readonly requestId: string | undefined;

  /**
   * @param status the answer's HTTP status (also `statusCode`)
   * @param rawBody the answer's text, as it came (an error body's JSON, a proxy's HTML page)
   * @param headers the answer's headers (lower-case names)
   */
  constructor(
    /** The answer's HTTP status (404, 429, 502…); the same number as `statusCode`. */
    readonly status: number,
    readonly rawBody: string,
    readonly headers: ResponseHeaders = {},
  ) {
    const json = parseJson(rawBody);
    const body = ErrorBody.safeParse(json).success ? (json as ErrorBody) : undefined;
    const code = body?.code ?? UNEXPECTED_RESPONSE;
    super(`HTTP ${status} ${code}: ${body?.message ?? fallbackMessage(status, json)}`);
    this.body = body;
    this.code = code;
    this.issues = body?.issues ?? [];
    this.requestId = headers['x-request-id'] ?? body?.requestId;
  }

  /**
   * The answer's HTTP status, under the error body's name for it (`statusCode`), so code written
   * against the body reads the same number as `status`. Taken from the answer, not the body: it is
   * there when the answer is not an error body (a proxy's page), and a body cannot contradict it.
   */
  get statusCode(): number {
    return this.status;
  }
}

/**
 * 429: the credential used up its request budget (`rate_limited`) or runs as many heavy requests
 * at once as it may (`concurrency_limited`). An ApiResponseError like any other (same `kind`),
 * with `retryAfter`: the seconds the service asks to wait (from `Retry-After`, delta-seconds or an
 * HTTP date), undefined when it did not say.
 */
export class RateLimitError extends ApiResponseError {
  override readonly name: string = 'RateLimitError';
  readonly retryAfter: number | undefined;

  constructor(status: number, rawBody: string, headers: ResponseHeaders = {}) {
    super(status, rawBody, headers);
    this.retryAfter = parseRetryAfter(headers['retry-after']);
  }
}

/** The error class of an answer outside 2xx: RateLimitError for a 429, else ApiResponseError. */
export function apiResponseErrorOf(status: number, rawBody: string, headers: ResponseHeaders = {}): ApiResponseError {
  return status === 429 ? new RateLimitError(status, rawBody, headers) : new ApiResponseError(status, rawBody, headers);
}

/**
 * Seconds to wait from a `Retry-After` value: delta-seconds (`120`) or an HTTP date (`Wed, 21 Oct
 * 2026 07:28:00 GMT`, counted from `now`, never below 0); undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // only a date written with words (`Date.parse('5.5')` would read a number as a date)
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The request was sent but no response arrived: connection refused or reset, or the timeout passed. */
export class NoResponseError extends SocialQueryClientError {
  readonly kind = 'no_response' as const;
  override readonly name: string = 'NoResponseError';
  constructor(
    message: string,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The caller's `AbortSignal` stopped the call: before it was sent, while waiting for the answer or
 * a retry, or while an export streamed. Its `name` is `AbortError`, as fetch's is; `code` is
 * `ABORTED`; `cause` is the signal's reason. A NoResponseError, so `kind` is `no_response`.
 */
export class RequestAbortedError extends NoResponseError {
  override readonly name: string = 'AbortError';
  declare readonly code: 'ABORTED';
  constructor(reason?: unknown) {
    super('the request was aborted', 'ABORTED', { cause: reason });
  }
}

/** The request could not be built: bad client options or invalid arguments. Nothing was sent. */
export class RequestSetupError extends SocialQueryClientError {
  readonly kind = 'request_setup' as const;
  override readonly name: string = 'RequestSetupError';
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A JSON `message` of some other shape (a gateway's `{ "message": "…" }`), else the status's reason phrase. */
function fallbackMessage(status: number, json: unknown): string {
  if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string') return json.message;
  if (status >= 200 && status <= 299) return 'the answer is not JSON';
  return STATUS_CODES[status] ?? 'unexpected answer';
}
