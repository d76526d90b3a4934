import { createCursorCodec, cursorBinding, ServiceError } from '@socialquery/core/server';
import type { z } from 'zod';
import { getRecommendations, musicOperations } from '../contract.js';
import { searchItemSchemas } from '../schemas.js';
import { createMusicHandlers } from './handlers.js';
import type {
  AlbumRecord,
  ArtistRecord,
  MusicSource,
  Page,
  PlaylistRecord,
  SearchRequest,
  TrackRecord,
  UserRecord,
} from './source.js';
import { nameKey, termsOf } from './text.js';

const ctx = {
  now: new Date('2026-06-15T12:00:00.000Z'),
  cursors: createCursorCodec('0123456789abcdef0123'),
  requestId: 'r1',
};

const artists: ArtistRecord[] = [
  {
    id: 'a1',
    name: 'Daft Punk',
    verified: true,
    biography: 'Duo.',
    genres: ['house'],
    followers: 900,
    monthlyListeners: 5000,
  },
  { id: 'a2', name: 'Daft Punks', verified: false, biography: '', genres: [], followers: 10, monthlyListeners: 20 },
  { id: 'a3', name: 'Pharrell', verified: true, biography: '', genres: ['pop'], followers: 500, monthlyListeners: 800 },
];
const ref = (a: ArtistRecord) => ({ id: a.id, name: a.name });
const albums: AlbumRecord[] = Array.from({ length: 25 }, (_, i) => ({
  id: `b${String(i).padStart(2, '0')}`,
  name: `Release ${i}`,
  type: i % 5 === 0 ? 'SINGLE' : 'ALBUM',
  releaseDate: `20${String(10 + (i % 12)).padStart(2, '0')}-0${1 + (i % 9)}-15`,
  // b02 is known to its month, b03 to its year, the rest (b01 stated, others not) to the day
  ...(i === 1 ? { releasePrecision: 'day' as const } : {}),
  ...(i === 2 ? { releaseDate: '2012-03-01', releasePrecision: 'month' as const } : {}),
  ...(i === 3 ? { releaseDate: '2013-01-01', releasePrecision: 'year' as const } : {}),
  totalTracks: 3,
  artists: [ref(artists[0]!)],
}));
const tracks: TrackRecord[] = Array.from({ length: 30 }, (_, i) => ({
  id: `t${String(i).padStart(2, '0')}`,
  name: i === 0 ? 'Get Lucky' : `Daft song ${i}`,
  durationMs: 200_000 + i,
  explicit: i % 2 === 0,
  playcount: 1000 - i,
  discNumber: 1,
  trackNumber: (i % 3) + 1,
  artists: i === 0 ? [ref(artists[0]!), ref(artists[2]!)] : [ref(artists[0]!)],
  album: {
    id: albums[Math.floor(i / 3)]!.id,
    name: albums[Math.floor(i / 3)]!.name,
    type: albums[Math.floor(i / 3)]!.type,
  },
}));
const users: UserRecord[] = [
  { id: 'u1', name: 'Ann', followers: 2, following: 1 },
  { id: 'u2', name: 'Bob', followers: 1, following: 1 },
];
const playlists: PlaylistRecord[] = [
  { id: 'p1', name: 'Daft mix', description: 'd', owner: { id: 'u1', name: 'Ann' }, followers: 7, totalTracks: 30 },
];

const pageOf = <T>(all: T[], offset: number, limit: number): Page<T> => ({
  items: all.slice(offset, offset + limit),
  total: all.length,
});
const searchBy =
  <T extends { name: string }>(all: T[]) =>
  async ({ terms, offset, limit }: SearchRequest) =>
    pageOf(
      all.filter((item) => terms.every((term) => termsOf(item.name).includes(term))),
      offset,
      limit,
    ).items;

