import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { readTargetState } from '../checkpoints.js';
import { runTargets } from '../run.js';
import type { Target } from '../targets.js';
import { ALBUM_TRACK_PAGES } from './spotify.js';
import {
  fakeClock,
  fakeConfig,
  fakeSpotify,
  fastUpstream,
  SPOTIFY_CLIENT_ID,
  SPOTIFY_CLIENT_SECRET,
  spotifyAlbums,
  spotifyId,
} from '../testing.js';

const ARTIST = spotifyId('art', 1);
const PLAYLIST = spotifyId('pls', 1);
const SHOW = spotifyId('shw', 1);
const artist: Target = { platform: 'music', artist: ARTIST };
const playlist: Target = { platform: 'music', playlist: PLAYLIST };
const show: Target = { platform: 'music', show: SHOW };

describe('spotify sync', () => {
  let store: Store;
  let spotify: Awaited<ReturnType<typeof fakeSpotify>>;
  const progress: string[] = [];
  const clock = fakeClock();
  const run = (targets: Target[], env: NodeJS.ProcessEnv = spotify.env()) =>
    runTargets(store.db, targets, {
      config: fakeConfig(undefined, undefined, env),
      clock,
      upstream: fastUpstream,
      onProgress: (key, message) => progress.push(`${key}: ${message}`),
    });
  const paths = () => spotify.apiRequests().map((r) => r.path.replace('/v1/', ''));
  const count = async (table: 'music_albums' | 'music_tracks' | 'music_playlist_tracks' | 'music_episodes') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    store = await openTestStore();
    spotify = await fakeSpotify();
    spotify.artists.push({ id: ARTIST, name: 'The Fakes', followers: 1000 });
    spotify.albums.push(
      ...spotifyAlbums(60, ARTIST, '2026-02-01'),
      ...spotifyAlbums(5, ARTIST, '2026-02-20', 'single', 'sgl'),
    );
    spotify.playlists.push({
      id: PLAYLIST,
      name: 'Road trip',
      snapshot: 'snap-1',
      trackIds: spotify.albums.slice(0, 75).flatMap((album) => album.tracks.map((track) => track.id)),
    });
    spotify.shows.push({
      id: SHOW,
      name: 'Fake talk',
      episodes: Array.from({ length: 70 }, (_, i) => ({
        id: spotifyId('epi', 70 - i),
        name: `episode ${70 - i}`,
        releaseDate: new Date(Date.parse('2026-03-01T00:00:00Z') - i * 86_400_000).toISOString().slice(0, 10),
      })),
    });
  });
  afterAll(async () => {
    await spotify.close();
    await store.close();
  });
  beforeEach(() => {
    spotify.requests.length = 0;
    clock.sleeps.length = 0;
  });

  it("an artist: the artist, its releases' pages to the end, the new releases read whole 20 at a time", async () => {
    const [summary] = await run([artist]);
    expect(summary).toMatchObject({ key: `music:artist:${ARTIST}`, stopped: 'caught-up', recordsUpdated: 0 });
    // the artist, then 65 releases: 4 several-albums requests
    expect(summary!.pages).toBe(5);
    expect(paths()).toEqual([
      `artists/${ARTIST}`,
      `artists/${ARTIST}/albums`,
      'albums',
      'albums',
      'albums',
      `artists/${ARTIST}/albums`,
      'albums',
    ]);
    expect(spotify.apiRequests()[1]?.query).toEqual({
      include_groups: 'album,single,compilation',
      limit: '50',
      offset: '0',
    });
    expect(spotify.apiRequests()[5]?.query.offset).toBe('50');
    expect(spotify.apiRequests()[2]?.query.ids?.split(',')).toHaveLength(20);
    expect(await count('music_albums')).toBe(65);
    expect(await count('music_tracks')).toBe(130);
    expect(spotify.tokenRequests()).toBe(1);
    expect((await readTargetState(store.db, `music:artist:${ARTIST}`))?.checkpoint).toEqual({ releases: 65 });
  });

  it('a second run reads the first listing page only; a new single is read whole, nothing old', async () => {
    const [again] = await run([artist]);
    expect(again).toMatchObject({ pages: 1, recordsNew: 0, stopped: 'caught-up' });
    expect(paths()).toEqual([`artists/${ARTIST}`, `artists/${ARTIST}/albums`]);
    spotify.requests.length = 0;
    spotify.albums.push(...spotifyAlbums(1, ARTIST, '2026-03-01', 'single', 'new'));
    const [summary] = await run([artist]);
    expect(summary).toMatchObject({ pages: 2, stopped: 'caught-up' });
    expect(summary!.recordsNew).toBeGreaterThan(0);
    const several = spotify.apiRequests().filter((r) => r.path === '/v1/albums');
    expect(several.map((r) => r.query.ids)).toEqual([spotifyId('new', 1)]);
    expect(await count('music_albums')).toBe(66);
  });

  it("an artist's listing cut short by --pages keeps no release count: the next run reads it to its end", async () => {
    const other = spotifyId('art', 2);
    spotify.artists.push({ id: other, name: 'The Others', followers: 5 });
    spotify.albums.push(...spotifyAlbums(55, other, '2025-06-01', 'album', 'oth'));
    const [cut] = await run([{ platform: 'music', artist: other, pages: 1 }]);
    expect(cut).toMatchObject({ stopped: 'page-limit', pages: 4 });
    expect((await readTargetState(store.db, `music:artist:${other}`))?.checkpoint).toBeUndefined();
    spotify.requests.length = 0;
    const [rest] = await run([{ platform: 'music', artist: other }]);
    expect(rest).toMatchObject({ stopped: 'caught-up', pages: 2 });
    expect(spotify.apiRequests().filter((r) => r.path === '/v1/albums')).toHaveLength(1);
    expect((await readTargetState(store.db, `music:artist:${other}`))?.checkpoint).toEqual({ releases: 55 });
  });

  it('a playlist: its first 100 entries, then /tracks pages to the end; an unchanged snapshot is one request', async () => {
    const [summary] = await run([playlist]);
    expect(summary).toMatchObject({ key: `music:playlist:${PLAYLIST}`, pages: 2, stopped: 'refreshed' });
    expect(paths()).toEqual([`playlists/${PLAYLIST}`, `playlists/${PLAYLIST}/tracks`]);
    expect(spotify.apiRequests()[1]?.query).toEqual({ limit: '100', offset: '100' });
    expect(await count('music_playlist_tracks')).toBe(130);
    spotify.requests.length = 0;
    const [again] = await run([playlist]);
    expect(again).toMatchObject({ pages: 1, recordsNew: 0, stopped: 'caught-up' });
    expect(paths()).toEqual([`playlists/${PLAYLIST}`]);
  });

  it('an edited playlist (a renamed track, a shorter list): the rows update, the entries past its end go', async () => {
    const entry = spotify.albums[0]!.tracks[0]!;
    entry.name = 'track 1 (remastered)';
    const list = spotify.playlists[0]!;
    list.trackIds.splice(120);
    list.snapshot = 'snap-2';
    const [summary] = await run([playlist]);
    expect(summary).toMatchObject({ pages: 2, recordsNew: 0, stopped: 'refreshed' });
    const track = await store.db
      .selectFrom('music_tracks')
      .select('name')
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(track.name).toBe('track 1 (remastered)');
    expect(await count('music_playlist_tracks')).toBe(120);
  });

  it('a show: its newest episodes, then older pages; the next run stops at the newest stored', async () => {
    const [summary] = await run([show]);
    expect(summary).toMatchObject({ key: `music:show:${SHOW}`, pages: 2, recordsNew: 71, stopped: 'caught-up' });
    expect(spotify.apiRequests().map((r) => [r.path.replace('/v1/', ''), r.query.market, r.query.offset])).toEqual([
      [`shows/${SHOW}`, 'US', undefined],
      [`shows/${SHOW}/episodes`, 'US', '50'],
    ]);
    expect(await count('music_episodes')).toBe(70);
    spotify.shows[0]!.episodes.unshift({ id: spotifyId('epi', 71), name: 'episode 71', releaseDate: '2026-03-02' });
    spotify.requests.length = 0;
    const [next] = await run([show]);
    expect(next).toMatchObject({ pages: 1, recordsNew: 1, stopped: 'caught-up' });
    expect(paths()).toEqual([`shows/${SHOW}`]);
    expect((await readTargetState(store.db, `music:show:${SHOW}`))?.checkpoint).toEqual({
      newest: { id: spotifyId('epi', 71), releaseDate: '2026-03-02' },
    });
  });

  it('a show whose episodes outrun --pages keeps the rest as a backlog: later runs read what is new, then go on with it', async () => {
    const LONG = spotifyId('shw', 2);
    const day = (n: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);
    const episode = (n: number) => ({ id: spotifyId('lng', n), name: `long ${n}`, releaseDate: day(n) });
    // 130 episodes, one a day, newest first
    spotify.shows.push({
      id: LONG,
      name: 'Long talk',
      episodes: Array.from({ length: 130 }, (_, i) => episode(130 - i)),
    });
    const target: Target = { platform: 'music', show: LONG, pages: 1 };
    const key = `music:show:${LONG}`;
    const stored = async () =>
      (await store.db.selectFrom('music_episodes').select('name').where('name', 'like', 'long %').execute()).map(
        (row) => Number(row.name.slice(5)),
      );
    const offsets = () => spotify.apiRequests().map((r) => [r.path.replace('/v1/', ''), r.query.offset]);

    const [first] = await run([target]);
    expect(first).toMatchObject({ pages: 1, stopped: 'page-limit' });
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({
      newest: { id: spotifyId('lng', 130), releaseDate: day(130) },
      backlog: { offset: 50 },
    });

    // two episodes published: the backlog's place moves down by two
    spotify.shows.at(-1)!.episodes.unshift(episode(132), episode(131));
    spotify.requests.length = 0;
    const [second] = await run([target]);
    expect(second).toMatchObject({ stopped: 'page-limit' });
    expect(offsets()).toEqual([
      [`shows/${LONG}`, undefined],
      [`shows/${LONG}/episodes`, '52'],
    ]);
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({
      newest: { id: spotifyId('lng', 132), releaseDate: day(132) },
      backlog: { offset: 102 },
    });

    spotify.requests.length = 0;
    const [third] = await run([target]);
    expect(third).toMatchObject({ stopped: 'caught-up' });
    expect(offsets()).toEqual([
      [`shows/${LONG}`, undefined],
      [`shows/${LONG}/episodes`, '102'],
    ]);
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({
      newest: { id: spotifyId('lng', 132), releaseDate: day(132) },
    });
    // every episode once: 50 + (2 + 50) + 30 new, none read twice
    expect([first!.recordsNew, second!.recordsNew, third!.recordsNew]).toEqual([51, 52, 30]);
    expect((await stored()).sort((a, b) => a - b)).toEqual(Array.from({ length: 132 }, (_, i) => i + 1));
  });

  it('429 with Retry-After waits and retries; an expired token is refreshed once', async () => {
    spotify.fail(
      `/v1/playlists/`,
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 401, body: { error: { status: 401, message: 'The access token expired' } } },
    );
    const [summary] = await run([playlist]);
    expect(summary?.stopped).toBe('caught-up');
    expect(clock.sleeps).toEqual([3_000]);
    expect(progress).toContain(`music:playlist:${PLAYLIST}: waiting 3.0 s (retry-after after 429)`);
    // the run's token was refused (401): one more, once
    expect(spotify.tokenRequests()).toBe(2);
  });

  it('missing credentials name the variables; a wrong secret fails without showing it', async () => {
    const [missing] = await run([artist], {});
    expect(missing?.detail).toBe(
      'spotify credentials are not configured: set SOCIALQUERY_SPOTIFY_CLIENT_ID and SOCIALQUERY_SPOTIFY_CLIENT_SECRET',
    );
    const [wrong] = await run([artist], { ...spotify.env(), SOCIALQUERY_SPOTIFY_CLIENT_SECRET: 'wrong-secret-999' });
    expect(wrong).toMatchObject({ stopped: 'error', detail: 'spotify: POST /api/token answered 400: Invalid client' });
    const [unknown] = await run([{ platform: 'music', show: spotifyId('shw', 9) }]);
    expect(unknown?.detail).toBe(`spotify: GET /shows/${spotifyId('shw', 9)} answered 404: Resource not found`);
    const text = JSON.stringify(progress);
    for (const secret of [SPOTIFY_CLIENT_SECRET, SPOTIFY_CLIENT_ID, 'wrong-secret-999', 'spotify-token-'])
      expect(text).not.toContain(secret);
  });
  it("an album of more than 50 tracks: its tracks' pages to the end, in track order, each page one import", async () => {
    const long = spotifyId('art', 3);
    spotify.artists.push({ id: long, name: 'The Long Ones', followers: 7 });
    const [album] = spotifyAlbums(1, long, '2025-01-10', 'compilation', 'lng', 120);
    spotify.albums.push(album!);
    const [summary] = await run([{ platform: 'music', artist: long }]);
    // the artist, the album with its first 50 tracks, then 2 track pages
    expect(summary).toMatchObject({ stopped: 'caught-up', pages: 4, recordsNew: 122, recordsUpdated: 0 });
    expect(spotify.apiRequests().map((r) => [r.path.replace('/v1/', ''), r.query.offset, r.query.limit])).toEqual([
      [`artists/${long}`, undefined, undefined],
      [`artists/${long}/albums`, '0', '50'],
      ['albums', undefined, undefined],
      [`albums/${album!.id}/tracks`, '50', '50'],
      [`albums/${album!.id}/tracks`, '100', '50'],
    ]);
    const tracks = await store.db
      .selectFrom('music_tracks')
      .select(['id', 'name', 'track_number'])
      .where('album_id', '=', album!.id)
      .orderBy('track_number')
      .execute();
    expect(tracks).toHaveLength(120);
    expect(tracks.map((t) => t.id)).toEqual(album!.tracks.map((t) => t.id));
    expect(tracks.map((t) => Number(t.track_number))).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(tracks[119]).toMatchObject({ name: 'track 120' });
    // the next run reads the listing's first page only: the album is stored
    spotify.requests.length = 0;
    expect((await run([{ platform: 'music', artist: long }]))[0]).toMatchObject({ pages: 1, recordsNew: 0 });
    expect(paths()).toEqual([`artists/${long}`, `artists/${long}/albums`]);
  });

  it(`an album's track pages are bounded: ${ALBUM_TRACK_PAGES} pages (1,000 tracks) at most, the cut said in a progress line`, async () => {
    const huge = spotifyId('art', 4);
    spotify.artists.push({ id: huge, name: 'The Box Set', followers: 9 });
    const [album] = spotifyAlbums(1, huge, '2024-05-05', 'compilation', 'box', 1_020);
    spotify.albums.push(album!);
    const [summary] = await run([{ platform: 'music', artist: huge }]);
    // the artist, the album with its first 50 tracks, then 19 track pages
    expect(summary).toMatchObject({ stopped: 'caught-up', pages: 1 + ALBUM_TRACK_PAGES });
    const pages = spotify.apiRequests().filter((r) => r.path === `/v1/albums/${album!.id}/tracks`);
    expect(pages.map((r) => Number(r.query.offset))).toEqual(
      Array.from({ length: ALBUM_TRACK_PAGES - 1 }, (_, i) => 50 * (i + 1)),
    );
    const stored = await store.db
      .selectFrom('music_tracks')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('track_number').as('last')])
      .where('album_id', '=', album!.id)
      .executeTakeFirstOrThrow();
    expect([Number(stored.n), Number(stored.last)]).toEqual([1_000, 1_000]);
    expect(progress).toContain(
      `music:artist:${huge}: album ${album!.id}: its first 1000 tracks of 1020 stored (the most read per album)`,
    );
  });
});
