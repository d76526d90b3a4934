import { createCursorCodec } from '@socialquery/core/server';
import { SearchQuery } from '@socialquery/video';
import { createVideoHandlers } from '@socialquery/video/server';
import type { Store } from '../../store.js';
import { importDocuments } from '../../import/index.js';
import { openTestStore } from '../../testing.js';
import { createSqlVideoSource } from './source.js';

/** Items shaped as the YouTube Data API v3 answers them (every part a key can ask for). */
const videoItem = {
  kind: 'youtube#video',
  etag: 'Q8Vq0b2gmVtPIE0lyCmkeR9PxmI',
  id: 'dQw4w9WgXcQ',
  snippet: {
    publishedAt: '2009-10-25T06:57:33Z',
    channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
    title: 'Rick Astley - Never Gonna Give You Up (Official Music Video)',
    description: 'The official video for “Never Gonna Give You Up” by Rick Astley',
    thumbnails: {
      default: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg', width: 120, height: 90 },
      medium: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg', width: 320, height: 180 },
      high: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', width: 480, height: 360 },
      standard: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/sddefault.jpg', width: 640, height: 480 },
      maxres: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg', width: 1280, height: 720 },
    },
    channelTitle: 'Rick Astley',
    tags: ['rick astley', 'Never Gonna Give You Up'],
    categoryId: '10',
    liveBroadcastContent: 'none',
    defaultAudioLanguage: 'en',
    localized: {
      title: 'Rick Astley - Never Gonna Give You Up (Official Music Video)',
      description: 'The official video',
    },
  },
  contentDetails: {
    duration: 'PT3M33S',
    dimension: '2d',
    definition: 'hd',
    caption: 'true',
    licensedContent: true,
    regionRestriction: { blocked: ['DE'] },
    contentRating: {},
    projection: 'rectangular',
  },
  statistics: { viewCount: '1500000000', likeCount: '16000000', favoriteCount: '0', commentCount: '2300000' },
  status: { uploadStatus: 'processed', privacyStatus: 'public', license: 'youtube', embeddable: true },
  topicDetails: { topicCategories: ['https://en.wikipedia.org/wiki/Music'] },
};

const searchResult = {
  kind: 'youtube#searchResult',
  etag: 'mD9X1uQkM6DJk0eU3VvYJ2d7j0g',
  id: { kind: 'youtube#video', videoId: 'dQw4w9WgXcQ' },
  snippet: {
    publishedAt: '2009-10-25T06:57:33Z',
    channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
    title: 'Rick Astley - Never Gonna Give You Up (Official Music Video)',
    description: 'The official video for “Never Gonna Give You Up” by Rick Astley …',
    thumbnails: {
      default: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg', width: 120, height: 90 },
      medium: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg', width: 320, height: 180 },
      high: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', width: 480, height: 360 },
    },
    channelTitle: 'Rick Astley',
    liveBroadcastContent: 'none',
    publishTime: '2009-10-25T06:57:33Z',
  },
};

const channelItem = {
  kind: 'youtube#channel',
  etag: 'c5z8y0aT7nUJuG3b0l8ZzZ5QfM8',
  id: 'UCuAXFkgsw1L7xaCfnd5JJOw',
  snippet: {
    title: 'Rick Astley',
    description: 'Official YouTube channel for Rick Astley.',
    customUrl: '@rickastleyyt',
    publishedAt: '2015-02-01T16:32:20Z',
    thumbnails: {
      default: { url: 'https://yt3.ggpht.com/abc=s88-c-k-c0x00ffffff-no-rj', width: 88, height: 88 },
      medium: { url: 'https://yt3.ggpht.com/abc=s240-c-k-c0x00ffffff-no-rj', width: 240, height: 240 },
      high: { url: 'https://yt3.ggpht.com/abc=s800-c-k-c0x00ffffff-no-rj', width: 800, height: 800 },
    },
    country: 'GB',
  },
  statistics: { viewCount: '2800000000', subscriberCount: '4210000', hiddenSubscriberCount: false, videoCount: '252' },
};

const videosList = (...items: unknown[]) => ({ kind: 'youtube#videoListResponse', items });
const NOW = new Date('2026-06-15T12:00:00Z');

