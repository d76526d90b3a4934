import { queryParamNames } from '@socialquery/core';
import { musicContract, musicOperations } from './contract.js';
import { searchItemSchemas, SearchResponse } from './schemas.js';
import { formatUri, parseUri, searchUri } from './uri.js';

const PATHS: Record<string, string> = {
  'explore.search': '/search',
  'explore.suggestions': '/search/suggestions',
  'artists.getOverview': '/artist/overview',
  'artists.getPlaylists': '/artist/playlists',
  'artists.getAlbums': '/artist/albums',
  'artists.getSingles': '/artist/singles',
  'artists.getCompilations': '/artist/compilations',
  'artists.getRelated': '/artist/related',
  'artists.getAppearsOn': '/artist/appears-on',
  'artists.getFeaturing': '/artist/featuring',
  'artists.getDiscoveredOn': '/artist/discovered-on',
  'artists.getConcerts': '/artist/concerts',
  'artists.getDiscographyOverview': '/artist/discography-overview',
  'albums.getDetail': '/album/detail',
  'albums.getTracks': '/album/tracks',
  'tracks.getDetail': '/track/detail',
  'tracks.getLyrics': '/track/lyrics',
  'tracks.getRecommendations': '/track/recommendations',
  'tracks.getMany': '/tracks',
  'playlists.getDetail': '/playlist/detail',
  'playlists.getTracks': '/playlist/tracks',
  'podcasts.getDetail': '/podcast/detail',
  'podcasts.getEpisodes': '/podcast/episodes',
  'users.getProfile': '/user/profile',
  'users.getFollowers': '/user/followers',
  'users.getFollowing': '/user/following',
  'history.get': '/history',
};

const grouped = Object.entries(musicContract).flatMap(([module, methods]) =>
  Object.entries(methods).map(([method, operation]) => [`${module}.${method}`, operation] as const),
);

