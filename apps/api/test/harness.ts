import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '@socialquery/store';
import { openSeededTestStore, TEST_NOW } from '@socialquery/store/testing';
import type { Express } from 'express';
import { pino } from 'pino';
import type { MountablePlatform } from '@socialquery/core/server';
import { type AppOptions, createApp } from '../src/app.js';
import { createRequestBudget } from '../src/rate-limit.js';

/** The pinned "now" of every API test (the shared demo's): demo timestamps and time windows are relative to it. */
export const NOW = TEST_NOW;

export interface TestService {
  app: Express;
  store: Store;
  token: string;
  apiKey: string;
  close(): Promise<void>;
}

/**
 * A fresh store of the run's kind (SOCIALQUERY_TEST_STORE: SQLite, or a new PostgreSQL database)
 * with the whole demo seeded at NOW (`empty`: none), one credential of each kind, and the app. Every
 * suite reads the same demo, a copy of the run's one seeded template (openSeededTestStore): a suite
 * reads its own platform's tables and finds the others' beside them.
 */
export async function startTestService(options: { empty?: boolean } = {}): Promise<TestService> {
  const store = await openSeededTestStore({ now: NOW, ...(options.empty ? { only: [] } : {}) });
  const token = (await store.credentials.create('token', 'test token')).secret;
  const apiKey = (await store.credentials.create('api-key', 'test key')).secret;
  const logger = pino({ level: 'silent' });
  // Semantics suites walk long listings with one token; budgets are proven in rate-limit.test.ts.
  const budget = createRequestBudget({ limit: 1_000_000, windowMs: 60_000, logger });
  const app = createApp({ store, logger, cursorSecret: 'test-secret-0123456789', clock: () => NOW, budget });
  return { app, store, token, apiKey, close: () => store.close() };
}

/** Serves an app on an ephemeral loopback port (the clients' tests talk to it over real HTTP). */
export async function listen(app: Express): Promise<{ server: Server; baseUrl: string }> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The address of a loopback port that nothing listens on any more (for "no response" cases). */
export async function closedPortUrl(app: Express): Promise<string> {
  const { server, baseUrl } = await listen(app);
  await new Promise((resolve) => server.close(resolve));
  return baseUrl;
}

/**
 * An app that mounts a test's own platforms (synthetic operations, no demo routes) over `store`,
 * with a request budget no test uses up unless it passes its own.
 */
export function appWith(
  store: Store,
  platforms: MountablePlatform[],
  options: Partial<Omit<AppOptions, 'store' | 'platforms'>> = {},
): Express {
  const logger = pino({ level: 'silent' });
  return createApp({
    store,
    logger,
    cursorSecret: 'test-secret-0123456789',
    platforms,
    budget: createRequestBudget({ limit: 1_000_000, windowMs: 60_000, logger }),
    ...options,
  });
}

/** The demo's largest thread, from the reply counts the store keeps. */
export async function largestThread(service: TestService): Promise<string> {
  const row = await service.store.db
    .selectFrom('forum_reply_counts')
    .select(['post_id', (eb) => eb.fn.sum<number>('docs').as('n')])
    .groupBy('post_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.post_id;
}
