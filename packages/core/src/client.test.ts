import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createClient } from './client.js';
import {
  ApiResponseError,
  NoResponseError,
  parseRetryAfter,
  RateLimitError,
  RequestAbortedError,
  RequestSetupError,
  SocialQueryClientError,
} from './client-errors.js';
import type { ErrorBody } from './error-body.js';
import { defineOperation } from './operation.js';
import { booleanParam, integerParam, requiredString, timeBoundParam } from './params.js';
import { createTransport, type RetryInfo } from './transport.js';

const Item = z.object({ id: z.string(), limit: z.number().optional() });

const contract = {
  getItem: defineOperation({
    id: 'test.item',
    method: 'GET',
    path: '/api/v1/test/item/{id}',
    auth: 'bearer',
    params: {
      path: z.object({ id: requiredString() }),
      query: z.object({ limit: integerParam({ min: 1, max: 10, default: 5 }), flag: booleanParam(false) }),
    },
    response: Item,
    summary: 'One item',
  }),
  getKeyed: defineOperation({
    id: 'test.keyed',
    method: 'GET',
    path: '/api/v1/test/keyed',
    auth: 'apiKey',
    params: {},
    response: z.object({ keyed: z.boolean() }),
    summary: 'An API-key operation',
  }),
};

interface Seen {
  method: string | undefined;
  url: string;
  headers: IncomingHttpHeaders;
}

const seen: Seen[] = [];
let server: Server;
let baseUrl: string;

/** Answers by the item id (the last path segment). */
function startServer(): Promise<Server> {
  const s = createServer((req, res) => {
    const url = req.url ?? '';
    seen.push({ method: req.method, url, headers: req.headers });
    const pathname = new URL(url, 'http://localhost').pathname;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (pathname.endsWith('/api/v1/test/keyed')) {
      json(200, { keyed: true });
      return;
    }
    const id = decodeURIComponent(pathname.split('/').pop() ?? '');
    // `fail-<status>-<times>[-ra<Retry-After>]`: the status for the first <times> requests of the URL, then a success
    const failing = /^fail-(\d+)-(\d+)(?:-ra(.+))?$/.exec(id);
    if (failing && seen.filter((s) => s.url === url).length <= Number(failing[2])) {
      const status = Number(failing[1]);
      const retryAfter = failing[3] === 'date' ? new Date(Date.now() + 30_000).toUTCString() : failing[3];
      json(
        status,
        {
          statusCode: status,
          error: 'Failing',
          code: status === 429 ? 'rate_limited' : 'unavailable',
          message: 'try later',
          requestId: 'rf',
        },
        { 'x-request-id': 'rf', ...(retryAfter !== undefined && { 'retry-after': retryAfter }) },
      );
      return;
    }
    if (pathname.includes('/api/v1/test/list/')) {
      list(id);
      return;
    }
    switch (id) {
      case 'missing': {
        json(
          404,
          { statusCode: 404, error: 'Not Found', code: 'not_found', message: 'item not found', requestId: 'r1' },
          { 'x-request-id': 'r1' },
        );
        return;
      }
      case 'boom': {
        json(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          code: 'internal',
          message: 'oops',
          requestId: 'r5',
        });
        return;
      }
      case 'text':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('hello, not json');
      case 'invalid': {
        json(400, {
          statusCode: 400,
          error: 'Bad Request',
          code: 'invalid_parameter',
          message: 'limit must be at most 10',
          issues: [{ path: 'limit', message: 'must be at most 10' }],
          requestId: 'r4',
          success: false,
        });
        return;
      }
      case 'proxy':
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      case 'gateway-limit': {
        json(429, { message: 'API rate limit exceeded' }, { 'retry-after': '3' });
        return;
      }
      case 'hang':
        return; // never answers
      case 'destroy':
        return req.socket.destroy();
      default: {
        json(200, { id, limit: 3 }, { 'x-request-id': 'ok-1' });
        return;
      }
    }
    /** An export (NDJSON) of two items; `slow` sends one and then nothing more. */
    function list(kind: string) {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('{"id":"a"}\n');
      if (kind !== 'slow') res.end('{"id":"b"}\n');
    }
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(s)));
}

function portOf(s: Server): number {
  return (s.address() as AddressInfo).port;
}

