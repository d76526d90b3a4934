import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Database } from '../schema.js';
import { initial } from './0001-initial.js';
import { microblog } from '../platforms/microblog/migrations/0002-microblog.js';
import { shortvideo } from '../platforms/shortvideo/migrations/0003-shortvideo.js';
import { professional } from '../platforms/professional/migrations/0004-professional.js';
import { video } from '../platforms/video/migrations/0005-video.js';
import { music } from '../platforms/music/migrations/0006-music.js';

/** Migrations are data, applied in name order. Never edit a released one: add the next. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-microblog': microblog,
  '0003-shortvideo': shortvideo,
  '0004-professional': professional,
  '0005-video': video,
  '0006-music': music,
};

export interface MigrationReport {
  applied: string[];
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
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
