import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openStore, type OpenStoreOptions, type Store } from './store.js';

/**
 * Test support: a fresh, private store of the kind the test run asks for
 * (`SOCIALQUERY_TEST_STORE=sqlite|postgres`, default sqlite). PostgreSQL test stores are new
 * databases on the server named by `SOCIALQUERY_TEST_PG` (started by `pnpm test`), dropped after.
 */
export type TestStoreKind = 'sqlite' | 'postgres';

export function testStoreKind(): TestStoreKind {
  const kind = process.env.SOCIALQUERY_TEST_STORE ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgres')
    throw new Error(`SOCIALQUERY_TEST_STORE must be sqlite or postgres, got ${kind}`);
  return kind;
}

export interface TestStoreAddress {
  kind: TestStoreKind;
  /** A store address for openStore or SOCIALQUERY_STORE. */
  address: string;
  /** Deletes the store (database or files). */
  drop(): Promise<void>;
}

/**
 * A new empty store address. SQLite: a file in a new temporary folder (`shared: true`, for
 * other processes) or a private in-memory store.
 */
export async function createTestStoreAddress(
  options: { kind?: TestStoreKind; shared?: boolean } = {},
): Promise<TestStoreAddress> {
  const kind = options.kind ?? testStoreKind();
  if (kind === 'sqlite') {
    if (!options.shared) return { kind, address: 'sqlite::memory:', drop: async () => {} };
    const dir = mkdtempSync(join(tmpdir(), 'sq-test-'));
    return {
      kind,
      address: `sqlite:${join(dir, 'store.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = adminUrl();
  const name = `sq_test_${randomBytes(6).toString('hex')}`;
  await onServer(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { kind, address: url.toString(), drop: () => onServer(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Demo scales of the test stores' `seedDemo` (unless a test passes its own): a tenth of the music
 * catalog — 500 artists, 2,000 releases, about 21,000 tracks, 1,000 playlists — which has every
 * kind of content the music operations read, in a tenth of the seeding time. The whole catalog's
 * volume is tested where it is generated (platforms/music/demo.test.ts).
 */
export const TEST_DEMO_SCALES: Readonly<Record<string, number>> = { music: 0.1 };

/** A new store (migrated) whose `close()` also deletes it; its `seedDemo` seeds at TEST_DEMO_SCALES. */
export async function openTestStore(options: OpenStoreOptions & { kind?: TestStoreKind } = {}): Promise<Store> {
  const target = await createTestStoreAddress(options.kind ? { kind: options.kind } : {});
  // A loaded CI machine can take longer than the service's 10 s default for a whole-table scan
  // (examples, derived data), and than its 5 s for a new PostgreSQL connection while test files
  // start side by side; both timeouts are tested on purpose in the API's outage suite.
  const store = await openStore(target.address, { statementTimeoutMs: 120_000, connectTimeoutMs: 30_000, ...options });
  return {
    ...store,
    seedDemo: (seedOptions) =>
      store.seedDemo({ ...seedOptions, scales: { ...TEST_DEMO_SCALES, ...seedOptions?.scales } }),
    async close() {
      await store.close();
      await target.drop();
    },
  };
}

function adminUrl(): string {
  const url = process.env.SOCIALQUERY_TEST_PG;
  if (!url) {
    throw new Error(
      'SOCIALQUERY_TEST_PG is not set: run the tests through `pnpm test`, which starts a PostgreSQL server for them',
    );
  }
  return url;
}

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A file or folder of the importers' fixtures (`packages/store/test/fixtures/import`: the
 * platforms' own files, and a few broken ones), for the store's, cli's and api's import tests.
 * This module sits one level under the package in src/ and in dist/ alike.
 */
export function importFixture(...parts: string[]): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'import', ...parts);
}

/** Rows in PostgreSQL's COPY text format, as the row writer streams them: the import benchmark's PostgreSQL floor writes with it. */
export { copyText } from './rows/copy-text.js';
/** The forum search index's postings of a stored post or comment, their key and order (the bench's import floor writes them raw). */
export { byPostingKey, commentPostings, POSTING_KEY_COLUMNS, postPostings } from './platforms/forum/search-index.js';
