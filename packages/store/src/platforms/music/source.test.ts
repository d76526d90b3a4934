import type { Kysely } from 'kysely';
import { termsOf } from '@socialquery/music/server';
import { recomputeMusicDerived } from './derived.js';
import { musicNameColumns, upsertMusicRows } from './rows.js';
import { MUSIC_SEARCHED } from './search-index.js';
import { suggestNums } from './search.js';
import type {
  Database,
  MusicAlbumsTable,
  MusicArtistsTable,
  MusicPlaylistsTable,
  MusicPlaylistTracksTable,
  MusicTrackArtistsTable,
  MusicTracksTable,
  MusicUsersTable,
} from '../../schema.js';
import { testStoreKind } from '../../testing.js';
import { createSqlMusicSource } from './source.js';
import { openPlannedDb, type PlannedDb, planPatterns } from '../query-plans.case.js';

const kind = testStoreKind();
const DAY = 86_400_000;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
let planned: PlannedDb;
let db: Kysely<Database>;
const source = () => createSqlMusicSource(db);

/*
 * Fixture. Artists: ar1 "Alpha Love" (the subject), ar2 "Beta", ar3 "Gamma", ar4 "Love" (an exact
 * name hit), ar5 "Alpha Lovers" (a prefix of nothing but "alpha lovers"). Releases of ar1: three
 * albums (al1 2020-01-01, al2 and al3 both 2021-05-01: a date tie), two singles, one compilation,
 * and a collaboration album with ar2 (al6); al5 is ar2's album holding a track that features ar1.
 */
const artistNames: Record<string, string> = {
  ar1: 'Alpha Love',
  ar2: 'Beta',
  ar3: 'Gamma',
  ar4: 'Love',
  ar5: 'Alpha Lovers',
};
const artistFollowers: Record<string, number> = { ar1: 500, ar2: 900, ar3: 900, ar4: 100, ar5: 50 };
const artists: MusicArtistsTable[] = Object.keys(artistNames).map((id, i) => ({
  id,
  extra: '',
  num: i + 1,
  ...musicNameColumns(artistNames[id]!),
  genres: '["pop"]',
  images: '',
  biography: `bio of ${id}`,
  popularity: 50,
  verified: id === 'ar1' ? 1 : 0,
  followers: artistFollowers[id]!,
  monthly_listeners: 2 * artistFollowers[id]!,
}));

const albumSpecs: [id: string, type: string, artistIds: string[], date: string, name: string][] = [
  ['al1', 'album', ['ar1'], '2020-01-01', 'First Light'],
  ['al3', 'album', ['ar1'], '2021-05-01', 'Second Wind'],
  ['al2', 'album', ['ar1'], '2021-05-01', 'Love Again'],
  ['si1', 'single', ['ar1'], '2022-02-02', 'Love'],
  ['si2', 'single', ['ar1'], '2023-03-03', 'Hello'],
  ['co1', 'compilation', ['ar1'], '2019-09-09', 'Greatest Hits'],
  ['al5', 'album', ['ar2'], '2024-04-04', 'Beta Tapes'],
  ['al6', 'album', ['ar1', 'ar2'], '2025-01-01', 'Together'],
];
const albums: MusicAlbumsTable[] = albumSpecs.map(([id, type, credits, date, name], i) => ({
  id,
  extra: '',
  num: i + 1,
  ...musicNameColumns(name),
  album_type: type,
  artist_id: credits[0]!,
  artists: JSON.stringify(credits.map((a) => ({ id: a, name: artistNames[a] }))),
  artist_names: credits.map((a) => artistNames[a]).join(', '),
  release_date: date,
  // al6 is known only to its year (the date is that year's first day)
  release_precision: id === 'al6' ? 'year' : 'day',
  label: 'Label',
  images: id === 'al1' ? '[{"url":"https://x/al1.jpg","width":640,"height":640}]' : '',
  total_tracks: 0,
  popularity: 10,
  released_at: Date.parse(`${date}T00:00:00.000Z`),
}));

