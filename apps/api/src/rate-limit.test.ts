import { randomUUID } from 'node:crypto';
import { capturedLogger } from '../test/captured-logger.js';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { defineOperation, ErrorBody, integerParam } from '@socialquery/core';
import type { MountablePlatform } from '@socialquery/core/server';
import { openStore, type Store } from '@socialquery/store';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { createApp } from './app.js';
import { createRequestBudget, type RequestBudget, type RequestBudgetOptions } from './rate-limit.js';

/** A contract of the test's own: `ping` costs 1 unit, `weighed` costs `units`, `broken` declares an impossible cost. */
const testContract = {
  ping: defineOperation({
    id: 'test.ping',
    method: 'GET',
    path: '/api/v1/test/ping',
    auth: 'bearer',
    params: { query: z.object({ limit: integerParam({ min: 1, max: 10, default: 1 }) }) },
    response: z.object({ pong: z.literal(true) }),
    summary: 'answers pong',
  }),
  weighed: defineOperation({
    id: 'test.weighed',
    method: 'GET',
    path: '/api/v1/test/weighed',
    auth: 'bearer',
    params: { query: z.object({ units: integerParam({ min: 1, max: 50, default: 1 }) }) },
    response: z.object({ units: z.number() }),
    summary: 'costs `units` units',
    cost: (params) => params.units as number,
  }),
  broken: defineOperation({
    id: 'test.broken',
    method: 'GET',
    path: '/api/v1/test/broken',
    auth: 'bearer',
    params: {},
    response: z.object({}),
    summary: 'declares a cost of 0',
    cost: () => 0,
  }),
};
const testPlatform = {
  contract: testContract,
  handlers: {
    ping: async () => ({ pong: true as const }),
    weighed: async (params: { units: number }) => ({ units: params.units }),
    broken: async () => ({}),
  },
} as MountablePlatform;

const silent = pino({ level: 'silent' });

let store: Store;
const budgets: RequestBudget[] = [];
beforeAll(async () => {
  store = await openStore('sqlite::memory:');
});
afterEach(async () => {
  await Promise.all(budgets.splice(0).map((budget) => budget.close()));
});
afterAll(() => store.close());

async function newToken() {
  const { id, secret } = await store.credentials.create('token');
  return { id, secret, auth: { authorization: `Bearer ${secret}` } };
}

/** The service over the test contract, with a budget of its own. */
async function appWith(options: Partial<RequestBudgetOptions> & { limit: number }): Promise<Express> {
  const logger = options.logger ?? silent;
  const budget = createRequestBudget({ windowMs: 60_000, ...options, logger });
  budgets.push(budget);
  await budget.ready();
  return createApp({ store, logger, cursorSecret: 'test-secret-0123456789', budget, platforms: [testPlatform] });
}

const numberHeader = (res: request.Response, name: string) => Number(res.headers[name]);