describe('youtube-v3 imports answer the source’s addresses and pictures, and keep every other field', () => {
  let store: Store;
  const importPages = (...pages: unknown[]) =>
    importDocuments(store.db, 'video', 'youtube-v3', pages, { where: 'test' });
  const handlers = () => createVideoHandlers(createSqlVideoSource(store.db));
  const ctx = { now: NOW, cursors: createCursorCodec('k'.repeat(32)), requestId: 'test' };
  const related = async () => {
    const body = (await handlers().videosByIds({ ids: ['dQw4w9WgXcQ'] }, ctx)) as {
      data: { videos: Record<string, unknown>[] };
    };
    return body.data.videos[0]!;
  };

  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('a videos.list item: the watch address and the item’s five thumbnails; its channel has no picture until channels.list', async () => {
    await importPages(videosList(videoItem));
    const video = await related();
    expect(video.url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(video.thumbnails).toEqual([
      { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg', width: 120, height: 90 },
      { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg', width: 320, height: 180 },
      { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', width: 480, height: 360 },
      { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/sddefault.jpg', width: 640, height: 480 },
      { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg', width: 1280, height: 720 },
    ]);
    expect(video.author).toEqual({ id: 'UCuAXFkgsw1L7xaCfnd5JJOw', name: 'Rick Astley', thumbnails: [] });
    expect(JSON.stringify(video)).not.toContain('socialquery.example');
  });

  it('a channels.list item gives the channel its pictures; search results show the first as the avatar', async () => {
    await importPages(videosList(videoItem), { kind: 'youtube#channelListResponse', items: [channelItem] });
    expect((await related()).author).toEqual({
      id: 'UCuAXFkgsw1L7xaCfnd5JJOw',
      name: 'Rick Astley',
      thumbnails: channelItem.snippet.thumbnails && Object.values(channelItem.snippet.thumbnails),
    });
    const page = (await handlers().channelVideos({ channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw' } as never, ctx)) as {
      data: { contents: { author: { avatar: unknown }; url: string }[] };
    };
    expect(page.data.contents.map((item) => [item.author.avatar, item.url])).toEqual([
      [channelItem.snippet.thumbnails.default, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ]);
  });

  it('keeps every field the columns do not hold in extra, in the API’s nesting and types (objects left empty dropped)', async () => {
    await importPages(videosList(videoItem), { kind: 'youtube#channelListResponse', items: [channelItem] });
    const row = await store.db.selectFrom('video_videos').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.extra)).toEqual({
      etag: videoItem.etag,
      snippet: {
        description: videoItem.snippet.description,
        tags: videoItem.snippet.tags,
        categoryId: '10',
        liveBroadcastContent: 'none',
        defaultAudioLanguage: 'en',
        localized: videoItem.snippet.localized,
      },
      contentDetails: {
        dimension: '2d',
        definition: 'hd',
        caption: 'true',
        licensedContent: true,
        contentRating: {},
        projection: 'rectangular',
      },
      statistics: { likeCount: '16000000', favoriteCount: '0', commentCount: '2300000' },
      status: videoItem.status,
      topicDetails: videoItem.topicDetails,
    });
    const channel = await store.db.selectFrom('video_channels').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(channel.extra)).toEqual({
      etag: channelItem.etag,
      snippet: {
        description: channelItem.snippet.description,
        customUrl: '@rickastleyyt',
        publishedAt: '2015-02-01T16:32:20Z',
        country: 'GB',
      },
      statistics: channelItem.statistics,
    });
  });

  it('leaves out snippet.localized only where it repeats the title and description', async () => {
    const { title, description } = videoItem.snippet;
    const repeating = {
      ...videoItem,
      id: 'repeats0001',
      snippet: { ...videoItem.snippet, localized: { title, description } },
    };
    await importPages(videosList(videoItem, repeating));
    const extras = await store.db.selectFrom('video_videos').select(['id', 'extra']).orderBy('id').execute();
    expect(extras.map((row) => [row.id, (JSON.parse(row.extra) as { snippet: object }).snippet])).toEqual([
      ['dQw4w9WgXcQ', expect.objectContaining({ localized: videoItem.snippet.localized })],
      ['repeats0001', expect.not.objectContaining({ localized: expect.anything() })],
    ]);
  });

  it('a later search result updates what it carries and keeps the counts, regions and extra of videos.list', async () => {
    await importPages(videosList(videoItem));
    const before = await store.db.selectFrom('video_videos').selectAll().executeTakeFirstOrThrow();
    const summary = await importPages({ kind: 'youtube#searchListResponse', items: [searchResult] });
    const after = await store.db.selectFrom('video_videos').selectAll().executeTakeFirstOrThrow();
    expect(after).toEqual({
      ...before,
      thumbnails: JSON.stringify(Object.values(searchResult.snippet.thumbnails)),
    });
    expect(Number(after.views)).toBe(1_500_000_000);
    expect(summary.tables.video_videos).toEqual({ imported: 0, updated: 1, unchanged: 0 });
  });

  it('answers extra only to a read that asks for it: search, related videos and lookups alike', async () => {
    const sibling = {
      ...videoItem,
      id: 'sibling0001',
      snippet: { ...videoItem.snippet, title: 'Never Gonna Run Around' },
    };
    await importPages(videosList(videoItem, sibling));
    const stored = await store.db
      .selectFrom('video_videos')
      .select(['id', 'extra'])
      .where('id', '=', 'sibling0001')
      .executeTakeFirstOrThrow();
    const extra = JSON.parse(stored.extra) as unknown;
    const relatedTo = async (asked: boolean) =>
      (
        (await handlers().relatedVideos({ videoId: 'dQw4w9WgXcQ' }, { ...ctx, extra: asked })) as {
          data: { relatedVideos: { videoId: string; extra?: unknown }[] };
        }
      ).data.relatedVideos;
    expect((await relatedTo(true)).map((video) => [video.videoId, video.extra])).toEqual([['sibling0001', extra]]);
    expect((await relatedTo(false))[0]).not.toHaveProperty('extra');
    const found = (await handlers().search(SearchQuery.parse({ keyword: 'run around', after: '2000-01-01' }), {
      ...ctx,
      extra: true,
    })) as {
      data: { contents: { videoId: string; extra?: unknown }[] };
    };
    expect(found.data.contents.map((video) => [video.videoId, video.extra])).toEqual([['sibling0001', extra]]);
  });

  it('a re-import of the same pages changes nothing', async () => {
    const pages = [videosList(videoItem), { kind: 'youtube#channelListResponse', items: [channelItem] }];
    await importPages(...pages);
    const again = await importPages(...pages);
    expect(again.tables).toEqual({
      video_videos: { imported: 0, updated: 0, unchanged: 1 },
      video_channels: { imported: 0, updated: 0, unchanged: 2 },
    });
  });
});
