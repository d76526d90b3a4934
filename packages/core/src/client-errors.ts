import type { ErrorBody } from './error-body.js';

/** Base of the three failure classes a client can raise; tell them apart by `instanceof` or `kind`. */
export abstract class SocialQueryClientError extends Error {
  abstract readonly kind: 'api_response' | 'no_response' | 'request_setup';
}

/** The service answered with a status outside 2xx. `body` is the parsed JSON body (or the raw text). */
export class ApiResponseError extends SocialQueryClientError {
  readonly kind = 'api_response' as const;
  override readonly name = 'ApiResponseError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody | unknown,
    readonly requestId?: string,
  ) {
    super(describeResponse(status, body));
  }
}

/** The request was sent but no response arrived: connection refused or reset, or the timeout passed. */
export class NoResponseError extends SocialQueryClientError {
  readonly kind = 'no_response' as const;
  override readonly name = 'NoResponseError';
  constructor(
    message: string,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The request could not be built: bad client options or invalid arguments. Nothing was sent. */
export class RequestSetupError extends SocialQueryClientError {
  readonly kind = 'request_setup' as const;
  override readonly name = 'RequestSetupError';
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function describeResponse(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const code = 'code' in body && typeof body.code === 'string' ? ` ${body.code}` : '';
    return `HTTP ${status}${code}: ${body.message}`;
  }
  return `HTTP ${status}`;
}
