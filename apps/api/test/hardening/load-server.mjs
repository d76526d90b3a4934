// The service under load, in its own process so that its memory and event loop are its own.
// Driven by load.test.ts over IPC: it answers 'stats' with RSS and event-loop delay, 'reset' clears them.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openStore } from '@socialquery/store';
import { pino } from 'pino';
import { createApp } from '../../dist/index.js';
import { createRequestBudget } from '../../dist/rate-limit.js';

const store = await openStore(process.env.SOCIALQUERY_STORE);
await store.seedDemo({ now: new Date('2026-06-15T12:00:00.000Z'), only: ['forum', 'video'] });
const token = (await store.credentials.create('token', 'load')).secret;
const apiKey = (await store.credentials.create('api-key', 'load')).secret;
const logger = pino({ level: 'silent' });
const budget = createRequestBudget({ limit: 1_000_000_000, windowMs: 60_000, logger });
const app = createApp({
  store,
  logger,
  cursorSecret: 'load-test-secret-0123456789',
  budget,
  clock: () => new Date('2026-06-15T12:00:00.000Z'),
});
const examples = await store.examples();
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.send({ type: 'ready', url: `http://127.0.0.1:${port}`, token, apiKey, examples });
});

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
process.on('message', (message) => {
  if (message === 'reset') delay.reset();
  if (message === 'stats') {
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send({
      type: 'stats',
      rssMb: Math.round(rss / 1e5) / 10,
      heapMb: Math.round(heapUsed / 1e5) / 10,
      eventLoopDelayMs: {
        mean: ms(delay.mean),
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
      },
    });
  }
  if (message === 'stop') server.close(() => store.close().then(() => process.exit(0)));
});
