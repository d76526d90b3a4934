import type { Kysely, Migration } from 'kysely';

/**
 * Why each sync target's last run stopped (`caught-up`, `page-limit`, `budget`, `error`…) and what it
 * said about it (`quota budget reached (9,990 of 10,000 units used today; …)`, the API's own answer),
 * so that `sync status` tells a spent quota of the platform's from the user's own budget. Rows of runs
 * before it have neither (null).
 */
export const syncLastStop: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sync_targets').addColumn('last_stopped', 'text').execute();
    await db.schema.alterTable('sync_targets').addColumn('last_detail', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sync_targets').dropColumn('last_detail').execute();
    await db.schema.alterTable('sync_targets').dropColumn('last_stopped').execute();
  },
};
