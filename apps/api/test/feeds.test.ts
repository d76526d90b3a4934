import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { ErrorBody } from '@socialquery/core';
import { type Comment, CommentsResponse, communityPosts, type Post, PostsResponse } from '@socialquery/forum';
import { type Message, UserMessagesResponse } from '@socialquery/microblog';
import { type Album, ArtistReleasesResponse } from '@socialquery/music';
import { UserPostsResponse, type Video } from '@socialquery/shortvideo';
import { runCli } from '@socialquery/cli';
import { toForumRow, upsertForumRows, upsertVideoChannelRows, upsertVideoRows } from '@socialquery/store';
import { type ChannelVideo, ChannelVideosResponse } from '@socialquery/video';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, platformsOf } from '../src/app.js';
import { FEED_SIZE } from '../src/feeds/routes.js';
import { createRequestBudget } from '../src/rate-limit.js';
import { redactUrl } from '../src/security.js';
import { capturedLogger } from './captured-logger.js';
import { appWith, NOW, startTestService, type TestService } from './harness.js';

let service: TestService;
let feedToken: string;
let ex: {
  community: string;
  forumUser: string;
  microblogUser: string;
  shortvideoUser: string;
  artistUri: string;
};

/** A video channel of 25 uploads, an hour apart (the demo's video set is not seeded here), and one without uploads. */
const CHANNEL = { id: 'UCfeedchannel', name: 'Feed Test Channel' };
const EMPTY_CHANNEL = 'UCfeedempty';

beforeAll(async () => {
  service = await startTestService();
  await upsertVideoChannelRows(service.store.db, [
    { id: CHANNEL.id, name: CHANNEL.name, verified: 1, thumbnails: '', extra: '' },
    { id: EMPTY_CHANNEL, name: 'Quiet Channel', verified: 0, thumbnails: '', extra: '' },
  ]);
  await upsertVideoRows(
    service.store.db,
    Array.from({ length: 25 }, (_, i) => ({
      id: `feedvid${String(i).padStart(2, '0')}`,
      num: 900_000 + i,
      channel_id: CHANNEL.id,
      channel_name: CHANNEL.name,
      title: `Upload number ${i} & <more>`,
      views: 1_000 + i,
      duration: 61 + i,
      published_at: NOW.getTime() - (i + 1) * 3_600_000,
      type: 'VIDEO',
      blocked_regions: '',
      is_live: 0,
      url: '',
      thumbnails: '',
      extra: '',
    })),
  );
  feedToken = (await service.store.credentials.create('feed', 'test feed')).secret;
  const examples = await service.store.examples();
  ex = {
    community: examples.forum!.community,
    forumUser: examples.forum!.username,
    microblogUser: examples.microblog!.username,
    shortvideoUser: examples.shortvideo!.username,
    artistUri: examples.music!.artistUri,
  };
});
afterAll(() => service.close());

type Format = 'atom' | 'rss';
const FORMATS: Format[] = ['atom', 'rss'];
const CONTENT_TYPES = { atom: 'application/atom+xml; charset=utf-8', rss: 'application/rss+xml; charset=utf-8' };

const feedPath = (path: string, format: Format, token = feedToken) =>
  `/api/v1/feeds/${encodeURIComponent(token)}/${path}.${format}`;

/** A GET with a fixed Host: the feed's link is on the request's origin, and supertest listens on a new port each time. */
const get = (url: string) => request(service.app).get(url).set('Host', 'feeds.test');

async function getFeed(path: string, format: Format, query: Record<string, string> = {}) {
  const res = await get(feedPath(path, format)).query(query);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(CONTENT_TYPES[format]);
  const parsed = parseFeed(res.text);
  expect(parsed.meta.type).toBe(format);
  return { res, feed: parsed };
}

async function getJson(path: string, query: Record<string, string>, auth: 'bearer' | 'apiKey' = 'bearer') {
  const req = request(service.app).get(path).query(query);
  const res = await (auth === 'bearer'
    ? req.set('Authorization', `Bearer ${service.token}`)
    : req.set('x-api-key', service.apiKey));
  expect(res.status).toBe(200);
  return res.body as unknown;
}

