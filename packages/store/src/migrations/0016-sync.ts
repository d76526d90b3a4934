import type { Kysely, Migration } from 'kysely';

/**
 * Live collection (`socialquery sync`, packages/sync): each target's state — what it is, where its
 * incremental walk stopped (the checkpoint), when it last ran, succeeded and failed, when it runs next —
 * and the lease that lets one replica of many run the schedule.
 */
export const sync: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sync_targets')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('spec', 'text', (c) => c.notNull())
      .addColumn('checkpoint', 'text')
      .addColumn('last_run_at', 'bigint')
      .addColumn('last_success_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'bigint')
      .addColumn('next_run_at', 'bigint')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('records_new', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('records_updated', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('sync_lease')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['sync_lease', 'sync_targets']) await db.schema.dropTable(table).execute();
  },
};
