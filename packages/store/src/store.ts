import type { ForumSource } from '@socialquery/forum/server';
import type { MicroblogSource } from '@socialquery/microblog/server';
import type { MusicSource } from '@socialquery/music/server';
import type { ProfessionalSource } from '@socialquery/professional/server';
import type { ShortVideoSource } from '@socialquery/shortvideo/server';
import type { VideoSource } from '@socialquery/video/server';
import { type Kysely, sql } from 'kysely';
import { describeAddress, parseStoreAddress, type StoreAddress } from './address.js';
import { type CredentialStore, createCredentialStore } from './credentials.js';
import type { DialectOptions } from './dialect/options.js';
import { type Dialect, dialectOf } from './dialect/index.js';
import { createPostgresDb } from './dialect/postgres/postgres-dialect.js';
import { createSqliteDb } from './dialect/sqlite/sqlite-dialect.js';
import { findExamples, type Examples } from './examples.js';
import { type MigrationReport, migrateToLatest } from './migrations/index.js';
import type { Database } from './schema.js';
import { type SeedOptions, type SeedReport, seedDemo } from './seed.js';
import { createSettingsStore, type SettingsStore } from './settings.js';
import { createSqlForumSource } from './platforms/forum/source.js';
import { createSqlMicroblogSource } from './platforms/microblog/source.js';
import { createSqlMusicSource } from './platforms/music/source.js';
import { createSqlProfessionalSource } from './platforms/professional/source.js';
import { createSqlShortVideoSource } from './platforms/shortvideo/source.js';
import { createSqlVideoSource } from './platforms/video/source.js';

export interface Store {
  readonly address: StoreAddress;
  /** The address with any password masked. */
  readonly description: string;
  readonly db: Kysely<Database>;
  /** What the store's SQL knows about its kind (capabilities, error mapping), chosen once at connect time. */
  readonly dialect: Dialect;
  readonly forum: ForumSource;
  readonly microblog: MicroblogSource;
  readonly shortvideo: ShortVideoSource;
  readonly professional: ProfessionalSource;
  readonly video: VideoSource;
  readonly music: MusicSource;
  readonly credentials: CredentialStore;
  readonly settings: SettingsStore;
  migrate(): Promise<MigrationReport>;
  seedDemo(options?: SeedOptions): Promise<SeedReport>;
  /** True when the store holds no platform data yet. */
  isEmpty(): Promise<boolean>;
  examples(): Promise<Examples>;
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>;
  /** Whether an error means the store cannot serve right now (unreachable, timed out, disk full…): a 503, not a bug. */
  isUnavailableError(error: unknown): boolean;
  close(): Promise<void>;
}

export interface OpenStoreOptions extends DialectOptions {
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
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
  const store: Store = {
    address: parsed,
    description: describeAddress(parsed),
    db,
    forum: createSqlForumSource(db),
    microblog: createSqlMicroblogSource(db),
    shortvideo: createSqlShortVideoSource(db),
    professional: createSqlProfessionalSource(db),
    video: createSqlVideoSource(db),
    music: createSqlMusicSource(db),
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
    dialect,
    isUnavailableError: dialect.isUnavailable,
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
