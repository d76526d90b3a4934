/**
 * Every error code the service answers with, in one registry (code → HTTP status).
 * The error middleware, the OpenAPI document and the docs are all derived from it.
 */
export const errorCodes = {
  missing_parameter: { status: 400, description: 'A required parameter is absent.' },
  invalid_parameter: {
    status: 400,
    description: 'A parameter has a value of the wrong type, outside its range or enumeration, or is repeated.',
  },
  unknown_parameter: { status: 400, description: 'The operation does not take a parameter of that name.' },
  invalid_cursor: {
    status: 400,
    description: 'A paging token is malformed, tampered with, or was produced by another query.',
  },
  invalid_request: {
    status: 400,
    description: 'The request line or a header could not be read (for example a malformed URL).',
  },
  credentials_in_query: {
    status: 400,
    description:
      'A credential-like query parameter (`apiKey`, `api_key`, `token`, `access_token`…): credentials travel in headers only.',
  },
  missing_credentials: { status: 401, description: 'The credential the operation requires was not sent.' },
  invalid_credentials: {
    status: 401,
    description: 'The credential is unknown, revoked, or of the wrong kind for the operation.',
  },
  not_found: { status: 404, description: 'No such route, or the user, community or item named does not exist.' },
  method_not_allowed: { status: 405, description: 'Every operation is a GET; the response carries `Allow: GET`.' },
  request_timeout: { status: 408, description: 'The request did not arrive completely in time.' },
  uri_too_long: { status: 414, description: 'The request target (path and query) is longer than the service reads.' },
  headers_too_large: { status: 431, description: 'The request headers are larger than the service reads.' },
  rate_limited: {
    status: 429,
    description: 'The credential used up its request budget; retry after `Retry-After` seconds.',
  },
  concurrency_limited: {
    status: 429,
    description:
      'The credential already runs as many heavy requests (bulk exports, searches) at once as one credential may; retry after `Retry-After` seconds.',
  },
  internal: { status: 500, description: 'An unexpected fault; logged with the request id, no details in the body.' },
  unavailable: { status: 503, description: 'The store does not answer.' },
  busy: {
    status: 503,
    description:
      'The replica already runs as many heavy requests (bulk exports, searches) at once as it takes; retry after `Retry-After` seconds (another replica may have room).',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** Reason phrases of the statuses the service uses (RFC 9110). */
export const statusTitles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}
