import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from './clock.js';
import { type SyncConfig, syncConfigFromEnv } from './config.js';

/**
 * Test support: fakes of the platforms' APIs on 127.0.0.1 (an ephemeral port) serving the documented
 * response shapes, with scripted faults and a log of every request; and a clock whose waits take no time.
 */

/** A clock whose sleeps move `now` forward at once (yielding to I/O first), recording each wait. */
export function fakeClock(
  start = Date.parse('2026-03-02T12:00:00Z'),
): Clock & { sleeps: number[]; advance(ms: number): void } {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    advance: (ms) => void (now += ms),
    async sleep(ms, signal) {
      sleeps.push(ms);
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw signal.reason;
      now += ms;
    },
  };
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization?: string;
  /** The request's body, as sent (a form, JSON). */
  body?: string;
}

/** A scripted answer: a status with headers and body, or `drop` (the connection is destroyed: no answer). */
export type Fault = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop';

export interface Fake {
  url: string;
  requests: LoggedRequest[];
  /** The next requests whose path starts with `prefix` get these answers, one each, in order. */
  fail(prefix: string, ...faults: Fault[]): void;
  /** Headers added to every answer (rate-limit headers). */
  headers: Record<string, string>;
  close(): Promise<void>;
}

type Handler = (
  request: LoggedRequest,
  body: string,
) => { status: number; body: unknown; headers?: Record<string, string>; text?: string };

