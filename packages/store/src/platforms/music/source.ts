import type { Image } from '@socialquery/core';
import type {
  AlbumRecord,
  AlbumType,
  ArtistRecord,
  ArtistRefRecord,
  ConcertRecord,
  EpisodeRecord,
  GenreRecord,
  LyricsRecord,
  MusicSource,
  Page,
  PlaylistRecord,
  PlaylistTrackRecord,
  ReadOptions,
  ReleasePrecision,
  SearchRequest,
  ShowRecord,
  TrackRecord,
  UserRecord,
} from '@socialquery/music/server';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { inList } from '../../dialect/in-list.js';
import { historyReader } from '../../rows/observations.js';
import { musicObserved } from './observed.js';
import { recordedJson } from '../../rows/recorded-json.js';
import { MUSIC_COLUMNS } from './columns.js';
import { marketListReader, withMarketLists } from './market-lists.js';
import type { MusicSearchedTable } from './search-index.js';
import { suggestNums, walkMusicSearch } from './search.js';
import type { Database } from '../../schema.js';

/** Rows in the order of `nums` (each row's own `num`). */
const inNumOrder = <T extends { num: number | string }>(nums: readonly number[], rows: readonly T[]): T[] => {
  const byNum = new Map(rows.map((row) => [Number(row.num), row]));
  return nums.flatMap((num) => byNum.get(num) ?? []);
};

/**
 * The record with its stored image list: the source's, `[]` included (the source gave none); none
 * only where none was recorded (`''`: the demo's objects without pictures), where the answers derive the demo's.
 */
const withImages = <T extends object>(record: T, text: string | null | undefined): T & { images?: Image[] } => {
  const images = recordedJson<Image[]>(text);
  return images ? { ...record, images } : record;
};
type ColumnsOf<T extends keyof typeof MUSIC_COLUMNS> = keyof (typeof MUSIC_COLUMNS)[T] & string;
/**
 * What a read of a table selects: every column (columns.ts) but `extra`, which only a read that
 * asks for it (ReadOptions) selects; a table without `extra` is read whole.
 */
function columnsOf<T extends keyof typeof MUSIC_COLUMNS>(table: T, options?: ReadOptions): ColumnsOf<T>[] {
  const columns = (Object.keys(MUSIC_COLUMNS[table]) as ColumnsOf<T>[]).filter((column) => column !== 'extra');
  return options?.extra === true && 'extra' in MUSIC_COLUMNS[table] ? [...columns, 'extra' as ColumnsOf<T>] : columns;
}

/** The record with the source object's other fields, where they were read and recorded. */
const withExtra = <T extends object>(record: T, text: unknown): T & { extra?: Record<string, unknown> } => {
  const extra = recordedJson<Record<string, unknown>>(typeof text === 'string' ? text : undefined);
  return extra ? { ...record, extra } : record;
};
const albumTypeOf = (stored: string | null | undefined): AlbumType => (stored ?? 'album').toUpperCase() as AlbumType;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const refs = (text: string) => JSON.parse(text) as ArtistRefRecord[];

type Row = Record<string, unknown>;
const str = (row: Row, key: string) => String(row[key] ?? '');
const num = (row: Row, key: string) => Number(row[key] ?? 0);

function toTrack(row: Row): TrackRecord {
  const album = withImages(
    { id: str(row, 'album_id'), name: str(row, 'album_name'), type: albumTypeOf(row.album_type as string | null) },
    row.album_images as string | null,
  );
  return withExtra(
    {
      id: str(row, 'id'),
      name: str(row, 'name'),
      durationMs: num(row, 'duration_ms'),
      explicit: num(row, 'explicit') === 1,
      playcount: num(row, 'play_count'),
      discNumber: num(row, 'disc_number'),
      trackNumber: num(row, 'track_number'),
      artists: refs(str(row, 'artists')),
      album,
    },
    row.extra,
  );
}

/** The stored precision; anything else (none is written) reads as the day. */
function releasePrecisionOf(text: string): ReleasePrecision {
  return text === 'month' || text === 'year' ? text : 'day';
}

function toAlbum(row: Row): AlbumRecord {
  return withExtra(
    withImages(
      {
        id: str(row, 'id'),
        name: str(row, 'name'),
        type: albumTypeOf(row.album_type as string),
        releaseDate: dayOf(num(row, 'released_at')),
        releasePrecision: releasePrecisionOf(str(row, 'release_precision')),
        totalTracks: num(row, 'total_tracks'),
        artists: refs(str(row, 'artists')),
      },
      row.images as string,
    ),
    row.extra,
  );
}

