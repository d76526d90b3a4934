import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoSize, FIRST_RUN_DEMO_SCALES, openStore, redact, type Store, unfinishedCopyOf } from '@socialquery/store';
import { type Config, ConfigError, loadConfig, type LogFormat } from './config.js';
import { createLogger } from './logger.js';
import { EXPLORE_PATH } from './explore.js';
import { DOCS_PATH, OPENAPI_PATH } from './openapi/reference.js';
import type { Logger } from 'pino';
import { type RunningService, startService } from './server.js';
import { loadSyncMode, withSyncMode } from './sync-mode.js';

/** The demo's size at these scales, roughly (the sets' sizes are their progress estimates). */
const rowsOf = (scales: Readonly<Record<string, number>>) => {
  const rows = Object.values(demoSize({ scales })).reduce((sum, count) => sum + count, 0);
  return rows >= 1e6 ? `about ${(rows / 1e6).toFixed(2)} M` : `about ${Math.round(rows / 1e3)} k`;
};

/** The variables the service reads, for the --help of every program that starts it. */
export const serviceEnvironmentHelp = () => `Environment:
  PORT                default 8080
  HOST                default 127.0.0.1
  SOCIALQUERY_STORE   sqlite:<path> (default sqlite:./data/socialquery.db) or postgres://user:pass@host:5432/db
  SOCIALQUERY_POOL_SIZE            PostgreSQL connections per replica (default 10)
  SOCIALQUERY_STATEMENT_TIMEOUT_MS PostgreSQL statements running longer are cancelled, the request answers 503 (default 10000)
  SOCIALQUERY_SECRET  paging-token signing secret, >= 16 characters (default: generated, kept in the store)
  SOCIALQUERY_RATE_LIMIT   request budget per credential and window, 1 to 1000000000 (default 600);
                           an operation costs 1 unit unless its documentation says more
  SOCIALQUERY_RATE_WINDOW  the budget's window in seconds, 1 to 86400 (default 60)
  SOCIALQUERY_REDIS   redis://… or rediss://…: budget counters shared by every replica (default: in memory);
                      while Redis is unreachable, requests are served without counting (fail-open)
  SOCIALQUERY_CORS_ORIGINS  browser origins allowed to call the API, comma-separated, or * (default: CORS off)
  SOCIALQUERY_SYNC_TARGETS  a targets file: keep the store current from the platforms' APIs (docs/sync.md)
  LOG_LEVEL           fatal|error|warn|info|debug|trace|silent (default info)
  LOG_FORMAT          json (one JSON object a line) or pretty (text for a person); default: pretty when
                      stdout is a terminal, else json

A store without credentials gets a first API key and bearer token, printed once.`;

/** Made when asked for: the demo's sizes take a third of a second to work out, which no start should pay. */
const usage = () => `Usage: socialquery-api [--demo-if-empty [--full-demo]] [--help]

Starts the socialquery HTTP service.

Options:
  --demo-if-empty  seed the deterministic demo data when the store holds no data yet, sized for a first
                   try: the forum and videos at a tenth, the music catalog at a fiftieth (${rowsOf(FIRST_RUN_DEMO_SCALES)} rows)
  --full-demo      with --demo-if-empty: every set whole (${rowsOf({})} rows)
  -h, --help       show this help

${serviceEnvironmentHelp()}`;

/** What `launchService` reads and writes besides its arguments; tests give their own. */
export interface LaunchOptions {
  /** The environment the configuration is read from (default: the process's). */
  env?: NodeJS.ProcessEnv;
  /** The service's logger (default: JSON lines on stdout at LOG_LEVEL). */
  logger?: Logger;
  /** Where help and the first credentials are printed (default: stdout), and usage errors (stderr). */
  out?: (text: string) => void;
  err?: (text: string) => void;
  /** Free bytes on the disk of a store file's folder (default: statfs); undefined when unknown. */
  freeDiskBytes?: (folder: string) => Promise<number | undefined>;
  /** Whether stdout is a terminal, which makes `pretty` the default LOG_FORMAT (default: stdout.isTTY). */
  terminal?: boolean;
  /** How the user runs the admin commands, for the hints printed at start (default `pnpm cli`). */
  adminCommand?: string;
}

/** A service that `launchService` started, with the logger it writes to. */
export interface LaunchedService {
  service: RunningService;
  logger: Logger;
}

/**
 * Runs the service with command-line `argv` (without `node script`): resolves to an exit code when it
 * does not start (help, a bad flag or configuration), or to undefined once it serves; SIGTERM and SIGINT
 * then stop it and end the process.
 */
