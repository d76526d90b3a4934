import { bearer, startFake } from './fake-server.js';

export const SPOTIFY_CLIENT_ID = 'fake-spotify-client-0123';
export const SPOTIFY_CLIENT_SECRET = 'fake-spotify-secret-4567';

export interface SpotifyAlbum {
  id: string;
  name: string;
  artistId: string;
  albumType: 'album' | 'single' | 'compilation';
  releaseDate: string;
  tracks: { id: string; name: string; durationMs: number }[];
}
export interface SpotifyEpisode {
  id: string;
  name: string;
  releaseDate: string;
}

/** A Spotify id: 22 letters and digits, `prefix` then the number padded with zeros. */
export const spotifyId = (prefix: string, n: number) => `${prefix}${String(n).padStart(22 - prefix.length, '0')}`;

/**
 * The Spotify Web API as documented: the client-credentials token endpoint (POST /api/token, basic
 * auth) and, with a bearer token, under /v1: artists, an artist's albums (grouped album, single,
 * compilation, each newest first; `limit`/`offset`, `next`), several albums (`ids`, each with its
 * first 50 tracks), an album's tracks (`/albums/{id}/tracks`, `limit` 1–50), a playlist with its first 100 entries and `/tracks` pages, a show (only with `market`) with
 * its first 50 episodes and `/episodes` pages. Paging objects carry `href`, `next`, `offset`, `total`.
 */