describe('request budgets (counters in memory)', () => {
  it('puts RateLimit-Limit, -Remaining and -Reset on every charged response, Remaining going down; no legacy headers', async () => {
    const app = await appWith({ limit: 5 });
    const { auth } = await newToken();
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get('/api/v1/test/ping').set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      expect(numberHeader(res, 'ratelimit-reset')).toBeGreaterThanOrEqual(1);
      expect(numberHeader(res, 'ratelimit-reset')).toBeLessThanOrEqual(60);
      expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
      remaining.push(numberHeader(res, 'ratelimit-remaining'));
    }
    expect(remaining).toEqual([4, 3, 2]);
  });

  it('answers the request past the budget with 429 rate_limited, the one error body and Retry-After', async () => {
    const app = await appWith({ limit: 3 });
    const { auth } = await newToken();
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/v1/test/ping').set(auth)).status).toBe(200);
    const res = await request(app).get('/api/v1/test/ping').set(auth);
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = ErrorBody.parse(res.body);
    expect(body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'rate_limited' });
    expect(body.message).toMatch(/budget of 3 units per 60 s; retry after \d+ s$/);
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(res.headers['retry-after']).toMatch(/^[0-9]+$/);
    expect(numberHeader(res, 'retry-after')).toBeGreaterThanOrEqual(1);
    expect(numberHeader(res, 'retry-after')).toBeLessThanOrEqual(60);
    expect(res.headers['ratelimit-remaining']).toBe('0');
  });

  it('keeps one budget per credential', async () => {
    const app = await appWith({ limit: 2 });
    const first = await newToken();
    const second = await newToken();
    for (let i = 0; i < 2; i++) await request(app).get('/api/v1/test/ping').set(first.auth);
    expect((await request(app).get('/api/v1/test/ping').set(first.auth)).status).toBe(429);
    const other = await request(app).get('/api/v1/test/ping').set(second.auth);
    expect(other.status).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('1');
  });

  it('charges nothing for a refused credential (401) or invalid parameters (400)', async () => {
    const app = await appWith({ limit: 2 });
    const { auth } = await newToken();
    for (let i = 0; i < 3; i++) {
      const missing = await request(app).get('/api/v1/test/ping');
      expect(missing.status).toBe(401);
      expect(missing.headers['ratelimit-limit']).toBeUndefined();
      expect((await request(app).get('/api/v1/test/ping').set({ authorization: 'Bearer sqt_unknown' })).status).toBe(
        401,
      );
      const invalid = await request(app).get('/api/v1/test/ping?limit=0').set(auth);
      expect(invalid.status).toBe(400);
      expect(invalid.headers['ratelimit-limit']).toBeUndefined();
    }
    const res = await request(app).get('/api/v1/test/ping').set(auth);
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe('1');
  });

  it("charges an operation's declared cost, computed from its validated parameters", async () => {
    const app = await appWith({ limit: 10 });
    const { auth } = await newToken();
    const weighed = (units: number) => request(app).get(`/api/v1/test/weighed?units=${units}`).set(auth);
    const four = await weighed(4);
    expect([four.status, four.headers['ratelimit-remaining']]).toEqual([200, '6']);
    const one = await weighed(1);
    expect([one.status, one.headers['ratelimit-remaining']]).toEqual([200, '5']);
    const five = await weighed(5);
    expect([five.status, five.headers['ratelimit-remaining']]).toEqual([200, '0']);
    expect((await weighed(1)).status).toBe(429);
  });

  it('refuses a request whose cost exceeds what is left; refused requests count too', async () => {
    const app = await appWith({ limit: 10 });
    const { auth } = await newToken();
    expect((await request(app).get('/api/v1/test/weighed?units=8').set(auth)).status).toBe(200);
    expect((await request(app).get('/api/v1/test/weighed?units=3').set(auth)).status).toBe(429);
    expect((await request(app).get('/api/v1/test/ping').set(auth)).status).toBe(429);
  });

  it('answers 500 internal, charging nothing, when an operation declares a cost that is not a positive integer', async () => {
    const { logger, lines } = capturedLogger('debug');
    const app = await appWith({ limit: 5, logger });
    const { auth } = await newToken();
    const res = await request(app).get('/api/v1/test/broken').set(auth);
    expect(res.status).toBe(500);
    expect(ErrorBody.parse(res.body).code).toBe('internal');
    expect(JSON.stringify(lines)).toContain('test.broken: cost must be a positive integer, got 0');
    expect((await request(app).get('/api/v1/test/ping').set(auth)).headers['ratelimit-remaining']).toBe('4');
  });

  it('opens a new window when the old one ends', async () => {
    const app = await appWith({ limit: 2, windowMs: 1000 });
    const { auth } = await newToken();
    for (let i = 0; i < 2; i++) expect((await request(app).get('/api/v1/test/ping').set(auth)).status).toBe(200);
    const refused = await request(app).get('/api/v1/test/ping').set(auth);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await request(app).get('/api/v1/test/ping').set(auth);
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe('1');
  });

  it('applies the default budget, 600 a minute, to the platforms createApp mounts by itself', async () => {
    const app = createApp({ store, logger: silent, cursorSecret: 'test-secret-0123456789' });
    const { auth } = await newToken();
    // the store holds no forum data: a 404 from the handler, charged like any served request
    const res = await request(app).get('/api/v1/forum/community/programming/posts').set(auth);
    expect(res.status).toBe(404);
    expect([res.headers['ratelimit-limit'], res.headers['ratelimit-remaining']]).toEqual(['600', '599']);
    expect(res.headers['ratelimit-policy']).toBe('600;w=60');
  });
});

