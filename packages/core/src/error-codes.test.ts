import { ErrorBody } from './error-body.js';
import { errorCodes, isErrorCode, statusTitles } from './error-codes.js';

describe('errorCodes', () => {
  const entries = Object.entries(errorCodes);

  it('is not empty', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(entries)('%s has a titled status and a description', (_code, { status, description }) => {
    expect(Number.isInteger(status)).toBe(true);
    expect(status >= 400 && status <= 599).toBe(true);
    expect(statusTitles[status]).toEqual(expect.any(String));
    expect(statusTitles[status]?.length).toBeGreaterThan(0);
    expect(description.trim().length).toBeGreaterThan(0);
  });

  it('maps the well-known codes to their statuses', () => {
    expect(errorCodes.invalid_cursor.status).toBe(400);
    expect(errorCodes.missing_credentials.status).toBe(401);
    expect(errorCodes.not_found.status).toBe(404);
    expect(errorCodes.rate_limited.status).toBe(429);
    expect(errorCodes.internal.status).toBe(500);
  });
});

describe('isErrorCode', () => {
  it('accepts every registered code', () => {
    for (const code of Object.keys(errorCodes)) expect(isErrorCode(code)).toBe(true);
  });

  it.each(['nope', '', 'toString', '__proto__', 'constructor', 404, null, undefined])('rejects %p', (value) => {
    expect(isErrorCode(value)).toBe(false);
  });
});

describe('ErrorBody', () => {
  const sample = {
    statusCode: 400,
    error: 'Bad Request',
    code: 'invalid_parameter',
    message: 'limit must be at most 100',
    issues: [{ path: 'limit', message: 'must be at most 100' }],
    requestId: 'req-1',
  };

  it('parses a sample body', () => {
    expect(ErrorBody.parse(sample)).toEqual(sample);
  });

  it('parses a body without issues and with success: false', () => {
    const { issues: _issues, ...rest } = sample;
    expect(ErrorBody.parse({ ...rest, success: false })).toEqual({ ...rest, success: false });
  });

  it('rejects a body without code', () => {
    const { code: _code, ...rest } = sample;
    const result = ErrorBody.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['code']]);
  });

  it('rejects success: true and a non-integer statusCode', () => {
    expect(ErrorBody.safeParse({ ...sample, success: true }).success).toBe(false);
    expect(ErrorBody.safeParse({ ...sample, statusCode: 400.5 }).success).toBe(false);
  });
});
