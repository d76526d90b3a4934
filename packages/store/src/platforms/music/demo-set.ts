import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../../dialect/index.js';
import { type MusicDerivedReport, recomputeMusicDerived } from './derived.js';
import { type MusicWrittenTable, upsertMusicRows } from './rows.js';
import { isEmpty, withoutSecondaryIndexes } from '../../rows/secondary-indexes.js';
import type { Database } from '../../schema.js';
import type { DemoSet } from '../../demo/demo-set.js';
import {
  musicDemoAlbumArtists,
  musicDemoAlbums,
  musicDemoArtists,
  musicDemoConcerts,
  musicDemoEpisodes,
  musicDemoFollows,
  musicDemoGenres,
  musicDemoLyrics,
  musicDemoPlaylists,
  musicDemoPlaylistTracks,
  musicDemoShows,
  musicDemoSize,
  musicDemoTrackArtists,
  musicDemoTracks,
  musicDemoUsers,
  type MusicDemoOptions,
} from './demo.js';

/** Rows per transaction (one bulk statement per transaction on PostgreSQL). */
const ROWS_PER_TRANSACTION = 20_000;

/** Every table from its own lazy generator, in transactions of bulk upserts; then the derived tables, computed in SQL. */
export const musicDemoSet: DemoSet = {
  name: 'music',
  fractionalScale: true,
  size: musicDemoSize,
  async load(db, { now, scale, onRows }) {
    const options: MusicDemoOptions = { now, scale };
    const changed = new Map<string, number>();
    const write = async <T extends MusicWrittenTable>(table: T, rows: Iterable<Database[T]>) => {
      const result = await writeMusicRows(db, table, rows, onRows);
      changed.set(table, result.changed);
      return result.written;
    };
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
    // the derived tables follow the playlists' entries alone: a re-seed that changed none keeps them
    const kept =
      changed.get('music_playlist_tracks') === 0 &&
      (await db.selectFrom('music_related_artists').select('id').limit(1).executeTakeFirst()) !== undefined;
    const derived = kept ? await countDerived(db) : await recomputeMusicDerived(db);
    onRows(derived.recommendations + derived.relatedArtists);
    return written + derived.recommendations + derived.relatedArtists;
  },
};

/**
 * Writes a table's rows; into an empty table without its secondary indexes, built afterwards
 * (rows/secondary-indexes.ts; PostgreSQL's GIN search indexes build far faster in bulk too).
 */
async function writeMusicRows<T extends MusicWrittenTable>(
  db: Kysely<Database>,
  table: T,
  rows: Iterable<Database[T]>,
  onRows: (count: number) => void,
): Promise<{ written: number; changed: number }> {
  const load = () => upsertAll(db, table, rows, onRows);
  return (await isEmpty(db, table)) ? withoutSecondaryIndexes(db, [table], load) : load();
}

async function countDerived(db: Kysely<Database>): Promise<MusicDerivedReport> {
  const count = async (table: 'music_track_recommendations' | 'music_related_artists') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    recommendations: await count('music_track_recommendations'),
    relatedArtists: await count('music_related_artists'),
  };
}

async function upsertAll<T extends MusicWrittenTable>(
  db: Kysely<Database>,
  table: T,
  rows: Iterable<Database[T]>,
  onRows: (count: number) => void,
): Promise<{ written: number; changed: number }> {
  let written = 0;
  let changed = 0;
  let batch: Database[T][] = [];
  const flush = async () => {
    const rowsOfBatch = batch;
    batch = [];
    changed += await inWriteTransaction(db, (trx) => upsertMusicRows(trx, table, rowsOfBatch));
    written += rowsOfBatch.length;
    onRows(rowsOfBatch.length);
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === ROWS_PER_TRANSACTION) await flush();
  }
  if (batch.length > 0) await flush();
  return { written, changed };
}
