import type { ForumSource } from '@socialquery/forum/server';
import { type Kysely, sql } from 'kysely';
import { parseStoreAddress, type StoreAddress } from './address.js';
import { type CredentialStore, createCredentialStore } from './credentials.js';
import { createSqliteDb } from './dialect/sqlite/sqlite-dialect.js';
import { findExamples, type Examples } from './examples.js';
import { type MigrationReport, migrateToLatest } from './migrations/index.js';
import type { Database } from './schema.js';
import { type SeedOptions, type SeedReport, seedDemo } from './seed.js';
import { createSettingsStore, type SettingsStore } from './settings.js';
import { createSqlForumSource } from './sources/forum-source.js';

export interface Store {
  readonly address: StoreAddress;
  readonly db: Kysely<Database>;
  readonly forum: ForumSource;
  readonly credentials: CredentialStore;
  readonly settings: SettingsStore;
  migrate(): Promise<MigrationReport>;
  seedDemo(options?: SeedOptions): Promise<SeedReport>;
  /** True when the store holds no platform data yet. */
  isEmpty(): Promise<boolean>;
  examples(): Promise<Examples>;
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
}

/** Opens the store at `address` (default: `SOCIALQUERY_STORE`, else `sqlite:./data/socialquery.db`). */
export async function openStore(
  address: string | undefined = process.env.SOCIALQUERY_STORE,
  options: OpenStoreOptions = {},
): Promise<Store> {
  const parsed = parseStoreAddress(address);
  const db = createSqliteDb(parsed.path);
  const store: Store = {
    address: parsed,
    db,
    forum: createSqlForumSource(db),
    credentials: createCredentialStore(db),
    settings: createSettingsStore(db),
    migrate: () => migrateToLatest(db),
    seedDemo: (seedOptions) => seedDemo(db, seedOptions),
    async isEmpty() {
      return (await db.selectFrom('forum_posts').select('id').limit(1).executeTakeFirst()) === undefined;
    },
    examples: () => findExamples(db),
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
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
