#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { openStore, redact } from '@socialquery/store';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startService } from './server.js';
import { startErrorMessage } from './start-error.js';

const USAGE = `Usage: socialquery-api [--demo-if-empty] [--help]

Starts the socialquery HTTP service.

Options:
  --demo-if-empty  seed the deterministic demo data when the store holds no data yet
  -h, --help       show this help

Environment:
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
  LOG_LEVEL           fatal|error|warn|info|debug|trace|silent (default info)

A store without credentials gets a first API key and bearer token, printed once.`;

async function main(argv: string[]) {
  let flags;
  try {
    flags = parseArgs({
      args: argv,
      options: { 'demo-if-empty': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const store = await openStore(config.SOCIALQUERY_STORE, {
    poolSize: config.SOCIALQUERY_POOL_SIZE,
    statementTimeoutMs: config.SOCIALQUERY_STATEMENT_TIMEOUT_MS,
  });

  if (flags['demo-if-empty'] && (await store.isEmpty())) {
    logger.info('store is empty: seeding the demo data');
    const report = await store.seedDemo(
      config.SOCIALQUERY_DEMO_SCALES ? { scales: config.SOCIALQUERY_DEMO_SCALES } : {},
    );
    logger.info({ rows: report.rows, ms: report.ms }, 'demo data seeded');
  }
  if ((await store.credentials.count()) === 0) {
    const key = await store.credentials.create('api-key', 'first api key');
    const token = await store.credentials.create('token', 'first token');
    console.log(
      [
        '',
        'New store: created a first API key and bearer token. They are shown only this once.',
        `  API key (x-api-key header):            ${key.secret}`,
        `  Bearer token (Authorization: Bearer):  ${token.secret}`,
        'Create more with `pnpm cli keys create --kind api-key|token`.',
        '',
      ].join('\n'),
    );
  }

  const service = await startService(config, store, logger);
  logger.info(
    {
      url: service.url,
      store: redact(config.SOCIALQUERY_STORE),
      rateLimit: {
        limit: config.SOCIALQUERY_RATE_LIMIT,
        windowSeconds: config.SOCIALQUERY_RATE_WINDOW,
        counters: config.SOCIALQUERY_REDIS ? redact(config.SOCIALQUERY_REDIS) : 'memory',
      },
    },
    'listening',
  );
  // A terminal's Ctrl-C reaches every process of its foreground group, and `pnpm start` forwards it
  // once more: a signal while draining is noted, never the default action that would end the drain
  // (and the process) at once. The drain has its own deadline (10 s, server.ts).
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
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        logger.flush(() => process.exit(1));
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return undefined;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error) => {
    console.error(`socialquery-api: ${startErrorMessage(error)}`);
    process.exitCode = 1;
  },
);
