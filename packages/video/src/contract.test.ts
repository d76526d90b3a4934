import {
  channelVideos,
  commentThreads,
  relatedVideos,
  search,
  streamingData,
  topShortSongs,
  videoContract,
  videosByIds,
} from './contract.js';
import { isChartDate, isQuality } from './schemas.js';

describe('video contract', () => {
  it('declares the four operations at their documented paths, with the API key', () => {
    expect(Object.keys(videoContract)).toEqual([
      'search',
      'topShortSongs',
      'relatedVideos',
      'streamingData',
      'videosByIds',
      'channelVideos',
      'commentThreads',
      'history',
    ]);
    // counts over time (an extension, core's defineHistoryOperation), paged by cursor in the envelope's data
    expect(videoContract.history).toMatchObject({
      id: 'video.history',
      path: '/api/v1/video/history',
      auth: 'apiKey',
      paging: { kind: 'token', param: 'cursor', next: ['data', 'cursor'], limitParam: 'limit' },
    });
    expect(search).toMatchObject({ method: 'GET', path: '/api/v1/search', auth: 'apiKey' });
    expect(topShortSongs).toMatchObject({ method: 'GET', path: '/api/v1/trending/top-short-song', auth: 'apiKey' });
    expect(relatedVideos).toMatchObject({ method: 'GET', path: '/api/v1/video/related', auth: 'apiKey' });
    expect(streamingData).toMatchObject({ method: 'GET', path: '/api/v1/video/streaming-data', auth: 'apiKey' });
    // the batch lookup is an extension, under the platform's /api/v1/video prefix
    expect(videosByIds).toMatchObject({ method: 'GET', path: '/api/v1/video/videos', auth: 'apiKey' });
    // a channel's uploads (an extension), paged by token like search
    expect(channelVideos).toMatchObject({
      method: 'GET',
      path: '/api/v1/channel/videos',
      auth: 'apiKey',
      paging: { kind: 'token', param: 'paginationToken', next: ['pagination', 'paginationToken'] },
    });
  });

  it('commentThreads (an extension): GET /api/v1/video/comments, videoId required, order time (default) or relevance', () => {
    expect(commentThreads).toMatchObject({
      method: 'GET',
      path: '/api/v1/video/comments',
      auth: 'apiKey',
      paging: { kind: 'token', param: 'paginationToken', next: ['pagination', 'paginationToken'] },
    });
    const query = commentThreads.params.query;
    expect(query.parse({ videoId: 'dQw4w9WgXcQ' })).toEqual({ videoId: 'dQw4w9WgXcQ', order: 'time' });
    expect(query.parse({ videoId: 'v', order: 'relevance' }).order).toBe('relevance');
    for (const bad of [{}, { videoId: '' }, { videoId: 'x'.repeat(65) }, { videoId: 'v', order: 'top' }])
      expect(query.safeParse(bad).success).toBe(false);
  });

  it('channelVideos requires channelId and takes language, paginationToken and a time window', () => {
    expect(channelVideos.params.query.parse({ channelId: 'UC1' })).toEqual({ channelId: 'UC1', language: 'en' });
    expect(channelVideos.params.query.safeParse({}).success).toBe(false);
    expect(channelVideos.params.query.safeParse({ channelId: '' }).success).toBe(false);
    expect(channelVideos.params.query.safeParse({ channelId: 'x'.repeat(65) }).success).toBe(false);
    expect(channelVideos.params.query.safeParse({ channelId: 'UC1', language: 'EN' }).success).toBe(false);
    expect(channelVideos.params.query.parse({ channelId: 'UC1', after: '2024-05-01' }).after).toEqual(
      new Date('2024-05-01T00:00:00Z'),
    );
  });

  it('videosByIds takes 1 to 100 ids, comma-separated or a list, repeats once', () => {
    const ids = (value: unknown) => videosByIds.params.query.safeParse({ ids: value });
    expect(ids('b,a,b').data).toEqual({ ids: ['b', 'a'] });
    expect(ids(['x', 'y']).data).toEqual({ ids: ['x', 'y'] });
    expect(ids(Array.from({ length: 100 }, (_, i) => `v${i}`).join(',')).success).toBe(true);
    for (const bad of [
      undefined,
      '',
      'a,,b',
      ',a',
      Array.from({ length: 101 }, (_, i) => `v${i}`).join(','),
      'x'.repeat(65),
    ])
      expect(ids(bad).success).toBe(false);
  });

  it('applies the documented defaults', () => {
    // uploadDate's default (1_HOUR_AGO) is the handler's to apply: without it, after/before set the window
    expect(search.params.query.parse({ keyword: 'pasta' })).toEqual({
      keyword: 'pasta',
      geoCode: 'US',
      type: 'VIDEO',
      language: 'en',
    });
    expect(search.params.query.parse({ keyword: 'pasta', uploadDate: '1_HOUR_AGO' }).uploadDate).toBe('1_HOUR_AGO');
    expect(topShortSongs.params.query.parse({})).toEqual({
      countryCode: 'global',
      filterByType: 'DAILY',
      filterByDate: '20251106',
      geoCode: 'US',
      language: 'en',
    });
    expect(streamingData.params.query.parse({ videoId: 'abc' })).toEqual({ videoId: 'abc' });
  });

  it('requires keyword and videoId', () => {
    expect(search.params.query.safeParse({}).success).toBe(false);
    expect(search.params.query.safeParse({ keyword: '' }).success).toBe(false);
    expect(relatedVideos.params.query.safeParse({}).success).toBe(false);
    expect(streamingData.params.query.safeParse({ videoId: '' }).success).toBe(false);
  });

  it.each([
    ['uploadDate', 'LAST_WEEK'],
    ['type', 'SHORT'],
    ['geoCode', 'us'],
    ['language', 'EN'],
  ])('search rejects %s=%s', (name, value) => {
    expect(search.params.query.safeParse({ keyword: 'x', [name]: value }).success).toBe(false);
  });

  it('accepts real YYYYMMDD dates only', () => {
    expect(['20251106', '20240229', '19991231'].every(isChartDate)).toBe(true);
    expect(['2025-11-06', '20251301', '20250229', '2025116', 'abcdefgh', ''].some(isChartDate)).toBe(false);
    expect(topShortSongs.params.query.safeParse({ filterByDate: '20251332' }).success).toBe(false);
  });

  it('accepts the quality keywords and resolution labels only', () => {
    expect(['best', 'highest', 'worst', 'lowest', 'bestaudio', '720p', '144p', '4320p'].every(isQuality)).toBe(true);
    expect(['BEST', 'hd', '720', '0p', '07p', 'p', 'best audio'].some(isQuality)).toBe(false);
  });
});
