import { createHash, randomBytes } from 'node:crypto';
import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { demoSets } from './seed.js';
import { openStore, type OpenStoreOptions, type Store } from './store.js';
import { dialectOf } from './dialect/index.js';
import * as forumFts from './platforms/forum/fts-index.js';
import * as forumSearch from './platforms/forum/search-index.js';
import * as musicSearch from './platforms/music/search-index.js';
import * as videoSearch from './platforms/video/search-index.js';

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
  drop: () => Promise<void>;
}

/**
 * A new empty store address. SQLite: a file in a new temporary folder (`shared: true`, for
 * other processes) or a private in-memory store.
 */
export async function createTestStoreAddress(
  options: { kind?: TestStoreKind; shared?: boolean; tablespace?: string } = {},
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
  await onServer(admin, `CREATE DATABASE ${name}${options.tablespace ? ` TABLESPACE ${options.tablespace}` : ''}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { kind, address: url.toString(), drop: () => dropDatabase(admin, name) };
}

/**
 * PostgreSQL: a new tablespace at `location`, an empty folder, for test databases
 * (`createTestStoreAddress({ tablespace })`) whose files must live there (a small filesystem that
 * fills up). The folder is given to the server's operating-system user first (the owner of its data
 * directory), which PostgreSQL requires. `drop` removes the tablespace; drop its databases first.
 */
export async function createTestTablespace(location: string): Promise<{ name: string; drop(): Promise<void> }> {
  const admin = adminUrl();
  const dataDirectory = (await onServer(admin, 'show data_directory')).rows[0] as { data_directory: string };
  const owner = statSync(dataDirectory.data_directory);
  chownSync(location, owner.uid, owner.gid);
  const name = `sq_test_space_${randomBytes(6).toString('hex')}`;
  await onServer(admin, `CREATE TABLESPACE ${name} LOCATION '${location.replaceAll("'", "''")}'`);
  return {
    name,
    drop: async () => {
      await onServer(admin, `DROP TABLESPACE IF EXISTS ${name}`);
    },
  };
}

/**
 * PostgreSQL: runs CHECKPOINT on the test server, through its admin database (whose files are not
 * in a test tablespace); false when the server refuses it. A new connection to a database whose
 * disk is full may fail before any statement (its backend writes a cache file there), so a test
 * that fills a disk asks the server through this one.
 */
export async function checkpointTestServer(): Promise<boolean> {
  try {
    await onServer(adminUrl(), 'CHECKPOINT');
    return true;
  } catch {
    return false;
  }
}

/**
 * Demo scales of the test stores' `seedDemo` (unless a test passes its own): a tenth of the music
 * catalog — 500 artists, 2,000 releases, about 21,000 tracks, 1,000 playlists — which has every
 * kind of content the music operations read, in a tenth of the seeding time. The whole catalog's
 * volume is tested where it is generated (platforms/music/demo.test.ts).
 */
export const TEST_DEMO_SCALES: Readonly<Record<string, number>> = { music: 0.1 };

const TEST_STORE_OPTIONS = { statementTimeoutMs: 120_000, connectTimeoutMs: 30_000 };

/** A new store (migrated) whose `close()` also deletes it; its `seedDemo` seeds at TEST_DEMO_SCALES. */
export async function openTestStore(options: OpenStoreOptions & { kind?: TestStoreKind } = {}): Promise<Store> {
  const target = await createTestStoreAddress(options.kind ? { kind: options.kind } : {});
  // A loaded CI machine can take longer than the service's 10 s default for a whole-table scan
  // (examples, derived data), and than its 5 s for a new PostgreSQL connection while test files
  // start side by side; both timeouts are tested on purpose in the API's outage suite.
  const store = await openStore(target.address, { ...TEST_STORE_OPTIONS, ...options });
  return asTestStore(store, target.drop);
}

/** `store` with `seedDemo` at TEST_DEMO_SCALES (unless a test passes its own) and a `close()` that also runs `drop`. */
function asTestStore(store: Store, drop: () => Promise<void> | void): Store {
  return {
    ...store,
    seedDemo: (seedOptions) =>
      store.seedDemo({ ...seedOptions, scales: { ...TEST_DEMO_SCALES, ...seedOptions?.scales } }),
    async close() {
      await store.close();
      await drop();
    },
  };
}

/**
 * The pinned "now" of the whole demo most suites read (the API's and the store's): demo timestamps
 * and time windows are relative to it. `seedTestTemplates` seeds that store ahead of the suites.
 */
export const TEST_NOW = new Date('2026-06-15T12:00:00.000Z');

/** What a seeded test store holds: the demo at `now`, `only` these sets (default all). */
export interface DemoSeed {
  now: Date;
  only?: readonly string[];
  /** The store kind (default: the run's, testStoreKind()). */
  kind?: TestStoreKind;
}

/**
 * A new test store (as openTestStore) holding the demo data seeded at `now` (`only` these sets, at
 * TEST_DEMO_SCALES). Seeding takes seconds alone and minutes on a loaded machine, so within one test
 * run (`node .ci/with-test-services.mjs`, which names a folder for it in SOCIALQUERY_TEST_TEMPLATES)
 * the first store seeded with the same options is kept as a template and the next ones are copies
 * of it: SQLite a copy of the template's file, PostgreSQL a database created from a template
 * database (only on a server that script started, as it throws the server away after the run).
 * One test file seeds a template while the others that need it wait for it (a lock folder beside
 * it), so each is seeded once a run. Without that variable every store is seeded.
 */
export async function openSeededTestStore(seed: DemoSeed): Promise<Store> {
  const target = await createSeededTestStoreAddress(seed);
  return asTestStore(await openStore(target.address, TEST_STORE_OPTIONS), target.drop);
}

/**
 * The address of a new store holding the demo seeded as `seed` says (a copy of the run's template,
 * as openSeededTestStore's), for a test that opens it itself or hands it to other processes:
 * SQLite a file, PostgreSQL a database.
 */
export async function createSeededTestStoreAddress(seed: DemoSeed): Promise<TestStoreAddress> {
  const template = templateOf(seed);
  if (!template) {
    const target = await createTestStoreAddress({ kind: seed.kind ?? testStoreKind(), shared: true });
    await seedInto(target.address, seed);
    return target;
  }
  await template.ensure();
  return template.copy();
}

/**
 * Seeds the run's templates of the whole demo at TEST_NOW for these store kinds, as the first suite
 * needing one would. `node .ci/with-test-services.mjs --seed-templates=…` runs it in a plain Node
 * process beside the suites, which then wait for it rather than seed under jest (where the same
 * seed runs slower: modules run in a vm context).
 */
export async function seedTestTemplates(kinds: readonly TestStoreKind[]): Promise<void> {
  await Promise.all(kinds.flatMap((kind) => templateOf({ now: TEST_NOW, kind })?.ensure() ?? []));
}

/** A run's template of a seeded store: made once (`ensure`), then copied; none outside a templated run. */
interface Template {
  ensure(): Promise<void>;
  copy(): Promise<TestStoreAddress>;
}

function templateOf(seed: DemoSeed): Template | undefined {
  const kind = seed.kind ?? testStoreKind();
  const folder = process.env.SOCIALQUERY_TEST_TEMPLATES;
  if (!folder || (kind === 'postgres' && process.env.SOCIALQUERY_TEST_PG_TEMPLATES !== '1')) return undefined;
  const only = seed.only && !demoSets.every((set) => seed.only!.includes(set.name)) ? [...seed.only].sort() : null;
  const key = createHash('sha256')
    .update(JSON.stringify({ now: seed.now.toISOString(), only }))
    .update(JSON.stringify(TEST_DEMO_SCALES))
    .digest('hex')
    .slice(0, 16);
  const lock = join(folder, `${kind}-${key}.seeding`);
  return kind === 'sqlite' ? sqliteTemplate(join(folder, `${key}.db`), lock, seed) : postgresTemplate(key, lock, seed);
}

async function seedInto(address: string, { now, only }: DemoSeed): Promise<void> {
  const store = await openStore(address, TEST_STORE_OPTIONS);
  try {
    await store.seedDemo({ now, scales: TEST_DEMO_SCALES, ...(only ? { only } : {}) });
  } finally {
    await store.close();
  }
}

/** How long a test file waits for another process to seed the template it needs. */
const TEMPLATE_WAIT_MS = 15 * 60_000;

/**
 * Makes sure the template exists (`exists()`): the process that takes the lock folder `lock` runs
 * `seedTemplate()` to make it, the others wait for it. A seeder that fails gives the lock up, so a
 * waiter takes it over rather than waiting in vain.
 */
async function ensureTemplate(
  lock: string,
  exists: () => Promise<boolean>,
  seedTemplate: () => Promise<void>,
): Promise<void> {
  const until = Date.now() + TEMPLATE_WAIT_MS;
  for (;;) {
    if (await exists()) return;
    let locked = false;
    try {
      mkdirSync(lock);
      locked = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (locked) {
      try {
        await seedTemplate();
      } catch (error) {
        rmSync(lock, { recursive: true, force: true });
        throw error;
      }
      continue;
    }
    if (Date.now() > until) throw new Error(`no test-store template after ${TEMPLATE_WAIT_MS} ms (${lock})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function sqliteTemplate(file: string, lock: string, seed: DemoSeed): Template {
  return {
    ensure: () =>
      ensureTemplate(
        lock,
        async () => existsSync(file),
        async () => {
          const target = await createTestStoreAddress({ kind: 'sqlite', shared: true });
          try {
            await seedInto(target.address, seed);
            // renamed into place at once: a file seen there is complete
            const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
            copyFileSync(target.address.slice('sqlite:'.length), partial);
            renameSync(partial, file);
          } finally {
            await target.drop();
          }
        },
      ),
    async copy() {
      const target = await createTestStoreAddress({ kind: 'sqlite', shared: true });
      copyFileSync(file, target.address.slice('sqlite:'.length));
      return target;
    },
  };
}

/** SQLSTATE: a database has other sessions on it. */
const OBJECT_IN_USE = '55006';

function postgresTemplate(key: string, lock: string, seed: DemoSeed): Template {
  const admin = adminUrl();
  const template = `sq_template_${key}`;
  return {
    ensure: () =>
      ensureTemplate(
        lock,
        // a database appears whole (CREATE DATABASE is one transaction)
        async () => (await onServer(admin, `select 1 from pg_database where datname = '${template}'`)).rowCount === 1,
        async () => {
          // seeded in a database of its own, then copied as the template once its sessions are gone
          const target = await createTestStoreAddress({ kind: 'postgres' });
          try {
            await seedInto(target.address, seed);
            await createDatabase(admin, template, new URL(target.address).pathname.slice(1));
          } finally {
            await target.drop();
          }
        },
      ),
    async copy() {
      const name = `sq_test_${randomBytes(6).toString('hex')}`;
      await createDatabase(admin, name, template);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return {
        kind: 'postgres',
        address: url.toString(),
        drop: () => dropDatabase(admin, name),
      };
    },
  };
}

/**
 * CREATE DATABASE `name` as a copy of `template`, again while the template is busy: its seeding
 * sessions end a moment after they close, and another file's copy of it holds it while it runs
 * (seconds for the whole demo on a loaded machine).
 */
async function createDatabase(admin: string, name: string, template: string) {
  const until = Date.now() + TEMPLATE_WAIT_MS;
  for (;;) {
    try {
      return await onServer(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    } catch (error) {
      if (sqlState(error) !== OBJECT_IN_USE || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const sqlState = (error: unknown) => (error as { code?: unknown } | null)?.code;

function adminUrl(): string {
  const url = process.env.SOCIALQUERY_TEST_PG;
  if (!url) {
    throw new Error(
      'SOCIALQUERY_TEST_PG is not set: run the tests through `pnpm test`, which starts a PostgreSQL server for them',
    );
  }
  return url;
}

async function dropDatabase(admin: string, name: string): Promise<void> {
  await onServer(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function onServer(url: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
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
/** The demo's seeded generator (mulberry32), for tests that draw their own deterministic data. */
export { createRandom } from './demo/random.js';
/**
 * A search index as the import benchmark's floor writes it (raw, beside the rows it indexes): a
 * stored row's postings (undefined for a table the index does not cover), the posting table's
 * key, and the order the store writes postings in.
 */
export interface SearchIndexWrite {
  postingsOf(table: string, row: Record<string, unknown>): object[] | undefined;
  key: readonly string[];
  inKeyOrder(postings: readonly object[]): object[];
}

/** The store's search indexes by posting table: forum posts and comments, videos, the music catalog. */
export const SEARCH_INDEX_WRITES: Readonly<Record<'forum_search' | 'video_search' | 'music_search', SearchIndexWrite>> =
  {
    forum_search: {
      postingsOf: (table, row) =>
        table === 'forum_posts'
          ? forumSearch.postPostings(row as never)
          : table === 'forum_comments'
            ? forumSearch.commentPostings(row as never)
            : undefined,
      key: forumSearch.POSTING_KEY_COLUMNS,
      inKeyOrder: (postings) => forumSearch.inPostingKeyOrder(postings as never),
    },
    video_search: {
      postingsOf: (table, row) => (table === 'video_videos' ? videoSearch.postingsOf(row as never) : undefined),
      key: videoSearch.POSTING_KEY_COLUMNS,
      inKeyOrder: (postings) => videoSearch.inPostingKeyOrder(postings as never),
    },
    music_search: {
      postingsOf: (table, row) =>
        table in musicSearch.MUSIC_SEARCHED ? musicSearch.postingsOf(table as never, row as never) : undefined,
      key: musicSearch.POSTING_KEY_COLUMNS,
      inKeyOrder: (postings) => musicSearch.inPostingKeyOrder(postings as never),
    },
  };

/**
 * What the forum's search index holds, read the same way whatever was written before (for tests that
 * compare a store with itself, or with a run that never failed): on PostgreSQL the posting table and
 * its counts in key order; on SQLite, every (word, document, column) of each FTS5 table (fts5vocab's
 * `instance` view, made in the temp schema), which does not depend on how FTS5 split the index into
 * segments.
 */
export async function forumSearchContent(db: Store['db']): Promise<Record<string, unknown[]>> {
  if (!dialectOf(db).rowidOrderedFullText)
    return {
      postings: (await sql`select * from forum_search order by term, kind, id`.execute(db)).rows,
      terms: (await sql`select * from forum_search_terms order by term, kind`.execute(db)).rows,
    };
  const content: Record<string, unknown[]> = {};
  for (const kind of forumFts.SEARCH_KINDS)
    for (const order of forumFts.FTS_ORDERS) {
      const table = forumFts.ftsTable(kind, order);
      // one connection's temp table: made, read and dropped in one transaction
      content[table] = await db.transaction().execute(async (trx) => {
        await sql`create virtual table temp.forum_search_content using fts5vocab(main, ${sql.id(table)}, 'instance')`.execute(
          trx,
        );
        try {
          return (
            // the rowid as text: past 2^53, a JavaScript number would round it
            (
              await sql<{ term: string; doc: string; col: string }>`select term, cast(doc as text) as doc, col
              from temp.forum_search_content order by term, doc, col`.execute(trx)
            ).rows
          );
        } finally {
          await sql`drop table temp.forum_search_content`.execute(trx);
        }
      });
    }
  return content;
}

/** A kind's indexed words with the number of items holding each (most first, then by word), on either store. */
export async function forumWordCounts(db: Store['db'], kind: 'p' | 'c'): Promise<{ term: string; docs: number }[]> {
  const { rows } = dialectOf(db).rowidOrderedFullText
    ? // the vocabulary has a row per word and column: a post's word in its title and body counts twice (near enough for picking words)
      await sql<{
        term: string;
        docs: number | string;
      }>`select term, sum(doc) as docs from ${sql.id(forumFts.ftsVocabulary(kind))}
        where col in ('title', 'body') group by term order by docs desc, term`.execute(db)
    : await sql<{ term: string; docs: number | string }>`select term, docs from forum_search_terms
        where kind = ${kind} order by docs desc, term`.execute(db);
  return rows.map((row) => ({ term: row.term, docs: Number(row.docs) }));
}

/** A forum row's documents in the SQLite store's FTS5 tables (fts-index.ts), with their rowids, for the import benchmark's floor. */
export function forumFtsDocuments(
  table: string,
  row: Record<string, unknown>,
): { table: string; rowid: bigint; title: string; body: string; meta: string }[] {
  const kind = table === 'forum_posts' ? 'p' : table === 'forum_comments' ? 'c' : undefined;
  if (!kind) return [];
  const document = kind === 'p' ? forumFts.postDocument(row as never) : forumFts.commentDocument(row as never);
  if (!document) return [];
  return forumFts.FTS_ORDERS.map((order) => ({
    table: forumFts.ftsTable(kind, order),
    rowid:
      BigInt(order === 'time' ? document.second : document.score) * BigInt(forumFts.NUM_SPAN) + BigInt(document.num),
    title: document.title,
    body: document.body,
    meta: document.meta,
  }));
}

/**
 * The forum search index as entries both stores can be compared by, sorted: `kind num word` for every
 * word of an item's title and body, and `kind num word title` for those of its title. On SQLite it
 * reads the time table and throws when the score table holds other entries.
 */
export async function forumSearchEntries(db: Store['db']): Promise<string[]> {
  const content = await forumSearchContent(db);
  const entries = (rows: unknown[], kind: string) => {
    const found = new Set<string>();
    for (const row of rows as {
      term: string;
      doc?: string;
      col?: string;
      num?: unknown;
      kind?: string;
      in_title?: unknown;
    }[]) {
      if (row.col === 'meta') continue;
      const num = row.doc !== undefined ? String(BigInt(row.doc) & BigInt(forumFts.NUM_MASK)) : String(row.num);
      const k = row.kind ?? kind;
      found.add(`${k} ${num} ${row.term}`);
      if (row.col === 'title' || Number(row.in_title) === 1) found.add(`${k} ${num} ${row.term} title`);
    }
    return [...found].sort();
  };
  if (!dialectOf(db).rowidOrderedFullText) return entries(content.postings ?? [], '');
  const all: string[] = [];
  for (const kind of forumFts.SEARCH_KINDS) {
    const [time, score] = forumFts.FTS_ORDERS.map((order) =>
      entries(content[forumFts.ftsTable(kind, order)] ?? [], kind),
    );
    if (JSON.stringify(time) !== JSON.stringify(score))
      throw new Error(`forum search: the ${kind} time and score tables hold other documents`);
    for (const entry of time!) all.push(entry);
  }
  return all.sort();
}