describe('request budgets (counters in Redis)', () => {
  let redisUrl: string;
  /** Keys of this run only: parallel runs on the same Redis do not meet. */
  const redisKeyPrefix = `socialquery-test:${randomUUID()}:`;
  beforeAll(() => {
    const url = process.env.SOCIALQUERY_TEST_REDIS;
    if (!url)
      throw new Error(
        'SOCIALQUERY_TEST_REDIS is not set: run the tests through `pnpm test`, which starts redis-server',
      );
    redisUrl = url;
  });

  it('shares one budget between two service instances', async () => {
    const apps = [
      await appWith({ limit: 6, redisUrl, redisKeyPrefix }),
      await appWith({ limit: 6, redisUrl, redisKeyPrefix }),
    ];
    const { auth } = await newToken();
    const answers: [number, string | undefined][] = [];
    for (let i = 0; i < 8; i++) {
      const res = await request(apps[i % 2]!)
        .get('/api/v1/test/ping')
        .set(auth);
      answers.push([res.status, res.headers['ratelimit-remaining']]);
    }
    expect(answers).toEqual([
      [200, '5'],
      [200, '4'],
      [200, '3'],
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
      [429, '0'],
    ]);
  });

  it('charges costs atomically: concurrent requests on two instances never exceed the budget', async () => {
    const apps = [
      await appWith({ limit: 20, redisUrl, redisKeyPrefix }),
      await appWith({ limit: 20, redisUrl, redisKeyPrefix }),
    ];
    const { auth } = await newToken();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(apps[i % 2]!)
          .get('/api/v1/test/weighed?units=3')
          .set(auth)
          .then((res) => res.status),
      ),
    );
    // charges of 3 bring the total to 3, 6, … 36 in some order: those up to 20 are served
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('opens a new window when the old one ends', async () => {
    const app = await appWith({ limit: 1, windowMs: 1000, redisUrl, redisKeyPrefix });
    const { auth } = await newToken();
    expect((await request(app).get('/api/v1/test/ping').set(auth)).status).toBe(200);
    const refused = await request(app).get('/api/v1/test/ping').set(auth);
    expect([refused.status, refused.headers['retry-after']]).toEqual([429, '1']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await request(app).get('/api/v1/test/ping').set(auth)).status).toBe(200);
  });

  it('starts and serves without counting when Redis is unreachable, with one warning, never logging credentials', async () => {
    const { logger, lines } = capturedLogger('debug');
    const app = await appWith({ limit: 1, redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix, logger });
    const token = await newToken();
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      const res = await request(app).get('/api/v1/test/ping').set(token.auth);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toEqual([
      expect.objectContaining({ msg: expect.stringMatching(/Redis is unreachable.*fail-open/) }),
    ]);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(token.secret);
    expect(logged).not.toContain(token.id);
  });

  it('fails open while Redis is away and counts again, by itself, when it returns', async () => {
    const proxy = await startProxy(new URL(redisUrl));
    try {
      const { logger, lines } = capturedLogger('debug');
      const app = await appWith({ limit: 50, redisUrl: `redis://127.0.0.1:${proxy.port()}`, redisKeyPrefix, logger });
      const { auth } = await newToken();
      const ping = () => request(app).get('/api/v1/test/ping').set(auth);
      expect((await ping()).headers['ratelimit-remaining']).toBe('49');

      await proxy.stop();
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const res = await ping();
        expect(Date.now() - started).toBeLessThan(1000);
        expect([res.status, res.headers['ratelimit-remaining']]).toEqual([200, undefined]);
      }
      expect(lines.filter((line) => line.level === 40)).toHaveLength(1);

      await proxy.start();
      const res = await untilCounted(ping, 8000, 100);
      // the count kept in Redis goes on: 1 before the outage, this one now
      expect(res.headers['ratelimit-remaining']).toBe('48');
      expect(lines.map((line) => line.msg)).toContain('rate limits: Redis is reachable again, counting resumes');
      expect(lines.filter((line) => line.level === 40)).toHaveLength(1);
    } finally {
      await proxy.stop();
    }
  });

  it('does not wait on a Redis that stops answering: one charge waits the deadline, the next ones none', async () => {
    const proxy = await startProxy(new URL(redisUrl));
    try {
      const { logger, lines } = capturedLogger('debug');
      const app = await appWith({ limit: 50, redisUrl: `redis://127.0.0.1:${proxy.port()}`, redisKeyPrefix, logger });
      const { auth } = await newToken();
      const ping = () => request(app).get('/api/v1/test/ping').set(auth);
      expect((await ping()).headers['ratelimit-remaining']).toBe('49');

      proxy.freeze();
      const timed = async () => {
        const started = Date.now();
        const res = await ping();
        expect([res.status, res.headers['ratelimit-remaining']]).toEqual([200, undefined]);
        return Date.now() - started;
      };
      const first = await timed();
      expect(first).toBeGreaterThanOrEqual(450);
      expect(first).toBeLessThan(1000);
      for (let i = 0; i < 3; i++) expect(await timed()).toBeLessThan(200);
      expect(lines.filter((line) => line.level === 40)).toEqual([
        expect.objectContaining({ reason: 'no answer within 500 ms' }),
      ]);

      proxy.thaw();
      const res = await untilCounted(ping, 5000, 50);
      // the charge that waited reached Redis late; the ones not sent while it waited were never counted
      expect(res.headers['ratelimit-remaining']).toBe('47');
      expect(lines.map((line) => line.msg)).toContain('rate limits: Redis is reachable again, counting resumes');
    } finally {
      await proxy.stop();
    }
  });
});

