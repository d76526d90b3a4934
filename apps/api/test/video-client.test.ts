import type { Server } from 'node:http';
import { ApiResponseError, NoResponseError, RequestSetupError } from '@socialquery/core';
import {
  ChannelVideosResponse,
  createVideoClient,
  iterateChannelVideos,
  iterateSearch,
  RelatedResponse,
  SearchResponse,
  StreamingResponse,
  TrendingResponse,
  type VideoClient,
  VideosByIdsResponse,
} from '@socialquery/video';
import { closedPortUrl, listen, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let keyword: string;
let videoId: string;
let channelId: string;
let client: VideoClient;
let requests = 0;
const count = () => requests++;

beforeAll(async () => {
  service = await startTestService();
  ({ keyword, videoId, channelId } = (await service.store.examples()).video!);
  ({ server, baseUrl } = await listen(service.app));
  server.on('request', count);
  client = createVideoClient({ baseUrl, apiKey: service.apiKey, timeout: 10_000 });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

describe('video client against the real service', () => {
  it('calls every operation and gets bodies that satisfy the response schemas', async () => {
    const page = SearchResponse.parse(await client.search({ keyword, uploadDate: 'THIS_YEAR' }));
    expect(page.data.contents).toHaveLength(20);
    expect(page.pagination.hasMore).toBe(true);
    const chart = TrendingResponse.parse(await client.topShortSongs({ countryCode: 'de', filterByType: 'WEEKLY' }));
    expect(chart.data.contents).toHaveLength(20);
    const related = RelatedResponse.parse(await client.relatedVideos({ videoId }));
    expect(related.data.relatedVideos.map((v) => v.videoId)).not.toContain(videoId);
    const streaming = StreamingResponse.parse(await client.streamingData({ videoId, quality: 'bestaudio' }));
    expect(streaming.data.selectedFormat.hasVideo).toBe(false);
  });

  it('videosByIds takes a list (or the comma-separated string) and answers the videos found and the ids not found', async () => {
    const related = (await client.relatedVideos({ videoId })).data.relatedVideos.slice(0, 3).map((v) => v.videoId);
    const body = VideosByIdsResponse.parse(
      await client.videosByIds({ ids: [related[2]!, 'nosuchvideo', related[0]!, related[2]!] }),
    );
    expect(body.data.videos.map((v) => v.videoId)).toEqual([related[2], related[0]]);
    expect(body.data.notFound).toEqual(['nosuchvideo']);
    expect((await client.videosByIds({ ids: related.join(',') })).data.videos.map((v) => v.videoId)).toEqual(related);
    const trimmed = await client.videosByIds({ ids: related, fields: ['videoId'] });
    expect(trimmed.data.videos).toEqual(related.map((id) => ({ videoId: id })));
    const before = requests;
    await expect(client.videosByIds({ ids: [] })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.videosByIds({ ids: Array.from({ length: 101 }, (_, i) => `v${i}`) })).rejects.toBeInstanceOf(
      RequestSetupError,
    );
    await expect(client.videosByIds({ ids: ['a', ''] })).rejects.toBeInstanceOf(RequestSetupError);
    expect(requests).toBe(before);
  });

  it('iterateSearch walks every page once and yields every result exactly once', async () => {
    const first = await client.search({ keyword, uploadDate: 'THIS_YEAR' });
    const before = requests;
    const ids: string[] = [];
    for await (const item of iterateSearch(client, { keyword, uploadDate: 'THIS_YEAR' })) ids.push(item.videoId);
    // the last page answers the count (earlier ones may estimate it)
    let last = first;
    while (last.pagination.paginationToken)
      last = await client.search({
        keyword,
        uploadDate: 'THIS_YEAR',
        paginationToken: last.pagination.paginationToken,
      });
    expect(ids).toHaveLength(last.pagination.total);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 20)).toEqual(first.data.contents.map((c) => c.videoId));
    expect(ids.slice(-last.data.contents.length)).toEqual(last.data.contents.map((c) => c.videoId));
    const pages = requests - before;
    expect(pages).toBe(2 * Math.ceil(ids.length / 20) - 1);
    const rest: string[] = [];
    for await (const item of iterateSearch(client, {
      keyword,
      uploadDate: 'THIS_YEAR',
      paginationToken: first.pagination.paginationToken,
    }))
      rest.push(item.videoId);
    expect(rest).toEqual(ids.slice(20));
  });

  it('search takes after/before without uploadDate (a Date as a bound): a walk over the whole archive before it', async () => {
    const before = new Date('2025-06-01T00:00:00Z');
    const ids: string[] = [];
    for await (const item of iterateSearch(client, { keyword, before })) ids.push(item.videoId);
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids).size).toBe(ids.length);
    // every one older than a year: none is in the widest uploadDate window
    const thisYear = new Set<string>();
    for await (const item of iterateSearch(client, { keyword, uploadDate: 'THIS_YEAR' })) thisYear.add(item.videoId);
    expect(ids.filter((id) => thisYear.has(id))).toEqual([]);
    const narrowed = SearchResponse.parse(await client.search({ keyword, uploadDate: 'THIS_YEAR', before }));
    expect(narrowed.data.contents).toEqual([]);
  });

  it("channelVideos and iterateChannelVideos: a channel's uploads newest first, every page once, a Date as a bound", async () => {
    const first = ChannelVideosResponse.parse(await client.channelVideos({ channelId }));
    expect(first.data.contents).toHaveLength(20);
    const before = requests;
    const uploads: { videoId: string; publishedAt: string }[] = [];
    for await (const item of iterateChannelVideos(client, { channelId })) uploads.push(item);
    expect(requests - before).toBe(Math.ceil(first.pagination.total / 20));
    expect(uploads).toHaveLength(first.pagination.total);
    expect(new Set(uploads.map((u) => u.videoId)).size).toBe(uploads.length);
    expect(uploads.slice(0, 20)).toEqual(first.data.contents);
    const times = uploads.map((u) => Date.parse(u.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // a Date bound: exclusive, as the service reads it
    const after = new Date(times[10]!);
    const windowed = await client.channelVideos({ channelId, after });
    expect(windowed.data.contents.map((c) => c.videoId)).toEqual(
      uploads.filter((u) => Date.parse(u.publishedAt) > after.getTime()).map((u) => u.videoId),
    );
    await expect(client.channelVideos({ channelId: 'UCnosuchchannel' })).rejects.toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    await expect(
      client.channelVideos({ channelId, paginationToken: first.pagination.paginationToken, after }),
    ).rejects.toMatchObject({ status: 400, body: { code: 'invalid_cursor' } });
  });

  it('raises ApiResponseError with the status and body: 404 unknown video or chart, 400 bad token', async () => {
    const error = await client.relatedVideos({ videoId: 'nosuchvideo' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ kind: 'api_response', status: 404, body: { code: 'not_found' } });
    await expect(client.streamingData({ videoId: 'nosuchvideo' })).rejects.toMatchObject({ status: 404 });
    await expect(client.topShortSongs({ filterByDate: '20200101' })).rejects.toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    await expect(client.search({ keyword, paginationToken: 'forged.token' })).rejects.toMatchObject({
      status: 400,
      body: { code: 'invalid_cursor' },
    });
  });

  it('raises ApiResponseError 401 for a wrong key', async () => {
    const stranger = createVideoClient({ baseUrl, apiKey: 'sqk_wrong' });
    await expect(stranger.search({ keyword })).rejects.toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
  });

  it('raises RequestSetupError and sends nothing when an argument is missing or invalid', async () => {
    const before = requests;
    const missing = await client.search({} as never).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(RequestSetupError);
    expect(missing).toMatchObject({ kind: 'request_setup', message: expect.stringContaining('keyword is required') });
    await expect(client.search({ keyword, uploadDate: 'YESTERDAY' as never })).rejects.toBeInstanceOf(
      RequestSetupError,
    );
    await expect(client.topShortSongs({ filterByDate: '2025-11-06' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.streamingData({ videoId, quality: 'hd' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.relatedVideos({ videoId: '' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(iterateSearch(client, { keyword: '' }).next()).rejects.toBeInstanceOf(RequestSetupError);
    expect(requests).toBe(before);
  });

  it('raises NoResponseError when nothing listens on the port', async () => {
    const closedUrl = await closedPortUrl(service.app);
    const offline = createVideoClient({ baseUrl: closedUrl, apiKey: service.apiKey, timeout: 2000 });
    const error = await offline.search({ keyword }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoResponseError);
    expect(error).toMatchObject({ kind: 'no_response', code: 'ECONNREFUSED' });
  });
});
