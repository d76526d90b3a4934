import { type ErrorBody, type ErrorCode, type ErrorIssue, errorCodes, statusTitles } from '@socialquery/core';
import { ServiceError } from '@socialquery/core/server';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { DataHealth } from './data-health.js';
import { maskFeedToken } from './feeds/token-path.js';
import { contextOf } from './request-context.js';

/** Writes the one error body. */
export function sendError(
  res: Response,
  code: ErrorCode,
  message: string,
  extra: { issues?: ErrorIssue[]; headers?: Record<string, string>; status?: number } = {},
) {
  const status = extra.status ?? errorCodes[code].status;
  const context = contextOf(res);
  const body: ErrorBody = {
    statusCode: status,
    error: statusTitles[status] ?? 'Error',
    code,
    message,
    ...(extra.issues && extra.issues.length > 0 ? { issues: extra.issues } : {}),
    requestId: context.requestId,
  };
  if (context.errorBodyExtras) Object.assign(body, context.errorBodyExtras);
  for (const [name, value] of Object.entries(extra.headers ?? {})) res.setHeader(name, value);
  res.status(status).json(body);
}

/**
 * The one error middleware. ServiceErrors carry their own code; store outages (unreachable,
 * statement timeout, disk full) are 503 `unavailable`; client errors raised by
 * Express itself (a malformed percent-encoding in the path) become 400 `invalid_request`;
 * anything else is a 500 `internal`, logged with the request id and never described.
 */
export function errorHandler(
  logger: Logger,
  isStoreUnavailable: (error: unknown) => boolean,
  dataHealth?: Pick<DataHealth, 'failed'>,
): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof ServiceError) {
      sendError(res, error.code, error.message, error.details);
      return;
    }
    if (isStoreUnavailable(error)) {
      dataHealth?.failed();
      logger.warn(
        { err: error, requestId: contextOf(res).requestId, path: maskFeedToken(req.path) },
        'store unavailable',
      );
      sendError(res, 'unavailable', 'the store is unavailable right now; retry shortly', {
        headers: { 'Retry-After': '5' },
      });
      return;
    }
    const status = httpStatusOf(error);
    if (status >= 400 && status < 500) {
      sendError(res, 'invalid_request', 'the request could not be read (malformed URL or header)');
      return;
    }
    logger.error(
      { err: error, requestId: contextOf(res).requestId, method: req.method, path: maskFeedToken(req.path) },
      'unhandled error',
    );
    sendError(res, 'internal', 'internal error; quote the request id when reporting it');
  };
}

/** The HTTP status an error raised by Express or a body parser carries (`status` or `statusCode`), else 500. */
function httpStatusOf(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  return typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : 500;
}
