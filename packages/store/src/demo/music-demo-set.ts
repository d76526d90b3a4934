import type { Kysely } from 'kysely';
import { recomputeMusicDerived } from '../music-derived.js';
import { type MusicWrittenTable, upsertMusicRows } from '../music-rows.js';
import type { Database } from '../schema.js';
import type { DemoSet } from './demo-set.js';
import {
  musicDemoAlbumArtists, musicDemoAlbums, musicDemoArtists, musicDemoConcerts, musicDemoEpisodes, musicDemoFollows, musicDemoGenres, musicDemoLyrics,
  musicDemoPlaylists, musicDemoPlaylistTracks, musicDemoShows, musicDemoSize, musicDemoTrackArtists, musicDemoTracks, musicDemoUsers,
  type MusicDemoOptions,
} from './music-demo.js';

/** Rows per transaction (one bulk statement per transaction on PostgreSQL). */
const ROWS_PER_TRANSACTION = 20_000;

/** Every table from its own lazy generator, in transactions of bulk upserts; then the derived tables, computed in SQL. */
export const musicDemoSet: DemoSet = {
  name: 'music',
  size: musicDemoSize,
  async load(db, { now, scale, onRows }) {
    const options: MusicDemoOptions = { now, scale };
    const write = <T extends MusicWrittenTable>(table: T, rows: Iterable<Database[T]>) => writeMusicRows(db, table, rows, onRows);
    let written = 0;
    written += await write('music_genres', musicDemoGenres());
    written += await write('music_artists', musicDemoArtists(options));
    written += await write('music_albums', musicDemoAlbums(options));
    written += await write('music_album_artists', musicDemoAlbumArtists(options));
    written += await write('music_tracks', musicDemoTracks(options));
    written += await write('music_track_artists', musicDemoTrackArtists(options));
    written += await write('music_lyrics', musicDemoLyrics(options));
    written += await write('music_users', musicDemoUsers(options));
    written += await write('music_follows', musicDemoFollows(options));
    written += await write('music_playlists', musicDemoPlaylists(options));
    written += await write('music_playlist_tracks', musicDemoPlaylistTracks(options));
    written += await write('music_shows', musicDemoShows(options));
    written += await write('music_episodes', musicDemoEpisodes(options));
    written += await write('music_concerts', musicDemoConcerts(options));
    const derived = await recomputeMusicDerived(db);
    onRows(derived.recommendations + derived.relatedArtists);
    return written + derived.recommendations + derived.relatedArtists;
  },
};

async function writeMusicRows<T extends MusicWrittenTable>(
  db: Kysely<Database>,
  table: T,
  rows: Iterable<Database[T]>,
  onRows: (count: number) => void,
): Promise<number> {
  let written = 0;
  let batch: Database[T][] = [];
  const flush = async () => {
    const rowsOfBatch = batch;
    batch = [];
    await db.transaction().execute((trx) => upsertMusicRows(trx, table, rowsOfBatch));
    written += rowsOfBatch.length;
    onRows(rowsOfBatch.length);
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === ROWS_PER_TRANSACTION) await flush();
  }
  if (batch.length > 0) await flush();
  return written;
}