/** The error `promise` rejects with; fails the test if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  server = await startServer();
  baseUrl = `http://127.0.0.1:${portOf(server)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

describe('createClient against a real server', () => {
  const client = () => createClient(contract, { baseUrl, token: 'tok-123', apiKey: 'key-456' });

  it('has one method per operation, exportAll and iterate', () => {
    expect(Object.keys(client()).sort()).toEqual(['exportAll', 'getItem', 'getKeyed', 'iterate']);
  });

  it('returns the parsed JSON of a success', async () => {
    await expect(client().getItem({ id: 'abc' })).resolves.toEqual({ id: 'abc', limit: 3 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('/api/v1/test/item/abc');
  });

  it('percent-encodes path values', async () => {
    await expect(client().getItem({ id: 'a/b c' })).resolves.toEqual({ id: 'a/b c', limit: 3 });
    expect(seen[0]?.url).toBe('/api/v1/test/item/a%2Fb%20c');
  });

  it('sends query values as strings', async () => {
    await client().getItem({ id: 'abc', limit: 3, flag: true });
    const url = new URL(seen[0]?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/v1/test/item/abc');
    expect(url.search).toBe('?limit=3&flag=true');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '3', flag: 'true' });
  });

  it('sends wire-format strings as given', async () => {
    await client().getItem({ id: 'abc', limit: '7', flag: 'false' });
    expect(seen[0]?.url).toBe('/api/v1/test/item/abc?limit=7&flag=false');
  });

  it('sends a Date time bound as its ISO form, a wire string as given, and refuses an invalid Date before sending', async () => {
    const windowed = createClient(
      {
        getWindow: defineOperation({
          id: 'test.window',
          method: 'GET',
          path: '/api/v1/test/item/{id}',
          auth: 'bearer',
          params: {
            path: z.object({ id: requiredString() }),
            query: z.object({ after: timeBoundParam('after'), before: timeBoundParam('before') }),
          },
          response: Item,
          summary: 'A listing with a time window',
        }),
      },
      { baseUrl, token: 'tok-123' },
    );
    await windowed.getWindow({ id: 'abc', after: new Date('2024-05-01T00:00:00+02:00'), before: '1714521600' });
    expect(seen[0]?.url).toBe('/api/v1/test/item/abc?after=2024-04-30T22%3A00%3A00.000Z&before=1714521600');
    const error = await rejection(windowed.getWindow({ id: 'abc', after: new Date(Number.NaN) }));
    expect(error).toBeInstanceOf(RequestSetupError);
    expect((error as RequestSetupError).issues).toEqual([
      { path: 'after', message: expect.stringMatching(/^must be an ISO 8601 timestamp/) },
    ]);
    expect(seen).toHaveLength(1);
  });

  it('does not send omitted or undefined query values (the server applies the defaults)', async () => {
    await client().getItem({ id: 'abc' });
    await client().getItem({ id: 'abc', limit: undefined, flag: undefined });
    await client().getItem({ id: 'abc', flag: false });
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v1/test/item/abc',
      '/api/v1/test/item/abc',
      '/api/v1/test/item/abc?flag=false',
    ]);
  });

  it('sends the bearer token to a bearer operation, and no API key', async () => {
    await client().getItem({ id: 'abc' });
    expect(seen[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(seen[0]?.headers['x-api-key']).toBeUndefined();
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it('sends x-api-key to an API-key operation, and no bearer token', async () => {
    await expect(client().getKeyed({})).resolves.toEqual({ keyed: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/v1/test/keyed');
    expect(seen[0]?.headers['x-api-key']).toBe('key-456');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('sends extra headers from the options', async () => {
    await createClient(contract, { baseUrl, token: 't', headers: { 'x-trace': 'abc' } }).getItem({ id: 'abc' });
    expect(seen[0]?.headers['x-trace']).toBe('abc');
    expect(seen[0]?.headers.authorization).toBe('Bearer t');
  });

  it('keeps a path prefix of the baseUrl', async () => {
    await expect(
      createClient(contract, { baseUrl: `${baseUrl}/prefix/`, token: 't' }).getItem({ id: 'abc' }),
    ).resolves.toEqual({ id: 'abc', limit: 3 });
    expect(seen[0]?.url).toBe('/prefix/api/v1/test/item/abc');
  });

  it('maps a 404 to ApiResponseError with the parsed body and request id', async () => {
    const error = await rejection(client().getItem({ id: 'missing' }));
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toBeInstanceOf(SocialQueryClientError);
    const apiError = error as ApiResponseError;
    expect(apiError.kind).toBe('api_response');
    expect(apiError.name).toBe('ApiResponseError');
    expect(apiError.status).toBe(404);
    expect(apiError.requestId).toBe('r1');
    expect(apiError.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'not_found',
      message: 'item not found',
      requestId: 'r1',
    });
    expect(apiError.message).toBe('HTTP 404 not_found: item not found');
    expect(seen).toHaveLength(1);
  });

  it('maps a 500 to ApiResponseError and does not retry by default', async () => {
    const error = await rejection(client().getItem({ id: 'boom' }));
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).status).toBe(500);
    expect((error as ApiResponseError).body).toMatchObject({ code: 'internal' });
    // no x-request-id header: the body's
    expect((error as ApiResponseError).requestId).toBe('r5');
    expect(seen).toHaveLength(1);
  });

  it('maps a non-JSON 2xx body to ApiResponseError carrying the raw text', async () => {
    const error = await rejection(client().getItem({ id: 'text' }));
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).status).toBe(200);
    expect((error as ApiResponseError).body).toBeUndefined();
    expect((error as ApiResponseError).rawBody).toBe('hello, not json');
    expect((error as ApiResponseError).code).toBe('unexpected_response');
    expect((error as ApiResponseError).message).toBe('HTTP 200 unexpected_response: the answer is not JSON');
  });

  it('maps a route that never answers to NoResponseError within the timeout', async () => {
    const started = Date.now();
    const error = await rejection(
      createClient(contract, { baseUrl, token: 't', timeout: 200 }).getItem({ id: 'hang' }),
    );
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(NoResponseError);
    expect((error as NoResponseError).kind).toBe('no_response');
    expect((error as NoResponseError).name).toBe('NoResponseError');
    expect((error as NoResponseError).code).toBe('ETIMEDOUT');
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(2000);
    expect(seen).toHaveLength(1);
  });

  it('maps a destroyed socket to NoResponseError', async () => {
    const error = await rejection(client().getItem({ id: 'destroy' }));
    expect(error).toBeInstanceOf(NoResponseError);
    expect((error as NoResponseError).kind).toBe('no_response');
    expect(seen).toHaveLength(1);
  });

  it('maps a closed port to NoResponseError', async () => {
    const closed = await startServer();
    const port = portOf(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await rejection(
      createClient(contract, { baseUrl: `http://127.0.0.1:${port}`, token: 't' }).getItem({ id: 'abc' }),
    );
    expect(error).toBeInstanceOf(NoResponseError);
    expect((error as NoResponseError).code).toBe('ECONNREFUSED');
    expect((error as NoResponseError).message).toMatch(/^no response: /);
  });

  describe('retries', () => {
    it('requests a 500 route 1 + retries times', async () => {
      const retrying = createClient(contract, { baseUrl, token: 't', retries: 2, retryDelay: 1 });
      const error = await rejection(retrying.getItem({ id: 'boom' }));
      expect(error).toBeInstanceOf(ApiResponseError);
      expect((error as ApiResponseError).status).toBe(500);
      expect(seen.map((s) => s.url)).toEqual(Array(3).fill('/api/v1/test/item/boom'));
    });

    it('never retries a 4xx', async () => {
      const retrying = createClient(contract, { baseUrl, token: 't', retries: 2 });
      const error = await rejection(retrying.getItem({ id: 'missing' }));
      expect((error as ApiResponseError).status).toBe(404);
      expect(seen).toHaveLength(1);
    });
  });

  describe('request setup errors (nothing is sent)', () => {
    async function expectSetupError(promise: Promise<unknown>, message?: RegExp) {
      const error = await rejection(promise);
      expect(error).toBeInstanceOf(RequestSetupError);
      expect(error).toBeInstanceOf(SocialQueryClientError);
      expect((error as RequestSetupError).kind).toBe('request_setup');
      expect((error as RequestSetupError).name).toBe('RequestSetupError');
      if (message) expect((error as RequestSetupError).message).toMatch(message);
      expect(seen).toHaveLength(0);
      return error as RequestSetupError;
    }

    it('a missing required path argument', async () => {
      const error = await expectSetupError(client().getItem({} as never), /^test\.item: id is required$/);
      expect(error.issues).toEqual([{ path: 'id', message: 'is required' }]);
    });

    it.each(['.', '..'])('a path argument of %p (URL resolution would reach another route)', async (id) => {
      await expectSetupError(client().getItem({ id }), /id must not be '\.' or '\.\.'/);
    });

    it('an empty path argument', async () => {
      const error = await expectSetupError(client().getItem({ id: '' }));
      expect(error.issues).toEqual([{ path: 'id', message: 'must not be empty' }]);
    });

    it.each([
      ['abc', 'must be an integer from 1 to 10'],
      [0, 'must be at least 1'],
      [11, 'must be at most 10'],
      ['11', 'must be at most 10'],
      [2.5, 'must be an integer from 1 to 10'],
    ])('an invalid limit %p', async (limit, message) => {
      const error = await expectSetupError(client().getItem({ id: 'abc', limit }));
      expect(error.issues).toEqual([{ path: 'limit', message }]);
      expect(error.message).toBe(`test.item: limit ${message}`);
    });

    it('an invalid flag', async () => {
      const error = await expectSetupError(client().getItem({ id: 'abc', flag: 'yes' as never }));
      expect(error.issues).toEqual([{ path: 'flag', message: 'must be true or false' }]);
    });

    it('an unknown argument', async () => {
      await expectSetupError(
        client().getItem({ id: 'abc', colour: 'red' } as never),
        /^test\.item does not take colour; it takes id, limit, flag, fields$/,
      );
    });

    it('a missing bearer token', async () => {
      await expectSetupError(
        createClient(contract, { baseUrl, apiKey: 'k' }).getItem({ id: 'abc' }),
        /needs a bearer token/,
      );
    });

    it('an empty bearer token', async () => {
      await expectSetupError(
        createClient(contract, { baseUrl, token: '' }).getItem({ id: 'abc' }),
        /needs a bearer token/,
      );
    });

    it('a missing API key', async () => {
      await expectSetupError(createClient(contract, { baseUrl, token: 't' }).getKeyed({}), /needs an API key/);
    });

    it('a token that is not a valid header value', async () => {
      await expectSetupError(createClient(contract, { baseUrl, token: 'a\nb' }).getItem({ id: 'abc' }));
    });

    it.each([
      ['undefined', undefined],
      ['null', null],
      ['a string', 'abc'],
      ['a number', 5],
      ['an array', [{ id: 'abc' }]],
    ])('a non-object argument: %s', async (_name, args) => {
      await expectSetupError(client().getItem(args as never), /^test\.item takes one object argument$/);
    });
  });
});

describe('client options', () => {
  it.each(['not a url', 'ftp://x', '', '127.0.0.1:8080'])('rejects the baseUrl %p when creating the client', (bad) => {
    let error: unknown;
    try {
      createClient(contract, { baseUrl: bad, token: 't' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RequestSetupError);
    expect((error as RequestSetupError).kind).toBe('request_setup');
    expect((error as RequestSetupError).message).toMatch(/^baseUrl /);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects the timeout %p', (timeout) => {
    expect(() => createTransport({ baseUrl: 'http://127.0.0.1:1', timeout })).toThrow(RequestSetupError);
  });

  it.each([-1, 1.5, Number.NaN])('rejects the retries %p', (retries) => {
    expect(() => createTransport({ baseUrl: 'http://127.0.0.1:1', retries })).toThrow(RequestSetupError);
  });

  it('uses a given transport instead of the network', async () => {
    const requests: unknown[] = [];
    const transport = {
      get: async (request: unknown) => {
        requests.push(request);
        return { id: 'fake' };
      },
    };
    const fake = createClient(contract, { baseUrl: 'not a url', token: 'tok', transport });
    await expect(fake.getItem({ id: 'x y', limit: 4 })).resolves.toEqual({ id: 'fake' });
    expect(requests).toEqual([
      { path: '/api/v1/test/item/x%20y', query: { limit: '4' }, headers: { authorization: 'Bearer tok' } },
    ]);
  });
});

describe('iterate: the page iterator every paged operation has', () => {
  const Page = z.object({ items: z.array(Item), next: z.string() });
  const paged = {
    byToken: defineOperation({
      id: 'test.byToken',
      method: 'GET',
      path: '/api/v1/test/by-token',
      auth: 'bearer',
      params: { query: z.object({ limit: integerParam({ min: 1, max: 3, default: 2 }), next: z.string().optional() }) },
      response: Page,
      summary: 'Token-paged items',
      paging: { kind: 'token', param: 'next', next: ['next'], limitParam: 'limit' },
    }),
    byOffset: defineOperation({
      id: 'test.byOffset',
      method: 'GET',
      path: '/api/v1/test/by-offset',
      auth: 'bearer',
      params: {
        query: z.object({
          offset: integerParam({ min: 0, max: 6, default: 0 }),
          limit: integerParam({ min: 1, max: 3, default: 3 }),
        }),
      },
      response: z.object({ items: z.array(Item) }),
      summary: 'Offset-paged items',
      paging: { kind: 'offset' },
    }),
    single: contract.getItem,
  };
  /** 8 items; token pages answer `next` = the index of the next item, '' at the end. */
  const ITEMS = Array.from({ length: 8 }, (_, i) => ({ id: `i${i}` }));
  const fakeClient = () => {
    const queries: Record<string, string>[] = [];
    const transport = {
      get: async ({ path, query }: { path: string; query: Record<string, string> }) => {
        queries.push(query);
        const limit = Number(query.limit ?? (path.endsWith('by-token') ? 2 : 3));
        const from = Number(path.endsWith('by-token') ? (query.next ?? 0) : (query.offset ?? 0));
        const items = ITEMS.slice(from, from + limit);
        const end = from + items.length;
        return path.endsWith('by-token') ? { items, next: end < ITEMS.length ? String(end) : '' } : { items };
      },
    };
    return { client: createClient(paged, { baseUrl: 'http://127.0.0.1:1', token: 't', transport }), queries };
  };
  const all = async <T>(iterator: AsyncIterable<T>) => {
    const out: T[] = [];
    for await (const item of iterator) out.push(item);
    return out;
  };

  it('follows a token until it comes back empty, sending each back under its own name', async () => {
    const { client, queries } = fakeClient();
    expect((await all(client.iterate('byToken', { limit: 3 }))).map((item) => item.id)).toEqual(
      ITEMS.map((item) => item.id),
    );
    expect(queries).toEqual([{ limit: '3' }, { limit: '3', next: '3' }, { limit: '3', next: '6' }]);
  });

  it('starts at a given token', async () => {
    const { client } = fakeClient();
    expect((await all(client.iterate('byToken', { next: '5' }))).map((item) => item.id)).toEqual(['i5', 'i6', 'i7']);
  });

  it('steps offset by each page and stops at a short page', async () => {
    const { client, queries } = fakeClient();
    expect((await all(client.iterate('byOffset', {}))).map((item) => item.id)).toEqual(ITEMS.map((item) => item.id));
    expect(queries.map((query) => query.offset)).toEqual(['0', '3', '6']);
  });

  it('never asks for an offset past the largest the operation takes', async () => {
    const { client, queries } = fakeClient();
    const ids = (await all(client.iterate('byOffset', { limit: 2 }))).map((item) => item.id);
    // pages at 0, 2, 4, 6 (the largest offset); the walk ends there rather than sending offset=8
    expect(ids).toEqual(ITEMS.map((item) => item.id));
    expect(queries.map((query) => query.offset)).toEqual(['0', '2', '4', '6']);
  });

  it('asks for no further page once the loop is left', async () => {
    const { client, queries } = fakeClient();
    for await (const item of client.iterate('byToken', { limit: 1 })) if (item.id === 'i1') break;
    expect(queries).toHaveLength(2);
  });

  it('refuses an operation that does not page, before sending anything', async () => {
    const { client, queries } = fakeClient();
    // @ts-expect-error: single does not page
    await expect(all(client.iterate('single', { id: 'x' }))).rejects.toThrow(
      /test\.item does not page; the paged operations are byToken, byOffset/,
    );
    expect(queries).toHaveLength(0);
  });
});