/** Tracks: [id, album, name, credits (first = primary), playcount, disc, number]. */
const trackSpecs: [string, string, string, string[], number, number, number][] = [
  ['t01', 'al1', 'Love', ['ar1'], 1000, 1, 1],
  ['t02', 'al1', 'Love Me Tender', ['ar1'], 5000, 1, 2],
  ['t03', 'al1', 'Morning', ['ar1'], 3000, 2, 1],
  ['t04', 'al1', 'Evening', ['ar1', 'ar3'], 3000, 1, 3],
  ['t05', 'al3', 'Wind', ['ar1'], 200, 1, 1],
  ['t06', 'al2', 'Love Again', ['ar1'], 900, 1, 1],
  ['t07', 'si1', 'Love', ['ar1'], 700, 1, 1],
  ['t08', 'si2', 'Hello', ['ar1'], 100, 1, 1],
  ['t09', 'co1', 'Morning', ['ar1'], 50, 1, 1],
  ['t10', 'al5', 'Tape One', ['ar2', 'ar1'], 8000, 1, 1],
  ['t11', 'al5', 'Tape Two', ['ar2'], 10, 1, 2],
  ['t12', 'al6', 'Together', ['ar1', 'ar2'], 600, 1, 1],
  ['t13', 'al5', 'Gloves', ['ar2'], 10, 1, 3],
  ['t14', 'al5', 'Lovely', ['ar2'], 10, 1, 4],
];
const tracks: MusicTracksTable[] = trackSpecs.map(([id, album, name, credits, plays, disc, number], i) => ({
  id,
  extra: '',
  num: i + 1,
  ...musicNameColumns(name),
  album_id: album,
  artists: JSON.stringify(credits.map((a) => ({ id: a, name: artistNames[a] }))),
  artist_names: credits.map((a) => artistNames[a]).join(', '),
  isrc: '',
  disc_number: disc,
  track_number: number,
  duration_ms: 180_000 + i,
  explicit: i % 2,
  popularity: 50,
  play_count: plays,
}));
const trackArtists: MusicTrackArtistsTable[] = trackSpecs.flatMap(([id, , , credits]) =>
  credits.map((artist, position) => ({
    id: `${id}:${position}`,
    track_id: id,
    artist_id: artist,
    role: position === 0 ? 'main' : 'featured',
    position,
  })),
);
for (const album of albums) album.total_tracks = tracks.filter((t) => t.album_id === album.id).length;

const users: MusicUsersTable[] = ['u1', 'u2', 'u3', 'u4'].map((id, i) => ({
  id,
  extra: '',
  num: i + 1,
  ...musicNameColumns(['Ada Love', 'Ben', 'Cy', 'Dee'][i]!),
  images: '',
  follower_count: [3, 1, 0, 0][i]!,
  following_count: [0, 1, 1, 2][i]!,
}));
/** u2, u3, u4 follow u1 (u3 and u4 at the same moment: a tie by id); u4 follows u2. */
const follows = [
  { id: 'u1:u2', user_id: 'u1', follower_id: 'u2', followed_at: T0 + 1 * DAY },
  { id: 'u1:u4', user_id: 'u1', follower_id: 'u4', followed_at: T0 + 5 * DAY },
  { id: 'u1:u3', user_id: 'u1', follower_id: 'u3', followed_at: T0 + 5 * DAY },
  { id: 'u2:u4', user_id: 'u2', follower_id: 'u4', followed_at: T0 + 2 * DAY },
];

/**
 * Playlists (window ±2). p1: t01 t02 t03 t06 t10; p2: t01 t02 t06 t03; p3: t02 t01 t11; p4: t06 t10 t12.
 * Co-occurrences seen twice or more: t01–t02 ×3, t02–t03 ×2, t02–t06 ×2, t03–t06 ×2, t06–t10 ×2 (the others once).
 */
