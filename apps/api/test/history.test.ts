import { cpSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importData, importDocuments } from '@socialquery/store';
import { importFixture } from '@socialquery/store/testing';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';

/** Readings an hour apart. */
const T = Date.parse('2026-03-02T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

const withKey = (path: string, query: Record<string, string>) =>
  request(service.app).get(path).query(query).set('x-api-key', service.apiKey);
const withToken = (path: string, query: Record<string, string>) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);

/** A YouTube videos.list answer for one video with `views`. */
const youtubeVideo = (views: number) => ({
  kind: 'youtube#videoListResponse',
  items: [
    {
      kind: 'youtube#video',
      id: 'histvideo01',
      snippet: {
        channelId: 'UChistoryhistoryhistory1',
        channelTitle: 'History channel',
        title: 'A video read three times',
        publishedAt: '2026-03-01T10:00:00Z',
        liveBroadcastContent: 'none',
      },
      contentDetails: { duration: 'PT3M' },
      statistics: { viewCount: String(views), likeCount: '3' },
    },
  ],
});

describe('video history: a video’s views as each reading found them', () => {
  beforeAll(async () => {
    for (const [at, views] of [
      [T, 100],
      [T + HOUR, 250],
      [T + 2 * HOUR, 250],
      [T + 3 * HOUR, 400],
    ] as const)
      await importDocuments(service.store.db, 'video', 'youtube-v3', [youtubeVideo(views)], { observedAt: at });
  });

  it('answers each change once, oldest first, in the envelope; a reading that found nothing new adds none', async () => {
    const res = await withKey('/api/v1/video/history', { record: 'video', id: 'histvideo01' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Request successful',
      statusCode: 200,
      data: {
        record: 'video',
        id: 'histvideo01',
        observations: [
          { observedAt: iso(T), counts: { views: 100 } },
          { observedAt: iso(T + HOUR), counts: { views: 250 } },
          { observedAt: iso(T + 3 * HOUR), counts: { views: 400 } },
        ],
        cursor: '',
      },
    });
  });

  it('pages with limit and cursor, each reading once; since/until bound the span', async () => {
    const first = await withKey('/api/v1/video/history', { record: 'video', id: 'histvideo01', limit: '2' });
    expect(first.body.data.observations.map((o: { counts: { views: number } }) => o.counts.views)).toEqual([100, 250]);
    const next = await withKey('/api/v1/video/history', {
      record: 'video',
      id: 'histvideo01',
      limit: '2',
      cursor: first.body.data.cursor as string,
    });
    expect(next.body.data).toMatchObject({ observations: [{ counts: { views: 400 } }], cursor: '' });
    const span = await withKey('/api/v1/video/history', {
      record: 'video',
      id: 'histvideo01',
      since: iso(T),
      until: iso(T + 3 * HOUR),
    });
    expect(span.body.data.observations).toEqual([{ observedAt: iso(T + HOUR), counts: { views: 250 } }]);
  });

  it('exports the whole series; fields trims each observation', async () => {
    const ndjson = await withKey('/api/v1/video/history', {
      record: 'video',
      id: 'histvideo01',
      format: 'ndjson',
      fields: 'counts',
    });
    expect(ndjson.status).toBe(200);
    expect(
      ndjson.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ counts: { views: 100 } }, { counts: { views: 250 } }, { counts: { views: 400 } }]);
  });

  it('an unknown video is a 404, a video without readings an empty list, a bad record or limit a 400', async () => {
    const unknown = await withKey('/api/v1/video/history', { record: 'video', id: 'nosuchvideo' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', message: "video 'nosuchvideo' not found" });
    // the demo gives a few videos a history (the first by id); the others have none
    const demo = await service.store.db
      .selectFrom('video_videos')
      .select('id')
      .where('id', 'not in', (eb) =>
        eb.selectFrom('observations').select('item_id').where('item_table', '=', 'video_videos'),
      )
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const empty = await withKey('/api/v1/video/history', { record: 'video', id: demo.id });
    expect(empty.body.data).toEqual({ record: 'video', id: demo.id, observations: [], cursor: '' });
    const kind = await withKey('/api/v1/video/history', { record: 'channel', id: 'histvideo01' });
    expect(kind.status).toBe(400);
    expect(kind.body.issues).toEqual([{ path: 'record', message: 'must be one of: video, comment' }]);
    const limit = await withKey('/api/v1/video/history', { record: 'video', id: 'histvideo01', limit: '1001' });
    expect(limit.body.issues).toEqual([{ path: 'limit', message: 'must be at most 1000' }]);
  });
});