async function startFake(handler: Handler): Promise<Fake> {
  const faults: { prefix: string; fault: Fault }[] = [];
  const requests: LoggedRequest[] = [];
  const headers: Record<string, string> = {};
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const logged: LoggedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        ...(body !== '' ? { body } : {}),
      };
      requests.push(logged);
      const index = faults.findIndex((f) => url.pathname.startsWith(f.prefix));
      const fault = index === -1 ? undefined : faults.splice(index, 1)[0]!.fault;
      if (fault === 'drop') {
        req.socket.destroy();
        return;
      }
      const answer: { status: number; body?: unknown; headers?: Record<string, string>; text?: string } =
        fault ?? handler(logged, body);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...headers, ...answer.headers });
      res.end(answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    headers,
    fail: (prefix, ...list) => faults.push(...list.map((fault) => ({ prefix, fault }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RedditPost {
  id: string;
  subreddit: string;
  author: string;
  title: string;
  selftext: string;
  created_utc: number;
  score: number;
}

export interface RedditComment {
  id: string;
  link_id: string;
  author: string;
  body: string;
  created_utc: number;
  score: number;
}

export const REDDIT_CLIENT_ID = 'fake-client-id-123';
export const REDDIT_CLIENT_SECRET = 'fake-client-secret-456';

/**
 * Reddit's API as documented: the client-credentials token endpoint (POST /api/v1/access_token, basic
 * auth) and, with a bearer token, Listings (`/r/{sub}/new|hot`, `/user/{name}/submitted`, `limit` and
 * `after` paging by fullname) and a post's comments (`/comments/{id}`: two Listings).
 */
export async function fakeReddit() {
  const posts: RedditPost[] = [];
  const comments: RedditComment[] = [];
  let issued = 0;
  const valid = new Set<string>();
  const thing = (post: RedditPost) => ({
    kind: 't3',
    data: {
      ...post,
      name: `t3_${post.id}`,
      num_comments: comments.filter((c) => c.link_id === `t3_${post.id}`).length,
      permalink: `/r/${post.subreddit}/comments/${post.id}/x/`,
      selftext_html: post.selftext ? `&lt;div&gt;${post.selftext}&lt;/div&gt;` : null,
    },
  });
  const listing = (items: RedditPost[], query: Record<string, string>) => {
    const limit = Number(query.limit ?? 25);
    const start = query.after ? items.findIndex((p) => `t3_${p.id}` === query.after) + 1 : 0;
    const page = items.slice(start, start + limit);
    const more = start + limit < items.length;
    return { kind: 'Listing', data: { after: more ? `t3_${page.at(-1)!.id}` : null, children: page.map(thing) } };
  };
  const newestFirst = (items: RedditPost[]) => [...items].sort((a, b) => b.created_utc - a.created_utc);
  const fake = await startFake((request) => {
    if (request.path === '/api/v1/access_token') {
      const expected = `Basic ${Buffer.from(`${REDDIT_CLIENT_ID}:${REDDIT_CLIENT_SECRET}`).toString('base64')}`;
      if (request.authorization !== expected) return { status: 401, body: { message: 'Unauthorized', error: 401 } };
      const token = `token-${++issued}`;
      valid.add(token);
      return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 86400, scope: '*' } };
    }
    if (!valid.has(request.authorization?.replace(/^Bearer /, '') ?? ''))
      return { status: 401, body: { message: 'Unauthorized', error: 401 } };
    let match = /^\/r\/([^/]+)\/(new|hot)$/.exec(request.path);
    if (match) {
      const inSub = posts.filter((p) => p.subreddit.toLowerCase() === match![1]!.toLowerCase());
      const ordered = match[2] === 'new' ? newestFirst(inSub) : [...inSub].sort((a, b) => b.score - a.score);
      return { status: 200, body: listing(ordered, request.query) };
    }
    match = /^\/user\/([^/]+)\/submitted$/.exec(request.path);
    if (match)
      return { status: 200, body: listing(newestFirst(posts.filter((p) => p.author === match![1])), request.query) };
    match = /^\/comments\/([^/]+)$/.exec(request.path);
    if (match) {
      const post = posts.find((p) => p.id === match![1]);
      if (!post) return { status: 404, body: { message: 'Not Found', error: 404 } };
      const replies = comments
        .filter((c) => c.link_id === `t3_${post.id}`)
        .map((c) => ({
          kind: 't1',
          data: { ...c, name: `t1_${c.id}`, parent_id: c.link_id, subreddit: post.subreddit, replies: '' },
        }));
      return {
        status: 200,
        body: [
          { kind: 'Listing', data: { after: null, children: [thing(post)] } },
          { kind: 'Listing', data: { after: null, children: replies } },
        ],
      };
    }
    return { status: 404, body: { message: 'Not Found', error: 404 } };
  });
  return {
    ...fake,
    posts,
    comments,
    /** Every token issued so far stops working: the next request answers 401. */
    expireTokens: () => valid.clear(),
    /** The requests to the API (not the token endpoint). */
    apiRequests: () => fake.requests.filter((r) => r.path !== '/api/v1/access_token'),
    tokenRequests: () => fake.requests.filter((r) => r.path === '/api/v1/access_token').length,
  };
}

/** `n` posts in `subreddit`, one a minute, the newest `createdAt` (seconds); ids `<prefix>1` … */
export function redditPosts(n: number, subreddit: string, createdAt: number, prefix = 'p'): RedditPost[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${(i + 1).toString(36)}`,
    subreddit,
    author: `author${i % 3}`,
    title: `post ${i + 1} of ${subreddit}`,
    selftext: `text ${i + 1}`,
    created_utc: createdAt - i * 60,
    score: 1000 - i,
  }));
}

export interface YoutubeVideo {
  id: string;
  channelId: string;
  channelTitle: string;
  title: string;
  publishedAt: string;
  duration: string;
  viewCount: string;
}

export const YOUTUBE_API_KEY = 'AIzaFakeKey-0123456789';

/**
 * YouTube Data API v3 as documented: channels.list (the uploads playlist), playlistItems.list and
 * search.list (50 a page, `pageToken`), videos.list (up to 50 ids); the API key in `key`, else 400.
 */
export async function fakeYoutube() {
  const videos: YoutubeVideo[] = [];
  const newestFirst = () => [...videos].sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1));
  const paged = <T>(items: T[], query: Record<string, string>) => {
    const size = Number(query.maxResults ?? 5);
    const start = Number(query.pageToken ?? 0);
    const next = start + size < items.length ? String(start + size) : undefined;
    return { page: items.slice(start, start + size), next };
  };
  const fake = await startFake((request) => {
    if (request.query.key !== YOUTUBE_API_KEY)
      return {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            errors: [{ reason: 'keyInvalid' }],
          },
        },
      };
    const { query } = request;
    switch (request.path) {
      case '/channels': {
        const found = videos.some((v) => v.channelId === query.id);
        return {
          status: 200,
          body: {
            kind: 'youtube#channelListResponse',
            items: found
              ? [
                  {
                    kind: 'youtube#channel',
                    id: query.id,
                    contentDetails: { relatedPlaylists: { uploads: `UU${query.id!.slice(2)}` } },
                  },
                ]
              : [],
          },
        };
      }
      case '/playlistItems': {
        const channel = `UC${query.playlistId!.slice(2)}`;
        const { page, next } = paged(
          newestFirst().filter((v) => v.channelId === channel),
          query,
        );
        return {
          status: 200,
          body: {
            kind: 'youtube#playlistItemListResponse',
            ...(next ? { nextPageToken: next } : {}),
            pageInfo: { resultsPerPage: page.length },
            items: page.map((v) => ({
              kind: 'youtube#playlistItem',
              id: `item-${v.id}`,
              snippet: {
                publishedAt: v.publishedAt,
                channelId: v.channelId,
                title: v.title,
                resourceId: { kind: 'youtube#video', videoId: v.id },
              },
              contentDetails: { videoId: v.id, videoPublishedAt: v.publishedAt },
            })),
          },
        };
      }
      case '/search': {
        const matching = newestFirst().filter(
          (v) =>
            v.title.toLowerCase().includes(query.q!.toLowerCase()) &&
            (!query.publishedAfter || v.publishedAt > query.publishedAfter),
        );
        const { page, next } = paged(matching, query);
        return {
          status: 200,
          body: {
            kind: 'youtube#searchListResponse',
            ...(next ? { nextPageToken: next } : {}),
            items: page.map((v) => ({
              kind: 'youtube#searchResult',
              id: { kind: 'youtube#video', videoId: v.id },
              snippet: {
                publishedAt: v.publishedAt,
                channelId: v.channelId,
                title: v.title,
                channelTitle: v.channelTitle,
              },
            })),
          },
        };
      }
      case '/videos': {
        const ids = (query.id ?? '').split(',');
        return {
          status: 200,
          body: {
            kind: 'youtube#videoListResponse',
            items: videos
              .filter((v) => ids.includes(v.id))
              .map((v) => ({
                kind: 'youtube#video',
                id: v.id,
                snippet: {
                  publishedAt: v.publishedAt,
                  channelId: v.channelId,
                  title: v.title,
                  channelTitle: v.channelTitle,
                  liveBroadcastContent: 'none',
                },
                contentDetails: { duration: v.duration },
                statistics: { viewCount: v.viewCount },
              })),
          },
        };
      }
    }
    return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
  });
  return { ...fake, videos };
}

/** `n` videos of `channel`, one an hour, the newest at `newest`; ids `<prefix>00001`… (11 characters). */
export function youtubeVideos(n: number, channel: string, newest: number, prefix = 'vid'): YoutubeVideo[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${String(i + 1).padStart(11 - prefix.length, '0')}`,
    channelId: channel,
    channelTitle: `channel ${channel.slice(-4)}`,
    title: `video ${i + 1} cooking`,
    publishedAt: new Date(newest - i * 3_600_000).toISOString().replace('.000', ''),
    duration: 'PT4M13S',
    viewCount: String(1000 + i),
  }));
}