export async function runService(
  argv: string[],
  options: Pick<LaunchOptions, 'adminCommand'> = {},
): Promise<number | undefined> {
  const launched = await launchService(argv, options);
  if (typeof launched === 'number') return launched;
  stopOnSignals(launched);
  return undefined;
}

/**
 * Everything `runService` does but the signals: parses `argv`, reads the configuration, opens the
 * store (seeding the demo into an empty one with --demo-if-empty, making first credentials for a
 * store without any), starts the service and logs that it listens. Resolves to an exit code when it
 * does not start.
 */
export async function launchService(argv: string[], options: LaunchOptions = {}): Promise<number | LaunchedService> {
  const out = options.out ?? ((text: string) => console.log(text));
  const err = options.err ?? ((text: string) => console.error(text));
  let flags;
  try {
    flags = parseArgs({
      // `npm start -- --full-demo` passes the `--` along; nothing here is positional
      args: argv.filter((arg) => arg !== '--'),
      options: {
        'demo-if-empty': { type: 'boolean' },
        'full-demo': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    err(`${(error as Error).message}\n\n${usage()}`);
    return 2;
  }
  if (flags.help) {
    out(usage());
    return 0;
  }
  let config, syncMode;
  try {
    config = loadConfig(options.env);
    syncMode = await loadSyncMode(options.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 2;
    }
    throw error;
  }
  const format: LogFormat = config.LOG_FORMAT ?? ((options.terminal ?? process.stdout.isTTY) ? 'pretty' : 'json');
  const logger = options.logger ?? createLogger(config.LOG_LEVEL, format);
  const admin = options.adminCommand ?? 'pnpm cli';
  const store = await openStore(config.SOCIALQUERY_STORE, {
    poolSize: config.SOCIALQUERY_POOL_SIZE,
    statementTimeoutMs: config.SOCIALQUERY_STATEMENT_TIMEOUT_MS,
    credentialCacheMs: config.SOCIALQUERY_CREDENTIAL_CACHE_SECONDS * 1000,
  });

  // a store a copy is still filling holds part of its source: answers from it would be silently short
  const copying = await unfinishedCopyOf(store.db);
  if (copying !== undefined) {
    await store.close();
    err(
      `the store ${redact(config.SOCIALQUERY_STORE)} holds an unfinished copy${copying ? ` of ${copying}` : ''}: ` +
        `run the same \`${admin} migrate-store --from … --to …\` again to finish it, then start the service`,
    );
    return 1;
  }

  if (flags['demo-if-empty'] && (await store.isEmpty())) {
    const scales = config.SOCIALQUERY_DEMO_SCALES ?? (flags['full-demo'] ? {} : FIRST_RUN_DEMO_SCALES);
    const rows = Object.values(demoSize({ scales })).reduce((sum, count) => sum + count, 0);
    logger.info(
      { rows, scales },
      flags['full-demo'] || config.SOCIALQUERY_DEMO_SCALES
        ? 'store is empty: seeding the demo data'
        : 'store is empty: seeding a first-try demo (--full-demo seeds every set whole)',
    );
    await warnOnLowDisk(store, rows, logger, options.freeDiskBytes ?? freeBytesOf);
    const report = await store.seedDemo({ scales });
    logger.info({ rows: report.rows, ms: report.ms }, 'demo data seeded');
  }
  await warnOnLittleRoom(store, logger, options.freeDiskBytes ?? freeBytesOf);
  if ((await store.credentials.count()) === 0) {
    const key = await store.credentials.create('api-key', 'first api key');
    const token = await store.credentials.create('token', 'first token');
    out(
      [
        '',
        'New store: created a first API key and bearer token. They are shown only this once.',
        `  API key (x-api-key header):            ${key.secret}`,
        `  Bearer token (Authorization: Bearer):  ${token.secret}`,
        `Create more with \`${admin} keys create --kind api-key|token\`.`,
        '',
      ].join('\n'),
    );
  }

  const service = withSyncMode(await startService(config, store, logger), syncMode, store, logger);
  logger.info(
    {
      url: service.url,
      docs: `${service.url}${DOCS_PATH}`,
      ...(config.SOCIALQUERY_EXPLORER === 'on' ? { explore: `${service.url}${EXPLORE_PATH}` } : {}),
      store: redact(config.SOCIALQUERY_STORE),
      rateLimit: {
        limit: config.SOCIALQUERY_RATE_LIMIT,
        windowSeconds: config.SOCIALQUERY_RATE_WINDOW,
        counters: config.SOCIALQUERY_REDIS ? redact(config.SOCIALQUERY_REDIS) : 'memory',
      },
    },
    'listening',
  );
  // the start-up lines now, not at the next batch: whoever started the service waits for them
  logger.flush();
  if (format === 'pretty') out(startBanner(service.url, config, admin));
  return { service, logger };
}

/** What a person who started the service at a terminal wants to know next. */
function startBanner(url: string, config: Config, admin: string) {
  const counters = config.SOCIALQUERY_REDIS ? `in ${redact(config.SOCIALQUERY_REDIS)}` : 'in memory';
  return [
    '',
    `socialquery is serving ${url}`,
    `  docs and try-it page  ${url}${DOCS_PATH}`,
    `  OpenAPI document      ${url}${OPENAPI_PATH}`,
    ...(config.SOCIALQUERY_EXPLORER === 'on' ? [`  data explorer         ${url}${EXPLORE_PATH}`] : []),
    `  store                 ${redact(config.SOCIALQUERY_STORE)}`,
    `  request budget        ${config.SOCIALQUERY_RATE_LIMIT} per credential every ${config.SOCIALQUERY_RATE_WINDOW} s (counted ${counters})`,
    `  admin commands        ${admin} --help`,
    'Ctrl-C stops it.',
    '',
  ].join('\n');
}

/**
 * SIGTERM and SIGINT stop the service, then the process. A terminal's Ctrl-C reaches every process of
 * its foreground group, and `pnpm start` forwards it once more: a signal while draining is noted,
 * never the default action that would end the drain (and the process) at once. The drain has its own
 * deadline (10 s, server.ts).
 */
function stopOnSignals({ service, logger }: LaunchedService) {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    const started = Date.now();
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    service.stop().then(
      () => {
        logger.info({ ms: Date.now() - started }, 'stopped');
        logger.flush(() => process.exit(0));
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        logger.flush(() => process.exit(1));
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * Bytes a demo row takes in a SQLite store file, search indexes included, rounded up from the
 * largest share any demo size has taken (the first-run size is in README.md, checked by
 * test/main.test.ts).
 */
const DEMO_BYTES_PER_ROW = 1024;

/** Free bytes for an unprivileged writer on the disk of `folder`. */
const freeBytesOf = async (folder: string) =>
  statfs(folder).then(
    (disk) => disk.bavail * disk.bsize,
    () => undefined,
  );

/** Warns before seeding a store file into a disk without room for it (SQLite's WAL needs some more). */
async function warnOnLowDisk(
  store: Store,
  rows: number,
  logger: Logger,
  freeDiskBytes: (folder: string) => Promise<number | undefined>,
) {
  if (store.address.kind !== 'sqlite' || store.address.path === ':memory:') return;
  const needed = rows * DEMO_BYTES_PER_ROW;
  const free = await freeDiskBytes(dirname(resolve(store.address.path)));
  if (free === undefined) return;
  const mb = (bytes: number) => Math.round(bytes / 1e6);
  if (free < needed * 1.5)
    logger.warn(
      { neededMB: mb(needed), freeMB: mb(free) },
      'the demo data needs about this much disk and little more is free: the seed may fail with "disk full"',
    );
  else logger.info({ neededMB: mb(needed), freeMB: mb(free) }, 'disk space for the demo data');
}

/**
 * The free space a SQLite store file's disk should keep beside it: imports and sync mode grow the
 * store, a write transaction also needs room for its WAL, and a full disk fails them
 * (docs/reliability.md). The larger of 1 GiB and a quarter of what the store takes now.
 */
export function roomWanted(storeBytes: number): number {
  return Math.max(2 ** 30, storeBytes / 4);
}

/** Warns at start when a SQLite store file's disk has less free space than `roomWanted`. */
async function warnOnLittleRoom(
  store: Store,
  logger: Logger,
  freeDiskBytes: (folder: string) => Promise<number | undefined>,
) {
  if (store.address.kind !== 'sqlite' || store.address.path === ':memory:') return;
  const free = await freeDiskBytes(dirname(resolve(store.address.path)));
  if (free === undefined) return;
  const { bytes } = await store.diskUsage();
  const mb = (value: number) => Math.round(value / 1e6);
  if (free < roomWanted(bytes))
    logger.warn(
      { freeMB: mb(free), storeMB: mb(bytes), wantedMB: mb(roomWanted(bytes)) },
      'little free space beside the store: imports and sync grow it, and on a full disk their writes fail (docs/reliability.md)',
    );
}
