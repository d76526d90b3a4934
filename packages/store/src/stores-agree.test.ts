import type { Store } from './store.js';
import { openTestStore } from './testing.js';

/**
 * The same demo data in SQLite and in PostgreSQL must answer every query identically — including
 * video and music search, where each store matches with its own full-text engine, and the music
 * tables derived in SQL.
 */
describe('SQLite and PostgreSQL answer identically', () => {
  const now = new Date('2026-06-15T12:00:00.000Z');
  let sqlite: Store;
  let postgres: Store;
  beforeAll(async () => {
    sqlite = await openTestStore({ kind: 'sqlite' });
    postgres = await openTestStore({ kind: 'postgres' });
    for (const store of [sqlite, postgres]) await store.seedDemo({ now, only: ['video', 'music'] });
  }, 240_000);
  afterAll(async () => {
    await sqlite.close();
    await postgres.close();
  });

  it.each([
    [['recipe'], 0],
    [['recipe'], 20],
    [['easy', 'recipe'], 0],
    [['review'], 40],
    [['music'], 0],
  ])('video search %j from offset %d: same page, same order, same total', async (terms, offset) => {
    const query = {
      terms,
      since: now.getTime() - 365 * 86_400_000,
      until: now.getTime(),
      type: 'VIDEO' as const,
      geoCode: 'US' as const,
      offset,
      limit: 20,
    };
    const [a, b] = [await sqlite.video.search(query), await postgres.video.search(query)];
    expect(a.total).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it('related videos and examples agree', async () => {
    const { video } = await sqlite.examples();
    expect(await postgres.examples()).toMatchObject({ video });
    const record = await sqlite.video.video(video!.videoId);
    expect(await postgres.video.related(record!, 20)).toEqual(await sqlite.video.related(record!, 20));
  });

  it.each([
    ['searchTracks', ['love'], 0],
    ['searchTracks', ['love'], 40],
    ['searchTracks', ['night', 'love'], 0],
    ['searchAlbums', ['love'], 20],
    ['searchArtists', ['the'], 0],
    ['searchPlaylists', ['mix'], 0],
    ['searchShows', ['love'], 0],
    ['searchUsers', ['love'], 0],
    ['searchGenres', ['love'], 0],
  ] as const)('music %s %j from offset %d: same page, same order', async (method, terms, offset) => {
    const request = { terms: [...terms], offset, limit: 20 };
    const [a, b] = [await sqlite.music[method](request), await postgres.music[method](request)];
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it('music examples, derived tables, suggestions and listings agree', async () => {
    const { music } = await sqlite.examples();
    expect(music).toBeDefined();
    expect((await postgres.examples()).music).toEqual(music);
    for (const table of ['music_track_recommendations', 'music_related_artists'] as const) {
      const rowsOf = (store: Store) => store.db.selectFrom(table).selectAll().orderBy('id').execute();
      const rows = await rowsOf(sqlite);
      expect(rows.length).toBeGreaterThan(1_000); // a tenth of the catalog (TEST_DEMO_SCALES)
      expect(await rowsOf(postgres)).toEqual(rows);
    }
    const id = (uri: string) => uri.split(':')[2]!;
    const artistId = id(music!.artistUri);
    const both = async <T>(ask: (store: Store) => Promise<T>) => expect(await ask(postgres)).toEqual(await ask(sqlite));
    await both((s) => s.music.suggestTracks('lo', 5));
    await both((s) => s.music.suggestArtists('the s', 5));
    await both((s) => s.music.artistReleases({ artistId, type: 'SINGLE', order: 'DATE_ASC', offset: 0, limit: 100 }));
    await both((s) => s.music.artistPlaylists(artistId, 20));
    await both((s) => s.music.discoveredOn(artistId, 20));
    await both((s) => s.music.appearsOn(artistId, 50));
    await both((s) => s.music.recommendations(id(music!.trackUri), 100));
    await both((s) => s.music.playlistTracks(id(music!.playlistUri), { offset: 0, limit: 300 }));
    await both((s) => s.music.followers(id(music!.userUri), 100));
  }, 60_000);
});
