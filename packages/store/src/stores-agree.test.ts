import { createCursorCodec } from '@socialquery/core/server';
import { createForumHandlers } from '@socialquery/forum/server';
import type { Store } from './store.js';
import { openSeededTestStore, TEST_NOW } from './testing.js';

/**
 * The same demo data in SQLite and in PostgreSQL must answer every query identically — including
 * video search (the same index, walked by the same statements, each store choosing its own plans)
 * and music search, where each store matches with its own full-text engine, and the music tables
 * derived in SQL.
 */
describe('SQLite and PostgreSQL answer identically', () => {
  const now = TEST_NOW;
  let sqlite: Store;
  let postgres: Store;
  beforeAll(async () => {
    // the whole test demo, copies of the run's templates (the API suites read the same)
    [sqlite, postgres] = await Promise.all([
      openSeededTestStore({ now, kind: 'sqlite' }),
      openSeededTestStore({ now, kind: 'postgres' }),
    ]);
  });
  afterAll(async () => {
    await sqlite.close();
    await postgres.close();
  });

  const HOUR = 3_600_000;
  it.each([
    [['recipe'], 365 * 24 * HOUR, 'VIDEO'],
    [['recipe'], HOUR, 'VIDEO'],
    [['recipe'], 7 * 24 * HOUR, 'VIDEO'],
    [['easy', 'recipe'], 365 * 24 * HOUR, 'VIDEO'],
    [['review'], 30 * 24 * HOUR, 'VIDEO'],
    [['music'], 365 * 24 * HOUR, 'VIDEO'],
    [['full', 'movie'], 365 * 24 * HOUR, 'MOVIE'],
  ] as const)('video search %j over %d ms of %s: the same pages, order and totals', async (terms, span, type) => {
    const query = {
      terms: [...terms],
      since: now.getTime() - span,
      until: now.getTime(),
      type,
      geoCode: 'US' as const,
      limit: 20,
    };
    // five pages each (or all there are)
    const pages = async (store: Store) => {
      const walked = [await store.video.search(query)];
      while (walked.length < 5 && walked.at(-1)!.next)
        walked.push(await store.video.search({ ...query, after: walked.at(-1)!.next }));
      return walked;
    };
    const [a, b] = [await pages(sqlite), await pages(postgres)];
    expect(a[0]!.videos.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it.each(['time', 'relevance'] as const)(
    "a video's comment threads (order %s) agree: every page, replies and extra",
    async (order) => {
      const { video } = await sqlite.examples();
      const query = { videoId: video!.videoId, order, limit: 20, replies: 5 };
      const pages = async (store: Store) => {
        const walked = [await store.video.commentThreads(query, { extra: true })];
        while (walked.at(-1)!.next)
          walked.push(await store.video.commentThreads({ ...query, after: walked.at(-1)!.next }, { extra: true }));
        return walked;
      };
      const [a, b] = [await pages(sqlite), await pages(postgres)];
      expect(a[0]!.threads.length).toBeGreaterThan(0);
      expect(b).toEqual(a);
    },
  );

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

  it.each([
    ['posts', 'this OR chain', 'relevance'],
    ['posts', 'title:the -this', 'new'],
    ['comments', '"of the"', 'top'],
    ['comments', 'cha* OR this', 'new'],
    ['comments', 'the -this -of', 'old'],
  ] as const)('forum search of %s in the query language, %j by %s: the same pages', async (kind, q, sort) => {
    const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'agree' };
    // three pages each (or all there are), through the handlers that answer the language over the store
    const pages = async (store: Store) => {
      const search = createForumHandlers(store.forum);
      const walked: { ids: string[]; cursor: string }[] = [];
      let cursor = '';
      do {
        const params = { q, sort, limit: 25, ...(cursor ? { cursor } : {}) };
        const page =
          kind === 'posts'
            ? await search.searchPosts(params, ctx).then(({ posts, cursor }) => ({ items: posts, cursor }))
            : await search.searchComments(params, ctx).then(({ comments, cursor }) => ({ items: comments, cursor }));
        walked.push({ ids: page.items.map((item) => item.id), cursor: page.cursor });
        cursor = page.cursor;
      } while (cursor && walked.length < 3);
      return walked;
    };
    const [a, b] = [await pages(sqlite), await pages(postgres)];
    expect(a.flatMap((page) => page.ids).length).toBeGreaterThan(0);
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
  });
});