/** A configuration whose credentials and endpoints are the fakes'. */
export function fakeConfig(
  reddit?: { url: string },
  youtube?: { url: string },
  extra: NodeJS.ProcessEnv = {},
): SyncConfig {
  return syncConfigFromEnv({
    ...(reddit
      ? {
          SOCIALQUERY_REDDIT_CLIENT_ID: REDDIT_CLIENT_ID,
          SOCIALQUERY_REDDIT_CLIENT_SECRET: REDDIT_CLIENT_SECRET,
          SOCIALQUERY_REDDIT_API_URL: reddit.url,
          SOCIALQUERY_REDDIT_AUTH_URL: `${reddit.url}/api/v1/access_token`,
        }
      : {}),
    ...(youtube ? { SOCIALQUERY_YOUTUBE_API_KEY: YOUTUBE_API_KEY, SOCIALQUERY_YOUTUBE_API_URL: youtube.url } : {}),
    ...extra,
  });
}

/** Upstream options that make retries instant on the fake clock and deterministic. */
export const fastUpstream = { retries: 3, baseDelayMs: 100, maxWaitMs: 600_000, timeoutMs: 5_000, random: () => 0.5 };

const bearer = (request: LoggedRequest) => request.authorization?.replace(/^Bearer /, '') ?? '';

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
 * compilation, each newest first; `limit`/`offset`, `next`), several albums (`ids`, with their
 * tracks), a playlist with its first 100 entries and `/tracks` pages, a show (only with `market`) with
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
      const show = shows.find((s) => s.id === match![1]);
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

