import { type ErrorCode, ErrorBody, errorCodes, locateRecords, type Operation, statusTitles } from '@socialquery/core';
import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { headers } from './headers.js';

/** Query parameters that carry a paging token; an operation taking one can answer `invalid_cursor`. */
const TOKEN_PARAMS = ['paginationToken', 'cursor', 'nextToken'];

/**
 * The error codes an operation can answer with: every code of core's registry (they are
 * cross-cutting: parameters, credentials, budgets, the store, malformed requests) but 405, which
 * no GET answers, `missing_parameter` unless a query parameter is required, `invalid_cursor`
 * unless it takes a paging token, and the heavy-work limits' codes unless it is heavy or a listing
 * (which can be exported). `not_found` stays on every operation: all but a search name an
 * entity that may not exist.
 */
export function errorCodesOf(operation: Operation): ErrorCode[] {
  const query = operation.params.query?.shape ?? {};
  const names = Object.keys(query);
  const hasRequired = names.some((name) => !(query[name] as z.ZodType).safeParse(undefined).success);
  const takesToken = names.some((name) => TOKEN_PARAMS.includes(name));
  // heavy requests are limited: a heavy operation's, and any listing's bulk export
  const limited = operation.heavy === true || locateRecords(operation.response).many;
  return (Object.keys(errorCodes) as ErrorCode[]).filter(
    (code) =>
      code !== 'method_not_allowed' &&
      (code !== 'missing_parameter' || hasRequired) &&
      (code !== 'invalid_cursor' || takesToken) &&
      ((code !== 'concurrency_limited' && code !== 'busy') || limited),
  );
}

/** Responses keyed by status, each listing its codes, with the error body (plus the operation's `errorExtras`). */
export function errorResponses(operation: Operation, errorBody: z.ZodType): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(operation)) {
    const status = errorCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, codes] of byStatus) {
    responses[String(status)] = {
      description: `${statusTitles[status] ?? 'Error'}: ${codes.map((code) => `\`${code}\` (${errorCodes[code].description})`).join('; ')}`,
      headers: headersFor(status, operation),
      content: {
        'application/json': {
          schema: errorBody,
          examples: Object.fromEntries(codes.map((code) => [code, { value: exampleBody(code, operation) }])),
        },
      },
    };
  }
  return responses;
}

function headersFor(status: number, operation: Operation) {
  return {
    'x-request-id': headers.requestId,
    ...(status === 401 && operation.auth === 'bearer' ? { 'WWW-Authenticate': headers.wwwAuthenticate } : {}),
    ...(status === 429 || status === 503 ? { 'Retry-After': headers.retryAfter } : {}),
  };
}

const EXAMPLE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  missing_parameter: 'username is required',
  invalid_parameter: 'limit must be at most 100',
  unknown_parameter: "unknown parameter 'limt'; accepted: limit",
  invalid_cursor: 'the paging token is invalid or belongs to another query',
  invalid_request: 'the request could not be read (malformed URL or header)',
  missing_credentials: 'this operation needs a credential',
  invalid_credentials: 'the credential is unknown, revoked, or not valid for this operation',
  not_found: "user 'nobody' not found",
  rate_limited: 'this credential used its budget of 600 units per 60 s; retry after 12 s',
  internal: 'internal error; quote the request id when reporting it',
  unavailable: 'the store is unavailable right now; retry shortly',
  concurrency_limited:
    'this credential already runs 2 heavy requests (bulk exports, searches) at once, its most; retry after 5 s',
  busy: 'this replica already runs 4 heavy requests (bulk exports, searches) at once, its most; retry after 1 s',
};

function exampleBody(code: ErrorCode, operation: Operation): ErrorBody {
  const status = errorCodes[code].status;
  return {
    statusCode: status,
    error: statusTitles[status] ?? 'Error',
    code,
    message: EXAMPLE_MESSAGES[code] ?? errorCodes[code].description,
    requestId: '6f1c2a9e-3b7d-4c2e-9a51-0d8f4e2b7c10',
    ...(operation.errorExtras ?? {}),
  };
}

/** The error body of operations with `errorExtras`: those fields become required constants. */
export function errorBodyWithExtras(extras: Readonly<Record<string, unknown>>) {
  const fields = Object.fromEntries(
    Object.entries(extras).map(([name, value]) => [name, z.literal(value as string | number | boolean | null)]),
  );
  return ErrorBody.extend(fields);
}
