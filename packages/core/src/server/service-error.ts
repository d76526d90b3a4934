import type { ErrorIssue } from '../error-body.js';
import { type ErrorCode, errorCodes } from '../error-codes.js';

/**
 * An error a handler or middleware raises on purpose. The service's one error middleware
 * turns it into the error body; its message is shown to the caller, so it must never
 * carry internals (SQL, stack, file paths).
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { issues?: ErrorIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = errorCodes[code].status;
  }
}

export const notFound = (what: string) => new ServiceError('not_found', `${what} not found`);
