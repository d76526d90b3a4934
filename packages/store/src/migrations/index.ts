import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Database } from '../schema.js';
import { storePlatforms } from '../platforms/index.js';
import { initial } from './0001-initial.js';
import { sync } from './0016-sync.js';
import { syncLastStop } from './0021-sync-last-stop.js';
import { observations } from './0028-observations.js';
import { syncLastQuota } from './0036-sync-last-quota.js';

/**
 * Migrations are data, applied in name order: the kernel's (0001, which also made the forum's table;
 * 0016, 0021 and 0036, live collection's state; 0028, metrics over time) and every platform's (`StorePlatform.migrations`), numbered in one
 * sequence. Never edit a released one: add the next.
 */
export const migrations: Readonly<Record<string, Migration>> = collectMigrations();

function collectMigrations(): Record<string, Migration> {
  const all: Record<string, Migration> = {
    '0001-initial': initial,
    '0016-sync': sync,
    '0021-sync-last-stop': syncLastStop,
    '0028-observations': observations,
    '0036-sync-last-quota': syncLastQuota,
  };
  for (const platform of storePlatforms) {
    for (const [name, migration] of Object.entries(platform.migrations)) {
      if (name in all) throw new Error(`two migrations are named ${name}`);
      all[name] = migration;
    }
  }
  // in the order they apply (a platform's later migration may follow another platform's)
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export interface MigrationReport {
  applied: string[];
}

/** Kysely's migrator over the store's migrations and its bookkeeping tables (tests migrate to a past one with it). */
export const storeMigrator = (db: Kysely<Database>) =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  const result: MigrationResultSet = await storeMigrator(db).migrateToLatest();
  if (result.error) {
    // no migration named: the bookkeeping tables themselves could not be made
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`${failed ? `migration ${failed}` : 'migrating the store'} failed: ${errorText(result.error)}`, {
      cause: result.error,
    });
  }
  return { applied: (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