describe('music contract', () => {
  it('declares every documented operation, by module, at its /api/v1/music path, with the API key', () => {
    expect(Object.keys(musicContract)).toEqual([
      'explore',
      'artists',
      'albums',
      'tracks',
      'playlists',
      'podcasts',
      'users',
      'history',
    ]);
    expect(grouped.map(([key]) => key)).toEqual(Object.keys(PATHS));
    for (const [key, operation] of grouped) {
      expect(operation).toMatchObject({
        method: 'GET',
        path: `/api/v1/music${PATHS[key]}`,
        auth: 'apiKey',
        id: `music.${key}`,
      });
    }
  });

  it('the flat contract holds the same operations under <module>.<method>', () => {
    expect(Object.entries(musicOperations)).toEqual(grouped);
    expect(new Set(Object.values(musicOperations).map((op) => op.path)).size).toBe(grouped.length);
  });

  it('names query parameters after the client members', () => {
    expect(queryParamNames(musicContract.explore.search)).toEqual(['keyword', 'offset', 'limit', 'filterBy']);
    expect(queryParamNames(musicContract.artists.getAlbums)).toEqual(['uri', 'offset', 'limit', 'order_by']);
    // the client members, then the paging cursor (an addition)
    expect(queryParamNames(musicContract.tracks.getRecommendations)).toEqual(['uri', 'limit', 'cursor']);
    expect(queryParamNames(musicContract.users.getFollowers)).toEqual(['uri']);
  });

  it('pages track recommendations by cursor, the next one at data.cursor; the offset listings keep their offset paging', () => {
    expect(musicContract.tracks.getRecommendations.paging).toEqual({
      kind: 'token',
      param: 'cursor',
      next: ['data', 'cursor'],
      limitParam: 'limit',
    });
    expect(musicContract.albums.getTracks.paging).toEqual({ kind: 'offset' });
    expect(musicContract.explore.suggestions).not.toHaveProperty('paging');
    // the envelope's members as they were; the cursor beside the list inside data
    const response = musicContract.tracks.getRecommendations.response;
    expect(Object.keys(response.shape)).toEqual(['message', 'statusCode', 'data']);
    expect(Object.keys(response.shape.data.shape)).toEqual(['totalCount', 'items', 'cursor']);
  });

  it('applies the documented defaults', () => {
    const q = <T>(op: { params: { query: { parse(v: unknown): T } } }, v: unknown) => op.params.query.parse(v);
    const artist = 'music:artist:a1';
    expect(q(musicContract.explore.search, { keyword: 'x' })).toEqual({
      keyword: 'x',
      offset: 0,
      limit: 20,
      filterBy: 'song',
    });
    expect(q(musicContract.artists.getSingles, { uri: artist })).toEqual({
      uri: artist,
      offset: 0,
      limit: 20,
      order_by: 'DATE_DESC',
    });
    expect(q(musicContract.albums.getTracks, { uri: 'music:album:b' })).toEqual({
      uri: 'music:album:b',
      offset: 0,
      limit: 300,
    });
    expect(q(musicContract.playlists.getTracks, { uri: 'music:playlist:p' })).toMatchObject({ offset: 0, limit: 300 });
    expect(q(musicContract.podcasts.getEpisodes, { uri: 'music:show:s' })).toMatchObject({ offset: 0, limit: 50 });
    expect(q(musicContract.tracks.getRecommendations, { uri: 'music:track:t' })).toMatchObject({ limit: 20 });
  });

  it.each([
    ['explore.search', { keyword: 'x', limit: '101' }],
    ['explore.search', { keyword: 'x', limit: '0' }],
    ['explore.search', { keyword: 'x', filterBy: 'songs' }],
    ['explore.search', { keyword: 'x', offset: '-1' }],
    ['explore.search', {}],
    ['explore.suggestions', { keyword: '' }],
    ['artists.getAlbums', { uri: 'music:artist:a', limit: '101' }],
    ['artists.getAlbums', { uri: 'music:artist:a', order_by: 'date_desc' }],
    ['albums.getTracks', { uri: 'music:album:a', limit: '301' }],
    ['playlists.getTracks', { uri: 'music:playlist:a', limit: '301' }],
    ['podcasts.getEpisodes', { uri: 'music:show:a', limit: '301' }],
    ['tracks.getRecommendations', { uri: 'music:track:a', limit: '101' }],
    ['albums.getDetail', { uri: 'music:track:a' }],
    ['albums.getDetail', { uri: 'album:a' }],
    ['albums.getDetail', { uri: 'music:album:' }],
    ['albums.getDetail', { uri: 'music:album:a:b' }],
    ['albums.getDetail', { uri: 'spotify:album:a' }],
    ['users.getProfile', {}],
  ])('%s rejects %j', (key, query) => {
    expect(musicOperations[key as keyof typeof musicOperations].params.query.safeParse(query).success).toBe(false);
  });

  it('says which kind a wrong-kind URI was', () => {
    const result = musicContract.tracks.getDetail.params.query.safeParse({ uri: 'music:album:x1' });
    expect(result.error?.issues[0]?.message).toBe('must be a catalog URI music:track:<id> (got one of kind album)');
  });
});

describe('catalog URIs', () => {
  it('parse and format', () => {
    expect(parseUri('music:artist:4tZwfgrHOc3mvqYlEYSvVi')).toEqual({ kind: 'artist', id: '4tZwfgrHOc3mvqYlEYSvVi' });
    expect(formatUri('show', 's1')).toBe('music:show:s1');
    expect(['music:artist', 'music:planet:x', 'music:artist:a b', 'music::x', ''].map(parseUri)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(searchUri(['daft', 'punk'])).toBe('music:search:daft+punk');
  });
});

describe('search items', () => {
  it('each filterBy item parses as its own kind only', () => {
    const img = [{ url: 'u', width: 1, height: 1 }];
    const song = {
      id: 't',
      name: 'n',
      uri: 'music:track:t',
      duration: 1,
      artists: [{ name: 'a', uri: 'music:artist:a' }],
      album: { id: 'b', name: 'b', uri: 'music:album:b', coverArt: img },
    };
    const artist = { id: 'a', name: 'a', uri: 'music:artist:a', avatar: img, verified: true };
    expect(searchItemSchemas.song.safeParse(song).success).toBe(true);
    expect(searchItemSchemas.artist.safeParse(song).success).toBe(false);
    expect(searchItemSchemas.artist.safeParse(artist).success).toBe(true);
    expect(searchItemSchemas.profile.safeParse(artist).success).toBe(false);
    expect(SearchResponse.parse({ message: 'ok', statusCode: 200, data: [song, artist] }).data).toEqual([song, artist]);
  });
});