/** Pings every `everyMs` until an answer is counted again (carries `RateLimit-Remaining`) or `withinMs` pass: the last answer. */
async function untilCounted(ping: () => Promise<request.Response>, withinMs: number, everyMs: number) {
  const until = Date.now() + withinMs;
  let res = await ping();
  while (res.headers['ratelimit-remaining'] === undefined && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    res = await ping();
  }
  return res;
}

/**
 * A TCP relay to Redis that the test can take down and bring back on the same port, or freeze
 * (connections stay open, nothing is relayed): outages without touching Redis itself.
 */
async function startProxy(target: URL) {
  const pairs = new Set<[Socket, Socket]>();
  let server: Server | undefined;
  let port = 0;
  const relay = ([client, upstream]: [Socket, Socket]) => client.pipe(upstream).pipe(client);
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const pair: [Socket, Socket] = [client, createConnection(Number(target.port || 6379), target.hostname)];
        pairs.add(pair);
        for (const socket of pair) {
          socket.on('error', () => pair.forEach((s) => s.destroy()));
          socket.on('close', () => {
            pair.forEach((s) => s.destroy());
            pairs.delete(pair);
          });
        }
        relay(pair);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await start();
  return {
    port: () => port,
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) pair.forEach((s) => s.destroy());
        if (!server?.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
      }),
    freeze: () => {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream).pause();
        upstream.unpipe(client).pause();
      }
    },
    thaw: () => pairs.forEach(relay),
  };
}