const source: MusicSource = {
  // histories are core's answerHistory over the store's observations (core and store tests)
  history: async () => undefined,
  searchTracks: searchBy(tracks),
  searchAlbums: searchBy(albums),
  searchArtists: searchBy(artists),
  searchPlaylists: searchBy(playlists),
  searchShows: searchBy([{ id: 's1', name: 'Daft talk', publisher: 'P', description: '', totalEpisodes: 1 }]),
  searchUsers: searchBy(users),
  searchGenres: searchBy([{ id: 'g1', name: 'Daft house', type: 'GENRE' as const }]),
  async suggestArtists(prefix, limit) {
    return artists.filter((a) => nameKey(a.name).startsWith(prefix)).slice(0, limit);
  },
  async suggestTracks(prefix, limit) {
    return tracks.filter((t) => nameKey(t.name).startsWith(prefix)).slice(0, limit);
  },
  async artist(id) {
    return artists.find((a) => a.id === id);
  },
  async artistReleases({ artistId, type, offset, limit, order }) {
    const sorted = albums
      .filter((b) => b.type === type && b.artists.some((a) => a.id === artistId))
      .sort(
        (x, y) =>
          (order === 'DATE_DESC'
            ? y.releaseDate.localeCompare(x.releaseDate)
            : x.releaseDate.localeCompare(y.releaseDate)) || x.id.localeCompare(y.id),
      );
    return pageOf(sorted, offset, limit);
  },
  async latestRelease(id) {
    return id === 'a1' ? albums[0] : undefined;
  },
  async topTracks(id, limit) {
    return tracks.filter((t) => t.artists.some((a) => a.id === id)).slice(0, limit);
  },
  async artistPlaylists(_id, limit) {
    return pageOf(playlists, 0, limit);
  },
  async discoveredOn(_id, limit) {
    return pageOf(playlists, 0, limit);
  },
  // a store bug would put the artist itself in its related list: the handler drops it
  async relatedArtists(id, limit) {
    return pageOf(
      artists.filter((a) => a.id !== 'a2' || id !== 'a1'),
      0,
      limit,
    );
  },
  async appearsOn(id, limit) {
    return pageOf(id === 'a3' ? [albums[0]!] : [], 0, limit);
  },
  async featuring(id, limit) {
    return pageOf(
      tracks.filter((t) => t.artists.slice(1).some((a) => a.id === id)),
      0,
      limit,
    );
  },
  async concerts() {
    return {
      items: [
        {
          id: 'c1',
          title: 'Live',
          date: Date.parse('2026-07-01T20:00:00Z'),
          venue: 'Hall',
          city: 'Paris',
          country: 'FR',
        },
      ],
      total: 1,
    };
  },
  async album(id) {
    return albums.find((b) => b.id === id);
  },
  async albumTracks(id, { offset, limit }) {
    return pageOf(
      tracks.filter((t) => t.album.id === id),
      offset,
      limit,
    );
  },
  async track(id) {
    return tracks.find((t) => t.id === id);
  },
  async tracks(ids) {
    return tracks.filter((t) => ids.includes(t.id)).reverse();
  },
  async lyrics(id) {
    return id === 't00' ? { language: 'en', lines: [{ startTimeMs: 0, words: 'Like the legend' }] } : undefined;
  },
  async recommendations(id, limit, afterRank) {
    // ranked from 1; rank 3 of t07 is a track the store does not hold: the read skips it
    const ranked = tracks
      .filter((t) => t.id !== id)
      .reverse()
      .map((t, i) => ({ ...t, rank: i + 1 }))
      .filter((t) => !(id === 't07' && t.rank === 3));
    const rest = ranked.filter((t) => afterRank === undefined || t.rank > afterRank);
    return { items: rest.slice(0, limit), total: 29 };
  },
  async playlist(id) {
    return playlists.find((p) => p.id === id);
  },
  async playlistTracks(_id, { offset, limit }) {
    return pageOf(
      tracks.map((t, i) => ({ ...t, addedAt: Date.parse('2026-01-01T00:00:00Z') + i * 1000 })),
      offset,
      limit,
    );
  },
  async show(id) {
    return id === 's1' ? { id, name: 'Daft talk', publisher: 'P', description: '', totalEpisodes: 1 } : undefined;
  },
  async episodes(_id, { offset, limit }) {
    return pageOf(
      [
        { id: 'e1', name: 'One', description: '', durationMs: 60_000, releaseDate: '2026-02-03' },
        { id: 'e0', name: 'Zero', description: '', durationMs: 1, releaseDate: '2019-01-01', releasePrecision: 'year' },
      ],
      offset,
      limit,
    );
  },
  async user(id) {
    return users.find((u) => u.id === id);
  },
  async userPlaylists(id, limit) {
    return pageOf(
      playlists.filter((p) => p.owner.id === id),
      0,
      limit,
    );
  },
  async followers(id) {
    return pageOf(
      users.filter((u) => u.id !== id),
      0,
      100,
    );
  },
  async following(id) {
    return pageOf(
      users.filter((u) => u.id !== id),
      0,
      100,
    );
  },
};