/** What a feed entry must say about a record: its id, title, link, dates and author. */
interface Expected {
  id: string;
  title: string;
  url: string;
  published: string;
  updated: string;
  author: string;
  content: string;
}

const urn = (platform: string, kind: string, id: string) =>
  `urn:socialquery:${platform}:${kind}:${encodeURIComponent(id)}`;
const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';
const cut = (text: string) => ([...text].length <= 100 ? text : `${[...text].slice(0, 99).join('')}…`);
/**
 * An entry's text without the paragraphs and line breaks the feed wraps it in, whitespace runs as one
 * space (the parser hands content back with its entities decoded, so a text's own `<` is there as written).
 */
const shown = (html: string) =>
  html
    .replace(/<\/?p>|<br>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const fromPost = (post: Post): Expected => ({
  id: urn('forum', 'post', post.id),
  title: post.title,
  url: post.url,
  published: post.createdAt,
  updated: post.createdAt,
  author: post.author,
  content: post.content,
});
const fromComment = (comment: Comment): Expected => ({
  id: urn('forum', 'comment', comment.id),
  title: `${comment.author} in ${comment.community}: ${cut(firstLine(comment.body))}`,
  url: comment.url,
  published: comment.createdAt,
  updated: comment.editedAt ?? comment.createdAt,
  author: comment.author,
  content: comment.body,
});
const fromMessage = (message: Message): Expected => ({
  id: urn('microblog', 'message', message.id),
  title: cut(firstLine(message.text)),
  url: message.url,
  published: message.createdAt,
  updated: message.createdAt,
  author: message.author,
  content: [message.text, ...message.media.map((item) => `${item.type}: ${item.url}`)].join('\n'),
});
const fromVideo = (video: Video): Expected => ({
  id: urn('shortvideo', 'video', video.id),
  title: cut(firstLine(video.description)) || `Video ${video.id}`,
  url: video.videoUrl,
  published: video.createdAt,
  updated: video.createdAt,
  author: video.author,
  content: video.description,
});
const fromUpload = (video: ChannelVideo): Expected => ({
  id: urn('video', 'video', video.videoId),
  title: video.title,
  url: video.url,
  published: video.publishedAt,
  updated: video.publishedAt,
  author: video.author.name,
  content: `${video.title} — ${video.duration}, ${video.views} views.`,
});
const fromRelease = (album: Album): Expected => ({
  id: album.uri,
  title: `${album.name} (${album.type.toLowerCase()}, ${album.date.year})`,
  url: album.uri,
  published: album.date.isoString,
  updated: album.date.isoString,
  author: album.artists[0]!.name,
  content: `${album.name} — ${album.type.toLowerCase()} by ${album.artists.map((a) => a.name).join(', ')}, ${album.totalTracks} track${album.totalTracks === 1 ? '' : 's'}.`,
});

/**
 * The feed holds exactly the records, in their order: ids, titles, links, dates (RSS has one date,
 * the publication), first author, and the text.
 */
function expectEntries(feed: ReturnType<typeof parseFeed>, format: Format, records: Expected[]) {
  expect(records.length).toBeGreaterThan(0);
  expect(
    feed.items.map((item) => ({
      id: item.id,
      title: item.title,
      url: item.url,
      published: item.published?.toISOString(),
      updated: format === 'atom' ? item.updated?.toISOString() : undefined,
      author: item.authors[0]?.name,
      content: shown(item.content ?? ''),
    })),
  ).toEqual(
    records.map((record) => ({
      ...record,
      // RSS dates (RFC 822) hold whole seconds
      published:
        format === 'atom'
          ? record.published
          : new Date(Math.floor(Date.parse(record.published) / 1000) * 1000).toISOString(),
      updated: format === 'atom' ? record.updated : undefined,
      content: shown(record.content),
    })),
  );
}

describe('forum feeds', () => {
  it.each(FORMATS)(
    'community posts (%s): the first page of the listing, its default order, in the feed',
    async (format) => {
      const { posts } = PostsResponse.parse(
        await getJson(`/api/v1/forum/community/${ex.community}/posts`, { limit: String(FEED_SIZE) }),
      );
      expect(posts).toHaveLength(FEED_SIZE);
      const { feed } = await getFeed(`forum/community/${ex.community}/posts`, format);
      expectEntries(feed, format, posts.map(fromPost));
      expect(feed.title).toBe(`${posts[0]!.community}: hot posts`);
      expect(feed.url).toBe(`http://feeds.test/api/v1/forum/community/${ex.community}/posts?sort=hot&timeframe=day`);
    },
  );

  it('community posts: the listing parameters pass through, validated by the operation', async () => {
    const query = { sort: 'top', timeframe: 'week' };
    const { posts } = PostsResponse.parse(
      await getJson(`/api/v1/forum/community/${ex.community}/posts`, { ...query, limit: String(FEED_SIZE) }),
    );
    const { feed } = await getFeed(`forum/community/${ex.community}/posts`, 'atom', query);
    expectEntries(feed, 'atom', posts.map(fromPost));
    expect(feed.title).toMatch(/: top posts \(week\)$/);
    // another order than the default: the pass-through is not ignored
    const hot = PostsResponse.parse(
      await getJson(`/api/v1/forum/community/${ex.community}/posts`, { limit: String(FEED_SIZE) }),
    );
    expect(posts.map((p) => p.id)).not.toEqual(hot.posts.map((p) => p.id));
  });

  it.each(FORMATS)('user posts and user comments (%s)', async (format) => {
    const { posts } = PostsResponse.parse(
      await getJson(`/api/v1/forum/user/${ex.forumUser}/posts`, { limit: String(FEED_SIZE) }),
    );
    expectEntries((await getFeed(`forum/user/${ex.forumUser}/posts`, format)).feed, format, posts.map(fromPost));
    const { comments } = CommentsResponse.parse(
      await getJson(`/api/v1/forum/user/${ex.forumUser}/comments`, { limit: String(FEED_SIZE) }),
    );
    const { feed } = await getFeed(`forum/user/${ex.forumUser}/comments`, format);
    expectEntries(feed, format, comments.map(fromComment));
    expect(feed.title).toBe(`Comments by ${comments[0]!.author}`);
  });

  it.each(FORMATS)('search posts and search comments (%s): q and the filters pass through', async (format) => {
    const word = firstLine(
      PostsResponse.parse(await getJson(`/api/v1/forum/community/${ex.community}/posts`, {})).posts[0]!.title,
    )
      .split(/[^\p{L}\p{N}]+/u)
      .find((w) => w.length > 3)!;
    const query = { q: word, sort: 'new' };
    const posts = PostsResponse.parse(
      await getJson('/api/v1/forum/search/posts', { ...query, limit: String(FEED_SIZE) }),
    ).posts;
    const { feed } = await getFeed('forum/search/posts', format, query);
    expectEntries(feed, format, posts.map(fromPost));
    expect(feed.title).toBe(`Posts matching “${word}” (new)`);
    const comments = CommentsResponse.parse(
      await getJson('/api/v1/forum/search/comments', { q: 'the', limit: String(FEED_SIZE) }),
    ).comments;
    expectEntries(
      (await getFeed('forum/search/comments', format, { q: 'the' })).feed,
      format,
      comments.map(fromComment),
    );
  });

  it('a search feed without q → 400 missing_parameter, as the operation says', async () => {
    const res = await request(service.app).get(feedPath('forum/search/posts', 'rss'));
    expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: 400, code: 'missing_parameter' });
  });

  it('titles and texts that look like markup or XML are shown as written; characters XML cannot hold are dropped', async () => {
    const tricky = 'Tom & <b>Jerry</b> ]]> "quoted" \u0001end';
    await upsertForumRows(service.store.db, [
      toForumRow({
        id: 'feedtricky1',
        community: 'FeedTricky',
        author: 'tricky_author',
        title: tricky,
        content: `first line <script>alert(1)</script>\n\nsecond & last`,
        upvotes: 1,
        downvotes: 0,
        score: 1,
        commentCount: 0,
        createdAt: NOW.getTime() - 3_600_000,
        url: 'not a url',
      }),
    ]);
    for (const format of FORMATS) {
      const { res, feed } = await getFeed('forum/community/FeedTricky/posts', format);
      // the markup is escaped inside the document: a reader shows it, never runs it
      expect(res.text).not.toContain('<script>');
      expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(feed.items).toHaveLength(1);
      const [item] = feed.items;
      expect(item!.title).toBe('Tom & <b>Jerry</b> ]]> "quoted" end');
      expect(shown(item!.content ?? '')).toBe('first line <script>alert(1)</script> second & last');
      // a record without a usable URL links to its own id
      expect(item!.url).toBe(urn('forum', 'post', 'feedtricky1'));
    }
  });
});

