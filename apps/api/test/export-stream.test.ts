import http from 'node:http';
import { defineOperation } from '@socialquery/core';
import type { MountablePlatform } from '@socialquery/core/server';
import { pino } from 'pino';
import { z } from 'zod';
import { createApp } from '../src/app.js';
import { createRequestBudget } from '../src/rate-limit.js';
import { listen, startTestService, type TestService } from './harness.js';

/**
 * The export stream itself, over a synthetic listing of any length (no store reads, so it runs on
 * one store kind): backpressure, cancellation, memory. export.test.ts covers the real listings.
 */
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ only: ['forum'] });
});
afterAll(() => service.close());

const auth = () => ({ Authorization: `Bearer ${service.token}` });

describe('streaming: backpressure, cancellation and flat memory', () => {
  const ROW = { id: '', text: 'x'.repeat(200), n: 0 };
  const endless = defineOperation({
    id: 'test.endless',
    method: 'GET',
    path: '/api/v1/test/endless',
    auth: 'bearer',
    params: { query: z.object({ rows: z.coerce.number().int().default(Number.MAX_SAFE_INTEGER) }) },
    response: z.object({ rows: z.array(z.object({ id: z.string(), text: z.string(), n: z.number() })) }),
    summary: 'A synthetic listing of any length',
  });
  const state = { batchesRead: 0, finished: false };
  const platform: MountablePlatform = {
    contract: { endless },
    handlers: { endless: async () => ({ rows: [] }) },
    exporters: {
      endless: async function* ({ rows }: { rows: number }) {
        state.finished = false;
        try {
          for (let sent = 0; sent < rows; sent += 1000) {
            state.batchesRead += 1;
            yield Array.from({ length: Math.min(1000, rows - sent) }, (_, i) => ({
              ...ROW,
              id: String(sent + i),
              n: sent + i,
            }));
          }
        } finally {
          state.finished = true;
        }
      },
    },
  } as MountablePlatform;

  function startEndless() {
    const logger = pino({ level: 'silent' });
    const budget = createRequestBudget({ limit: 1_000_000, windowMs: 60_000, logger });
    const app = createApp({
      store: service.store,
      logger,
      cursorSecret: 'test-secret-0123456789',
      platforms: [platform],
      budget,
    });
    return listen(app);
  }

  it('reads no further than the client takes, and stops reading when the client goes away', async () => {
    const { server, baseUrl } = await startEndless();
    try {
      state.batchesRead = 0;
      const req = http.get(`${baseUrl}/api/v1/test/endless?format=ndjson`, { headers: auth() });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      res.pause(); // the client stops reading
      await new Promise((resolve) => setTimeout(resolve, 500));
      const whilePaused = state.batchesRead;
      await new Promise((resolve) => setTimeout(resolve, 500));
      // socket buffers hold a few MB at most: the exporter is not asked for an endless listing
      expect(whilePaused).toBeLessThan(50);
      expect(state.batchesRead).toBe(whilePaused);
      expect(state.finished).toBe(false);
      req.destroy();
      await waitFor(() => state.finished);
      expect(state.batchesRead).toBeLessThan(50);
    } finally {
      server.close();
    }
  });

  it('streams a million rows (about 240 MB) with flat memory', async () => {
    const { server, baseUrl } = await startEndless();
    try {
      global.gc?.();
      const before = process.memoryUsage().heapUsed;
      let peak = before;
      let lines = 0;
      let bytes = 0;
      await new Promise<void>((resolve, reject) => {
        http.get(`${baseUrl}/api/v1/test/endless?format=ndjson&rows=1000000`, { headers: auth() }, (res) => {
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
            peak = Math.max(peak, process.memoryUsage().heapUsed);
          });
          res.on('end', resolve);
          res.on('error', reject);
        });
      });
      expect(lines).toBe(1_000_000);
      expect(bytes).toBeGreaterThan(230_000_000);
      // the body is ~240 MB; holding it, or any growing part of it, would show here (garbage not yet collected does too)
      expect(peak - before).toBeLessThan(100 * 1024 * 1024);
      expect(state.finished).toBe(true);
    } finally {
      server.close();
    }
  });
});

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