const handlers = createMusicHandlers(source);
type Key = keyof typeof musicOperations;
/** Calls a handler with parameters parsed by its operation (defaults applied), checks the body against the schema. */
async function call<K extends Key>(
  key: K,
  query: Record<string, unknown>,
): Promise<z.output<(typeof musicOperations)[K]['response']>> {
  const operation = musicOperations[key];
  const params = operation.params.query.parse(query);
  const body = await (handlers[key] as (p: unknown, c: typeof ctx) => Promise<unknown>)(params, ctx);
  return operation.response.parse(body) as never;
}
async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe('music handlers', () => {
  it('wrap every answer in the envelope', async () => {
    const body = await call('albums.getDetail', { uri: 'music:album:b01' });
    expect(body).toMatchObject({ message: 'Request successful', statusCode: 200 });
    expect(body.data).toMatchObject({
      id: 'b01',
      uri: 'music:album:b01',
      type: 'ALBUM',
      totalTracks: 3,
      date: { isoString: '2011-02-15T00:00:00.000Z', precision: 'DAY', year: 2011 },
      artists: [{ id: 'a1', name: 'Daft Punk', uri: 'music:artist:a1' }],
    });
    expect(body.data.coverArt.map((image) => image.width)).toEqual([64, 300, 640]);
  });

  it('answer a release date with the precision the store holds, DAY when it holds none', async () => {
    const dateOf = async (uri: string) => (await call('albums.getDetail', { uri })).data.date;
    expect(await dateOf('music:album:b00')).toEqual({
      isoString: '2010-01-15T00:00:00.000Z',
      precision: 'DAY',
      year: 2010,
    });
    expect(await dateOf('music:album:b02')).toEqual({
      isoString: '2012-03-01T00:00:00.000Z',
      precision: 'MONTH',
      year: 2012,
    });
    expect(await dateOf('music:album:b03')).toEqual({
      isoString: '2013-01-01T00:00:00.000Z',
      precision: 'YEAR',
      year: 2013,
    });
  });

  it('answer an unknown URI with a 404 naming it', async () => {
    for (const [key, uri] of [
      ['albums.getDetail', 'music:album:nope'],
      ['artists.getAlbums', 'music:artist:nope'],
      ['tracks.getLyrics', 'music:track:nope'],
      ['playlists.getTracks', 'music:playlist:nope'],
      ['podcasts.getEpisodes', 'music:show:nope'],
      ['users.getFollowers', 'music:user:nope'],
    ] as const) {
      const error = await rejection(call(key, { uri }));
      expect(error).toMatchObject({ code: 'not_found', status: 404 });
      expect(error.message).toContain(uri);
    }
  });

  it('lyrics: timed lines, or a 404 saying the track has none', async () => {
    const body = await call('tracks.getLyrics', { uri: 'music:track:t00' });
    expect(body.data).toEqual({
      track: { id: 't00', name: 'Get Lucky', uri: 'music:track:t00' },
      language: 'en',
      syncType: 'LINE_SYNCED',
      lines: [{ startTimeMs: 0, words: 'Like the legend' }],
    });
    const error = await rejection(call('tracks.getLyrics', { uri: 'music:track:t01' }));
    expect(error).toMatchObject({ code: 'not_found', message: "track has no lyrics: 'music:track:t01'" });
  });

  it('search returns items of the filterBy kind, paged by offset', async () => {
    const first = await call('explore.search', { keyword: 'DAFT', limit: 10 });
    const second = await call('explore.search', { keyword: 'daft', offset: 10, limit: 10 });
    for (const item of [...first.data, ...second.data])
      expect(searchItemSchemas.song.safeParse(item).success).toBe(true);
    const ids = [...first.data, ...second.data].map((item) => item.id);
    expect(new Set(ids).size).toBe(20);
    expect(first.data[0]).toMatchObject({
      duration: 200_001,
      artists: [{ name: 'Daft Punk', uri: 'music:artist:a1' }],
    });
    for (const filterBy of ['artist', 'playlist', 'podcast_show', 'genres_mood'] as const) {
      const body = await call('explore.search', { keyword: 'daft', filterBy });
      expect(body.data.length).toBeGreaterThan(0);
      for (const item of body.data) expect(searchItemSchemas[filterBy].safeParse(item).success).toBe(true);
    }
    expect((await call('explore.search', { keyword: 'ann', filterBy: 'profile' })).data).toEqual([
      expect.objectContaining({ id: 'u1', uri: 'music:user:u1', followersCount: 2 }),
    ]);
    expect((await call('explore.search', { keyword: '?!', filterBy: 'song' })).data).toEqual([]);
  });

  it('suggestions: de-duplicated artist texts, then tracks', async () => {
    const body = await call('explore.suggestions', { keyword: 'Daft  p' });
    expect(body.data.suggestions).toEqual([
      { type: 'text', suggestion: 'daft punk', uri: 'music:search:daft+punk' },
      { type: 'text', suggestion: 'daft punks', uri: 'music:search:daft+punks' },
    ]);
    const songs = await call('explore.suggestions', { keyword: 'daft so' });
    expect(songs.data.suggestions.map((s) => s.type)).toEqual(['track', 'track', 'track', 'track', 'track']);
    expect(songs.data.suggestions[0]).toMatchObject({
      type: 'track',
      id: 't01',
      name: 'Daft song 1',
      duration: 200_001,
    });
    expect((await call('explore.suggestions', { keyword: '...' })).data.suggestions).toEqual([]);
  });

  it('artist releases: the kind asked for, ordered by date both ways, paged without overlap', async () => {
    const desc = await call('artists.getAlbums', { uri: 'music:artist:a1', limit: 100 });
    expect(desc.data).toMatchObject({ totalCount: 20, offset: 0, limit: 100 });
    expect(desc.data.items.every((b) => b.type === 'ALBUM')).toBe(true);
    const dates = desc.data.items.map((b) => b.date.isoString);
    expect(dates).toEqual([...dates].sort().reverse());
    const asc = await call('artists.getAlbums', { uri: 'music:artist:a1', limit: 100, order_by: 'DATE_ASC' });
    expect(asc.data.items.map((b) => b.date.isoString)).toEqual([...dates].sort());
    const p1 = await call('artists.getAlbums', { uri: 'music:artist:a1', limit: 8 });
    const p2 = await call('artists.getAlbums', { uri: 'music:artist:a1', limit: 8, offset: 8 });
    expect([...p1.data.items, ...p2.data.items].map((b) => b.id)).toEqual(
      desc.data.items.slice(0, 16).map((b) => b.id),
    );
    const singles = await call('artists.getSingles', { uri: 'music:artist:a1' });
    expect(singles.data.totalCount).toBe(5);
    expect(singles.data.items.every((b) => b.type === 'SINGLE')).toBe(true);
    expect((await call('artists.getCompilations', { uri: 'music:artist:a1' })).data).toEqual({
      totalCount: 0,
      offset: 0,
      limit: 20,
      items: [],
    });
  });

  it('artist overview and discography overview', async () => {
    const overview = await call('artists.getOverview', { uri: 'music:artist:a1' });
    expect(overview.data).toMatchObject({
      id: 'a1',
      uri: 'music:artist:a1',
      verified: true,
      biography: 'Duo.',
      genres: ['house'],
      stats: { followers: 900, monthlyListeners: 5000 },
      latestRelease: { id: 'b00' },
    });
    expect(overview.data.topTracks).toHaveLength(10);
    expect((await call('artists.getOverview', { uri: 'music:artist:a3' })).data.latestRelease).toBeNull();
    const discography = await call('artists.getDiscographyOverview', { uri: 'music:artist:a1' });
    expect(discography.data).toMatchObject({
      artist: { id: 'a1' },
      totalAlbums: 20,
      totalSingles: 5,
      totalCompilations: 0,
    });
    expect(discography.data.albums).toHaveLength(10);
    expect(discography.data.singles).toHaveLength(5);
  });

  it('artist lists: related never holds the artist itself; featuring, appears-on, concerts, playlists', async () => {
    const related = await call('artists.getRelated', { uri: 'music:artist:a1' });
    expect(related.data.items.map((a) => a.id)).toEqual(['a3']);
    expect(related.data.totalCount).toBe(1);
    expect((await call('artists.getFeaturing', { uri: 'music:artist:a3' })).data.items.map((t) => t.id)).toEqual([
      't00',
    ]);
    expect((await call('artists.getAppearsOn', { uri: 'music:artist:a3' })).data.items.map((b) => b.uri)).toEqual([
      'music:album:b00',
    ]);
    expect((await call('artists.getConcerts', { uri: 'music:artist:a1' })).data.items).toEqual([
      {
        id: 'c1',
        uri: 'music:concert:c1',
        title: 'Live',
        date: '2026-07-01T20:00:00.000Z',
        venue: 'Hall',
        city: 'Paris',
        country: 'FR',
      },
    ]);
    const lists = [
      await call('artists.getPlaylists', { uri: 'music:artist:a1' }),
      await call('artists.getDiscoveredOn', { uri: 'music:artist:a1' }),
    ];
    for (const body of lists)
      expect(body.data.items[0]).toMatchObject({ uri: 'music:playlist:p1', owner: { uri: 'music:user:u1' } });
  });

  it('track detail, recommendations (limit applied, never the track itself)', async () => {
    expect((await call('tracks.getDetail', { uri: 'music:track:t00' })).data).toEqual({
      id: 't00',
      name: 'Get Lucky',
      uri: 'music:track:t00',
      duration: { totalMilliseconds: 200_000 },
      artists: [
        { id: 'a1', name: 'Daft Punk', uri: 'music:artist:a1' },
        { id: 'a3', name: 'Pharrell', uri: 'music:artist:a3' },
      ],
      album: { id: 'b00', name: 'Release 0', uri: 'music:album:b00', type: 'SINGLE' },
    });
    const recommended = await call('tracks.getRecommendations', { uri: 'music:track:t05', limit: 7 });
    expect(recommended.data.items).toHaveLength(7);
    expect(recommended.data.items.map((t) => t.id)).not.toContain('t05');
    expect((await call('tracks.getRecommendations', { uri: 'music:track:t05' })).data.items).toHaveLength(20);
  });

  describe('recommendations paging by data.cursor', () => {
    /** Every page with the page sizes given in turn (the last repeated): the ids and cursors seen. */
    async function walk(uri: string, sizes: number[]) {
      const ids: string[] = [];
      const cursors: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page++) {
        const limit = sizes[Math.min(page, sizes.length - 1)]!;
        const body = await call('tracks.getRecommendations', { uri, limit, ...(cursor ? { cursor } : {}) });
        ids.push(...body.data.items.map((t) => t.id));
        cursors.push(body.data.cursor);
        if (body.data.cursor === '') return { ids, cursors };
        cursor = body.data.cursor;
      }
      throw new Error('paging did not end');
    }

    it('walks every recommendation once, in rank order, whatever the page sizes; the last cursor is empty', async () => {
      const whole = await call('tracks.getRecommendations', { uri: 'music:track:t05', limit: 100 });
      expect(whole.data.items).toHaveLength(29);
      expect(whole.data.cursor).toBe('');
      for (const sizes of [[1], [4], [28], [29], [3, 10, 1]]) {
        const { ids, cursors } = await walk('music:track:t05', sizes);
        expect(ids).toEqual(whole.data.items.map((t) => t.id));
        expect(cursors.at(-1)).toBe('');
        expect(cursors.slice(0, -1).every((c) => c !== '')).toBe(true);
      }
      const first = await call('tracks.getRecommendations', { uri: 'music:track:t05', limit: 7 });
      expect(first.data).toMatchObject({ totalCount: 29, cursor: expect.stringMatching(/^[\w-]+\.[\w-]+$/) });
      const next = await call('tracks.getRecommendations', {
        uri: 'music:track:t05',
        limit: 3,
        cursor: first.data.cursor,
      });
      expect(next.data.items.map((t) => t.id)).toEqual(whole.data.items.slice(7, 10).map((t) => t.id));
      expect(next.data.totalCount).toBe(29);
    });

    it('moves past a gap in the ranks (a recommended track the store does not hold)', async () => {
      const whole = await call('tracks.getRecommendations', { uri: 'music:track:t07', limit: 100 });
      expect(whole.data.items).toHaveLength(28);
      for (const sizes of [[1], [2], [3]]) {
        const { ids } = await walk('music:track:t07', sizes);
        expect(ids).toEqual(whole.data.items.map((t) => t.id));
      }
      // the cursor after rank 2 leads to rank 4
      const firstTwo = await call('tracks.getRecommendations', { uri: 'music:track:t07', limit: 2 });
      const next = await call('tracks.getRecommendations', {
        uri: 'music:track:t07',
        limit: 1,
        cursor: firstTwo.data.cursor,
      });
      expect(next.data.items.map((t) => t.id)).toEqual([whole.data.items[2]!.id]);
    });

    it('refuses a cursor of another track, tampered with, or of the wrong shape: 400 invalid_cursor', async () => {
      const { cursor } = (await call('tracks.getRecommendations', { uri: 'music:track:t05', limit: 2 })).data;
      const tampered = `${cursor.slice(0, 3)}${cursor[3] === 'A' ? 'B' : 'A'}${cursor.slice(4)}`;
      const binding = cursorBinding(getRecommendations.id, { track: 't05' }, []);
      for (const [uri, bad] of [
        ['music:track:t06', cursor],
        ['music:track:t05', tampered],
        ['music:track:t05', 'garbage'],
        ['music:track:t05', ctx.cursors.encode({ rank: 'x' }, binding)],
        ['music:track:t05', ctx.cursors.encode({ lastId: 't01' }, binding)],
      ] as const) {
        const error = await rejection(call('tracks.getRecommendations', { uri, cursor: bad }));
        expect(error).toMatchObject({ code: 'invalid_cursor', status: 400 });
      }
      // (control) a well-formed rank under the same binding is accepted
      const accepted = await call('tracks.getRecommendations', {
        uri: 'music:track:t05',
        limit: 1,
        cursor: ctx.cursors.encode({ rank: 28 }, binding),
      });
      expect(accepted.data).toMatchObject({ items: [{ id: 't00' }], cursor: '' });
    });
  });

  it('album and playlist tracks, episodes: paged by offset with totalCount', async () => {
    const album = await call('albums.getTracks', { uri: 'music:album:b02' });
    expect(album.data).toMatchObject({ totalCount: 3, offset: 0, limit: 300 });
    expect(album.data.items.map((t) => t.trackNumber)).toEqual([1, 2, 3]);
    const p1 = await call('playlists.getTracks', { uri: 'music:playlist:p1', limit: 20 });
    const p2 = await call('playlists.getTracks', { uri: 'music:playlist:p1', offset: 20, limit: 20 });
    expect(p1.data.totalCount).toBe(30);
    expect(p2.data.items).toHaveLength(10);
    expect(new Set([...p1.data.items, ...p2.data.items].map((t) => t.id)).size).toBe(30);
    expect(p1.data.items[1]!.addedAt).toBe('2026-01-01T00:00:01.000Z');
    const episodes = await call('podcasts.getEpisodes', { uri: 'music:show:s1' });
    expect(episodes.data).toMatchObject({
      totalCount: 2,
      limit: 50,
      items: [
        { uri: 'music:episode:e1', releaseDate: { year: 2026, precision: 'DAY' } },
        {
          uri: 'music:episode:e0',
          releaseDate: { isoString: '2019-01-01T00:00:00.000Z', year: 2019, precision: 'YEAR' },
        },
      ],
    });
    expect((await call('podcasts.getDetail', { uri: 'music:show:s1' })).data).toMatchObject({
      uri: 'music:show:s1',
      totalEpisodes: 1,
    });
    expect((await call('playlists.getDetail', { uri: 'music:playlist:p1' })).data).toMatchObject({
      followers: 7,
      totalTracks: 30,
    });
  });

  it('users: profile with playlists, followers and following', async () => {
    const profile = await call('users.getProfile', { uri: 'music:user:u1' });
    expect(profile.data).toMatchObject({
      id: 'u1',
      followersCount: 2,
      followingCount: 1,
      totalPublicPlaylists: 1,
      publicPlaylists: [{ id: 'p1' }],
    });
    expect((await call('users.getFollowers', { uri: 'music:user:u1' })).data).toMatchObject({
      totalCount: 1,
      items: [{ id: 'u2', uri: 'music:user:u2' }],
    });
    expect((await call('users.getFollowing', { uri: 'music:user:u2' })).data).toMatchObject({
      totalCount: 1,
      items: [{ id: 'u1' }],
    });
  });
});