describe('other platforms', () => {
  it.each(FORMATS)('microblog user messages (%s), includeReplies passing through', async (format) => {
    const queries: Record<string, string>[] = [{}, { includeReplies: 'true' }];
    const ids: string[][] = [];
    for (const query of queries) {
      const { messages } = UserMessagesResponse.parse(
        await getJson(`/api/v1/microblog/user/${ex.microblogUser}/messages`, { ...query, limit: String(FEED_SIZE) }),
      );
      const { feed } = await getFeed(`microblog/user/${ex.microblogUser}/messages`, format, query);
      expectEntries(feed, format, messages.map(fromMessage));
      ids.push(messages.map((message) => message.id));
    }
    // the user has replies: includeReplies changed the listing, and the feed followed it
    expect(ids[1]).not.toEqual(ids[0]);
  });

  it.each(FORMATS)('short-video creator posts (%s)', async (format) => {
    const { videos } = UserPostsResponse.parse(
      await getJson('/api/v1/shortvideo/user/posts', { username: ex.shortvideoUser, limit: String(FEED_SIZE) }),
    );
    const { feed } = await getFeed(`shortvideo/user/${ex.shortvideoUser}/posts`, format);
    expectEntries(feed, format, videos.map(fromVideo));
    expect(feed.title).toBe(`Videos of @${videos[0]!.author}`);
  });

  it.each(FORMATS)("video channel uploads (%s): the listing's page, newest first", async (format) => {
    const body = ChannelVideosResponse.parse(
      await getJson('/api/v1/channel/videos', { channelId: CHANNEL.id }, 'apiKey'),
    );
    // the listing's page (20) is smaller than a feed: the feed is that page
    expect(body.data.contents).toHaveLength(20);
    const { feed } = await getFeed(`channel/${CHANNEL.id}/videos`, format);
    expectEntries(feed, format, body.data.contents.map(fromUpload));
    expect(feed.title).toBe(`Videos of ${CHANNEL.name}`);
    expect(feed.url).toBe(`http://feeds.test/api/v1/channel/videos?channelId=${CHANNEL.id}&language=en`);
  });

  it('video channel uploads: after/before pass through; a channel without uploads is an empty feed', async () => {
    const query = { after: new Date(NOW.getTime() - 10 * 3_600_000).toISOString() };
    const body = ChannelVideosResponse.parse(
      await getJson('/api/v1/channel/videos', { channelId: CHANNEL.id, ...query }, 'apiKey'),
    );
    expect(body.data.contents).toHaveLength(9);
    const { feed } = await getFeed(`channel/${CHANNEL.id}/videos`, 'atom', query);
    expectEntries(feed, 'atom', body.data.contents.map(fromUpload));
    const empty = await getFeed(`channel/${EMPTY_CHANNEL}/videos`, 'rss');
    expect(empty.feed.items).toEqual([]);
    expect(empty.feed.title).toBe(`Videos of ${EMPTY_CHANNEL}`);
  });

  it.each(FORMATS)('music artist releases (%s): albums, singles and compilations, newest first', async (format) => {
    const releases: Album[] = [];
    for (const kind of ['albums', 'singles', 'compilations']) {
      const body = ArtistReleasesResponse.parse(
        await getJson(`/api/v1/music/artist/${kind}`, { uri: ex.artistUri, limit: String(FEED_SIZE) }, 'apiKey'),
      );
      expect(body.data.items.length).toBeGreaterThan(0);
      releases.push(...body.data.items);
    }
    const newest = releases
      .sort((a, b) => Date.parse(b.date.isoString) - Date.parse(a.date.isoString) || (a.uri < b.uri ? 1 : -1))
      .slice(0, FEED_SIZE);
    const { feed } = await getFeed(`music/artist/${ex.artistUri}/releases`, format);
    expectEntries(feed, format, newest.map(fromRelease));
    const name = releases.flatMap((r) => r.artists).find((a) => a.uri === ex.artistUri)!.name;
    expect(feed.title).toBe(`Releases of ${name}`);
  });
});

