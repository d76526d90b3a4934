import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as core from '@socialquery/core';
import {
  type ApiErrorCode,
  ApiResponseError,
  type CallOptions,
  createMicroblogClient,
  type ErrorBody,
  NoResponseError,
  RateLimitError,
  RequestAbortedError,
  RequestSetupError,
  type RetryInfo,
  SocialQueryClientError,
} from './index.js';

/**
 * The error classes of this package's main entry are core's own, so `instanceof` with them holds for
 * what this package's client throws. The service here answers every request with the error body of
 * `answer`.
 */
let answer = { status: 404, code: 'not_found', headers: {} as Record<string, string> };
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    const body: ErrorBody = {
      statusCode: answer.status,
      error: 'Error',
      code: answer.code,
      message: 'as the test asks',
      requestId: 'r1',
    };
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * One call of this package's client, retrying once unless the answer asks to wait longer than a
 * second (so a 429 with `Retry-After: 7` fails at once).
 */
const call = (
  { credential = 'sqt_test', onRetry }: { credential?: string; onRetry?: (info: RetryInfo) => void } = {},
  options: CallOptions = {},
) =>
  createMicroblogClient({ baseUrl, token: credential, retries: 1, maxRetryWait: 1000, onRetry }).userMessages(
    { username: 'someone' },
    options,
  );

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('@socialquery/microblog re-exports the client error classes', () => {
  it("as core's class objects", () => {
    expect(ApiResponseError).toBe(core.ApiResponseError);
    expect(RateLimitError).toBe(core.RateLimitError);
    expect(NoResponseError).toBe(core.NoResponseError);
    expect(RequestAbortedError).toBe(core.RequestAbortedError);
    expect(RequestSetupError).toBe(core.RequestSetupError);
    expect(SocialQueryClientError).toBe(core.SocialQueryClientError);
  });

  it('an answer outside 2xx is an ApiResponseError, its statusCode the status', async () => {
    answer = { status: 404, code: 'not_found', headers: {} };
    const error = await rejection(call());
    expect(error).toBeInstanceOf(SocialQueryClientError);
    if (!(error instanceof ApiResponseError)) throw new Error(`expected an ApiResponseError: ${String(error)}`);
    expect(error).not.toBeInstanceOf(RateLimitError);
    const code: ApiErrorCode = error.code;
    expect([error.status, error.statusCode, code, error.body?.statusCode]).toEqual([404, 404, 'not_found', 404]);
  });

  it('a 429 is a RateLimitError', async () => {
    answer = { status: 429, code: 'rate_limited', headers: { 'retry-after': '7' } };
    const retries: RetryInfo[] = [];
    const error = await rejection(call({ onRetry: (info) => retries.push(info) }));
    expect(error).toBeInstanceOf(ApiResponseError);
    if (!(error instanceof RateLimitError)) throw new Error(`expected a RateLimitError: ${String(error)}`);
    expect([error.statusCode, error.retryAfter]).toEqual([429, 7]);
    expect(retries).toEqual([]);
  });

  it('a call without its credential is a RequestSetupError; an aborted one a RequestAbortedError', async () => {
    expect(await rejection(call({ credential: '' }))).toBeInstanceOf(RequestSetupError);
    const aborted = await rejection(call({}, { signal: AbortSignal.abort() }));
    expect(aborted).toBeInstanceOf(RequestAbortedError);
    expect(aborted).toBeInstanceOf(NoResponseError);
  });
});
