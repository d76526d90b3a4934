import { stat, statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { describeAddress, parseStoreAddress, type StoreAddress } from './address.js';
import { type CredentialStore, createCredentialStore } from './credentials.js';
import type { DialectOptions } from './dialect/options.js';
import { type Dialect, dialectOf } from './dialect/index.js';
import { createPostgresDb } from './dialect/postgres/postgres-dialect.js';
import { createSqliteDb } from './dialect/sqlite/sqlite-dialect.js';
import { findExamples, type Examples } from './examples.js';
import { type PlatformSources, storePlatforms } from './platforms/index.js';
import { type MigrationReport, migrateToLatest } from './migrations/index.js';
import type { Database } from './schema.js';
import { type SeedOptions, type SeedReport, seedDemo } from './seed.js';
import { createSettingsStore, type SettingsStore } from './settings.js';

/** A store: each platform's Source under its name (`store.forum`, `store.music`…), and the kernel's parts. */
export interface Store extends PlatformSources {
  readonly address: StoreAddress;
  /** The address with any password masked. */
  readonly description: string;
  readonly db: Kysely<Database>;
  /** What the store's SQL knows about its kind (capabilities, error mapping), chosen once at connect time. */
  readonly dialect: Dialect;
  readonly credentials: CredentialStore;
  readonly settings: SettingsStore;
  migrate(): Promise<MigrationReport>;
  seedDemo(options?: SeedOptions): Promise<SeedReport>;
  /**
   * Makes every platform's derived tables (search indexes) anew from the stored rows, each platform
   * in one transaction (readers see the old tables or the new ones); `only` names platforms.
   * Returns the rows done per platform that derives any.
   */
  rebuild(options?: {
    only?: readonly string[];
    onProgress?: (platform: string, done: number) => void;
  }): Promise<Record<string, number>>;
  /** True when the store holds no platform data yet. */
  isEmpty(): Promise<boolean>;
  examples(): Promise<Examples>;
  /**
   * True when the store answers a read of one row of every table (a few pages; the data path, not
   * only the connection). Calls made while one is reading share its answer.
   */
  ping: () => Promise<boolean>;
  /** Whether an error means the store cannot serve right now (unreachable, timed out, disk full…): a 503, not a bug. */
  isUnavailableError: (error: unknown) => boolean;
  /** Whether an error says the store's disk is full (SQLite's SQLITE_FULL, PostgreSQL's SQLSTATE 53100). */
  isDiskFullError: (error: unknown) => boolean;
  /**
   * The bytes the store takes on disk (a SQLite file with its WAL; a PostgreSQL database as
   * `pg_database_size` counts it; 0 in memory), and the bytes free on the disk that holds it where
   * this process can see it (a SQLite file's folder; unknown for PostgreSQL).
   */
  diskUsage(): Promise<{ bytes: number; free?: number }>;
  close(): Promise<void>;
}

export interface OpenStoreOptions extends DialectOptions {
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
  /** How long this process remembers a live credential (credentials.ts; default 0: not at all). */
  credentialCacheMs?: number;
}

/**
 * Opens the store at `address` (default: `SOCIALQUERY_STORE`, else `sqlite:./data/socialquery.db`):
 * `sqlite:<path>` or `postgres://…`. Both run the same migrations and the same queries.
 */
export async function openStore(
  address: string | undefined = process.env.SOCIALQUERY_STORE,
  options: OpenStoreOptions = {},
): Promise<Store> {
  const parsed = parseStoreAddress(address);
  const db = parsed.kind === 'sqlite' ? createSqliteDb(parsed.path) : createPostgresDb(parsed.url, options);
  const dialect = dialectOf(db);
  /** The ping in flight, which the calls made meanwhile share. */
  let pinging: Promise<boolean> | undefined;
  const store: Store = {
    address: parsed,
    description: describeAddress(parsed),
    db,
    ...sourcesOver(db),
    credentials: createCredentialStore(db, { cacheMs: options.credentialCacheMs ?? 0 }),
    settings: createSettingsStore(db),
    migrate: () => migrateToLatest(db),
    seedDemo: (seedOptions) => seedDemo(db, seedOptions),
    async isEmpty() {
      for (const platform of storePlatforms) {
        for (const { name } of platform.tables) {
          if ((await db.selectFrom(name).select(sql.lit(1).as('one')).limit(1).executeTakeFirst()) !== undefined)
            return false;
        }
      }
      return true;
    },
    async rebuild({ only, onProgress = () => {} } = {}) {
      const unknown = (only ?? []).filter((name) => !storePlatforms.some((platform) => platform.name === name));
      if (unknown.length > 0) throw new Error(`no platform named ${unknown.join(', ')}`);
      const done: Record<string, number> = {};
      for (const platform of storePlatforms) {
        const rebuild = 'rebuild' in platform ? platform.rebuild : undefined;
        if (!rebuild || (only && !only.includes(platform.name))) continue;
        done[platform.name] = await db
          .transaction()
          .execute((trx) => rebuild(trx, (count) => onProgress(platform.name, count)));
      }
      return done;
    },
    examples: () => findExamples(db),
    // health checks from several balancers (or one busy one) read the store once, not once each
    ping: () =>
      (pinging ??= db
        .executeQuery(CompiledQuery.raw(PING, []))
        .then(
          () => true,
          () => false,
        )
        .finally(() => (pinging = undefined))),
    dialect,
    isUnavailableError: dialect.isUnavailable,
    isDiskFullError: dialect.isDiskFull,
    diskUsage: () => diskUsageOf(parsed, db),
    close: () => db.destroy(),
  };
  if (options.migrate ?? true) {
    try {
      await store.migrate();
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  return store;
}

/** One statement that reads a row (or finds none) of every platform table: their root pages and first leaves. */
const PING = `select ${storePlatforms
  .flatMap((platform) => platform.tables.map(({ name }) => `(select 1 from "${name}" limit 1) as "${name}"`))
  .join(', ')}`;

/** Every platform's Source over `db`, under the platform's name. */
function sourcesOver(db: Kysely<Database>): PlatformSources {
  // built from the list, so the compiler cannot follow each name to its Source: `PlatformSources` says what it holds
  return Object.fromEntries(storePlatforms.map((platform) => [platform.name, platform.source(db)])) as PlatformSources;
}

async function diskUsageOf(address: StoreAddress, db: Kysely<Database>): Promise<{ bytes: number; free?: number }> {
  if (address.kind === 'postgres') {
    const { rows } = await sql<{
      bytes: string | number;
    }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return { bytes: Number(rows[0]?.bytes ?? 0) };
  }
  if (address.path === ':memory:') return { bytes: 0 };
  const sizeOf = (path: string) =>
    stat(path).then(
      ({ size }) => size,
      () => 0,
    );
  const sizes = await Promise.all(['', '-wal', '-shm'].map((suffix) => sizeOf(`${address.path}${suffix}`)));
  const disk = await statfs(dirname(resolve(address.path)));
  return { bytes: sizes.reduce((a, b) => a + b, 0), free: disk.bavail * disk.bsize };
}
