import type { Kysely, Migration } from 'kysely';

/**
 * `professional_profiles.extra`: every column of a LinkedIn export's files that no field of the
 * profile holds, keyed by file and then by the CSV's own header names
 * (packages/store/src/import/README.md lists them); `''` when no export was recorded (the demo's
 * profiles, and rows stored before this migration until their export is imported again).
 */
export const professionalSourceFields: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('professional_profiles')
      .addColumn('extra', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('professional_profiles').dropColumn('extra').execute();
  },
};