function toArtist(row: Row): ArtistRecord {
  return withExtra(
    withImages(
      {
        id: str(row, 'id'),
        name: str(row, 'name'),
        verified: num(row, 'verified') === 1,
        biography: str(row, 'biography'),
        genres: JSON.parse(str(row, 'genres') || '[]') as string[],
        followers: num(row, 'followers'),
        monthlyListeners: num(row, 'monthly_listeners'),
      },
      row.images as string,
    ),
    row.extra,
  );
}

function toPlaylist(row: Row): PlaylistRecord {
  return withExtra(
    withImages(
      {
        id: str(row, 'id'),
        name: str(row, 'name'),
        description: str(row, 'description'),
        owner: { id: str(row, 'owner_id'), name: str(row, 'owner_name') },
        followers: num(row, 'followers'),
        totalTracks: num(row, 'total_tracks'),
      },
      row.images as string,
    ),
    row.extra,
  );
}

function toShow(row: Row): ShowRecord {
  return withExtra(
    withImages(
      {
        id: str(row, 'id'),
        name: str(row, 'name'),
        publisher: str(row, 'publisher'),
        description: str(row, 'description'),
        totalEpisodes: num(row, 'total_episodes'),
      },
      row.images as string,
    ),
    row.extra,
  );
}

function toEpisode(row: Row): EpisodeRecord {
  return withExtra(
    withImages(
      {
        id: str(row, 'id'),
        name: str(row, 'name'),
        description: str(row, 'description'),
        durationMs: num(row, 'duration_ms'),
        releaseDate: dayOf(num(row, 'released_at')),
        releasePrecision: releasePrecisionOf(str(row, 'release_precision')),
      },
      row.images as string,
    ),
    row.extra,
  );
}

function toUser(row: Row): UserRecord {
  return withExtra(
    withImages(
      {
        id: str(row, 'id'),
        name: str(row, 'name'),
        followers: num(row, 'follower_count'),
        following: num(row, 'following_count'),
      },
      row.images as string,
    ),
    row.extra,
  );
}

function toGenre(row: Row): GenreRecord {
  return withExtra(
    withImages(
      {
        id: str(row, 'id'),
        name: str(row, 'name'),
        type: str(row, 'kind') === 'mood' ? ('MOOD' as const) : ('GENRE' as const),
      },
      row.images as string,
    ),
    row.extra,
  );
}

function toConcert(row: Row): ConcertRecord {
  return {
    id: str(row, 'id'),
    title: str(row, 'title'),
    date: num(row, 'starts_at'),
    venue: str(row, 'venue'),
    city: str(row, 'city'),
    country: str(row, 'country'),
  };
}

/**
 * The music catalog over the store (orderings and tie-breaks as MusicSource documents them; ids
 * compare bytewise on both stores, see migration 0006). Search walks its index (search.ts); the
 * offset listings page by OFFSET into one stable order; counts are separate COUNT queries over the
 * same predicate. `extra` answers Spotify's market lists whole (market-lists.ts).
 */
export function createSqlMusicSource(db: Kysely<Database>): MusicSource {
  return withMarketLists(musicSourceOver(db), marketListReader(db));
}

