import { createServer, type Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { formatStoreAddress, type Store } from '@socialquery/store';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { expressClasses } from './express-classes.js';
import { answerClientErrors } from './client-error.js';
import type { Config } from './config.js';
import { createRequestBudget } from './rate-limit.js';
import { createReaderPool } from './reader-pool.js';
import { takingTurns } from './turn-taking.js';

/** How long a connection may stay silent after shutdown begins before it is dropped. */
const IDLE_DRAIN_MS = 500;

export interface RunningService {
  server: Server;
  url: string;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), closes the store and the budget counters. */
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** How long shutdown waits for in-flight requests before dropping their connections (default 10 s). */
  graceMs?: number;
  /** A request whose headers have not all arrived this long after it began answers 408 (default 60 s, Node's). */
  headersTimeoutMs?: number;
  /** A request not received completely (headers and any body) this long after it began answers 408 (default 300 s, Node's). */
  requestTimeoutMs?: number;
}

export async function startService(
  config: Config,
  store: Store,
  logger: Logger,
  { graceMs = 10_000, headersTimeoutMs = 60_000, requestTimeoutMs = 300_000 }: ServiceOptions = {},
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
  const shuttingDown = new AbortController();
  const { address: storeAddress } = store;
  // An in-memory SQLite store cannot be shared. Where the store's statements run beside the event loop
  // already (not `synchronousStatements`: PostgreSQL), the readers take the exports' rows and encoding
  // off it (heavy operations stay here), each over a pool of its own no larger than the heavy requests
  // a replica runs at once.
  const readers =
    config.SOCIALQUERY_READER_THREADS > 0 && !(storeAddress.kind === 'sqlite' && storeAddress.path === ':memory:')
      ? createReaderPool(
          {
            storeAddress: formatStoreAddress(storeAddress),
            storeOptions: {
              poolSize: Math.min(config.SOCIALQUERY_POOL_SIZE, config.SOCIALQUERY_HEAVY_CONCURRENCY),
              statementTimeoutMs: config.SOCIALQUERY_STATEMENT_TIMEOUT_MS,
            },
            cursorSecret,
          },
          config.SOCIALQUERY_READER_THREADS,
          store.dialect.synchronousStatements,
        )
      : undefined;
  const app = createApp({
    ...(readers ? { readers } : {}),
    stopping: shuttingDown.signal,
    store,
    logger,
    cursorSecret,
    budget,
    corsOrigins: config.SOCIALQUERY_CORS_ORIGINS ?? [],
    explorer: config.SOCIALQUERY_EXPLORER === 'on',
    compatRoutes: config.SOCIALQUERY_COMPAT_ROUTES === 'on',
    heavyWorkLimits: {
      perReplica: config.SOCIALQUERY_HEAVY_CONCURRENCY,
      perCredential: config.SOCIALQUERY_HEAVY_PER_CREDENTIAL,
    },
  });
  let server: Server;
  try {
    // Slow or stalled requests (slowloris) are cut off by Node's timeouts; their 408 is written by
    // answerClientErrors. Connections are checked a few times per headers timeout (Node's default: every 30 s).
    const turns = takingTurns(app);
    const created = createServer(
      {
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        connectionsCheckingInterval: Math.max(10, Math.min(30_000, Math.floor(headersTimeoutMs / 4))),
        ...expressClasses(app),
      },
      // requests in turns of bounded length, so that a busy replica still accepts connections
      turns.listener,
    );
    created.on('connection', turns.connected);
    server = await new Promise<Server>((resolve, reject) => {
      created.once('error', reject);
      created.listen(config.PORT, config.HOST, () => {
        created.off('error', reject);
        resolve(created);
      });
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
      // running exports end after the records they have written (export.ts), well before the deadline
      shuttingDown.abort();
      // http.Server#close would also drop "idle" connections at once, and a connection whose request has
      // arrived but is not parsed yet counts as idle: stop accepting only, answer what came in with
      // Connection: close, and drop connections still idle a moment later (keep-alive clients sending nothing).
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const idle = setTimeout(() => server.closeIdleConnections(), IDLE_DRAIN_MS);
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(idle);
      clearTimeout(deadline);
      await Promise.all([store.close(), budget.close(), readers?.close()]);
    })());
  return { server, url, stop };
}
