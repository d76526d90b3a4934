import type { Kysely, Migration } from 'kysely';

/**
 * A track's artist credits by track: an import replaces them (its prune deletes a track's credits
 * from a position on, `delete … where track_id = ? and position >= ?`), which without this index
 * read the whole table once per track — an import's time grew with the square of its tracks
 * (40,000 tracks: 465 s). Albums' credits have had theirs since 0006 (`music_album_artists_album`).
 */
export const musicTrackArtistsByTrack: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('music_track_artists_track')
      .on('music_track_artists')
      .columns(['track_id', 'position'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('music_track_artists_track').execute();
  },
};