describe('conditional GET', () => {
  it.each(FORMATS)(
    '%s: ETag and Last-Modified (the newest entry); If-None-Match and If-Modified-Since → 304',
    async (format) => {
      const path = `forum/community/${ex.community}/posts`;
      const { res, feed } = await getFeed(path, format);
      const etag = res.headers.etag!;
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
      const newest = Math.max(...feed.items.map((item) => (item.updated ?? item.published)!.getTime()));
      expect(res.headers['last-modified']).toBe(new Date(newest).toUTCString());

      const byEtag = await get(feedPath(path, format)).set('If-None-Match', etag);
      expect(byEtag.status).toBe(304);
      expect(byEtag.text).toBeFalsy();
      const byDate = await get(feedPath(path, format)).set('If-Modified-Since', res.headers['last-modified']!);
      expect(byDate.status).toBe(304);

      // an older copy, or another validator, gets the feed
      const older = await get(feedPath(path, format)).set('If-Modified-Since', new Date(newest - 1000).toUTCString());
      expect(older.status).toBe(200);
      const other = await get(feedPath(path, format)).set('If-None-Match', 'W/"other"');
      expect(other.status).toBe(200);
      expect(other.text).toBe(res.text);
    },
  );

  it('an empty feed has an ETag but no Last-Modified, and its ETag holds until an entry appears', async () => {
    const path = `forum/community/${ex.community}/posts`;
    const query = { minScore: '1000000000' };
    for (const format of FORMATS) {
      const { res, feed } = await getFeed(path, format, query);
      expect(feed.items).toEqual([]);
      expect(res.headers['last-modified']).toBeUndefined();
      const again = await get(feedPath(path, format)).query(query).set('If-None-Match', res.headers.etag!);
      expect(again.status).toBe(304);
    }
  });

  it('Atom and RSS of one listing have different ETags; HEAD answers the headers without a body', async () => {
    const path = `forum/user/${ex.forumUser}/posts`;
    const atom = await getFeed(path, 'atom');
    const rss = await getFeed(path, 'rss');
    expect(atom.res.headers.etag).not.toBe(rss.res.headers.etag);
    const head = await request(service.app).head(feedPath(path, 'rss')).set('Host', 'feeds.test');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(rss.res.headers.etag);
    expect(head.text).toBeFalsy();
  });
});

