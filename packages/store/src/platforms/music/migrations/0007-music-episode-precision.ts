import type { Kysely, Migration } from 'kysely';

/**
 * An episode's release-date precision, as albums have had since 0006-music: Spotify states
 * `release_date_precision` for episodes too ("day", "month" or "year"). Rows stored before this
 * migration read as the day, as they were answered.
 */
export const musicEpisodePrecision: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('music_episodes')
      .addColumn('release_precision', 'text', (c) => c.notNull().defaultTo('day'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('music_episodes').dropColumn('release_precision').execute();
  },
};