/** `n` releases of `artistId` (two tracks each), one a day, the newest on `newest` (YYYY-MM-DD); ids `<prefix>…`. */
export function spotifyAlbums(
  n: number,
  artistId: string,
  newest: string,
  albumType: SpotifyAlbum['albumType'] = 'album',
  prefix = 'alb',
): SpotifyAlbum[] {
  return Array.from({ length: n }, (_, i) => {
    const id = spotifyId(prefix, i + 1);
    return {
      id,
      name: `${albumType} ${i + 1}`,
      artistId,
      albumType,
      releaseDate: new Date(Date.parse(`${newest}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10),
      tracks: [1, 2].map((t) => ({ id: spotifyId(`${prefix}t${t}x`, i + 1), name: `track ${t}`, durationMs: 200_000 })),
    };
  });
}

export const X_BEARER_TOKEN = 'AAAAfake-x-bearer-token-0123456789';

export interface XUser {
  id: string;
  username: string;
  name: string;
  followers: string[];
}
export interface XPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
  conversationId: string;
  likes: number;
}

/**
 * X API v2 as documented (an app's bearer token): a user by username, a user's posts
 * (`/users/{id}/tweets`: newest first, `since_id`, `max_results`, `pagination_token`; `meta.newest_id`,
 * `meta.next_token`), recent search (`query=conversation_id:…`, `next_token`), a user's followers;
 * expansions give `includes.users`. An empty page is `{meta: {result_count: 0}}`.
 */
export async function fakeX() {
  const users: XUser[] = [];
  const posts: XPost[] = [];
  const unauthorized = {
    status: 401,
    body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
  };
  const userObject = (user: XUser) => ({
    id: user.id,
    username: user.username,
    name: user.name,
    created_at: '2020-01-01T00:00:00.000Z',
    description: '',
    protected: false,
    verified: false,
    public_metrics: { followers_count: user.followers.length, following_count: 0, tweet_count: 0, like_count: 0 },
  });
  const postObject = (post: XPost) => ({
    id: post.id,
    text: post.text,
    author_id: post.authorId,
    created_at: post.createdAt,
    conversation_id: post.conversationId,
    public_metrics: { like_count: post.likes, retweet_count: 0, reply_count: 0, quote_count: 0, impression_count: 0 },
    ...(post.conversationId !== post.id
      ? { referenced_tweets: [{ type: 'replied_to', id: post.conversationId }] }
      : {}),
    edit_history_tweet_ids: [post.id],
  });
  const newer = (a: string, b: string) => BigInt(a) > BigInt(b);
  const page = (items: XPost[], query: Record<string, string>, token: string | undefined) => {
    const since = query.since_id;
    const listed = items.filter((p) => !since || newer(p.id, since)).sort((a, b) => (newer(a.id, b.id) ? -1 : 1));
    const size = Number(query.max_results ?? 10);
    const start = Number(token ?? 0);
    const slice = listed.slice(start, start + size);
    if (slice.length === 0) return { meta: { result_count: 0 } };
    const authors = [...new Set(slice.map((p) => p.authorId))].map((id) => users.find((u) => u.id === id)!);
    return {
      data: slice.map(postObject),
      includes: { users: authors.map(userObject) },
      meta: {
        result_count: slice.length,
        newest_id: slice[0]!.id,
        oldest_id: slice.at(-1)!.id,
        ...(start + size < listed.length ? { next_token: String(start + size) } : {}),
      },
    };
  };
  const fake = await startFake((request) => {
    if (bearer(request) !== X_BEARER_TOKEN) return unauthorized;
    const { query } = request;
    let match = /^\/2\/users\/by\/username\/([^/]+)$/.exec(request.path);
    if (match) {
      const user = users.find((u) => u.username.toLowerCase() === match![1]!.toLowerCase());
      if (!user)
        return {
          status: 200,
          body: { errors: [{ detail: `Could not find user with username: [${match[1]}].`, title: 'Not Found Error' }] },
        };
      return { status: 200, body: { data: userObject(user) } };
    }
    match = /^\/2\/users\/([0-9]+)\/tweets$/.exec(request.path);
    if (match)
      return {
        status: 200,
        body: page(
          posts.filter((p) => p.authorId === match![1]),
          query,
          query.pagination_token,
        ),
      };
    if (request.path === '/2/tweets/search/recent') {
      const conversation = /^conversation_id:([0-9]+)$/.exec(query.query ?? '')?.[1];
      return {
        status: 200,
        body: page(
          posts.filter((p) => p.conversationId === conversation && p.id !== conversation),
          query,
          query.next_token,
        ),
      };
    }
    match = /^\/2\/users\/([0-9]+)\/followers$/.exec(request.path);
    if (match) {
      const user = users.find((u) => u.id === match![1]);
      if (!user) return { status: 404, body: { title: 'Not Found Error', detail: 'no such user' } };
      const size = Number(query.max_results ?? 100);
      const start = Number(query.pagination_token ?? 0);
      const ids = user.followers.slice(start, start + size);
      return {
        status: 200,
        body: {
          data: ids.map((id) => userObject(users.find((u) => u.id === id)!)),
          meta: {
            result_count: ids.length,
            ...(start + size < user.followers.length ? { next_token: String(start + size) } : {}),
          },
        },
      };
    }
    return { status: 404, body: { title: 'Not Found Error', detail: 'Not Found' } };
  });
  return {
    ...fake,
    users,
    posts,
    env: (): NodeJS.ProcessEnv => ({
      SOCIALQUERY_X_BEARER_TOKEN: X_BEARER_TOKEN,
      SOCIALQUERY_X_API_URL: `${fake.url}/2`,
    }),
  };
}

/** `n` posts of `authorId`, one a minute, the newest at `newest` (ms); snowflake-like ids from `firstId` up. */
export function xPosts(n: number, authorId: string, newest: number, firstId = 1_800_000_000_000_000_000n): XPost[] {
  return Array.from({ length: n }, (_, i) => {
    const id = String(firstId + BigInt(n - i));
    return {
      id,
      authorId,
      text: `post ${n - i} &amp; more`,
      createdAt: new Date(newest - i * 60_000).toISOString(),
      conversationId: id,
      likes: i,
    };
  });
}

export const TIKTOK_CLIENT_KEY = 'fakeclientkey0123';
export const TIKTOK_CLIENT_SECRET = 'fake-tiktok-secret-4567';

export interface TiktokVideo {
  /** A 19-digit id, sent as a JSON number as the API does (past 2^53). */
  id: string;
  username: string;
  description: string;
  createTime: number;
  likes: number;
}

/**
 * The TikTok Research API as documented: the client-credentials token endpoint (POST
 * /v2/oauth/token/, a form with client_key, client_secret, grant_type) and, with a bearer token, the
 * video query (POST /v2/research/video/query/?fields=…, a JSON body: an `and` of EQ conditions,
 * `start_date`/`end_date` YYYYMMDD at most 30 days apart, `max_count`, `cursor`, `search_id`),
 * answering `{data: {videos, cursor, has_more, search_id}, error: {code: 'ok'}}` with ids as JSON numbers.
 */
export async function fakeTiktok() {
  const videos: TiktokVideo[] = [];
  const valid = new Set<string>();
  let issued = 0;
  const error = (status: number, code: string, message: string) => ({
    status,
    body: { error: { code, message, log_id: 'log-1' } },
  });
  const day = (date: string) =>
    Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T00:00:00Z`) / 1000;
  const fake = await startFake((request, body) => {
    if (request.path === '/v2/oauth/token/') {
      const form = new URLSearchParams(body);
      if (
        form.get('client_key') !== TIKTOK_CLIENT_KEY ||
        form.get('client_secret') !== TIKTOK_CLIENT_SECRET ||
        form.get('grant_type') !== 'client_credentials'
      )
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client key or secret is invalid.' },
        };
      const token = `clt.tiktok-token-${++issued}`;
      valid.add(token);
      return { status: 200, body: { access_token: token, expires_in: 7200, token_type: 'Bearer' } };
    }
    if (!valid.has(bearer(request)))
      return error(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    if (request.path !== '/v2/research/video/query/' || request.method !== 'POST')
      return error(404, 'not_found', 'Not found');
    const query = JSON.parse(body) as {
      query: { and: { field_name: string; operation: string; field_values: string[] }[] };
      start_date: string;
      end_date: string;
      max_count?: number;
      cursor?: number;
      search_id?: string;
    };
    const start = day(query.start_date);
    const end = day(query.end_date) + 86_400;
    if (end - start > 30 * 86_400 || end <= start)
      return error(400, 'invalid_params', 'The end_date must be no more than 30 days after the start_date');
    const username = query.query.and.find((c) => c.field_name === 'username')?.field_values[0];
    const matching = videos
      .filter((v) => v.username === username && v.createTime >= start && v.createTime < end)
      .sort((a, b) => b.createTime - a.createTime);
    const size = query.max_count ?? 20;
    const cursor = query.cursor ?? 0;
    const slice = matching.slice(cursor, cursor + size);
    const hasMore = cursor + size < matching.length;
    // ids as JSON numbers past 2^53, as the API sends them
    const videoText = slice
      .map(
        (v) =>
          `{"id":${v.id},"create_time":${v.createTime},"username":${JSON.stringify(v.username)},"region_code":"US","video_description":${JSON.stringify(v.description)},"music_id":7000000000000000001,"like_count":${v.likes},"comment_count":0,"share_count":0,"view_count":${v.likes * 10},"hashtag_names":[]}`,
      )
      .join(',');
    return {
      status: 200,
      body: undefined,
      text: `{"data":{"videos":[${videoText}],"cursor":${cursor + slice.length},"has_more":${hasMore},"search_id":"7400000000000000001"},"error":{"code":"ok","message":"","log_id":"log-2"}}`,
    };
  });
  return {
    ...fake,
    videos,
    expireTokens: () => valid.clear(),
    /** The video queries' bodies, parsed (ids as sent). */
    queries: () =>
      fake.requests
        .filter((r) => r.path === '/v2/research/video/query/')
        .map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>),
    tokenRequests: () => fake.requests.filter((r) => r.path === '/v2/oauth/token/').length,
    env: (): NodeJS.ProcessEnv => ({
      SOCIALQUERY_TIKTOK_CLIENT_KEY: TIKTOK_CLIENT_KEY,
      SOCIALQUERY_TIKTOK_CLIENT_SECRET: TIKTOK_CLIENT_SECRET,
      SOCIALQUERY_TIKTOK_API_URL: fake.url,
      SOCIALQUERY_TIKTOK_AUTH_URL: `${fake.url}/v2/oauth/token/`,
    }),
  };
}

/** `n` videos of `username`, one every 6 hours, the newest at `newest` (ms); 19-digit ids from `firstId` up. */
export function tiktokVideos(
  n: number,
  username: string,
  newest: number,
  firstId = 7_300_000_000_000_000_000n,
): TiktokVideo[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(firstId + BigInt(n - i)),
    username,
    description: `video ${n - i} #fyp`,
    createTime: Math.floor((newest - i * 6 * 3_600_000) / 1000),
    likes: 100 + i,
  }));
}