describe('music handlers with stored images and unsynced lyrics', () => {
  const stored = [{ url: 'https://cdn.example/a.jpg', width: 640, height: 640 }];
  const withImages = createMusicHandlers({
    ...source,
    async album(id) {
      const record = await source.album(id);
      return record && { ...record, images: stored };
    },
    async lyrics() {
      return { language: 'fr', syncType: 'UNSYNCED', lines: [{ startTimeMs: 0, words: 'la' }] };
    },
  });
  it("uses a record's stored images instead of derived ones, and passes the sync type on", async () => {
    const album = musicOperations['albums.getDetail'];
    const body = album.response.parse(
      await withImages['albums.getDetail'](album.params.query.parse({ uri: 'music:album:b01' }), ctx),
    );
    expect(body.data.coverArt).toEqual(stored);
    const lyrics = musicOperations['tracks.getLyrics'];
    const text = lyrics.response.parse(
      await withImages['tracks.getLyrics'](lyrics.params.query.parse({ uri: 'music:track:t03' }), ctx),
    );
    expect(text.data).toMatchObject({ syncType: 'UNSYNCED', language: 'fr' });
  });

  it('tracks.getMany: track details in request order, an id and its URI once, notFound as given; another kind of URI refused', async () => {
    const body = await call('tracks.getMany', { ids: 'music:track:t01,nope,t00,t01,music:track:t00,music:track:zz' });
    expect(body.data.tracks.map((t) => t.id)).toEqual(['t01', 't00']);
    expect(body.data.tracks[1]).toEqual((await call('tracks.getDetail', { uri: 'music:track:t00' })).data);
    expect(body.data.notFound).toEqual(['nope', 'music:track:zz']);
    expect(musicOperations['tracks.getMany'].params.query.safeParse({ ids: 't00,music:album:b01' }).success).toBe(
      false,
    );
  });
});

