import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostsResponse } from '@socialquery/forum';
import { UserMessagesResponse } from '@socialquery/microblog';
import {
  AlbumTracksResponse,
  PlaylistTracksResponse,
  RecommendationsResponse,
  RelatedArtistsResponse,
} from '@socialquery/music';
import { TrendingResponse, VideosByIdsResponse } from '@socialquery/video';
import { importData } from '@socialquery/store';
import request from 'supertest';
import { importFixture } from '@socialquery/store/testing';
import { startTestService, type TestService } from './harness.js';

let service: TestService;
let dir: string;
beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'sq-api-import-'));
  // the video demo (50,000 videos and their charts) into a new PostgreSQL database, on a busy machine
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);
/** The operations that take an API key (music, video). */
const getWithKey = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('x-api-key', service.apiKey);

describe('imported data over HTTP', () => {
  it('Reddit submissions imported into the store are served by the forum operations', async () => {
    const summary = await importData(
      service.store.db,
      'forum',
      'reddit-ndjson',
      importFixture('reddit', 'submissions.ndjson.zst'),
    );
    expect(summary).toMatchObject({ imported: 4, updated: 0, skipped: 0 });
    const res = await get('/api/v1/forum/community/TypeScript/posts', { sort: 'new' });
    expect(res.status).toBe(200);
    const { posts } = PostsResponse.parse(res.body);
    expect(posts.map((p) => p.id)).toEqual(['1a2b3f', '1a2b3e', '1a2b3c']);
    expect(posts[2]).toEqual({
      id: '1a2b3c',
      title: 'Show r/typescript: a streaming importer',
      content: 'It reads NDJSON line by line.',
      author: 'Alice_Dev',
      community: 'typescript',
      upvotes: 120,
      downvotes: 0,
      score: 118,
      commentCount: 14,
      createdAt: '2023-11-14T22:13:20.000Z',
      url: 'https://www.reddit.com/r/typescript/comments/1a2b3c/show_rtypescript_a_streaming_importer/',
    });
    const byUser = PostsResponse.parse((await get('/api/v1/forum/user/greenthumb/posts')).body);
    expect(byUser.posts.map((p) => [p.id, p.community, p.commentCount])).toEqual([['1a2b3d', 'gardening', 7]]);
  });

  it('tweets imported from API v2 pages are served by the microblog operations, retweets with their original', async () => {
    const summary = await importData(
      service.store.db,
      'microblog',
      'twitter-v2',
      importFixture('twitter-v2', 'timeline.json'),
    );
    expect(summary).toMatchObject({ imported: 5, skipped: 1 });
    const res = await get('/api/v1/microblog/user/X/messages', { includeReplies: 'true' });
    expect(res.status).toBe(200);
    const { messages } = UserMessagesResponse.parse(res.body);
    expect(messages.map((m) => [m.id, m.isRepost])).toEqual([
      ['1700000000000000300', true],
      ['1700000000000000200', false],
    ]);
    expect(messages[0]!.repostedMessage).toMatchObject({
      id: '1700000000000000100',
      author: 'TwitterDev',
      likeCount: 25,
    });
  });

  it('Spotify responses imported into the store are served by the music operations, with recommendations and related artists recomputed', async () => {
    const summary = await importData(service.store.db, 'music', 'spotify-web-api', importFixture('spotify'));
    expect(summary).toMatchObject({ imported: 19, updated: 3, unchanged: 6, skipped: 0 });
    const [T1, T2, T3, T4] = [
      '3n3Ppam7vgaVa1iaRUc9Lp',
      '7ouMYWpwJ422jRcDASZB7P',
      '4VqPOruhp5EdPBeR92t6lQ',
      '2takcwOaAZWiXQijPHIx7B',
    ];
    const playlist = await getWithKey('/api/v1/music/playlist/tracks', {
      uri: 'music:playlist:37i9dQZF1DXcBWIGoYBM5M',
    });
    expect(playlist.status).toBe(200);
    const { data } = PlaylistTracksResponse.parse(playlist.body);
    expect(data.items.map((t) => t.id)).toEqual([T1, T2, T3, T4]);
    expect(data.items[1]).toMatchObject({
      name: 'Neon Rain (feat. DJ Mira)',
      uri: `music:track:${T2}`,
      duration: { totalMilliseconds: 187_500 },
      explicit: true,
      addedAt: '2025-04-01T10:01:00.000Z',
      artists: [
        { id: '4Z8W4fKeB5YxbusRsdQVPb', name: 'Luna Vega' },
        { id: '6eUKZXaKkcviH0Ku9w2n3V', name: 'DJ Mira' },
      ],
      album: {
        id: '2noRn2Aes5aoNVsU6iWThc',
        name: 'Midnight Roads',
        coverArt: [
          { url: 'https://i.scdn.co/image/cover-al1-640', width: 640, height: 640 },
          expect.anything(),
          expect.anything(),
        ],
      },
    });
    const album = AlbumTracksResponse.parse(
      (await getWithKey('/api/v1/music/album/tracks', { uri: 'music:album:2noRn2Aes5aoNVsU6iWThc' })).body,
    );
    expect(album.data.items.map((t) => [t.discNumber, t.trackNumber, t.name])).toEqual([
      [1, 1, 'Starlight Drive'],
      [1, 2, 'Neon Rain (feat. DJ Mira)'],
      [2, 1, 'Afterglow'],
    ]);
    const recommended = RecommendationsResponse.parse(
      (await getWithKey('/api/v1/music/track/recommendations', { uri: `music:track:${T1}` })).body,
    );
    expect(recommended.data.items.map((t) => t.id)).toEqual([T3, T2]);
    const related = RelatedArtistsResponse.parse(
      (await getWithKey('/api/v1/music/artist/related', { uri: 'music:artist:4Z8W4fKeB5YxbusRsdQVPb' })).body,
    );
    expect(related.data.items.map((a) => [a.id, a.name])).toEqual([['3WrFJ7ztbogyGnTHbHJFl2', 'The Night Owls']]);
  });

  it('imported YouTube videos answer their own address and thumbnails; their extra only when fields asks for it', async () => {
    const id = 'xtraVideo01';
    const thumbnails = {
      default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
      medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
    };
    const item = {
      kind: 'youtube#video',
      etag: 'etag-xtra',
      id,
      snippet: {
        publishedAt: '2025-03-04T05:06:07Z',
        channelId: 'UCxtrachannel00000000000',
        title: 'Kept whole',
        description: 'Every field of the item\nis kept',
        thumbnails,
        channelTitle: 'Extra Channel',
        tags: ['kept', 'whole'],
        liveBroadcastContent: 'none',
      },
      contentDetails: { duration: 'PT1M', caption: 'false' },
      statistics: { viewCount: '7', likeCount: '3', commentCount: '1' },
    };
    const extra = {
      etag: 'etag-xtra',
      snippet: {
        description: 'Every field of the item\nis kept',
        tags: ['kept', 'whole'],
        liveBroadcastContent: 'none',
      },
      contentDetails: { caption: 'false' },
      statistics: { likeCount: '3', commentCount: '1' },
    };
    writeFileSync(join(dir, 'extra.json'), JSON.stringify({ kind: 'youtube#videoListResponse', items: [item] }));
    await importData(service.store.db, 'video', 'youtube-v3', join(dir, 'extra.json'));

    const plain = VideosByIdsResponse.parse((await getWithKey('/api/v1/video/videos', { ids: id })).body);
    expect(plain.data.videos[0]).toMatchObject({
      url: `https://www.youtube.com/watch?v=${id}`,
      thumbnails: Object.values(thumbnails),
      author: { id: 'UCxtrachannel00000000000', name: 'Extra Channel', thumbnails: [] },
    });
    expect(plain.data.videos[0]).not.toHaveProperty('extra');

    const selected = await getWithKey('/api/v1/video/videos', { ids: id, fields: 'videoId,extra' });
    expect(selected.body.data.videos).toEqual([{ videoId: id, extra }]);
    const channel = await getWithKey('/api/v1/channel/videos', {
      channelId: 'UCxtrachannel00000000000',
      fields: 'url,extra',
    });
    expect(channel.body.data.contents).toEqual([{ url: `https://www.youtube.com/watch?v=${id}`, extra }]);
    // the channel's uploads exported as NDJSON carry it too
    const exported = await getWithKey('/api/v1/channel/videos', {
      channelId: 'UCxtrachannel00000000000',
      fields: 'videoId,extra',
      format: 'ndjson',
    });
    expect(exported.status).toBe(200);
    expect(
      exported.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ videoId: id, extra }]);
    // a demo video has no source item: no extra even when asked for
    // (the chart's last entry: the test below imports its first)
    const charted = TrendingResponse.parse(
      (await getWithKey('/api/v1/trending/top-short-song', { filterByDate: '20251106' })).body,
    ).data.contents.at(-1);
    const demo = await getWithKey('/api/v1/video/videos', { ids: charted!.videoId, fields: 'videoId,extra' });
    expect(demo.body.data.videos).toEqual([{ videoId: charted!.videoId }]);
  });

  it("a YouTube import that renames a charted video's channel is what the chart then names as its artist", async () => {
    const chart = async () =>
      TrendingResponse.parse((await getWithKey('/api/v1/trending/top-short-song', { filterByDate: '20251106' })).body)
        .data.contents;
    const [first] = await chart();
    const publishedAt = '2025-01-02T03:04:05Z';
    const response = {
      kind: 'youtube#videoListResponse',
      items: [
        {
          kind: 'youtube#video',
          id: first!.videoId,
          snippet: {
            publishedAt,
            channelId: 'UCrenamed000000000000000',
            title: 'Renamed upload',
            channelTitle: 'Renamed Channel',
            liveBroadcastContent: 'none',
          },
          contentDetails: { duration: 'PT2M' },
          statistics: { viewCount: '123' },
        },
      ],
    };
    writeFileSync(join(dir, 'charted.json'), JSON.stringify(response));
    expect(await importData(service.store.db, 'video', 'youtube-v3', join(dir, 'charted.json'))).toMatchObject({
      imported: 0,
      updated: 1,
    });
    const [after] = await chart();
    expect(after).toMatchObject({ videoId: first!.videoId, author: { name: 'Renamed Channel' } });
    // every chart entry of that video (any country, type or date) follows
    const stale = await service.store.db
      .selectFrom('video_chart_entries')
      .select('id')
      .where('video_id', '=', first!.videoId)
      .where((eb) => eb.or([eb('artist', '<>', 'Renamed Channel'), eb('published_at', '<>', Date.parse(publishedAt))]))
      .execute();
    expect(stale).toEqual([]);
  });
});
