import type { Kysely, Migration } from 'kysely';

/**
 * Metrics over time: a dated copy of a record's counts (a post's score and comment count, a video's
 * views, a user's followers…) each time an import or a sync stores them new or changed
 * (import/observations.ts writes them; each platform's `StorePlatform.observed` names the counts).
 * `counts` is a JSON object of the counts that mention carried, by column name. One row per change,
 * none for a record seen again with the same counts.
 */
export const observations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('observations')
      .addColumn('item_table', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('observed_at', 'bigint', (c) => c.notNull())
      .addColumn('counts', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('observations_pkey', ['item_table', 'item_id', 'observed_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('observations').execute();
  },
};
