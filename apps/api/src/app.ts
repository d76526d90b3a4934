import type { MountablePlatform } from '@socialquery/core/server';
import { createCursorCodec } from '@socialquery/core/server';
import { COMPAT_PATH_PREFIX } from '@socialquery/forum';
import { platformsByName, type Store } from '@socialquery/store';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { createDataHealth, type DataHealth } from './data-health.js';
import { errorHandler, sendError } from './error-response.js';
import { explorer } from './explore.js';
import { createHeavyWork, type HeavyWorkLimits } from './heavy-work.js';
import { httpCaching, weakEtag } from './http-cache.js';
import { requestLogger } from './logger.js';
import { mountFeeds } from './feeds/routes.js';
import { FEEDS_PATH } from './feeds/token-path.js';
import { errorExtrasByPathPrefix, methodNotAllowed, type MountDeps, mountPlatforms } from './mount.js';
import { inOrder } from './operation-routes.js';
import { apiReference } from './openapi/reference.js';
import type { ReaderPool } from './reader-pool.js';
import {
  createRequestBudget,
  DEFAULT_RATE_LIMIT,
  DEFAULT_RATE_WINDOW_SECONDS,
  type RequestBudget,
} from './rate-limit.js';
import { requestId } from './request-id.js';
import { corsFor, limitUrlLength, refuseNul, refuseQueryCredentials, securityHeaders } from './security.js';

export interface AppOptions {
  store: Store;
  logger: Logger;
  /** Signs paging tokens. */
  cursorSecret: string;
  /** The request's "now" (tests pin it). */
  clock?: () => Date;
  /** Per-credential request budgets; default: in this process's memory, 600 units a minute. */
  budget?: RequestBudget;
  /** What to mount instead of `platformsOf(store)` (tests mount contracts of their own). */
  platforms?: readonly MountablePlatform[];
  /** Browser origins allowed by CORS (`*` for any); none by default, and then no CORS headers. */
  corsOrigins?: readonly string[];
  /** The recent outcome of data requests, which `/healthz` reports (tests pass their own clock). */
  dataHealth?: DataHealth;
  /** Heavy requests (exports, searches) at once, per replica and per credential; default 4 and 2. */
  heavyWorkLimits?: HeavyWorkLimits;
  /** Aborted when the service begins to shut down (server.ts): running exports end at a record boundary. */
  stopping?: AbortSignal;
  /** Reader threads for heavy operations (server.ts makes them for a SQLite store file); none: they run on this thread. */
  readers?: ReaderPool;
  /** Serve the `/explore` page (explore.ts); default true. */
  explorer?: boolean;
  /** Mount the Arctic Shift and Pushshift routes under `/compat/` (docs/compat.md); default true. */
  compatRoutes?: boolean;
}

/**
 * Every platform the service mounts (the store's `platformsByName`, in its order); without
 * `compatRoutes`, the operations under COMPAT_PATH_PREFIX are left out of every contract.
 */
export function platformsOf(
  store: Store,
  { compatRoutes = true }: { compatRoutes?: boolean } = {},
): MountablePlatform[] {
  const platforms = Object.values(platformsByName(store));
  if (compatRoutes) return platforms;
  return platforms.map((platform) => ({
    ...platform,
    contract: Object.fromEntries(
      Object.entries(platform.contract).filter(([, operation]) => !operation.path.startsWith(COMPAT_PATH_PREFIX)),
    ),
  }));
}

export function createApp({
  store,
  logger,
  cursorSecret,
  clock,
  budget,
  platforms,
  corsOrigins = [],
  dataHealth = createDataHealth(),
  heavyWorkLimits,
  stopping,
  readers,
  explorer: withExplorer = true,
  compatRoutes = true,
}: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', weakEtag);
  app.set('query parser', 'simple');

  const mounted = platforms ?? platformsOf(store, { compatRoutes });
  const cors = corsFor(corsOrigins);
  // what every request passes first, as one router layer (operation-routes.ts `inOrder`)
  app.use(
    inOrder([
      securityHeaders(),
      requestLogger(logger),
      requestId,
      errorExtrasByPathPrefix(mounted),
      httpCaching(),
      limitUrlLength(),
      ...(cors ? [cors] : []),
    ]),
  );

  // the data path, not only the connection: recent data requests, else a read of every table
  app.get('/healthz', async (_req, res) => {
    if (dataHealth.failing()) sendError(res, 'unavailable', 'data requests are failing on the store');
    else if (dataHealth.answeredLately() || (await store.ping())) res.json({ status: 'ok' });
    else sendError(res, 'unavailable', 'the store does not answer');
  });
  app.all('/healthz', methodNotAllowed);

  app.use(inOrder([refuseQueryCredentials, refuseNul]));
  const deps: MountDeps = {
    credentials: store.credentials,
    cursors: createCursorCodec(cursorSecret),
    dataHealth,
    heavyWork: createHeavyWork(heavyWorkLimits),
    ...(stopping ? { stopping } : {}),
    ...(readers ? { readers } : {}),
    budget:
      budget ??
      createRequestBudget({ limit: DEFAULT_RATE_LIMIT, windowMs: DEFAULT_RATE_WINDOW_SECONDS * 1000, logger }),
    ...(clock ? { clock } : {}),
  };
  app.use(mountPlatforms(mounted, deps));
  // after the operations, which are asked for far more often: a request walks the layers in order
  app.use(apiReference({ platforms: mounted, examples: () => store.examples(), logger }));
  if (withExplorer) app.use(explorer());
  // Atom and RSS feeds of the listings, authenticated by a feed token in their path (docs/feeds.md)
  app.use(FEEDS_PATH, mountFeeds(mounted, deps));

  app.use((req, res) => sendError(res, 'not_found', `no route ${req.method} ${req.path}`));
  app.use(errorHandler(logger, store.isUnavailableError, dataHealth));
  return app;
}