describe('ApiResponseError: the error body, typed', () => {
  const client = () => createClient(contract, { baseUrl, token: 't' });

  it('reads code, message, issues and requestId from the body without a cast', async () => {
    const error = await rejection(client().getItem({ id: 'invalid' }));
    if (!(error instanceof ApiResponseError)) throw new Error('expected an ApiResponseError');
    // typed: these assignments compile (tsc checks the tests)
    const code: string = error.code;
    const body: ErrorBody | undefined = error.body;
    const issues: readonly { path: string; message: string }[] = error.issues;
    expect(code).toBe('invalid_parameter');
    expect(body?.message).toBe('limit must be at most 10');
    expect(body?.success).toBe(false);
    expect(issues).toEqual([{ path: 'limit', message: 'must be at most 10' }]);
    expect(error.requestId).toBe('r4');
    expect(error.status).toBe(400);
    // the error body's name for the status, the same number
    const statusCode: number = error.statusCode;
    expect(statusCode).toBe(400);
    expect(statusCode).toBe(body?.statusCode);
    expect(JSON.parse(error.rawBody)).toEqual(body);
    expect(error.message).toBe('HTTP 400 invalid_parameter: limit must be at most 10');
  });

  it('keeps the header request id, and the headers', async () => {
    const error = (await rejection(client().getItem({ id: 'missing' }))) as ApiResponseError;
    expect(error.requestId).toBe('r1');
    expect(error.headers['content-type']).toBe('application/json');
    expect(error.issues).toEqual([]);
  });

  it("keeps a proxy's HTML page as rawBody, with the fallback code and the status's reason phrase", async () => {
    const error = (await rejection(client().getItem({ id: 'proxy' }))) as ApiResponseError;
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error.status).toBe(502);
    expect(error.statusCode).toBe(502);
    expect(error.body).toBeUndefined();
    expect(error.rawBody).toBe('<html><body><h1>502 Bad Gateway</h1></body></html>');
    expect(error.code).toBe('unexpected_response');
    expect(error.requestId).toBeUndefined();
    expect(error.issues).toEqual([]);
    expect(error.message).toBe('HTTP 502 unexpected_response: Bad Gateway');
  });

  it("takes the message of a JSON answer that is not the service's error body (a gateway's)", async () => {
    const error = (await rejection(client().getItem({ id: 'gateway-limit' }))) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.body).toBeUndefined();
    expect(error.code).toBe('unexpected_response');
    expect(error.message).toBe('HTTP 429 unexpected_response: API rate limit exceeded');
    expect(error.retryAfter).toBe(3);
  });

  it('is built from a status and a text alone', () => {
    const error = new ApiResponseError(
      404,
      JSON.stringify({
        statusCode: 404,
        error: 'Not Found',
        code: 'not_found',
        message: 'no such user',
        requestId: 'x',
      }),
    );
    expect([error.code, error.requestId, error.message]).toEqual([
      'not_found',
      'x',
      'HTTP 404 not_found: no such user',
    ]);
    expect(new ApiResponseError(599, '').message).toBe('HTTP 599 unexpected_response: unexpected answer');
  });

  it('has statusCode, read-only, the same number as status, also when the body says otherwise', () => {
    const error = new ApiResponseError(
      503,
      JSON.stringify({ statusCode: 500, error: 'x', code: 'internal', message: 'm', requestId: 'x' }),
    );
    expect([error.status, error.statusCode]).toEqual([503, 503]);
    expect(() => {
      // @ts-expect-error: statusCode is read-only
      error.statusCode = 200;
    }).toThrow(TypeError);
    expect(error.statusCode).toBe(503);
    expect(new RateLimitError(429, '').statusCode).toBe(429);
  });
});