const playlistSpecs: [string, string, number, string[]][] = [
  ['p1', 'Love Mix', 300, ['t01', 't02', 't03', 't06', 't10']],
  ['p2', 'Road Trip', 300, ['t01', 't02', 't06', 't03']],
  ['p3', 'Lovers Rock', 50, ['t02', 't01', 't11']],
  ['p4', 'Mixed Love', 10, ['t06', 't10', 't12']],
];
const playlists: MusicPlaylistsTable[] = playlistSpecs.map(([id, name, followers, entries], i) => ({
  id,
  extra: '',
  num: i + 1,
  ...musicNameColumns(name),
  description: `about ${name}`,
  owner_id: i < 3 ? 'u1' : 'u2',
  owner_name: i < 3 ? 'Ada Love' : 'Ben',
  artist_id: '',
  genre_id: '',
  images: '',
  is_public: 1,
  collaborative: 0,
  total_tracks: entries.length,
  followers,
  updated_at: T0,
}));
const playlistTracks: MusicPlaylistTracksTable[] = playlistSpecs.flatMap(([id, , , entries]) =>
  entries.map((track, position) => ({
    id: `${id}:${position}`,
    extra: '',
    playlist_id: id,
    track_id: track,
    artist_id: trackSpecs.find((t) => t[0] === track)![3][0]!,
    position,
    added_at: T0 + position * DAY,
  })),
);

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  await upsertMusicRows(db, 'music_artists', artists);
  await upsertMusicRows(db, 'music_albums', albums);
  await upsertMusicRows(
    db,
    'music_album_artists',
    albumSpecs.flatMap(([id, type, credits, date]) =>
      credits.map((artist, position) => ({
        id: `${id}:${position}`,
        album_id: id,
        artist_id: artist,
        album_type: type,
        position,
        released_at: Date.parse(`${date}T00:00:00.000Z`),
      })),
    ),
  );
  await upsertMusicRows(db, 'music_tracks', tracks);
  await upsertMusicRows(db, 'music_track_artists', trackArtists);
  await upsertMusicRows(db, 'music_lyrics', [
    {
      id: 't01',
      language: 'en',
      sync_type: 'LINE_SYNCED',
      provider: 'demo',
      lines: '[{"startTimeMs":1000,"words":"la la"},{"startTimeMs":2000,"words":"love"}]',
    },
  ]);
  await upsertMusicRows(db, 'music_users', users);
  await upsertMusicRows(db, 'music_follows', follows);
  await upsertMusicRows(db, 'music_playlists', playlists);
  await upsertMusicRows(db, 'music_playlist_tracks', playlistTracks);
  await upsertMusicRows(db, 'music_shows', [
    {
      id: 'sh1',
      extra: '',
      num: 1,
      ...musicNameColumns('The Love Podcast'),
      publisher: 'Open Mic',
      description: 'talk',
      language: 'en',
      media_type: 'audio',
      images: '',
      explicit: 0,
      total_episodes: 3,
    },
    {
      id: 'sh2',
      extra: '',
      num: 2,
      ...musicNameColumns('Science Hour'),
      publisher: 'Love Media',
      description: 'talk',
      language: 'en',
      media_type: 'audio',
      images: '',
      explicit: 0,
      total_episodes: 0,
    },
  ]);
  await upsertMusicRows(
    db,
    'music_episodes',
    ['e1', 'e3', 'e2'].map((id, i) => ({
      id,
      extra: '',
      show_id: 'sh1',
      name: `Episode ${id}`,
      description: '',
      language: 'en',
      release_date: '',
      release_precision: id === 'e2' ? 'month' : 'day',
      images: '',
      audio_preview_url: '',
      duration_ms: 60_000,
      explicit: 0,
      released_at: T0 + (i === 0 ? 0 : 7) * DAY,
    })),
  );
  await upsertMusicRows(db, 'music_concerts', [
    {
      id: 'c2',
      artist_id: 'ar1',
      title: 'Live',
      venue: 'Hall',
      city: 'Paris',
      country: 'FR',
      ticket_url: '',
      is_festival: 0,
      starts_at: T0 + 10 * DAY,
    },
    {
      id: 'c1',
      artist_id: 'ar1',
      title: 'Live',
      venue: 'Arena',
      city: 'Rome',
      country: 'IT',
      ticket_url: '',
      is_festival: 0,
      starts_at: T0 + 10 * DAY,
    },
    {
      id: 'c0',
      artist_id: 'ar1',
      title: 'Fest',
      venue: 'Park',
      city: 'Oslo',
      country: 'NO',
      ticket_url: '',
      is_festival: 1,
      starts_at: T0 + 3 * DAY,
    },
  ]);
  await upsertMusicRows(db, 'music_genres', [
    { id: 'g1', num: 1, ...musicNameColumns('Love Songs'), kind: 'mood', color: '#000', images: '', extra: '' },
    { id: 'g2', num: 2, ...musicNameColumns('Pop'), kind: 'genre', color: '#fff', images: '', extra: '' },
  ]);
  await recomputeMusicDerived(db);
  // upserting again changes nothing (and keeps the full-text index in step), and so does recomputing
  await upsertMusicRows(db, 'music_tracks', tracks);
  await recomputeMusicDerived(db);
});
afterAll(() => planned.close());

const ids = (items: { id: string }[]) => items.map((item) => item.id);
const search = (terms: string[], offset = 0, limit = 20) => ({ terms, offset, limit });

