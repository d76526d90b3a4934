import type { Kysely, Migration } from 'kysely';

/**
 * The music tables whose records the API answers from a Spotify object each get `extra`: every
 * field of the object the other columns do not hold, as a JSON object in the Web API's own nesting
 * (packages/store/src/import/README.md lists them). `''` means none was recorded: the demo's rows,
 * and rows stored before this migration until their source is imported again. Playlist entries
 * keep theirs too (`added_by`, `is_local`, …): a playlist's tracks answer them.
 */
export const MUSIC_EXTRA_TABLES = [
  'music_artists',
  'music_albums',
  'music_tracks',
  'music_playlists',
  'music_playlist_tracks',
  'music_shows',
  'music_episodes',
  'music_users',
  'music_genres',
] as const;

export const musicSourceFields: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of MUSIC_EXTRA_TABLES)
      await db.schema
        .alterTable(table)
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of MUSIC_EXTRA_TABLES) await db.schema.alterTable(table).dropColumn('extra').execute();
  },
};
