import { RequestSetupError, type Transport, type TransportRequest } from '@socialquery/core';
import { createMusicClient, MUSIC_ENDPOINT, MusicClient } from './client.js';

const sent: TransportRequest[] = [];
const recording: Transport = {
  async get(request) {
    sent.push(request);
    return { message: 'Request successful', statusCode: 200, data: {} };
  },
};
const client = new MusicClient({ apiKey: 'sqk_test' }, recording);

async function setupError(call: () => Promise<unknown>): Promise<RequestSetupError> {
  const before = sent.length;
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestSetupError);
  expect(sent.length).toBe(before);
  return error as RequestSetupError;
}

describe('MusicClient', () => {
  it('has the documented modules, one method per operation', () => {
    expect(MUSIC_ENDPOINT).toBe('http://127.0.0.1:8080/api/v1/music');
    expect(Object.keys(client.explore)).toEqual(['search', 'suggestions', 'exportAll', 'iterate']);
    expect(Object.keys(client.artists)).toHaveLength(13); // 11 operations, exportAll and iterate
    expect(Object.keys(client.albums)).toEqual(['getDetail', 'getTracks', 'exportAll', 'iterate']);
    expect(Object.keys(client.tracks)).toEqual([
      'getDetail',
      'getLyrics',
      'getRecommendations',
      'getMany',
      'exportAll',
      'iterate',
    ]);
    expect(Object.keys(client.playlists)).toEqual(['getDetail', 'getTracks', 'exportAll', 'iterate']);
    expect(Object.keys(client.podcasts)).toEqual(['getDetail', 'getEpisodes', 'exportAll', 'iterate']);
    expect(Object.keys(client.users)).toEqual(['getProfile', 'getFollowers', 'getFollowing', 'exportAll', 'iterate']);
  });

  it("sends the members as query parameters under the endpoint's path, with the key in x-api-key", async () => {
    await client.artists.getAlbums({ uri: 'music:artist:a1', limit: 5, order_by: 'DATE_ASC' });
    await client.explore.search({ keyword: 'daft punk' });
    expect(sent.slice(-2)).toEqual([
      {
        path: '/api/v1/music/artist/albums',
        query: { uri: 'music:artist:a1', limit: '5', order_by: 'DATE_ASC' },
        headers: { 'x-api-key': 'sqk_test' },
      },
      { path: '/api/v1/music/search', query: { keyword: 'daft punk' }, headers: { 'x-api-key': 'sqk_test' } },
    ]);
    expect(new URL(MUSIC_ENDPOINT).origin + sent.at(-1)!.path).toBe(`${MUSIC_ENDPOINT}/search`);
  });

  it('refuses a missing or empty apiKey, a bad timeout and any endpoint option when created', () => {
    for (const options of [
      {},
      { apiKey: '' },
      { apiKey: 'k', timeout: 0 },
      { apiKey: 'k', timeout: -5 },
      { apiKey: 'k', baseUrl: 'http://x' },
    ]) {
      expect(() => new MusicClient(options as never)).toThrow(RequestSetupError);
    }
    expect(() => new MusicClient({ apiKey: 'k', endpoint: 'http://x' } as never)).toThrow(/endpoint is fixed/);
    expect(() => new MusicClient({ apiKey: 'k', timeout: 5000 })).not.toThrow();
  });

  it('refuses, before sending, a missing member, a value out of range or enumeration, a wrong-kind URI, an unknown member', async () => {
    expect((await setupError(() => client.explore.search({} as never))).message).toMatch(/keyword is required/);
    expect((await setupError(() => client.albums.getDetail({} as never))).message).toMatch(/uri is required/);
    expect((await setupError(() => client.explore.search({ keyword: 'x', limit: 101 }))).message).toMatch(
      /limit must be at most 100/,
    );
    await setupError(() => client.explore.search({ keyword: 'x', limit: 0 }));
    await setupError(() => client.explore.search({ keyword: 'x', filterBy: 'songs' as never }));
    await setupError(() => client.artists.getSingles({ uri: 'music:artist:a', order_by: 'NEWEST' as never }));
    await setupError(() => client.podcasts.getEpisodes({ uri: 'music:show:s', limit: 301 }));
    expect((await setupError(() => client.tracks.getDetail({ uri: 'music:album:b' }))).message).toMatch(
      /uri must be a catalog URI music:track:<id>/,
    );
    await setupError(() => client.playlists.getDetail({ uri: 'not a uri' }));
    await setupError(() => client.users.getProfile({ uri: 'music:user:u', limit: 3 } as never));
    await setupError(() => client.users.getProfile('music:user:u' as never));
  });
});

describe('createMusicClient: the same modules for a service anywhere', () => {
  it('sends to the given service root with the key, and pages offset listings with iterate', async () => {
    const requests: TransportRequest[] = [];
    const transport: Transport = {
      async get(request) {
        requests.push(request);
        const offset = Number(request.query.offset ?? 0);
        // 250 albums, pages of at most 100
        const items = Array.from({ length: Math.max(0, Math.min(100, 250 - offset)) }, (_, i) => ({
          uri: `music:album:b${offset + i}`,
        }));
        return { message: 'Request successful', statusCode: 200, data: { totalCount: 250, items } };
      },
    };
    const music = createMusicClient({ baseUrl: 'http://10.0.0.5:8080', apiKey: 'sqk_far', transport });
    expect(Object.keys(music)).toEqual([
      'explore',
      'artists',
      'albums',
      'tracks',
      'playlists',
      'podcasts',
      'users',
      'history',
    ]);
    const uris: string[] = [];
    for await (const album of music.artists.iterate('getAlbums', { uri: 'music:artist:a1', limit: 100 }))
      uris.push((album as { uri: string }).uri);
    expect(uris).toHaveLength(250);
    expect(new Set(uris).size).toBe(250);
    expect(requests.map((r) => r.query.offset)).toEqual(['0', '100', '200']);
    expect(requests[0]).toMatchObject({ path: '/api/v1/music/artist/albums', headers: { 'x-api-key': 'sqk_far' } });
  });
});