/** A TikTok Research API answer for one video with `likes` (and its other counts fixed). */
const tiktokVideo = (likes: number) => ({
  data: {
    videos: [
      {
        id: '7399000000000000111',
        create_time: 1772400000,
        username: 'history.creator',
        video_description: 'counted twice',
        like_count: likes,
        comment_count: 4,
        share_count: 1,
        view_count: 900,
      },
    ],
    cursor: 1,
    has_more: false,
    search_id: '7399000000000000112',
  },
  error: { code: 'ok' },
});

describe('short-video, music and professional histories: each platform in its own envelope', () => {
  let dir: string;
  beforeAll(async () => {
    await importDocuments(service.store.db, 'shortvideo', 'tiktok', [tiktokVideo(10)], { observedAt: T });
    await importDocuments(service.store.db, 'shortvideo', 'tiktok', [tiktokVideo(35)], { observedAt: T + HOUR });
    const artist = (followers: number, popularity: number) => ({
      artists: [
        {
          id: '7histArtist0000000000A',
          type: 'artist',
          uri: 'spotify:artist:7histArtist0000000000A',
          name: 'History Artist',
          genres: [],
          images: [],
          popularity,
          followers: { href: null, total: followers },
        },
      ],
    });
    await importDocuments(service.store.db, 'music', 'spotify-web-api', [artist(1000, 40)], { observedAt: T });
    await importDocuments(service.store.db, 'music', 'spotify-web-api', [artist(1000, 40)], { observedAt: T + HOUR });
    await importDocuments(service.store.db, 'music', 'spotify-web-api', [artist(1500, 41)], {
      observedAt: T + 2 * HOUR,
    });
    // a member's export, then the same with one connection more
    dir = mkdtempSync(join(tmpdir(), 'sq-api-history-'));
    cpSync(importFixture('linkedin'), dir, { recursive: true });
    await importData(service.store.db, 'professional', 'linkedin-export', dir, { observedAt: T });
    appendFileSync(join(dir, 'Connections.csv'), 'Ada,Lovelace,,,Analytical Engines,Countess,01 Mar 2026\n');
    await importData(service.store.db, 'professional', 'linkedin-export', dir, { observedAt: T + HOUR });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('forum: a post’s score and comment count, bare, under the bearer token', async () => {
    const listing = (score: number, comments: number) => ({
      kind: 'Listing',
      data: {
        after: null,
        children: [
          {
            kind: 't3',
            data: {
              id: 'hist1',
              name: 't3_hist1',
              subreddit: 'science',
              author: 'someone',
              title: 'counted over time',
              selftext: '',
              created_utc: T / 1000 - 3600,
              score,
              num_comments: comments,
              permalink: '/r/science/comments/hist1/counted/',
            },
          },
        ],
      },
    });
    await importDocuments(service.store.db, 'forum', 'reddit-api', [listing(3, 0)], { observedAt: T });
    await importDocuments(service.store.db, 'forum', 'reddit-api', [listing(3, 0)], { observedAt: T + HOUR });
    await importDocuments(service.store.db, 'forum', 'reddit-api', [listing(57, 12)], { observedAt: T + 2 * HOUR });
    const res = await withToken('/api/v1/forum/history', { record: 'post', id: 'hist1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      record: 'post',
      id: 'hist1',
      observations: [
        { observedAt: iso(T), counts: { score: 3, commentCount: 0 } },
        { observedAt: iso(T + 2 * HOUR), counts: { score: 57, commentCount: 12 } },
      ],
      cursor: '',
    });
  });

  it('microblog: a message’s counts and its author’s, bare, under the bearer token', async () => {
    const page = (likes: number, followers: number) => ({
      data: [
        {
          id: '1900000000000000777',
          text: 'counted twice',
          author_id: '2900000000000000001',
          created_at: '2026-03-02T09:00:00.000Z',
          conversation_id: '1900000000000000777',
          public_metrics: { like_count: likes, retweet_count: 1, reply_count: 0, quote_count: 0, impression_count: 50 },
        },
      ],
      includes: {
        users: [
          {
            id: '2900000000000000001',
            username: 'history_author',
            name: 'History Author',
            created_at: '2020-01-01T00:00:00.000Z',
            public_metrics: { followers_count: followers, following_count: 3, tweet_count: 10, like_count: 0 },
          },
        ],
      },
    });
    await importDocuments(service.store.db, 'microblog', 'twitter-v2', [page(5, 100)], { observedAt: T });
    await importDocuments(service.store.db, 'microblog', 'twitter-v2', [page(9, 100)], { observedAt: T + HOUR });
    const message = await withToken('/api/v1/microblog/history', { record: 'message', id: '1900000000000000777' });
    expect(message.body).toEqual({
      record: 'message',
      id: '1900000000000000777',
      observations: [
        { observedAt: iso(T), counts: { likeCount: 5, repostCount: 1, replyCount: 0, quoteCount: 0, viewCount: 50 } },
        {
          observedAt: iso(T + HOUR),
          counts: { likeCount: 9, repostCount: 1, replyCount: 0, quoteCount: 0, viewCount: 50 },
        },
      ],
      cursor: '',
    });
    const user = await withToken('/api/v1/microblog/history', { record: 'user', id: '2900000000000000001' });
    // the author's counts did not move: one reading
    expect(user.body.observations).toEqual([
      { observedAt: iso(T), counts: { followerCount: 100, followingCount: 3, messageCount: 10, likeCount: 0 } },
    ]);
  });

  it('short video: a bare answer under the bearer token, each kind with its counts', async () => {
    const res = await withToken('/api/v1/shortvideo/history', { record: 'video', id: '7399000000000000111' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      record: 'video',
      id: '7399000000000000111',
      observations: [
        { observedAt: iso(T), counts: { likeCount: 10, commentCount: 4, shareCount: 1, viewCount: 900 } },
        { observedAt: iso(T + HOUR), counts: { likeCount: 35, commentCount: 4, shareCount: 1, viewCount: 900 } },
      ],
      cursor: '',
    });
    const key = await withKey('/api/v1/shortvideo/history', { record: 'video', id: '7399000000000000111' });
    expect(key.status).toBe(401);
    const comment = await withToken('/api/v1/shortvideo/history', { record: 'comment', id: 'nosuchcomment' });
    expect(comment.status).toBe(404);
  });

  it('music: the envelope, an artist’s followers and popularity, the unchanged reading left out', async () => {
    const res = await withKey('/api/v1/music/history', { record: 'artist', id: '7histArtist0000000000A' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Request successful',
      statusCode: 200,
      data: {
        record: 'artist',
        id: '7histArtist0000000000A',
        observations: [
          { observedAt: iso(T), counts: { followers: 1000, popularity: 40 } },
          { observedAt: iso(T + 2 * HOUR), counts: { followers: 1500, popularity: 41 } },
        ],
        cursor: '',
      },
    });
  });

  it('professional: success and cost around the data, a profile by its id; errors carry success: false', async () => {
    const profile = await withKey('/api/v1/professional/api/v1/user/profile', { username: 'grace-hopper' });
    const id = profile.body.data.id as string;
    const res = await withKey('/api/v1/professional/history', { record: 'profile', id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, cost: 1, data: { record: 'profile', id, cursor: '' } });
    const counts = (res.body.data.observations as { counts: { connection_count: number } }[]).map(
      (o) => o.counts.connection_count,
    );
    expect(counts).toHaveLength(2);
    expect(counts[1]).toBe(counts[0]! + 1);
    const unknown = await withKey('/api/v1/professional/history', { record: 'profile', id: 'nobody-at-all' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'not_found' });
  });
});
