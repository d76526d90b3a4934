import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Store } from '@socialquery/store';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { answerClientErrors } from './client-error.js';
import type { Config } from './config.js';
import { createRequestBudget } from './rate-limit.js';

/** How long a connection may stay silent after shutdown begins before it is dropped. */
const IDLE_DRAIN_MS = 500;

export interface RunningService {
  server: Server;
  url: string;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), closes the store and the budget counters. */
  stop(): Promise<void>;
}

export async function startService(
  config: Config,
  store: Store,
  logger: Logger,
  { graceMs = 10_000 }: { graceMs?: number } = {},
): Promise<RunningService> {
  const cursorSecret = config.SOCIALQUERY_SECRET ?? (await store.settings.cursorSecret());
  const budget = createRequestBudget({
    limit: config.SOCIALQUERY_RATE_LIMIT,
    windowMs: config.SOCIALQUERY_RATE_WINDOW * 1000,
    logger,
    ...(config.SOCIALQUERY_REDIS ? { redisUrl: config.SOCIALQUERY_REDIS } : {}),
  });
  // Counting starts with the first request when Redis is up; when it is down the service starts anyway.
  await budget.ready();
  const app = createApp({ store, logger, cursorSecret, budget, corsOrigins: config.SOCIALQUERY_CORS_ORIGINS ?? [] });
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(config.PORT, config.HOST, (error?: Error) => (error ? reject(error) : resolve(listening)));
    });
  } catch (error) {
    await budget.close();
    throw error;
  }
  answerClientErrors(server, logger);
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;

  let draining = false;
  server.prependListener('request', (_req, res) => {
    if (draining) res.setHeader('connection', 'close');
  });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      draining = true;
      // http.Server#close would also drop "idle" connections at once, and a connection whose request has
      // arrived but is not parsed yet counts as idle: stop accepting only, answer what came in with
      // Connection: close, and drop connections still idle a moment later (keep-alive clients sending nothing).
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const idle = setTimeout(() => server.closeIdleConnections(), IDLE_DRAIN_MS);
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(idle);
      clearTimeout(deadline);
      await Promise.all([store.close(), budget.close()]);
    })());
  return { server, url, stop };
}
