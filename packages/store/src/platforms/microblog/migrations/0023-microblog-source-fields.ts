import type { Kysely, Migration } from 'kysely';

/**
 * What an imported or synced post or account carries beyond the columns of 0002-microblog: `extra`,
 * every other field of its source record as a JSON object in the source's own nesting — an X API v2
 * tweet or user object (`twitter-v2`), or an archive's `tweet` object and account (`twitter-archive`);
 * packages/store/src/import/README.md lists them. One column per table: the record's latest import
 * writes it, as it writes the other columns. `''` means nothing was recorded (the demo's rows, and
 * rows stored before this migration, until their source is imported again).
 */
export const microblogSourceFields: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['microblog_users', 'microblog_messages'])
      await db.schema
        .alterTable(table)
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['microblog_users', 'microblog_messages'])
      await db.schema.alterTable(table).dropColumn('extra').execute();
  },
};
