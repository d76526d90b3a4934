import http from 'node:http';
import type { Server } from 'node:http';
import { defineOperation, ErrorBody } from '@socialquery/core';
import type { MountablePlatform } from '@socialquery/core/server';
import { pino } from 'pino';
import { z } from 'zod';
import { createRequestBudget } from '../src/rate-limit.js';
import { appWith, listen, startTestService, type TestService } from './harness.js';

/**
 * The heavy-work limits over synthetic operations (no store reads): a heavy search whose handler
 * waits until the test lets it answer, a listing whose export never ends, and a cheap operation.
 */
let service: TestService;
let tokens: string[];
beforeAll(async () => {
  // a store for the credentials: the operations here are synthetic, so no demo data is seeded
  service = await startTestService({ empty: true });
  tokens = await Promise.all(
    ['a', 'b', 'c'].map(async (name) => (await service.store.credentials.create('token', name)).secret),
  );
});
afterAll(() => service.close());

const Row = z.object({ id: z.string() });
const slow = defineOperation({
  id: 'test.slowSearch',
  method: 'GET',
  path: '/api/v1/test/slow-search',
  auth: 'bearer',
  heavy: true,
  params: {},
  response: z.object({ found: z.number() }),
  summary: 'A heavy search that answers when the test says so',
});
const listing = defineOperation({
  id: 'test.listing',
  method: 'GET',
  path: '/api/v1/test/listing',
  auth: 'bearer',
  params: {},
  response: z.object({ rows: z.array(Row) }),
  summary: 'A listing whose export never ends',
});
const cheap = defineOperation({
  id: 'test.cheap',
  method: 'GET',
  path: '/api/v1/test/cheap',
  auth: 'bearer',
  params: {},
  response: z.object({ ok: z.boolean() }),
  summary: 'A cheap operation',
});

/** Resolvers of the slow searches waiting to answer, in arrival order. */
const waiting: (() => void)[] = [];
let exportsRunning = 0;
const platform = {
  contract: { slow, listing, cheap },
  handlers: {
    slow: () => new Promise<{ found: number }>((resolve) => waiting.push(() => resolve({ found: 1 }))),
    listing: async () => ({ rows: [{ id: 'page' }] }),
    cheap: async () => ({ ok: true }),
  },
  exporters: {
    listing: async function* () {
      exportsRunning += 1;
      try {
        for (let n = 0; ; n += 1)
          yield Array.from({ length: 1000 }, (_, i) => ({ id: `${n}-${i}-${'x'.repeat(200)}` }));
      } finally {
        exportsRunning -= 1;
      }
    },
  },
} as MountablePlatform;

let server: Server;
let baseUrl: string;
beforeEach(async () => {
  waiting.length = 0;
  const logger = pino({ level: 'silent' });
  const app = appWith(service.store, [platform], {
    budget: createRequestBudget({ limit: 1_000, windowMs: 60_000, logger }),
    heavyWorkLimits: { perReplica: 3, perCredential: 2 },
  });
  ({ server, baseUrl } = await listen(app));
});
afterEach(async () => {
  for (const answer of waiting.splice(0)) answer();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A GET as credential `who`, read whole. */
function get(path: string, who: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${tokens[who]}` } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}

/** An export as credential `who` that reads nothing after its headers: it stays running until destroyed. */
async function heldExport(who: number): Promise<{ status: number; close: () => void }> {
  const req = http.get(`${baseUrl}/api/v1/test/listing?format=ndjson`, {
    headers: { Authorization: `Bearer ${tokens[who]}` },
  });
  const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  res.pause();
  return { status: res.statusCode ?? 0, close: () => req.destroy() };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('heavy-work limits', () => {
  it('admits a credential two heavy requests at once and the replica three; refuses the next with 429 / 503 and Retry-After, uncharged', async () => {
    const a1 = get('/api/v1/test/slow-search', 0);
    const a2 = get('/api/v1/test/slow-search', 0);
    await until(() => waiting.length === 2);

    const ownLimit = await get('/api/v1/test/slow-search', 0);
    expect(ownLimit.status).toBe(429);
    expect(ownLimit.headers['retry-after']).toBe('5');
    expect(ErrorBody.parse(ownLimit.body)).toMatchObject({ code: 'concurrency_limited', statusCode: 429 });

    const b1 = get('/api/v1/test/slow-search', 1);
    await until(() => waiting.length === 3);
    const full = await get('/api/v1/test/slow-search', 2);
    expect(full.status).toBe(503);
    expect(full.headers['retry-after']).toBe('1');
    expect(ErrorBody.parse(full.body)).toMatchObject({ code: 'busy', statusCode: 503 });

    // cheap requests are never held back
    const cheapMeanwhile = await get('/api/v1/test/cheap', 2);
    expect(cheapMeanwhile.status).toBe(200);
    expect(cheapMeanwhile.body).toEqual({ ok: true });

    // an answered request gives its slot back
    waiting.shift()!();
    expect((await a1).status).toBe(200);
    const c1 = get('/api/v1/test/slow-search', 2);
    await until(() => waiting.length === 3);
    for (const answer of waiting.splice(0)) answer();
    expect((await Promise.all([a2, b1, c1])).map((answer) => answer.status)).toEqual([200, 200, 200]);

    // refused requests cost nothing: a's budget paid for its two searches and this one only
    expect((await get('/api/v1/test/cheap', 0)).headers['ratelimit-remaining']).toBe(String(1_000 - 3));
  });

  it('counts every bulk export as heavy, and frees its slot when the client goes away', async () => {
    const first = await heldExport(0);
    const second = await heldExport(0);
    expect([first.status, second.status]).toEqual([200, 200]);
    await until(() => exportsRunning === 2);

    const third = await get('/api/v1/test/listing?format=ndjson', 0);
    expect(third.status).toBe(429);
    expect(ErrorBody.parse(third.body).code).toBe('concurrency_limited');
    // the listing's ordinary page is not heavy
    expect((await get('/api/v1/test/listing', 0)).body).toEqual({ rows: [{ id: 'page' }] });

    first.close();
    await until(() => exportsRunning === 1);
    const again = await heldExport(0);
    expect(again.status).toBe(200);
    second.close();
    again.close();
    await until(() => exportsRunning === 0);
  });
});
