import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { ErrorBody } from '@socialquery/core';
import { openTestStore } from '@socialquery/store/testing';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { answerClientErrors } from '../../src/client-error.js';
import { loadConfig } from '../../src/config.js';
import { MAX_URL_LENGTH, redactUrl, securityHeaders } from '../../src/security.js';
import { capturedLogger } from '../captured-logger.js';
import { listen, startTestService, type TestService } from '../harness.js';
import { type RunningService, startService } from '../../src/server.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const POSTS = '/api/v1/forum/community/programming/posts';
const bearer = () => ({ Authorization: `Bearer ${service.token}` });

function expectErrorBody(
  res: { status: number; headers: Record<string, unknown>; body: unknown },
  status: number,
  code: string,
) {
  expect(res.status).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = ErrorBody.parse(res.body);
  expect(body).toMatchObject({ statusCode: status, code });
  expect(body.requestId).toBe(res.headers['x-request-id']);
  return body;
}

/** A raw HTTP exchange over one socket: what a client that does not normalise anything sends. */
function rawExchange(
  port: number,
  text: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

/** A GET whose path goes on the wire exactly as written (node:http does not resolve dot segments). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: unknown }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('security headers (helmet) on every response', () => {
  const expectHelmet = (headers: Record<string, string>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-powered-by']).toBeUndefined();
  };

  it.each([
    ['a 200 answer', () => request(service.app).get(POSTS).set(bearer()), 200],
    ['a 400', () => request(service.app).get(`${POSTS}?limit=0`).set(bearer()), 400],
    ['a 401', () => request(service.app).get(POSTS), 401],
    ['a 404 of an unknown route', () => request(service.app).get('/nothing/here'), 404],
    ['a 405', () => request(service.app).post(POSTS), 405],
    ['healthz', () => request(service.app).get('/healthz'), 200],
  ])('%s', async (_what, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectHelmet(res.headers);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('leaves the Content-Security-Policy of /docs to the docs route, with every other header', async () => {
    const app = express();
    app.use(securityHeaders());
    const page = (_req: express.Request, res: express.Response) => {
      res.setHeader('Content-Security-Policy', "default-src 'self'; img-src data:");
      res.send('<!doctype html>');
    };
    app.get('/docs', page);
    app.get('/docs/plain.js', (_req, res) => res.send('1'));
    app.get('/documents', (_req, res) => res.send('1'));
    const docs = await request(app).get('/docs');
    expectHelmet(docs.headers);
    expect(docs.headers['content-security-policy']).toBe("default-src 'self'; img-src data:");
    // helmet sets no policy under /docs at all: what the docs route sends is all there is
    const asset = await request(app).get('/docs/plain.js');
    expectHelmet(asset.headers);
    expect(asset.headers['content-security-policy']).toBeUndefined();
    // a path that merely starts with the same letters is not exempt
    const other = await request(app).get('/documents');
    expect(other.headers['content-security-policy']).toContain("object-src 'none'");
  });
});

describe('CORS', () => {
  const appWith = (corsOrigins?: string[]) =>
    createApp({
      store: service.store,
      logger: pino({ level: 'silent' }),
      cursorSecret: 'x'.repeat(32),
      ...(corsOrigins ? { corsOrigins } : {}),
    });

  it('is off by default: no Access-Control-* header, a preflight is not answered as one', async () => {
    const app = appWith();
    const res = await request(app).get(POSTS).set(bearer()).set('Origin', 'https://app.example.com');
    expect(res.status).toBe(200);
    expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await request(app)
      .options(POSTS)
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expectErrorBody(preflight, 405, 'method_not_allowed');
  });

  it('allows exactly the configured origins, the credential headers, and exposes the request id', async () => {
    const app = appWith(['https://app.example.com', 'http://localhost:3000']);
    const allowed = await request(app).get(POSTS).set(bearer()).set('Origin', 'https://app.example.com');
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(allowed.headers['access-control-expose-headers']).toContain('x-request-id');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await request(app).get(POSTS).set(bearer()).set('Origin', 'https://evil.example.net');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(app)
      .options(POSTS)
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET,HEAD');
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-api-key');
  });

  it('is configured by SOCIALQUERY_CORS_ORIGINS (comma-separated origins or *), validated at start', () => {
    expect(loadConfig({}).SOCIALQUERY_CORS_ORIGINS).toBeUndefined();
    expect(
      loadConfig({ SOCIALQUERY_CORS_ORIGINS: 'https://a.example.com, http://localhost:3000/' })
        .SOCIALQUERY_CORS_ORIGINS,
    ).toEqual(['https://a.example.com', 'http://localhost:3000']);
    expect(loadConfig({ SOCIALQUERY_CORS_ORIGINS: '*' }).SOCIALQUERY_CORS_ORIGINS).toEqual(['*']);
    expect(() => loadConfig({ SOCIALQUERY_CORS_ORIGINS: 'https://a.example.com/path' })).toThrow(
      /SOCIALQUERY_CORS_ORIGINS 'https:\/\/a.example.com\/path' is not an origin/,
    );
    expect(() => loadConfig({ SOCIALQUERY_CORS_ORIGINS: 'example.com' })).toThrow(/is not an origin/);
  });
});

describe('credentials in the query string', () => {
  it.each([
    'apiKey',
    'api_key',
    'API-KEY',
    'x-api-key',
    'key',
    'token',
    'access_token',
    'accessToken',
    'bearer',
    'authorization',
  ])('?%s= is refused with 400 credentials_in_query, with or without a valid header credential', async (name) => {
    const withoutHeader = await request(service.app).get(`${POSTS}?${encodeURIComponent(name)}=${service.token}`);
    const body = expectErrorBody(withoutHeader, 400, 'credentials_in_query');
    expect(body.message).toMatch(/not accepted in the query string.*x-api-key header.*Authorization: Bearer/);
    expect(body.issues).toEqual([{ path: name, message: expect.any(String) }]);
    const withHeader = await request(service.app)
      .get(`${POSTS}?limit=2&${encodeURIComponent(name)}=${service.token}`)
      .set(bearer());
    expectErrorBody(withHeader, 400, 'credentials_in_query');
  });

  it('never writes the secret sent in a query string to the log', async () => {
    const { logger, lines } = capturedLogger();
    const app = createApp({ store: service.store, logger, cursorSecret: 'x'.repeat(32) });
    const res = await request(app).get(`${POSTS}?limit=2&access_token=${service.token}&apiKey=${service.apiKey}`);
    expect(res.status).toBe(400);
    const logged = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThan(0);
    expect(logged).not.toContain(service.token);
    expect(logged).not.toContain(service.apiKey);
    expect(logged).toContain('access_token=***');
  });

  it('never logs a header credential, whatever the outcome (200, 400, 401, 404, 405, 500, 503)', async () => {
    const { logger, lines } = capturedLogger('trace');
    const broken = {
      ...service.store,
      forum: {
        ...service.store.forum,
        userPosts: () => Promise.reject(new Error('boom')),
        communityPosts: (...args: Parameters<typeof service.store.forum.communityPosts>) =>
          args[0].community === 'down'
            ? Promise.reject(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' }))
            : service.store.forum.communityPosts(...args),
      },
    };
    const app = createApp({ store: broken, logger, cursorSecret: 'x'.repeat(32) });
    const revoked = await service.store.credentials.create('token', 'to revoke');
    await service.store.credentials.revoke(revoked.id);
    const statuses = [];
    for (const [path, auth] of [
      [POSTS, `Bearer ${service.token}`],
      [`${POSTS}?limit=0`, `Bearer ${service.token}`],
      [POSTS, `Bearer ${revoked.secret}`],
      [POSTS, `Basic ${service.token}`],
      ['/api/v1/forum/community/nope-nope/posts', `Bearer ${service.token}`],
      ['/api/v1/forum/user/someone/posts', `Bearer ${service.token}`],
      ['/api/v1/forum/community/down/posts', `Bearer ${service.token}`],
    ] as const) {
      statuses.push((await request(app).get(path).set('Authorization', auth).set('x-api-key', service.apiKey)).status);
    }
    statuses.push((await request(app).post(POSTS).set('Authorization', `Bearer ${service.token}`)).status);
    expect(statuses).toEqual([200, 400, 401, 401, 404, 500, 503, 405]);
    const logged = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const secret of [service.token, service.apiKey, revoked.secret]) expect(logged).not.toContain(secret);
  });

  it('redactUrl masks only credential-like names', () => {
    expect(redactUrl('/a?limit=2&Api_Key=sqk_x&cursor=abc&token=t')).toBe(
      '/a?limit=2&Api_Key=***&cursor=abc&token=***',
    );
    expect(redactUrl('/a?%74oken=x')).toBe('/a?%74oken=***');
    expect(redactUrl('/a')).toBe('/a');
  });
});

describe('paths and headers a browser would never send', () => {
  let port: number;
  let close: () => Promise<void>;
  const { logger, lines } = capturedLogger();
  beforeAll(async () => {
    const app = createApp({ store: service.store, logger, cursorSecret: 'x'.repeat(32) });
    const { server } = await listen(app);
    answerClientErrors(server, logger);
    port = (server.address() as { port: number }).port;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  it('dot segments are not resolved: no route is reached through them (404 JSON)', async () => {
    for (const path of [
      '/api/v1/forum/community/../../../healthz',
      '/api/v1/forum/./community/programming/posts',
      '/healthz/..',
      '/%2e%2e/healthz',
    ]) {
      const res = await rawGet(port, path, bearer());
      expect([400, 404]).toContain(res.status);
      expectErrorBody(res, res.status, res.status === 404 ? 'not_found' : 'invalid_request');
    }
  });

  it('a dot segment as a path parameter is a name like any other', async () => {
    const res = await rawGet(port, '/api/v1/forum/community/%2e%2e/posts', bearer());
    expectErrorBody(res, 404, 'not_found');
  });

  it('percent-encoded slashes stay inside one parameter: 404 for the name, never another route', async () => {
    const res = await rawGet(port, '/api/v1/forum/community/programming%2Fposts%2F..%2F..%2Fuser%2Fx/posts', bearer());
    expectErrorBody(res, 404, 'not_found');
  });

  it('invalid UTF-8 in the path → 400 invalid_request; in the query → 4xx JSON, never 500', async () => {
    expectErrorBody(await rawGet(port, '/api/v1/forum/community/%FF%FE/posts', bearer()), 400, 'invalid_request');
    expectErrorBody(await rawGet(port, '/api/v1/forum/community/%C0%AF/posts', bearer()), 400, 'invalid_request');
    for (const query of ['sort=%FF', 'limit=%C0%B1', 'timeframe=%ED%A0%80', '%FF=1']) {
      const res = await rawGet(port, `${POSTS}?${query}`, bearer());
      expect(res.status).toBe(400);
      ErrorBody.parse(res.body);
    }
  });

  it('a NUL character anywhere in the path or query → 400 invalid_parameter (PostgreSQL cannot compare text holding one)', async () => {
    const inPath = expectErrorBody(
      await rawGet(port, '/api/v1/forum/community/a%00b/posts', bearer()),
      400,
      'invalid_parameter',
    );
    expect(inPath.message).toBe('path must not contain the NUL character (%00)');
    const inQuery = expectErrorBody(await rawGet(port, `${POSTS}?sort=new%00`, bearer()), 400, 'invalid_parameter');
    expect(inQuery.issues).toEqual([{ path: 'sort', message: 'must not contain the NUL character (%00)' }]);
    // an escaped percent sign is text, not a NUL
    expectErrorBody(await rawGet(port, `${POSTS}?sort=%2500`, bearer()), 400, 'invalid_parameter');
    expect((await rawGet(port, '/api/v1/forum/community/%2500/posts', bearer())).status).toBe(404);
  });

  it(`a request target over ${MAX_URL_LENGTH} characters → 414 uri_too_long (JSON)`, async () => {
    const res = await rawGet(port, `/api/v1/forum/community/${'a'.repeat(MAX_URL_LENGTH)}/posts`, bearer());
    expectErrorBody(res, 414, 'uri_too_long');
    const query = await rawGet(port, `${POSTS}?sort=${'x'.repeat(MAX_URL_LENGTH)}`, bearer());
    expectErrorBody(query, 414, 'uri_too_long');
  });

  it("a request line beyond Node's header limit → 414 JSON written by the clientError handler", async () => {
    const res = await rawExchange(port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const body = ErrorBody.parse(JSON.parse(res.body));
    expect(body).toMatchObject({
      statusCode: 414,
      error: 'URI Too Long',
      code: 'uri_too_long',
      requestId: res.headers['x-request-id'],
    });
  });

  it('headers over 16 KB → 431 headers_too_large (JSON), the header value never logged', async () => {
    const secret = `sqt_${'s'.repeat(20_000)}`;
    const res = await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secret}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(ErrorBody.parse(JSON.parse(res.body))).toMatchObject({
      statusCode: 431,
      error: 'Request Header Fields Too Large',
      code: 'headers_too_large',
    });
    expect(lines.some((line) => line.msg === 'unreadable request refused' && line.status === 431)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('ssssssssss');
  });

  it('a malformed request line or header → 400 invalid_request (JSON)', async () => {
    for (const text of [
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'NOT HTTP AT ALL\r\n\r\n',
      'GET /\x00 HTTP/1.1\r\n\r\n',
    ]) {
      const res = await rawExchange(port, text);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(JSON.parse(res.body)).code).toBe('invalid_request');
    }
  });
});

describe('requests that arrive too slowly (408)', () => {
  const HEADERS_TIMEOUT_MS = 3000;
  let running: RunningService;
  let port: number;
  const { logger, lines } = capturedLogger();
  beforeAll(async () => {
    // the service as main.ts starts it, with a short headers timeout so the test is fast
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SOCIALQUERY_SECRET: 'x'.repeat(32) });
    running = await startService(config, await openTestStore(), logger, {
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      requestTimeoutMs: 2 * HEADERS_TIMEOUT_MS,
    });
    port = (running.server.address() as { port: number }).port;
  });
  afterAll(() => running.stop());

  /**
   * Writes `first` on a fresh loopback connection, then `drip` 100 ms later — again every 100 ms
   * for as long as the connection stays open when `repeat` (a client that never finishes its
   * request) — and collects what the server answers until it closes the connection.
   */
  function slowClient(first: string, drip?: string, { repeat = true } = {}) {
    return new Promise<{ status: number; headers: Record<string, string>; body: string; ms: number }>(
      (resolve, reject) => {
        const started = Date.now();
        let data = '';
        let timer: NodeJS.Timeout | undefined;
        const guard = setTimeout(() => {
          socket.destroy();
          reject(new Error(`no answer within 20 s; got ${JSON.stringify(data)}`));
        }, 20_000);
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(first);
          if (drip !== undefined) {
            timer = setInterval(() => {
              if (socket.writable) socket.write(drip);
              if (!repeat) clearInterval(timer);
            }, 100);
          }
        });
        socket.setEncoding('latin1');
        socket.on('data', (chunk) => (data += String(chunk)));
        socket.on('error', () => undefined); // a write racing the server's close; the answer is judged below
        socket.on('close', () => {
          clearInterval(timer);
          clearTimeout(guard);
          const [head = '', body = ''] = data.split('\r\n\r\n');
          const [statusLine = '', ...headerLines] = head.split('\r\n');
          const headers = Object.fromEntries(
            headerLines.map((line) => [
              line.slice(0, line.indexOf(':')).toLowerCase(),
              line.slice(line.indexOf(':') + 1).trim(),
            ]),
          );
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body, ms: Date.now() - started });
        });
      },
    );
  }

  const expectTimeoutAnswer = (res: Awaited<ReturnType<typeof slowClient>>) => {
    expect(res.status).toBe(408);
    // cut off by the headers timeout, not refused at once for some other reason
    expect(res.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.connection).toBe('close');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const body = ErrorBody.parse(JSON.parse(res.body));
    expect(body).toEqual({
      statusCode: 408,
      error: 'Request Timeout',
      code: 'request_timeout',
      message: 'the request did not arrive in time',
      requestId: res.headers['x-request-id'],
    });
    const logged = lines.find((line) => line.requestId === body.requestId);
    expect(logged).toMatchObject({
      msg: 'unreadable request refused',
      status: 408,
      code: 'request_timeout',
      parserError: 'ERR_HTTP_REQUEST_TIMEOUT',
    });
  };

  it('headers trickling in one line at a time and never finished (slowloris) → 408 request_timeout (JSON), connection closed', async () => {
    const secret = 'sqt_never-logged-0123456789';
    const res = await slowClient(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secret}\r\n`,
      'X-Slow: a\r\n',
    );
    expectTimeoutAnswer(res);
    expect(JSON.stringify(lines)).not.toContain(secret);
  }, 30_000);

  it('a request line cut off half-way, then silence → 408 request_timeout (JSON)', async () => {
    expectTimeoutAnswer(await slowClient('GET /heal'));
  }, 30_000);

  it('a connection that sends nothing at all → 408 request_timeout (JSON)', async () => {
    expectTimeoutAnswer(await slowClient(''));
  }, 30_000);

  it('a request sent in pieces but completed in time is answered normally', async () => {
    const res = await slowClient('GET /healthz HTTP/1.1\r\nHost: x\r\n', 'Connection: close\r\n\r\n', {
      repeat: false,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  }, 30_000);
});