describe('music handlers: extra and history', () => {
  it("a playlist entry with extra nests its track's under track; a search result with extra answers it", async () => {
    const withExtras = createMusicHandlers({
      ...source,
      async playlistTracks(id, page, options) {
        const entries = await source.playlistTracks(id, page, options);
        return {
          ...entries,
          items: entries.items.map((entry, i) =>
            i === 0 ? { ...entry, extra: { is_local: false }, entryExtra: { added_by: { id: 'u' } } } : entry,
          ),
        };
      },
      async searchArtists(request, options) {
        return (await source.searchArtists(request, options)).map((artist) => ({ ...artist, extra: { href: 'h' } }));
      },
      history: async (_record, _id, query) => [
        { observedAt: Date.parse('2026-06-01T00:00:00Z'), counts: { followers: query.limit } },
      ],
    });
    const entries = await withExtras['playlists.getTracks'](
      musicOperations['playlists.getTracks'].params.query.parse({ uri: 'music:playlist:p1', limit: 2 }),
      { ...ctx, extra: true },
    );
    const [first, second] = entries.data.items as Record<string, unknown>[];
    expect(first!.extra).toEqual({ added_by: { id: 'u' }, track: { is_local: false } });
    expect(second).not.toHaveProperty('extra');
    const found = await withExtras['explore.search'](
      musicOperations['explore.search'].params.query.parse({ keyword: 'a', filterBy: 'artist' }),
      { ...ctx, extra: true },
    );
    expect(
      (found.data as Record<string, unknown>[]).every((item) => (item.extra as { href?: string }).href === 'h'),
    ).toBe(true);
    const history = await withExtras['history.get'](
      musicOperations['history.get'].params.query.parse({ record: 'artist', id: 'a1', limit: 5 }),
      ctx,
    );
    // one more than the page is asked for, to know whether another follows
    expect(history.data).toEqual({
      record: 'artist',
      id: 'a1',
      observations: [{ observedAt: '2026-06-01T00:00:00.000Z', counts: { followers: 6 } }],
      cursor: '',
    });
  });
});
