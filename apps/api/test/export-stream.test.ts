import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { defineOperation } from '@socialquery/core';
import type { MountablePlatform } from '@socialquery/core/server';
import { z } from 'zod';
import { appWith, listen, startTestService, type TestService } from './harness.js';

/**
 * The export stream itself, over a synthetic listing of any length (no store reads, so it runs on
 * one store kind): backpressure, cancellation, memory. export.test.ts covers the real listings.
 */
let service: TestService;
beforeAll(async () => {
  // a store and a token: the listings here are synthetic, so no demo data is seeded
  service = await startTestService({ empty: true });
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

  const startEndless = (stopping?: AbortSignal) =>
    listen(appWith(service.store, [platform], stopping ? { stopping } : {}));

  it.each(['identity', 'gzip'])(
    'ends an export at a record boundary when the service begins to shut down, aborted so it is not taken for complete (%s)',
    async (encoding) => {
      const shutdown = new AbortController();
      const { server, baseUrl } = await startEndless(shutdown.signal);
      try {
        const received: Buffer[] = [];
        let size = 0;
        const ended = new Promise<string>((resolve) => {
          const req = http.get(`${baseUrl}/api/v1/test/endless?format=ndjson`, {
            headers: { ...auth(), 'Accept-Encoding': encoding },
          });
          req.on('error', () => resolve('error'));
          req.on('response', (res) => {
            res.on('data', (chunk: Buffer) => {
              received.push(chunk);
              size += chunk.length;
            });
            res.on('aborted', () => resolve('aborted'));
            res.on('end', () => resolve(res.complete ? 'complete' : 'aborted'));
            res.on('error', () => resolve('aborted'));
          });
        });
        await waitFor(() => size > (encoding === 'gzip' ? 20_000 : 2_000_000));
        const asked = Date.now();
        shutdown.abort();
        expect(await ended).toBe('aborted');
        expect(Date.now() - asked).toBeLessThan(1_500);
        await waitFor(() => state.finished);
        const body = Buffer.concat(received);
        const text = (
          encoding === 'gzip' ? zlib.gunzipSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) : body
        ).toString('utf8');
        expect(text.endsWith('\n')).toBe(true);
        const lines = text.slice(0, -1).split('\n');
        expect(lines.length).toBeGreaterThan(1_000);
        const numbers = lines.map((line) => (JSON.parse(line) as { id: string; n: number }).n);
        expect(numbers).toEqual(numbers.map((_, n) => n));
      } finally {
        server.close();
      }
    },
  );

  it('lets other requests in between the pages of an export whose pages hold the thread while they are read', async () => {
    const busy = defineOperation({
      id: 'test.busy',
      method: 'GET',
      path: '/api/v1/test/busy',
      auth: 'bearer',
      params: {},
      response: z.object({ rows: z.array(z.object({ id: z.string() })) }),
      summary: 'A listing whose pages take 20 ms of this thread each, as a synchronous store read does',
    });
    const PAGES = 100;
    let pages = 0;
    const busyPlatform = {
      contract: { busy },
      handlers: { busy: async () => ({ rows: [] }) },
      exporters: {
        busy: async function* () {
          for (pages = 0; pages < PAGES;) {
            const until = Date.now() + 20;
            while (Date.now() < until); // a synchronous read
            pages += 1;
            yield [{ id: String(pages) }];
          }
        },
      },
    } as MountablePlatform;
    const { server, baseUrl } = await listen(appWith(service.store, [busyPlatform]));
    try {
      const req = http.get(`${baseUrl}/api/v1/test/busy?format=ndjson`, { headers: auth() });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      res.resume();
      // tiny pages never fill the socket's buffer: only pauses between pages let this request in before the end
      const health = await fetch(`${baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(pages).toBeLessThan(PAGES / 2);
      req.destroy();
    } finally {
      server.close();
    }
  });

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
    const gc = collectGarbage();
    try {
      gc();
      const before = process.memoryUsage().heapUsed;
      // what stays reachable after a full collection, sampled every ~24 MB of body: garbage the
      // collector has not reached yet (which a loaded machine lets pile up) is not counted
      const retained: number[] = [];
      let lines = 0;
      let bytes = 0;
      let nextSample = 0;
      await new Promise<void>((resolve, reject) => {
        http.get(`${baseUrl}/api/v1/test/endless?format=ndjson&rows=1000000`, { headers: auth() }, (res) => {
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
            if (bytes >= nextSample) {
              nextSample += 24 * 1024 * 1024;
              gc();
              retained.push(process.memoryUsage().heapUsed - before);
            }
          });
          res.on('end', resolve);
          res.on('error', reject);
        });
      });
      expect(lines).toBe(1_000_000);
      expect(bytes).toBeGreaterThan(230_000_000);
      expect(retained.length).toBeGreaterThanOrEqual(9);
      // the body is ~240 MB; holding it, or any growing part of it, would add ~24 MB a sample
      expect(Math.max(...retained)).toBeLessThan(32 * 1024 * 1024);
      expect(state.finished).toBe(true);
    } finally {
      server.close();
    }
  });
});

/** A full, synchronous collection without starting jest with --expose-gc. */
function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