describe('RateLimitError: a 429 with retryAfter', () => {
  const client = () => createClient(contract, { baseUrl, token: 't' });

  it('is an ApiResponseError of the same kind, with retryAfter from delta-seconds', async () => {
    const error = await rejection(client().getItem({ id: 'fail-429-9-ra7' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toBeInstanceOf(SocialQueryClientError);
    const limited = error as RateLimitError;
    expect([limited.kind, limited.name, limited.status, limited.code]).toEqual([
      'api_response',
      'RateLimitError',
      429,
      'rate_limited',
    ]);
    expect(limited.retryAfter).toBe(7);
  });

  it('reads retryAfter from an HTTP date', async () => {
    const error = (await rejection(client().getItem({ id: 'fail-429-9-radate' }))) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    // 30 s ahead, to the second (the date has no milliseconds)
    expect(error.retryAfter).toBeGreaterThanOrEqual(29);
    expect(error.retryAfter).toBeLessThanOrEqual(30);
  });

  it('has no retryAfter when the answer has no Retry-After', async () => {
    const error = (await rejection(client().getItem({ id: 'fail-429-9' }))) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBeUndefined();
  });

  it('is not what a 503 raises', async () => {
    const error = await rejection(client().getItem({ id: 'fail-503-9-ra1' }));
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).not.toBeInstanceOf(RateLimitError);
  });

  it.each([
    ['0', 0],
    [' 12 ', 12],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 0],
    [new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toUTCString(), 10],
    ['', undefined],
    [undefined, undefined],
    ['soon', undefined],
    ['5.5', undefined],
    ['-3', undefined],
  ])('parseRetryAfter(%p) is %p', (value, seconds) => {
    expect(parseRetryAfter(value, Date.UTC(2030, 0, 1))).toBe(seconds);
  });
});

describe('retries: opt-in, with back-off and Retry-After', () => {
  /** A client whose retry waits are recorded, not slept. */
  const retrying = (options: { retries?: number; retryDelay?: number; maxRetryWait?: number } = {}) => {
    const waits: number[] = [];
    const retried: RetryInfo[] = [];
    const client = createClient(contract, {
      baseUrl,
      token: 't',
      ...options,
      sleep: async (ms) => void waits.push(ms),
      onRetry: (info) => void retried.push(info),
    });
    return { client, waits, retried };
  };
  const urls = () => seen.map((s) => new URL(s.url, 'http://localhost').pathname);

  it.each(['fail-429-1-ra0', 'fail-503-1', 'boom'])('does not retry by default (%s)', async (id) => {
    const { client, waits } = retrying();
    await expect(client.getItem({ id })).rejects.toBeInstanceOf(ApiResponseError);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries a 503 with exponential back-off and jitter until it succeeds', async () => {
    const { client, waits, retried } = retrying({ retries: 3, retryDelay: 100 });
    await expect(client.getItem({ id: 'fail-503-2' })).resolves.toEqual({ id: 'fail-503-2', limit: 3 });
    expect(urls()).toEqual(Array(3).fill('/api/v1/test/item/fail-503-2'));
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
    expect(retried.map((r) => [r.attempt, r.wait, (r.error as ApiResponseError).status])).toEqual([
      [1, waits[0], 503],
      [2, waits[1], 503],
    ]);
  });

  it('waits what Retry-After asks before retrying a 429', async () => {
    const { client, waits } = retrying({ retries: 1, retryDelay: 5 });
    await expect(client.getItem({ id: 'fail-429-1-ra2' })).resolves.toMatchObject({ id: 'fail-429-1-ra2' });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('throws the RateLimitError at once when Retry-After is longer than maxRetryWait', async () => {
    const { client, waits } = retrying({ retries: 3, maxRetryWait: 5_000 });
    const error = (await rejection(client.getItem({ id: 'fail-429-1-ra6' }))) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(6);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('caps back-off at maxRetryWait', async () => {
    const { client, waits } = retrying({ retries: 3, retryDelay: 1_000, maxRetryWait: 300 });
    await expect(client.getItem({ id: 'fail-502-3' })).resolves.toMatchObject({ id: 'fail-502-3' });
    expect(waits).toHaveLength(3);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(150);
      expect(wait).toBeLessThanOrEqual(300);
    }
  });

  it('gives up after `retries` retries with the last error', async () => {
    const { client, waits } = retrying({ retries: 2, retryDelay: 1 });
    const error = (await rejection(client.getItem({ id: 'fail-504-9' }))) as ApiResponseError;
    expect(error.status).toBe(504);
    expect(seen).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it.each(['missing', 'invalid'])('never retries a 4xx other than 429 (%s)', async (id) => {
    const { client, waits } = retrying({ retries: 3 });
    await expect(client.getItem({ id })).rejects.toBeInstanceOf(ApiResponseError);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries a request that got no answer', async () => {
    const closed = await startServer();
    const port = portOf(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const retried: RetryInfo[] = [];
    const client = createClient(contract, {
      baseUrl: `http://127.0.0.1:${port}`,
      token: 't',
      retries: 2,
      sleep: async () => {},
      onRetry: (info) => void retried.push(info),
    });
    const error = await rejection(client.getItem({ id: 'abc' }));
    expect(error).toBeInstanceOf(NoResponseError);
    expect(retried.map((r) => [r.attempt, (r.error as NoResponseError).code])).toEqual([
      [1, 'ECONNREFUSED'],
      [2, 'ECONNREFUSED'],
    ]);
  });

  it('sleeps for real when no timer is given', async () => {
    const client = createClient(contract, { baseUrl, token: 't', retries: 1, retryDelay: 20 });
    const started = Date.now();
    await expect(client.getItem({ id: 'fail-500-1' })).resolves.toMatchObject({ id: 'fail-500-1' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9);
    expect(seen).toHaveLength(2);
  });

  it('retries the start of an export, then streams its lines', async () => {
    const waits: number[] = [];
    const lister = createClient(listing, { baseUrl, token: 't', retries: 1, sleep: async (ms) => void waits.push(ms) });
    const lines: unknown[] = [];
    for await (const item of lister.exportAll('listItems', { kind: 'fail-503-1-ra0' })) lines.push(item);
    expect(lines).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(waits).toEqual([0]);
    expect(seen).toHaveLength(2);
    expect(new URL(seen[1]!.url, 'http://localhost').searchParams.get('format')).toBe('ndjson');
  });

  it.each([
    ['retryDelay', -1],
    ['maxRetryWait', Number.NaN],
    ['maxRetryWait', Number.POSITIVE_INFINITY],
  ])('rejects %s %p', (name, value) => {
    expect(() => createTransport({ baseUrl: 'http://127.0.0.1:1', [name]: value })).toThrow(RequestSetupError);
  });
});

/** An operation answering a list, for exportAll. */
const listing = {
  listItems: defineOperation({
    id: 'test.list',
    method: 'GET',
    path: '/api/v1/test/list/{kind}',
    auth: 'bearer',
    params: { path: z.object({ kind: requiredString() }) },
    response: z.object({ items: z.array(Item) }),
    summary: 'A listing',
  }),
};

describe('AbortSignal: every call takes one', () => {
  const client = () => createClient(contract, { baseUrl, token: 't' });

  function expectAborted(error: unknown, reason?: unknown) {
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toBeInstanceOf(NoResponseError);
    const aborted = error as RequestAbortedError;
    expect([aborted.name, aborted.code, aborted.kind]).toEqual(['AbortError', 'ABORTED', 'no_response']);
    if (reason !== undefined) expect(aborted.cause).toBe(reason);
  }

  it('an aborted signal stops the call before anything is sent', async () => {
    const controller = new AbortController();
    const reason = new Error('the user left');
    controller.abort(reason);
    expectAborted(await rejection(client().getItem({ id: 'abc' }, { signal: controller.signal })), reason);
    expect(seen).toHaveLength(0);
  });

  /**
   * Aborts once the test server has seen `requests` requests, then `afterMs` later: a fixed delay
   * from the start raced the request itself on a loaded machine (aborted before it was sent, or its
   * late arrival counted in the next test).
   */
  function abortWhenSeen(controller: AbortController, requests = 1, afterMs = 0) {
    const poll = setInterval(() => {
      if (seen.length < requests) return;
      clearInterval(poll);
      setTimeout(() => controller.abort(), afterMs);
    }, 5);
  }

  it('aborting stops a request in flight', async () => {
    const controller = new AbortController();
    const started = Date.now();
    abortWhenSeen(controller);
    const error = await rejection(client().getItem({ id: 'hang' }, { signal: controller.signal }));
    expectAborted(error, controller.signal.reason);
    expect((controller.signal.reason as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(seen).toHaveLength(1);
  });

  it('AbortSignal.timeout ends a call as an abort', async () => {
    const signal = AbortSignal.timeout(50);
    const error = await rejection(client().getItem({ id: 'hang' }, { signal }));
    expectAborted(error);
    expect(((error as RequestAbortedError).cause as Error).name).toBe('TimeoutError');
  });

  it("aborting stops a retry's wait (the real timer)", async () => {
    const controller = new AbortController();
    const retrying = createClient(contract, { baseUrl, token: 't', retries: 1 });
    const started = Date.now();
    // after the 429 reached the client, while it sleeps
    abortWhenSeen(controller, 1, 100);
    // Retry-After 30: the client would sleep 30 s
    const error = await rejection(retrying.getItem({ id: 'fail-429-1-ra30' }, { signal: controller.signal }));
    expectAborted(error);
    expect(Date.now() - started).toBeLessThan(2_000);
    // by URL: an earlier test's aborted request may reach the server late
    expect(seen.filter((s) => s.url.endsWith('/fail-429-1-ra30'))).toHaveLength(1);
  });

  it('an abort during an injected wait stops the retry as well', async () => {
    const controller = new AbortController();
    const retrying = createClient(contract, {
      baseUrl,
      token: 't',
      retries: 3,
      sleep: async () => controller.abort(),
    });
    expectAborted(await rejection(retrying.getItem({ id: 'fail-503-2' }, { signal: controller.signal })));
    expect(seen.filter((s) => s.url.endsWith('/fail-503-2'))).toHaveLength(1);
  });

  it('the transport receives the signal', async () => {
    const signals: unknown[] = [];
    const transport = {
      get: async (request: { signal?: AbortSignal }) => {
        signals.push(request.signal);
        return { id: 'a' };
      },
    };
    const controller = new AbortController();
    await createClient(contract, { baseUrl, token: 't', transport }).getItem(
      { id: 'a' },
      { signal: controller.signal },
    );
    await createClient(contract, { baseUrl, token: 't', transport }).getItem({ id: 'a' });
    expect(signals).toEqual([controller.signal, undefined]);
  });

  it('iterate asks for no further page once aborted', async () => {
    const pages: Record<string, string>[] = [];
    const transport = {
      get: async ({ query }: { query: Record<string, string> }) => {
        pages.push(query);
        return { items: [{ id: `i${pages.length}` }], next: 'more' };
      },
    };
    const paged = {
      byToken: defineOperation({
        id: 'test.byToken',
        method: 'GET',
        path: '/api/v1/test/by-token',
        auth: 'bearer',
        params: { query: z.object({ next: z.string().optional() }) },
        response: z.object({ items: z.array(Item), next: z.string() }),
        summary: 'Endless token-paged items',
        paging: { kind: 'token', param: 'next', next: ['next'] },
      }),
    };
    const controller = new AbortController();
    const seenIds: string[] = [];
    const walk = async () => {
      for await (const item of createClient(paged, { baseUrl, token: 't', transport }).iterate(
        'byToken',
        {},
        { signal: controller.signal },
      )) {
        seenIds.push(item.id);
        if (seenIds.length === 2) controller.abort();
      }
    };
    expectAborted(await rejection(walk()));
    expect(seenIds).toEqual(['i1', 'i2']);
    expect(pages).toHaveLength(2);
  });

  it('aborting stops an export while it streams', async () => {
    const controller = new AbortController();
    const lister = createClient(listing, { baseUrl, token: 't' });
    const got: unknown[] = [];
    const walk = async () => {
      for await (const item of lister.exportAll('listItems', { kind: 'slow' }, { signal: controller.signal })) {
        got.push(item);
        setTimeout(() => controller.abort(), 20);
      }
    };
    const started = Date.now();
    expectAborted(await rejection(walk()));
    expect(got).toEqual([{ id: 'a' }]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('an aborted signal stops an export before it is sent', async () => {
    const lister = createClient(listing, { baseUrl, token: 't' });
    const walk = async () => {
      for await (const _item of lister.exportAll('listItems', { kind: 'a' }, { signal: AbortSignal.abort() })) {
        // read to the end
      }
    };
    expectAborted(await rejection(walk()));
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['a signal that is not one', { signal: 'stop' }, /signal must be an AbortSignal/],
    ['an unknown call option', { timeout: 5 }, /the call options do not take timeout; they take signal/],
    ['call options that are not an object', 'fast', /must be an object \{ signal\? \}/],
  ])('refuses %s before sending', async (_name, call, message) => {
    const error = await rejection(client().getItem({ id: 'abc' }, call as never));
    expect(error).toBeInstanceOf(RequestSetupError);
    expect((error as RequestSetupError).message).toMatch(message);
    expect(seen).toHaveLength(0);
  });
});
