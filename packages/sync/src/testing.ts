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
) => { status: number; body: unknown; headers?: Record<string, string> };

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
      };
      requests.push(logged);
      const index = faults.findIndex((f) => url.pathname.startsWith(f.prefix));
      const fault = index === -1 ? undefined : faults.splice(index, 1)[0]!.fault;
      if (fault === 'drop') {
        req.socket.destroy();
        return;
      }
      const answer = fault ?? handler(logged, body);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...headers, ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
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