describe('compression', () => {
  it.each(['gzip', 'br'])('%s when the reader takes it: the same document, the same ETag', async (encoding) => {
    const path = feedPath(`forum/community/${ex.community}/posts`, 'atom');
    const plain = await get(path).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await get(path).set('Accept-Encoding', encoding);
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(Number(compressed.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain.text) / 2);
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(compressed.text).toBe(plain.text);
  });
});

describe('feed tokens', () => {
  const path = () => `forum/community/${ex.community}/posts`;
  const expectError = (res: request.Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: status, code });
  };

  it('the URL `keys create --kind feed` prints, its secret and community filled in, is a feed the service serves', async () => {
    // the test's store may be in memory: the CLI prints its hint from a store of its own
    const folder = mkdtempSync(join(tmpdir(), 'socialquery-keys-'));
    const printed: string[] = [];
    const io = { out: (text: string) => void printed.push(text), err: () => {}, interactive: false };
    try {
      const args = ['--store', `sqlite:${join(folder, 'keys.db')}`, 'keys', 'create', '--kind', 'feed'];
      expect(await runCli(args, io)).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const hint = /such as (\/api\/v1\/feeds\/\S+)/.exec(printed[0]!)?.[1];
    expect(hint).toBe('/api/v1/feeds/<secret>/forum/community/<community>/posts.atom');
    const res = await get(hint!.replace('<secret>', feedToken).replace('<community>', ex.community));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(CONTENT_TYPES.atom);
    expect(parseFeed(res.text).items.length).toBeGreaterThan(0);
  });

  it('an API key, a bearer token or an unknown secret in a feed URL → 401 invalid_credentials', async () => {
    for (const secret of [service.apiKey, service.token, 'sqf_unknown', `${feedToken}x`]) {
      expectError(await request(service.app).get(feedPath(path(), 'atom', secret)), 401, 'invalid_credentials');
    }
    // a bearer header does not stand in for the feed token either
    const res = await request(service.app)
      .get(feedPath(path(), 'atom', service.token))
      .set('Authorization', `Bearer ${service.token}`);
    expectError(res, 401, 'invalid_credentials');
  });

  it('a feed URL without its token → 401 missing_credentials', async () => {
    const res = await request(service.app).get(`/api/v1/feeds//${path()}.atom`);
    expectError(res, 401, 'missing_credentials');
  });

  it('a feed token is refused by every operation, as a bearer token and as an API key', async () => {
    const bearer = await request(service.app)
      .get(`/api/v1/forum/community/${ex.community}/posts`)
      .set('Authorization', `Bearer ${feedToken}`);
    expectError(bearer, 401, 'invalid_credentials');
    expect(bearer.headers['www-authenticate']).toMatch(/^Bearer /);
    const apiKey = await request(service.app)
      .get('/api/v1/music/artist/albums')
      .query({ uri: ex.artistUri })
      .set('x-api-key', feedToken);
    expectError(apiKey, 401, 'invalid_credentials');
  });

  it('a revoked feed token is refused on the next request', async () => {
    const created = await service.store.credentials.create('feed');
    const url = feedPath(path(), 'rss', created.secret);
    expect((await request(service.app).get(url)).status).toBe(200);
    await service.store.credentials.revoke(created.id);
    expectError(await request(service.app).get(url), 401, 'invalid_credentials');
  });

  it('a credential in the query of a feed URL → 400 credentials_in_query, the feed token notwithstanding', async () => {
    const res = await request(service.app).get(feedPath(path(), 'atom')).query({ token: feedToken });
    expectError(res, 400, 'credentials_in_query');
  });

  it('each feed request is charged to its token like any request; the music feed costs its three listings', async () => {
    const budget = createRequestBudget({ limit: 3, windowMs: 60_000, logger: pino({ level: 'silent' }) });
    const app = appWith(service.store, platformsOf(service.store), { budget, clock: () => NOW });
    const token = (await service.store.credentials.create('feed')).secret;
    const forum = (n: number) =>
      request(app)
        .get(feedPath(`forum/community/${ex.community}/posts`, 'atom', token))
        .then((r) => r.status)
        .then((s) => [n, s]);
    expect(await Promise.all([1, 2, 3].map(forum))).toEqual([
      [1, 200],
      [2, 200],
      [3, 200],
    ]);
    const over = await request(app).get(feedPath(`forum/community/${ex.community}/posts`, 'atom', token));
    expectError(over, 429, 'rate_limited');
    expect(over.headers['retry-after']).toMatch(/^\d+$/);

    const musicToken = (await service.store.credentials.create('feed')).secret;
    const music = () => request(app).get(feedPath(`music/artist/${ex.artistUri}/releases`, 'rss', musicToken));
    expect((await music()).status).toBe(200);
    expectError(await music(), 429, 'rate_limited');
  });
});