export async function fakeSpotify() {
  const artists: { id: string; name: string; followers: number }[] = [];
  const albums: SpotifyAlbum[] = [];
  const playlists: { id: string; name: string; snapshot: string; trackIds: string[] }[] = [];
  const shows: { id: string; name: string; episodes: SpotifyEpisode[] }[] = [];
  const valid = new Set<string>();
  let issued = 0;
  let origin = '';
  const artistRef = (id: string) => ({ type: 'artist', id, name: artists.find((a) => a.id === id)?.name ?? id });
  const simpleAlbum = (album: SpotifyAlbum) => ({
    type: 'album',
    id: album.id,
    name: album.name,
    album_type: album.albumType,
    album_group: album.albumType,
    artists: [artistRef(album.artistId)],
    release_date: album.releaseDate,
    release_date_precision: 'day',
    total_tracks: album.tracks.length,
    images: [],
  });
  const trackOf = (id: string) => {
    const album = albums.find((a) => a.tracks.some((t) => t.id === id))!;
    const index = album.tracks.findIndex((t) => t.id === id);
    const track = album.tracks[index]!;
    return { album, index, track };
  };
  const simpleTrack = (album: SpotifyAlbum, index: number) => ({
    type: 'track',
    id: album.tracks[index]!.id,
    name: album.tracks[index]!.name,
    artists: [artistRef(album.artistId)],
    disc_number: 1,
    track_number: index + 1,
    duration_ms: album.tracks[index]!.durationMs,
    explicit: false,
  });
  const paging = <T>(path: string, items: T[], offset: number, limit: number, map: (item: T) => unknown) => {
    const next = offset + limit < items.length ? `${origin}/v1/${path}?offset=${offset + limit}&limit=${limit}` : null;
    return {
      href: `${origin}/v1/${path}?offset=${offset}&limit=${limit}`,
      items: items.slice(offset, offset + limit).map(map),
      limit,
      offset,
      total: items.length,
      next,
      previous: null,
    };
  };
  const notFound = { status: 404, body: { error: { status: 404, message: 'Resource not found' } } };
  const fake = await startFake((request, body) => {
    if (request.path === '/api/token') {
      const form = new URLSearchParams(body);
      const expected = `Basic ${Buffer.from(`${SPOTIFY_CLIENT_ID}:${SPOTIFY_CLIENT_SECRET}`).toString('base64')}`;
      if (request.authorization !== expected || form.get('grant_type') !== 'client_credentials')
        return { status: 400, body: { error: 'invalid_client', error_description: 'Invalid client' } };
      const token = `spotify-token-${++issued}`;
      valid.add(token);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
    }
    if (!valid.has(bearer(request)))
      return { status: 401, body: { error: { status: 401, message: 'The access token expired' } } };
    const { query } = request;
    const offset = Number(query.offset ?? 0);
    const path = request.path.replace(/^\/v1\//, '');
    let match = /^artists\/([^/]+)$/.exec(path);
    if (match) {
      const artist = artists.find((a) => a.id === match![1]);
      if (!artist) return notFound;
      return {
        status: 200,
        body: {
          type: 'artist',
          id: artist.id,
          name: artist.name,
          genres: ['test'],
          popularity: 50,
          followers: { href: null, total: artist.followers },
          images: [],
        },
      };
    }
    match = /^artists\/([^/]+)\/albums$/.exec(path);
    if (match) {
      const groups = (query.include_groups ?? 'album,single,compilation,appears_on').split(',');
      const own = groups.flatMap((group) =>
        albums
          .filter((a) => a.artistId === match![1] && a.albumType === group)
          .sort((a, b) => (a.releaseDate < b.releaseDate ? 1 : -1)),
      );
      return { status: 200, body: paging(path, own, offset, Number(query.limit ?? 20), simpleAlbum) };
    }
    if (path === 'albums') {
      const ids = (query.ids ?? '').split(',');
      if (ids.length > 20) return { status: 400, body: { error: { status: 400, message: 'Too many ids requested' } } };
      return {
        status: 200,
        body: {
          albums: ids.map((id) => {
            const album = albums.find((a) => a.id === id);
            if (!album) return null;
            return {
              ...simpleAlbum(album),
              label: 'Fake Records',
              popularity: 40,
              tracks: paging(`albums/${id}/tracks`, album.tracks, 0, 50, (t) =>
                simpleTrack(album, album.tracks.indexOf(t)),
              ),
            };
          }),
        },
      };
    }
    match = /^albums\/([^/]+)\/tracks$/.exec(path);
    if (match) {
      const album = albums.find((a) => a.id === match![1]);
      if (!album) return notFound;
      const limit = Number(query.limit ?? 20);
      if (!(limit >= 1 && limit <= 50))
        return { status: 400, body: { error: { status: 400, message: 'Invalid limit' } } };
      return {
        status: 200,
        body: paging(path, album.tracks, offset, limit, (t) => simpleTrack(album, album.tracks.indexOf(t))),
      };
    }
    const entries = (playlist: (typeof playlists)[number], start: number, limit: number) =>
      paging(`playlists/${playlist.id}/tracks`, playlist.trackIds, start, limit, (id) => {
        const { album, index } = trackOf(id);
        return { added_at: '2026-01-01T00:00:00Z', track: { ...simpleTrack(album, index), album: simpleAlbum(album) } };
      });
    match = /^playlists\/([^/]+)(\/tracks)?$/.exec(path);
    if (match) {
      const playlist = playlists.find((p) => p.id === match![1]);
      if (!playlist) return notFound;
      if (match[2]) return { status: 200, body: entries(playlist, offset, Number(query.limit ?? 100)) };
      return {
        status: 200,
        body: {
          type: 'playlist',
          id: playlist.id,
          name: playlist.name,
          description: '',
          owner: { type: 'user', id: 'owner1', display_name: 'Owner' },
          public: true,
          collaborative: false,
          snapshot_id: playlist.snapshot,
          followers: { href: null, total: 3 },
          images: [],
          tracks: entries(playlist, 0, 100),
        },
      };
    }
    match = /^shows\/([^/]+)(\/episodes)?$/.exec(path);
    if (match) {
      const show = shows.find((s) => s.id === match[1]);
      if (!show || !query.market) return notFound;
      const episodes = (start: number, limit: number) =>
        paging(`shows/${show.id}/episodes`, show.episodes, start, limit, (episode) => ({
          type: 'episode',
          id: episode.id,
          name: episode.name,
          description: '',
          release_date: episode.releaseDate,
          release_date_precision: 'day',
          duration_ms: 1_800_000,
          explicit: false,
          languages: ['en'],
          images: [],
        }));
      if (match[2]) return { status: 200, body: episodes(offset, Number(query.limit ?? 20)) };
      return {
        status: 200,
        body: {
          type: 'show',
          id: show.id,
          name: show.name,
          publisher: 'Fake Pods',
          description: '',
          languages: ['en'],
          media_type: 'audio',
          explicit: false,
          images: [],
          total_episodes: show.episodes.length,
          episodes: episodes(0, 50),
        },
      };
    }
    return notFound;
  });
  origin = fake.url;
  return {
    ...fake,
    artists,
    albums,
    playlists,
    shows,
    expireTokens: () => valid.clear(),
    apiRequests: () => fake.requests.filter((r) => r.path !== '/api/token'),
    tokenRequests: () => fake.requests.filter((r) => r.path === '/api/token').length,
    env: (): NodeJS.ProcessEnv => ({
      SOCIALQUERY_SPOTIFY_CLIENT_ID: SPOTIFY_CLIENT_ID,
      SOCIALQUERY_SPOTIFY_CLIENT_SECRET: SPOTIFY_CLIENT_SECRET,
      SOCIALQUERY_SPOTIFY_API_URL: `${fake.url}/v1`,
      SOCIALQUERY_SPOTIFY_AUTH_URL: `${fake.url}/api/token`,
    }),
  };
}

/**
 * `n` releases of `artistId` (`tracks` tracks each, two by default), one a day, the newest on `newest`
 * (YYYY-MM-DD); ids `<prefix>…`, track `t` of release `i` `<prefix>t<t>x…`.
 */
export function spotifyAlbums(
  n: number,
  artistId: string,
  newest: string,
  albumType: SpotifyAlbum['albumType'] = 'album',
  prefix = 'alb',
  tracks = 2,
): SpotifyAlbum[] {
  return Array.from({ length: n }, (_, i) => {
    const id = spotifyId(prefix, i + 1);
    return {
      id,
      name: `${albumType} ${i + 1}`,
      artistId,
      albumType,
      releaseDate: new Date(Date.parse(`${newest}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10),
      tracks: Array.from({ length: tracks }, (_, t) => ({
        id: spotifyId(`${prefix}t${t + 1}x`, i + 1),
        name: `track ${t + 1}`,
        durationMs: 200_000,
      })),
    };
  });
}
