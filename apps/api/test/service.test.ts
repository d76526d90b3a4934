import { defineOperation, ErrorBody, integerParam, requiredString } from '@socialquery/core';
import type { MountablePlatform } from '@socialquery/core/server';
import { notFound } from '@socialquery/core/server';
import { z } from 'zod';
import { capturedLogger } from './captured-logger.js';
import { openTestStore } from '@socialquery/store/testing';
import request from 'supertest';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { startTestService, type TestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const auth = () => ({ Authorization: `Bearer ${service.token}` });

describe('service-wide behaviour', () => {
  it('GET /healthz answers 200 {status: ok} without credentials', async () => {
    const res = await request(service.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('GET /healthz answers 503 unavailable when the store does not answer', async () => {
    const store = await openTestStore();
    const app = createApp({ store, logger: pino({ level: 'silent' }), cursorSecret: 'x'.repeat(32) });
    await store.close();
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(503);
    expect(ErrorBody.parse(res.body).code).toBe('unavailable');
  });

  it('sends the root, without a credential, to the docs page; other methods on it → 405', async () => {
    for (const method of ['get', 'head'] as const) {
      const res = await request(service.app)[method]('/');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/docs');
    }
    const docs = await request(service.app).get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    const post = await request(service.app).post('/');
    expect(post.status).toBe(405);
    expect(ErrorBody.parse(post.body).code).toBe('method_not_allowed');
  });

  it('answers an unknown route with a JSON 404', async () => {
    const res = await request(service.app).get('/api/v1/nothing/here').set(auth());
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'not_found' });
  });

  it('answers other methods on /healthz with 405 and Allow: GET', async () => {
    const res = await request(service.app).post('/healthz');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toMatch(/^GET/);
  });

  it('puts a request id on every response and in the error body; keeps a well-formed incoming one', async () => {
    const ok = await request(service.app).get('/healthz');
    const missing = await request(service.app).get('/nope');
    expect(ok.headers['x-request-id']).not.toBe(missing.headers['x-request-id']);
    expect(missing.body.requestId).toBe(missing.headers['x-request-id']);
    const kept = await request(service.app).get('/nope').set('x-request-id', 'trace-abc.123');
    expect(kept.headers['x-request-id']).toBe('trace-abc.123');
    const replaced = await request(service.app).get('/nope').set('x-request-id', 'bad id with spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a malformed percent-encoding in the path with 400 JSON, not 500', async () => {
    const res = await request(service.app).get('/api/v1/forum/community/%E0%A4%A/posts').set(auth());
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).code).toBe('invalid_request');
  });

  it('decodes percent-encoded path segments (an encoded slash stays inside the name)', async () => {
    const res = await request(service.app).get('/api/v1/forum/community/a%2Fb/posts').set(auth());
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("community 'a/b' not found");
  });

  it('turns an unexpected fault into 500 internal: no stack, no SQL, logged with the request id', async () => {
    const { logger, lines } = capturedLogger();
    const broken = {
      ...service.store,
      forum: {
        ...service.store.forum,
        communityPosts: () => Promise.reject(new Error('SQLITE_ERROR: near "SELECT * FROM forum_posts": syntax error')),
      },
    };
    const app = createApp({ store: broken, logger, cursorSecret: 'x'.repeat(32) });
    const res = await request(app).get('/api/v1/forum/community/programming/posts').set(auth());
    expect(res.status).toBe(500);
    const body = ErrorBody.parse(res.body);
    expect(body).toMatchObject({ statusCode: 500, code: 'internal', error: 'Internal Server Error' });
    expect(JSON.stringify(body)).not.toMatch(/SQLITE|SELECT|forum_posts|\.ts:|\.js:/);
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ requestId: body.requestId });
    expect(JSON.stringify(logged)).toContain('SQLITE_ERROR');
  });

  it('logs one line per request with method, path, status, duration and request id, never the credential', async () => {
    const { logger, lines } = capturedLogger();
    const app = createApp({ store: service.store, logger, cursorSecret: 'x'.repeat(32) });
    const res = await request(app).get('/api/v1/forum/community/programming/posts?limit=2').set(auth());
    const line = lines.find((l) => (l.req as { id?: string } | undefined)?.id === res.headers['x-request-id']);
    expect(line).toMatchObject({
      req: { method: 'GET', url: '/api/v1/forum/community/programming/posts?limit=2' },
      res: { statusCode: res.status },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain(service.token);
  });

  it('does not send x-powered-by', async () => {
    const res = await request(service.app).get('/healthz');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a revoked credential from the next request on', async () => {
    const created = await service.store.credentials.create('token', 'short-lived');
    const url = '/api/v1/forum/community/programming/posts?limit=1';
    expect((await request(service.app).get(url).set('Authorization', `Bearer ${created.secret}`)).status).toBe(200);
    expect(await service.store.credentials.revoke(created.id)).toBe(true);
    const res = await request(service.app).get(url).set('Authorization', `Bearer ${created.secret}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
  });

  it('rejects an Authorization header of another scheme', async () => {
    const res = await request(service.app)
      .get('/api/v1/forum/community/programming/posts')
      .set('Authorization', `Basic ${service.token}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
  });

  it("adds an operation's errorExtras to every error body on its path (401, 400, 404, 405), and only there", async () => {
    const lookup = defineOperation({
      id: 'test.lookup',
      method: 'GET',
      path: '/api/v1/test/lookup',
      auth: 'apiKey',
      params: { query: z.object({ name: requiredString(), limit: integerParam({ min: 1, max: 5, default: 1 }) }) },
      response: z.object({ ok: z.boolean() }),
      summary: 'test',
      errorExtras: { success: false },
    });
    const platform = {
      contract: { lookup },
      handlers: { lookup: async () => Promise.reject(notFound("name 'x'")) },
    } as MountablePlatform;
    const app = createApp({
      store: service.store,
      logger: pino({ level: 'silent' }),
      cursorSecret: 'x'.repeat(32),
      platforms: [platform],
    });
    const key = { 'X-API-Key': service.apiKey };
    const answers = [
      await request(app).get('/api/v1/test/lookup?name=x'),
      await request(app).get('/api/v1/test/lookup?name=x&limit=9').set(key),
      await request(app).get('/api/v1/test/lookup?name=x').set(key),
      await request(app).post('/api/v1/test/lookup'),
    ];
    expect(answers.map((r) => [r.status, r.body.code, r.body.success])).toEqual([
      [401, 'missing_credentials', false],
      [400, 'invalid_parameter', false],
      [404, 'not_found', false],
      [405, 'method_not_allowed', false],
    ]);
    for (const res of answers) expect(ErrorBody.parse(res.body).requestId).toBe(res.headers['x-request-id']);
    expect((await request(app).get('/api/v1/elsewhere')).body.success).toBeUndefined();
  });
});
