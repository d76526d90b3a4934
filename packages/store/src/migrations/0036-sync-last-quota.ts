import type { Kysely, Migration } from 'kysely';

/**
 * The last run's quota stop of each sync target, as JSON (`QuotaStop` in packages/sync): whose quota it was
 * (the platform's, which its API said is spent, or sync's own daily budget), how much of it sync had used
 * and of how much, and what the API answered; `sync status --json` shows it as `lastQuota`. Null when the
 * last run was not stopped by a quota (and for runs before it).
 */
export const syncLastQuota: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sync_targets').addColumn('last_quota', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sync_targets').dropColumn('last_quota').execute();
  },
};