describe(`music source (${kind})`, () => {
  it('search tracks: whole words of name and artists; the exact name, then names holding every term, then the rest; then playcount desc, num desc', async () => {
    const love = await source().searchTracks(search(['love']));
    // t01 and t07 "Love" (exact; t01 more played), t06 "Love Again" and t02 "Love Me Tender" (in the name, by playcount),
    // then every other track of "Alpha Love" (by playcount; t04 and t03 tie, t04 stored later); "Lovely", "Gloves" and ar2-only tracks never
    expect(ids(love)).toEqual(['t01', 't07', 't02', 't06', 't10', 't04', 't03', 't12', 't05', 't08', 't09']);
    expect(love[0]).toEqual({
      id: 't01',
      name: 'Love',
      durationMs: 180_000,
      explicit: false,
      playcount: 1000,
      discNumber: 1,
      trackNumber: 1,
      artists: [{ id: 'ar1', name: 'Alpha Love' }],
      album: {
        id: 'al1',
        name: 'First Light',
        type: 'ALBUM',
        images: [{ url: 'https://x/al1.jpg', width: 640, height: 640 }],
      },
    });
    expect(ids(await source().searchTracks(search(['love', 'tender'])))).toEqual(['t02']);
    expect(ids(await source().searchTracks(search(['tape', 'alpha'])))).toEqual(['t10']);
    expect(await source().searchTracks(search(['lov']))).toEqual([]);
  });

  it('search pages by offset: every match once, in the same order', async () => {
    const whole = ids(await source().searchTracks(search(['love'])));
    const paged: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 3) {
      const page = await source().searchTracks(search(['love'], offset, 3));
      expect(page.length).toBe(Math.min(3, whole.length - offset));
      paged.push(...ids(page));
    }
    expect(paged).toEqual(whole);
  });

  it.each([
    ['searchTracks', 'music_tracks', ['love']],
    ['searchTracks', 'music_tracks', ['alpha']],
    ['searchTracks', 'music_tracks', ['love', 'alpha']],
    ['searchTracks', 'music_tracks', ['alpha', 'love']],
    ['searchAlbums', 'music_albums', ['love']],
    ['searchAlbums', 'music_albums', ['alpha', 'light']],
    ['searchArtists', 'music_artists', ['love']],
    ['searchPlaylists', 'music_playlists', ['love']],
    ['searchShows', 'music_shows', ['love']],
    ['searchGenres', 'music_genres', ['love', 'songs']],
  ] as const)('%s %j: the documented order, at every offset, walked on or skipped to', async (method, table, terms) => {
    const { other, popularity } = MUSIC_SEARCHED[table];
    const rows = (await db.selectFrom(table).selectAll().execute()) as unknown as Record<string, unknown>[];
    const expected = rows
      .flatMap((row) => {
        const name = termsOf(String(row.name));
        const text = [...name, ...(other ? termsOf(String(row[other])) : [])];
        if (!terms.every((term) => text.includes(term))) return [];
        const tier = name.join(' ') === terms.join(' ') ? 2 : terms.every((term) => name.includes(term)) ? 1 : 0;
        return [
          { id: String(row.id), tier, popularity: popularity ? Number(row[popularity]) : 0, num: Number(row.num) },
        ];
      })
      .sort((a, b) => b.tier - a.tier || b.popularity - a.popularity || b.num - a.num)
      .map((match) => match.id);
    expect(expected.length).toBeGreaterThan(0);
    const find = (offset: number, limit: number) => source()[method](search([...terms], offset, limit));
    expect(ids(await find(0, 100))).toEqual(expected);
    // in order, each page starts where the one before ended (a kept position); backwards, each skips its offset
    for (let offset = 0; offset <= expected.length; offset += 2)
      expect(ids(await find(offset, 2))).toEqual(expected.slice(offset, offset + 2));
    for (let offset = expected.length - (expected.length % 2); offset >= 0; offset -= 2)
      expect(ids(await find(offset, 2))).toEqual(expected.slice(offset, offset + 2));
  });

  it('search every other kind with its own text and order', async () => {
    expect(ids(await source().searchArtists(search(['love'])))).toEqual(['ar4', 'ar1']);
    expect(ids(await source().searchArtists(search(['alpha'])))).toEqual(['ar1', 'ar5']);
    // albums: "Love" (5), "Love Again" (2), then the rest of ar1's by release date desc, id
    expect(ids(await source().searchAlbums(search(['love'])))).toEqual([
      'si1',
      'al2',
      'al6',
      'si2',
      'al3',
      'al1',
      'co1',
    ]);
    // playlists match on the name only, not the owner's: by followers desc then id
    expect(ids(await source().searchPlaylists(search(['love'])))).toEqual(['p1', 'p4']);
    expect(ids(await source().searchShows(search(['love'])))).toEqual(['sh1', 'sh2']);
    expect(await source().searchUsers(search(['love']))).toEqual([
      { id: 'u1', name: 'Ada Love', followers: 3, following: 0 },
    ]);
    expect(await source().searchGenres(search(['love', 'songs']))).toEqual([
      { id: 'g1', name: 'Love Songs', type: 'MOOD' },
    ]);
  });

  it.each(['music_tracks', 'music_artists'] as const)(
    'suggestions of %s: by prefix list, range or walk alike, the documented order',
    async (table) => {
      const popularity = table === 'music_tracks' ? 'play_count' : 'followers';
      const rows = (await db.selectFrom(table).selectAll().execute()) as unknown as Record<string, unknown>[];
      for (const prefix of ['a', 'al', 'alp', 'alpha', 'alpha l', 'l', 'lo', 'love', 'love m', 'zz'])
        for (const limit of [1, 3, 10]) {
          const expected = rows
            .filter((row) => String(row.name_key).startsWith(prefix))
            .sort((a, b) => Number(b[popularity]) - Number(a[popularity]) || Number(b.num) - Number(a.num))
            .slice(0, limit)
            .map((row) => Number(row.num));
          // a range of any size read whole (the default), or walked (a cap of 0 sends every range there)
          for (const cap of [1_000, 0]) expect(await suggestNums(db, table, prefix, limit, cap)).toEqual(expected);
        }
    },
  );

  it('suggestions: prefixes of the whole name key, by popularity then num, descending', async () => {
    expect(ids(await source().suggestArtists('alpha lov', 5))).toEqual(['ar1', 'ar5']);
    expect(ids(await source().suggestArtists('alpha lovers', 5))).toEqual(['ar5']);
    expect(ids(await source().suggestArtists('love', 5))).toEqual(['ar4']);
    expect(ids(await source().suggestTracks('love', 10))).toEqual(['t02', 't01', 't06', 't07', 't14']);
    expect(ids(await source().suggestTracks('love', 2))).toEqual(['t02', 't01']);
    expect(await source().suggestTracks('ove', 5)).toEqual([]);
  });

  it('artist releases by type and date, ties by id either way, paged, counted', async () => {
    const releases = (
      type: 'ALBUM' | 'SINGLE' | 'COMPILATION',
      order: 'DATE_DESC' | 'DATE_ASC',
      offset = 0,
      limit = 20,
    ) => source().artistReleases({ artistId: 'ar1', type, order, offset, limit });
    expect(ids((await releases('ALBUM', 'DATE_DESC')).items)).toEqual(['al6', 'al2', 'al3', 'al1']);
    expect(ids((await releases('ALBUM', 'DATE_ASC')).items)).toEqual(['al1', 'al2', 'al3', 'al6']);
    expect(await releases('ALBUM', 'DATE_DESC', 1, 2)).toMatchObject({
      items: [{ id: 'al2' }, { id: 'al3' }],
      total: 4,
    });
    expect(ids((await releases('SINGLE', 'DATE_DESC')).items)).toEqual(['si2', 'si1']);
    expect((await releases('COMPILATION', 'DATE_ASC')).items).toEqual([
      {
        id: 'co1',
        name: 'Greatest Hits',
        type: 'COMPILATION',
        releaseDate: '2019-09-09',
        releasePrecision: 'day',
        totalTracks: 1,
        artists: [{ id: 'ar1', name: 'Alpha Love' }],
      },
    ]);
    expect((await source().latestRelease('ar1'))?.id).toBe('al6');
    expect(await source().latestRelease('nope')).toBeUndefined();
  });

  it('top tracks credit the artist anywhere; featuring only after the first credit', async () => {
    expect(ids(await source().topTracks('ar1', 4))).toEqual(['t10', 't02', 't03', 't04']);
    expect(await source().featuring('ar1', 20)).toMatchObject({ items: [{ id: 't10' }], total: 1 });
    expect(ids((await source().featuring('ar2', 20)).items)).toEqual(['t12']);
    expect(ids((await source().featuring('ar3', 20)).items)).toEqual(['t04']);
  });

  it('appears on: releases not crediting the artist holding a track that does', async () => {
    expect(await source().appearsOn('ar1', 50)).toMatchObject({ items: [{ id: 'al5' }], total: 1 });
    expect(await source().appearsOn('ar3', 50)).toMatchObject({ items: [{ id: 'al1' }], total: 1 });
    expect(await source().appearsOn('ar2', 50)).toEqual({ items: [], total: 0 });
  });

  it('artist playlists by entries then followers; discovered on by followers; both counted', async () => {
    // ar1's entries: p1 5, p2 4, p3 2, p4 3
    expect(await source().artistPlaylists('ar1', 20)).toMatchObject({
      items: [{ id: 'p1' }, { id: 'p2' }, { id: 'p4' }, { id: 'p3' }],
      total: 4,
    });
    expect(ids((await source().artistPlaylists('ar1', 2)).items)).toEqual(['p1', 'p2']);
    expect(ids((await source().discoveredOn('ar1', 20)).items)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(await source().discoveredOn('ar2', 20)).toMatchObject({
      items: [{ id: 'p1' }, { id: 'p3' }, { id: 'p4' }],
      total: 3,
    });
    expect(await source().artistPlaylists('nope', 20)).toEqual({ items: [], total: 0 });
  });

  it('concerts by date, ties by id', async () => {
    expect(await source().concerts('ar1', 50)).toEqual({
      items: [
        { id: 'c0', title: 'Fest', date: T0 + 3 * DAY, venue: 'Park', city: 'Oslo', country: 'NO' },
        { id: 'c1', title: 'Live', date: T0 + 10 * DAY, venue: 'Arena', city: 'Rome', country: 'IT' },
        { id: 'c2', title: 'Live', date: T0 + 10 * DAY, venue: 'Hall', city: 'Paris', country: 'FR' },
      ],
      total: 3,
    });
    expect(await source().concerts('ar1', 1)).toMatchObject({ items: [{ id: 'c0' }], total: 3 });
  });

  it('album (with the precision of its date) and its tracks by disc and number, paged', async () => {
    expect(await source().album('al1')).toMatchObject({ releaseDate: '2020-01-01', releasePrecision: 'day' });
    expect(await source().album('al6')).toEqual({
      id: 'al6',
      name: 'Together',
      type: 'ALBUM',
      releaseDate: '2025-01-01',
      releasePrecision: 'year',
      totalTracks: 1,
      artists: [
        { id: 'ar1', name: 'Alpha Love' },
        { id: 'ar2', name: 'Beta' },
      ],
    });
    expect(ids((await source().albumTracks('al1', { offset: 0, limit: 300 })).items)).toEqual([
      't01',
      't02',
      't04',
      't03',
    ]);
    expect(await source().albumTracks('al1', { offset: 2, limit: 1 })).toMatchObject({
      items: [{ id: 't04', discNumber: 1, trackNumber: 3 }],
      total: 4,
    });
    expect(await source().album('nope')).toBeUndefined();
    expect(await source().albumTracks('nope', { offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it('track, lyrics (undefined without), unknown ids', async () => {
    expect(await source().track('t10')).toMatchObject({
      id: 't10',
      artists: [
        { id: 'ar2', name: 'Beta' },
        { id: 'ar1', name: 'Alpha Love' },
      ],
      album: { id: 'al5', type: 'ALBUM' },
    });
    expect(await source().lyrics('t01')).toEqual({
      language: 'en',
      syncType: 'LINE_SYNCED',
      lines: [
        { startTimeMs: 1000, words: 'la la' },
        { startTimeMs: 2000, words: 'love' },
      ],
    });
    expect(await source().lyrics('t02')).toBeUndefined();
    expect(await source().track('nope')).toBeUndefined();
  });

  it('tracks: the existing tracks of a list of ids, each as track() reads it; nothing for unknown ids', async () => {
    const found = await source().tracks(['t10', 'nope', 't01']);
    expect(found.map((t) => t.id).sort()).toEqual(['t01', 't10']);
    expect(found.find((t) => t.id === 't10')).toEqual(await source().track('t10'));
    expect(await source().tracks([])).toEqual([]);
  });

  it('recommendations: co-occurrence within two positions, seen twice or more; score desc, ties by id; never the track itself', async () => {
    /** The recommended tracks' ids and ranks of a page, and the total. */
    const recommended = async (trackId: string, limit: number, afterRank?: number) => {
      const { items, total } = await source().recommendations(trackId, limit, afterRank);
      return { ids: ids(items), ranks: items.map((t) => t.rank), total };
    };
    expect(await recommended('t02', 20)).toEqual({ ids: ['t01', 't03', 't06'], ranks: [1, 2, 3], total: 3 });
    expect((await source().recommendations('t02', 1)).items[0]).toEqual({ ...(await source().track('t01')), rank: 1 });
    expect((await recommended('t06', 20)).ids).toEqual(['t02', 't03', 't10']);
    expect(await recommended('t02', 1)).toEqual({ ids: ['t01'], ranks: [1], total: 3 });
    expect((await recommended('t01', 20)).ids).toEqual(['t02']);
    expect((await recommended('t10', 20)).ids).toEqual(['t06']);
    // t12 co-occurs once only with anything
    expect(await source().recommendations('t12', 20)).toEqual({ items: [], total: 0 });
    // keyset: after a rank, the rest in rank order (t03 and t06 tie on score: ranks 2 and 3, by id)
    expect(await recommended('t02', 20, 1)).toEqual({ ids: ['t03', 't06'], ranks: [2, 3], total: 3 });
    expect(await recommended('t02', 1, 2)).toEqual({ ids: ['t06'], ranks: [3], total: 3 });
    expect(await recommended('t02', 5, 3)).toEqual({ ids: [], ranks: [], total: 3 });
    // a recommended track that is not stored is skipped by the read: a page is full while more follow
    await db
      .insertInto('music_track_recommendations')
      .values({ id: 't02:0', track_id: 't02', recommended_id: 'not-stored', rank: 0, score: 9 })
      .execute();
    try {
      expect(await recommended('t02', 1)).toEqual({ ids: ['t01'], ranks: [1], total: 4 });
      expect(await recommended('t02', 3)).toEqual({ ids: ['t01', 't03', 't06'], ranks: [1, 2, 3], total: 4 });
    } finally {
      await db.deleteFrom('music_track_recommendations').where('id', '=', 't02:0').execute();
    }
    const stored = await db
      .selectFrom('music_track_recommendations')
      .selectAll()
      .where('track_id', '=', 't02')
      .orderBy('rank')
      .execute();
    expect(stored.map((row) => [row.id, row.recommended_id, Number(row.rank), Number(row.score)])).toEqual([
      ['t02:1', 't01', 1, 3],
      ['t02:2', 't03', 2, 2],
      ['t02:3', 't06', 3, 2],
    ]);
  });

  it('related artists: the first artists of recurring track pairs; never the artist itself', async () => {
    // the only recurring pair across artists: t06 (ar1) – t10 (ar2), twice
    expect(await source().relatedArtists('ar1', 20)).toMatchObject({ items: [{ id: 'ar2' }], total: 1 });
    expect(ids((await source().relatedArtists('ar2', 20)).items)).toEqual(['ar1']);
    const [row] = await db.selectFrom('music_related_artists').selectAll().where('artist_id', '=', 'ar1').execute();
    expect(Number(row!.score)).toBe(2);
    expect(await source().relatedArtists('ar3', 20)).toEqual({ items: [], total: 0 });
  });

  it('playlist, its tracks in order with the time added, paged', async () => {
    expect(await source().playlist('p2')).toEqual({
      id: 'p2',
      name: 'Road Trip',
      description: 'about Road Trip',
      owner: { id: 'u1', name: 'Ada Love' },
      followers: 300,
      totalTracks: 4,
    });
    const page = await source().playlistTracks('p2', { offset: 1, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.items.map((t) => [t.id, t.addedAt])).toEqual([
      ['t02', T0 + DAY],
      ['t06', T0 + 2 * DAY],
    ]);
    expect(page.items[0]).toMatchObject({ name: 'Love Me Tender', album: { id: 'al1' } });
    expect(await source().playlist('nope')).toBeUndefined();
  });

  it('show and episodes newest first, ties by id, paged', async () => {
    expect(await source().show('sh1')).toEqual({
      id: 'sh1',
      name: 'The Love Podcast',
      publisher: 'Open Mic',
      description: 'talk',
      totalEpisodes: 3,
    });
    const all = await source().episodes('sh1', { offset: 0, limit: 50 });
    expect(ids(all.items)).toEqual(['e2', 'e3', 'e1']);
    expect(all.items[0]).toEqual({
      id: 'e2',
      name: 'Episode e2',
      description: '',
      durationMs: 60_000,
      releaseDate: '2026-01-08',
      releasePrecision: 'month',
    });
    expect(all.items[1]?.releasePrecision).toBe('day');
    expect(await source().episodes('sh1', { offset: 2, limit: 5 })).toMatchObject({ items: [{ id: 'e1' }], total: 3 });
    expect(await source().episodes('sh2', { offset: 0, limit: 5 })).toEqual({ items: [], total: 0 });
  });

  it('users: profile, playlists by followers, followers and following most recent first (ties by id)', async () => {
    expect(await source().user('u1')).toEqual({ id: 'u1', name: 'Ada Love', followers: 3, following: 0 });
    expect(await source().userPlaylists('u1', 10)).toMatchObject({
      items: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }],
      total: 3,
    });
    expect(await source().followers('u1', 100)).toMatchObject({
      items: [{ id: 'u3' }, { id: 'u4' }, { id: 'u2' }],
      total: 3,
    });
    expect(await source().followers('u1', 1)).toMatchObject({ items: [{ id: 'u3' }], total: 3 });
    expect(await source().following('u4', 100)).toMatchObject({ items: [{ id: 'u1' }, { id: 'u2' }], total: 2 });
    expect(await source().user('nope')).toBeUndefined();
    expect(await source().followers('nope', 10)).toEqual({ items: [], total: 0 });
  });

  describe('query plans', () => {
    const plan = (run: () => Promise<unknown>) => planned.plansOf(run, { disable: ['enable_seqscan'] });
    const patterns = planPatterns[kind];
    it('search walks the index in rank order: no sort, no scan, the rows read by num', async () => {
      const plans = (
        await planned.plansOf(() => source().searchTracks(search(['love', 'alpha'], 2, 5)), {
          disable: ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'],
        })
      ).map((p) => p.join('\n'));
      const text = plans.join('\n');
      expect(text).toMatch(
        kind === 'sqlite'
          ? /SEARCH p USING PRIMARY KEY \(kind=\? AND term=\? AND in_name=\?( AND \(popularity,num\)<\(\?,\?\))?\)/
          : /Index Only Scan Backward using music_search_pkey on music_search p/,
      );
      expect(text).toMatch(
        kind === 'sqlite'
          ? /SEARCH q USING PRIMARY KEY \(kind=\? AND term=\? AND in_name=\? AND popularity=\? AND num=\?\)/
          : /Index Only Scan using music_search_pkey on music_search q\w*[^\n]*\n\s+Index Cond: \(\(kind = p\.kind\) AND \(term = '\w+'::text\) AND \(in_name = 1\) AND \(popularity = p\.popularity\) AND \(num = p\.num\)\)/,
      );
      expect(text).not.toMatch(planPatterns[kind].sortStep);
      expect(text).not.toMatch(planPatterns[kind].tableScan('(p|q|music_search|music_tracks)\\b'));
    });
    it('tracks is one query by primary key, no scan of music_tracks', async () => {
      const plans = await plan(() => source().tracks(['t01', 't02', 't10', 'nope']));
      expect(plans).toHaveLength(1);
      expect(plans[0]!.join('\n')).not.toMatch(patterns.tableScan('(t|music_tracks)\\b'));
    });
    it('listings read their own index range', async () => {
      const first = async (run: () => Promise<unknown>) => (await plan(run))[0]!.join('\n');
      expect(await first(() => source().playlistTracks('p1', { offset: 0, limit: 10 }))).toMatch(
        patterns.indexRange('music_playlist_tracks_playlist'),
      );
      expect(await first(() => source().episodes('sh1', { offset: 0, limit: 10 }))).toMatch(
        patterns.indexRange('music_episodes_show'),
      );
      expect(await first(() => source().followers('u1', 10))).toMatch(patterns.indexRange('music_follows_followers'));
      expect(await first(() => source().following('u4', 10))).toMatch(patterns.indexRange('music_follows_following'));
      expect(
        await first(() =>
          source().artistReleases({ artistId: 'ar1', type: 'ALBUM', order: 'DATE_DESC', offset: 0, limit: 10 }),
        ),
      ).toMatch(patterns.indexRange('music_album_artists_releases'));
      expect(await first(() => source().suggestTracks('love', 5))).toMatch(patterns.indexRange('music_tracks_suggest'));
      expect(await first(() => source().suggestArtists('alpha', 5))).toMatch(
        patterns.indexRange('music_artists_suggest'),
      );
      // a short prefix is one list of the search index, read in popularity order
      const short = await first(() => source().suggestTracks('lo', 5));
      expect(short).toMatch(
        kind === 'sqlite'
          ? /SEARCH p USING PRIMARY KEY \(kind=\? AND term=\? AND in_name=\?\)/
          : /Index Only Scan Backward using music_search_pkey on music_search p/,
      );
      expect(short).not.toMatch(patterns.sortStep);
      expect(await first(() => source().albumTracks('al1', { offset: 0, limit: 10 }))).toMatch(
        patterns.indexRange('music_tracks_album'),
      );
      expect(await first(() => source().featuring('ar1', 10))).toMatch(
        patterns.indexRange('music_track_artists_artist'),
      );
      expect(await first(() => source().concerts('ar1', 10))).toMatch(patterns.indexRange('music_concerts_artist'));
      expect(await first(() => source().userPlaylists('u1', 10))).toMatch(patterns.indexRange('music_playlists_owner'));
      expect(await first(() => source().recommendations('t01', 10))).toMatch(
        patterns.indexRange('music_track_recommendations_track'),
      );
      const nextPage = await first(() => source().recommendations('t02', 10, 1));
      expect(nextPage).toMatch(patterns.indexRange('music_track_recommendations_track'));
      expect(nextPage).not.toMatch(patterns.sortStep);
      expect(await first(() => source().relatedArtists('ar1', 10))).toMatch(
        patterns.indexRange('music_related_artists_artist'),
      );
      expect(await first(() => source().discoveredOn('ar1', 10))).toMatch(
        patterns.indexRange('music_playlist_tracks_track'),
      );
    });
  });
});