function musicSourceOver(db: Kysely<Database>): MusicSource {
  // tracks with their album (alias t for the track, al for the album)
  const tracks = (options?: ReadOptions) =>
    db
      .selectFrom('music_tracks as t')
      .leftJoin('music_albums as al', 'al.id', 't.album_id')
      .$if(options?.extra === true, (query) => query.select('t.extra'))
      .select([
        't.id',
        't.name',
        't.duration_ms',
        't.explicit',
        't.play_count',
        't.disc_number',
        't.track_number',
        't.artists',
        't.album_id',
        'al.name as album_name',
        'al.album_type',
        'al.images as album_images',
      ]);
  /* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return --
     a count over any of the source's listings, each typed by its own tables and selection */
  const count = async (query: SelectQueryBuilder<any, any, any>) =>
    Number((await query.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  /* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return */
  const idsIn = <T extends { id: string }>(ids: readonly string[], records: readonly T[]) => {
    const byId = new Map(records.map((record) => [record.id, record]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  const tracksById = async (ids: readonly string[], options?: ReadOptions) =>
    ids.length === 0 ? [] : idsIn(ids, (await tracks(options).where('t.id', 'in', ids).execute()).map(toTrack));
  /** A reader of one table's records by id, answered in the order of `ids` (an id not stored is left out). */
  const byId =
    <R extends { id: string }>(
      table: 'music_albums' | 'music_artists' | 'music_playlists' | 'music_users',
      map: (row: Row) => R,
    ) =>
    async (ids: readonly string[], options?: ReadOptions): Promise<R[]> => {
      if (ids.length === 0) return [];
      const { rows } = await sql<Row>`select ${sql.join(columnsOf(table, options).map((column) => sql.ref(column)))}
        from ${sql.table(table)} where ${inList('id', ids)}`.execute(db);
      return idsIn(ids, rows.map(map));
    };
  const albumsById = byId('music_albums', toAlbum);
  const artistsById = byId('music_artists', toArtist);
  const playlistsById = byId('music_playlists', toPlaylist);
  const usersById = byId('music_users', toUser);

  /** The rows of a searched table with these nums, in their order (a search's or suggestion's rank order), in one statement. */
  async function rowsByNums(table: MusicSearchedTable, nums: readonly number[], options?: ReadOptions): Promise<Row[]> {
    if (nums.length === 0) return [];
    // the searched table is chosen at run time: raw SQL, the builder's types need a table known when compiling
    const columns = sql.join(columnsOf(table, options).map((column) => sql.ref(column)));
    const rows =
      table === 'music_tracks'
        ? await tracks(options).select('t.num').where('t.num', 'in', nums).execute()
        : (
            await sql<
              Row & { num: number }
            >`select ${columns} from ${sql.table(table)} where ${inList('num', nums)}`.execute(db)
          ).rows;
    return inNumOrder(nums, rows);
  }

  /** One search: a page of matches of `table` in rank order (search.ts). */
  async function search<T>(
    table: MusicSearchedTable,
    request: SearchRequest,
    map: (row: Row) => T,
    options?: ReadOptions,
  ): Promise<T[]> {
    return (await rowsByNums(table, await walkMusicSearch(db, table, request), options)).map(map);
  }

  /** Tracks crediting the artist at `fromPosition` or later, by playcount desc, id asc. */
  function creditedTracks(artistId: string, fromPosition: number) {
    return db
      .selectFrom('music_track_artists as ta')
      .innerJoin('music_tracks as t', 't.id', 'ta.track_id')
      .where('ta.artist_id', '=', artistId)
      .where('ta.position', '>=', fromPosition);
  }
  async function creditedTrackPage(
    artistId: string,
    fromPosition: number,
    limit: number,
    options?: ReadOptions,
  ): Promise<Page<TrackRecord>> {
    const rows = await creditedTracks(artistId, fromPosition)
      .select('t.id')
      .distinct()
      .select('t.play_count')
      .orderBy('t.play_count', 'desc')
      .orderBy('t.id')
      .limit(limit)
      .execute();
    const { n } = await creditedTracks(artistId, fromPosition)
      .select((eb) => eb.fn.count('t.id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return {
      items: await tracksById(
        rows.map((row) => row.id),
        options,
      ),
      total: Number(n),
    };
  }

  /** Playlists holding tracks crediting the artist, with how many such entries each holds. */
  function artistPlaylistEntries(artistId: string) {
    return db
      .selectFrom('music_track_artists as ta')
      .innerJoin('music_playlist_tracks as pt', 'pt.track_id', 'ta.track_id')
      .innerJoin('music_playlists as p', 'p.id', 'pt.playlist_id')
      .where('ta.artist_id', '=', artistId);
  }
  async function playlistsOfArtist(
    artistId: string,
    limit: number,
    byEntries: boolean,
    options?: ReadOptions,
  ): Promise<Page<PlaylistRecord>> {
    let query = artistPlaylistEntries(artistId)
      .select(['p.id', 'p.followers', (eb) => eb.fn.countAll().as('entries')])
      .groupBy(['p.id', 'p.followers']);
    if (byEntries) query = query.orderBy('entries', 'desc');
    const rows = await query.orderBy('p.followers', 'desc').orderBy('p.id').limit(limit).execute();
    const { n } = await artistPlaylistEntries(artistId)
      .select((eb) => eb.fn.count('p.id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return {
      items: await playlistsById(
        rows.map((row) => row.id),
        options,
      ),
      total: Number(n),
    };
  }

  async function follows(
    userId: string,
    limit: number,
    direction: 'followers' | 'following',
    options?: ReadOptions,
  ): Promise<Page<UserRecord>> {
    const [own, other] =
      direction === 'followers' ? (['user_id', 'follower_id'] as const) : (['follower_id', 'user_id'] as const);
    const edges = () => db.selectFrom('music_follows').where(own, '=', userId);
    const rows = await edges()
      .select([`${other} as other`, 'followed_at'])
      .orderBy('followed_at', 'desc')
      .orderBy(other)
      .limit(limit)
      .execute();
    return {
      items: await usersById(
        rows.map((row) => row.other),
        options,
      ),
      total: await count(edges()),
    };
  }

  return {
    history: historyReader(db, musicObserved),
    searchTracks: (request, options) => search('music_tracks', request, toTrack, options),
    searchAlbums: (request, options) => search('music_albums', request, toAlbum, options),
    searchArtists: (request, options) => search('music_artists', request, toArtist, options),
    searchPlaylists: (request, options) => search('music_playlists', request, toPlaylist, options),
    searchShows: (request, options) => search('music_shows', request, toShow, options),
    searchUsers: (request, options) => search('music_users', request, toUser, options),
    searchGenres: (request, options) => search('music_genres', request, toGenre, options),

    async suggestArtists(prefix, limit) {
      if (prefix === '') return [];
      return (await rowsByNums('music_artists', await suggestNums(db, 'music_artists', prefix, limit))).map(toArtist);
    },
    async suggestTracks(prefix, limit) {
      if (prefix === '') return [];
      return (await rowsByNums('music_tracks', await suggestNums(db, 'music_tracks', prefix, limit))).map(toTrack);
    },

    async artist(artistId, options) {
      return (await artistsById([artistId], options))[0];
    },
    async artistReleases({ artistId, type, order, offset, limit }, options) {
      const releases = () =>
        db
          .selectFrom('music_album_artists')
          .where('artist_id', '=', artistId)
          .where('album_type', '=', type.toLowerCase());
      const rows = await releases()
        .select('album_id')
        .orderBy('released_at', order === 'DATE_ASC' ? 'asc' : 'desc')
        .orderBy('album_id')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        items: await albumsById(
          rows.map((row) => row.album_id),
          options,
        ),
        total: await count(releases()),
      };
    },
    async latestRelease(artistId) {
      const row = await db
        .selectFrom('music_album_artists')
        .select('album_id')
        .where('artist_id', '=', artistId)
        .orderBy('released_at', 'desc')
        .orderBy('album_id')
        .limit(1)
        .executeTakeFirst();
      return row ? (await albumsById([row.album_id]))[0] : undefined;
    },
    async topTracks(artistId, limit) {
      return (await creditedTrackPage(artistId, 0, limit)).items;
    },
    artistPlaylists: (artistId, limit, options) => playlistsOfArtist(artistId, limit, true, options),
    discoveredOn: (artistId, limit, options) => playlistsOfArtist(artistId, limit, false, options),
    async relatedArtists(artistId, limit, options) {
      const related = () =>
        db.selectFrom('music_related_artists').where('artist_id', '=', artistId).where('related_id', '<>', artistId);
      const rows = await related().select('related_id').orderBy('rank').limit(limit).execute();
      return {
        items: await artistsById(
          rows.map((row) => row.related_id),
          options,
        ),
        total: await count(related()),
      };
    },
    async appearsOn(artistId, limit, options) {
      const albums = () =>
        db
          .selectFrom('music_track_artists as ta')
          .innerJoin('music_tracks as t', 't.id', 'ta.track_id')
          .innerJoin('music_albums as al', 'al.id', 't.album_id')
          .where('ta.artist_id', '=', artistId)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('music_album_artists as own')
                  .select('own.id')
                  .whereRef('own.album_id', '=', 'al.id')
                  .where('own.artist_id', '=', artistId),
              ),
            ),
          );
      const rows = await albums()
        .select(['al.id', 'al.released_at'])
        .distinct()
        .orderBy('al.released_at', 'desc')
        .orderBy('al.id')
        .limit(limit)
        .execute();
      const { n } = await albums()
        .select((eb) => eb.fn.count('al.id').distinct().as('n'))
        .executeTakeFirstOrThrow();
      return {
        items: await albumsById(
          rows.map((row) => row.id),
          options,
        ),
        total: Number(n),
      };
    },
    featuring: (artistId, limit, options) => creditedTrackPage(artistId, 1, limit, options),
    async concerts(artistId, limit) {
      const concerts = () => db.selectFrom('music_concerts').where('artist_id', '=', artistId);
      const rows = await concerts().selectAll().orderBy('starts_at').orderBy('id').limit(limit).execute();
      return { items: rows.map(toConcert), total: await count(concerts()) };
    },

    async album(albumId, options) {
      return (await albumsById([albumId], options))[0];
    },
    async albumTracks(albumId, { offset, limit }, options) {
      const rows = await tracks(options)
        .where('t.album_id', '=', albumId)
        .orderBy('t.disc_number')
        .orderBy('t.track_number')
        .orderBy('t.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        items: rows.map(toTrack),
        total: await count(db.selectFrom('music_tracks').where('album_id', '=', albumId)),
      };
    },

    async track(trackId, options) {
      const row = await tracks(options).where('t.id', '=', trackId).executeTakeFirst();
      return row ? toTrack(row) : undefined;
    },
    tracks: tracksById,
    async lyrics(trackId): Promise<LyricsRecord | undefined> {
      const row = await db.selectFrom('music_lyrics').selectAll().where('id', '=', trackId).executeTakeFirst();
      if (!row) return undefined;
      return {
        language: row.language,
        syncType: row.sync_type === 'UNSYNCED' ? 'UNSYNCED' : 'LINE_SYNCED',
        lines: JSON.parse(row.lines) as LyricsRecord['lines'],
      };
    },
    async recommendations(trackId, limit, afterRank, options) {
      const stored = () =>
        db
          .selectFrom('music_track_recommendations as r')
          .where('r.track_id', '=', trackId)
          .where('r.recommended_id', '<>', trackId);
      // one range of (track_id, rank), after the rank of the page before when paging (keyset); a
      // recommended track that is not stored is skipped here (a primary-key probe per row), so a
      // page is short only at the end
      let listed = stored().where((eb) =>
        eb.exists(eb.selectFrom('music_tracks as t').select('t.id').whereRef('t.id', '=', 'r.recommended_id')),
      );
      if (afterRank !== undefined) listed = listed.where('r.rank', '>', afterRank);
      const rows = await listed.select(['r.rank', 'r.recommended_id']).orderBy('r.rank').limit(limit).execute();
      const byId = new Map(
        (
          await tracksById(
            rows.map((row) => row.recommended_id),
            options,
          )
        ).map((t) => [t.id, t]),
      );
      return {
        items: rows.flatMap((row) => {
          const found = byId.get(row.recommended_id);
          return found ? [{ ...found, rank: Number(row.rank) }] : [];
        }),
        total: await count(stored()),
      };
    },

    async playlist(playlistId, options) {
      return (await playlistsById([playlistId], options))[0];
    },
    async playlistTracks(playlistId, { offset, limit }, options) {
      const entries = await db
        .selectFrom('music_playlist_tracks')
        .select(['track_id', 'added_at'])
        .$if(options?.extra === true, (query) => query.select('extra'))
        .where('playlist_id', '=', playlistId)
        .orderBy('position')
        .limit(limit)
        .offset(offset)
        .execute();
      const byId = new Map(
        (await tracksById([...new Set(entries.map((entry) => entry.track_id))], options)).map((track) => [
          track.id,
          track,
        ]),
      );
      const items = entries.flatMap((entry): PlaylistTrackRecord[] => {
        const track = byId.get(entry.track_id);
        if (!track) return [];
        const entryExtra = recordedJson<Record<string, unknown>>(entry.extra);
        return [{ ...track, addedAt: Number(entry.added_at), ...(entryExtra && { entryExtra }) }];
      });
      return {
        items,
        total: await count(db.selectFrom('music_playlist_tracks').where('playlist_id', '=', playlistId)),
      };
    },

    async show(showId, options) {
      const row = await db
        .selectFrom('music_shows')
        .select(columnsOf('music_shows', options))
        .where('id', '=', showId)
        .executeTakeFirst();
      return row ? toShow(row) : undefined;
    },
    async episodes(showId, { offset, limit }, options) {
      const episodes = () => db.selectFrom('music_episodes').where('show_id', '=', showId);
      const rows = await episodes()
        .select(columnsOf('music_episodes', options))
        .orderBy('released_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      return { items: rows.map(toEpisode), total: await count(episodes()) };
    },

    async user(userId, options) {
      return (await usersById([userId], options))[0];
    },
    async userPlaylists(userId, limit) {
      const owned = () => db.selectFrom('music_playlists').where('owner_id', '=', userId);
      const rows = await owned()
        .select(columnsOf('music_playlists'))
        .orderBy('followers', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return { items: rows.map(toPlaylist), total: await count(owned()) };
    },
    followers: (userId, limit, options) => follows(userId, limit, 'followers', options),
    following: (userId, limit, options) => follows(userId, limit, 'following', options),
  };
}