describe('errors on feed routes: the JSON error body', () => {
  const expectError = (res: request.Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: status, code });
    expect(JSON.stringify(res.body)).not.toContain(feedToken);
    return res.body as ErrorBody;
  };

  it('an unknown community, user, artist or channel → 404 not_found', async () => {
    expectError(
      await request(service.app).get(feedPath('forum/community/no_such_community_zz/posts', 'atom')),
      404,
      'not_found',
    );
    expectError(await request(service.app).get(feedPath('forum/user/no_such_user_zz/posts', 'rss')), 404, 'not_found');
    expectError(
      await request(service.app).get(feedPath('microblog/user/no_such_user_zz/messages', 'rss')),
      404,
      'not_found',
    );
    expectError(
      await request(service.app).get(feedPath('music/artist/music:artist:nope/releases', 'atom')),
      404,
      'not_found',
    );
    expectError(await request(service.app).get(feedPath('channel/UCno_such_channel/videos', 'rss')), 404, 'not_found');
  });

  it('unknown and paging parameters → 400 unknown_parameter naming those the feed takes; bad values → 400 invalid_parameter', async () => {
    for (const name of ['limit', 'cursor', 'sortt']) {
      const body = expectError(
        await request(service.app)
          .get(feedPath(`forum/community/${ex.community}/posts`, 'atom'))
          .query({ [name]: '1' }),
        400,
        'unknown_parameter',
      );
      expect(body.message).toContain('accepted: sort, timeframe, after, before, minScore');
    }
    expectError(
      await request(service.app)
        .get(feedPath(`forum/community/${ex.community}/posts`, 'atom'))
        .query({ sort: 'best' }),
      400,
      'invalid_parameter',
    );
    expectError(
      await request(service.app).get(feedPath('music/artist/music:album:x/releases', 'atom')),
      400,
      'invalid_parameter',
    );
  });

  it('a path that is no feed → 404; another method → 405 with Allow', async () => {
    for (const path of [
      feedPath(`forum/community/${ex.community}/posts`, 'atom').replace(/\.atom$/, '.json'),
      feedPath(`forum/community/${ex.community}`, 'atom'),
      feedPath('video/channel/x/uploads', 'atom'),
      '/api/v1/feeds',
    ]) {
      const body = expectError(await request(service.app).get(path), 404, 'not_found');
      expect(body.message).not.toContain(feedToken);
    }
    const post = await request(service.app).post(feedPath(`forum/community/${ex.community}/posts`, 'atom'));
    expectError(post, 405, 'method_not_allowed');
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('the feed token never reaches the log', () => {
  it('request log lines show the feed path with the token masked', async () => {
    const { logger, lines } = capturedLogger();
    const app = createApp({ store: service.store, logger, cursorSecret: 'test-secret-0123456789', clock: () => NOW });
    const path = `forum/community/${ex.community}/posts`;
    expect((await request(app).get(feedPath(path, 'atom'))).status).toBe(200);
    expect((await request(app).get(feedPath(path, 'rss').toUpperCase().replace('.RSS', '.rss'))).status).toBe(401);
    await new Promise((resolve) => setImmediate(resolve));
    const text = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`/api/v1/feeds/***/${path}.atom 200`);
    expect(text).not.toContain(feedToken);
    expect(text).not.toContain(feedToken.toUpperCase());
  });

  it('a failing feed request is logged with the token masked', async () => {
    const { logger, lines } = capturedLogger();
    const failing = {
      contract: { communityPosts },
      handlers: {
        communityPosts: async () => {
          throw new Error('the handler failed');
        },
      },
    };
    const app = appWith(service.store, [failing], { logger });
    const res = await request(app).get(feedPath(`forum/community/${ex.community}/posts`, 'atom'));
    expect(res.status).toBe(500);
    await new Promise((resolve) => setImmediate(resolve));
    const errorLine = lines.find((line) => line.msg === 'unhandled error');
    expect(errorLine).toMatchObject({ path: `/api/v1/feeds/***/forum/community/${ex.community}/posts.atom` });
    expect(JSON.stringify(lines)).not.toContain(feedToken);
  });

  it('redactUrl masks the token segment however the path is spelled, and keeps the rest', () => {
    expect(redactUrl('/api/v1/feeds/sqf_abc/forum/user/x/posts.rss?sort=new')).toBe(
      '/api/v1/feeds/***/forum/user/x/posts.rss?sort=new',
    );
    expect(redactUrl('/API/V1/Feeds//sqf_abc/x.atom?token=t')).toBe('/API/V1/Feeds/***/x.atom?token=***');
    expect(redactUrl('/api/v1/forum/community/x/posts')).toBe('/api/v1/forum/community/x/posts');
  });
});
