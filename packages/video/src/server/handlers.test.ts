import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import {
  ChannelVideosResponse,
  CommentThreadsResponse,
  SearchResponse,
  StreamingResponse,
  TrendingResponse,
  uploadDates,
  VideosByIdsResponse,
} from '../schemas.js';
import { createVideoHandlers } from './handlers.js';
import type {
  ChannelVideosQueryInput,
  CommentThreadRecord,
  CommentThreadsQueryInput,
  SearchQueryInput,
  VideoRecord,
  VideoSource,
} from './source.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };
const DAY = 86_400_000;

const videos: VideoRecord[] = Array.from({ length: 45 }, (_, i) => ({
  id: `v${String(i).padStart(2, '0')}`,
  channelId: 'UC1',
  channelName: 'Pasta Place',
  channelVerified: i === 0,
  title: i % 2 ? `Garlic pasta ${i}` : `Pasta bake ${i}`,
  views: 1000 - i,
  durationSeconds: 3725 - i * 60,
  publishedAt: now.getTime() - i * DAY,
  type: 'VIDEO',
  isLive: false,
}));
/** 25 threads on v00, the newest first by id; a thread's replies name it. */
const threads: CommentThreadRecord[] = Array.from({ length: 25 }, (_, i) => ({
  comment: {
    id: `c${String(i).padStart(2, '0')}`,
    authorName: `@author${i}`,
    authorChannelId: i === 0 ? 'UCauthor' : `UCa${i}`,
    authorImage: i === 0 ? '' : `https://yt3.ggpht.com/a${i}=s48`,
    text: `comment ${i}`,
    likeCount: i * 3,
    publishedAt: now.getTime() - i * DAY,
    updatedAt: now.getTime() - i * DAY + 1000,
    ...(i === 1 && { extra: { etag: 'e1' } }),
  },
  videoId: 'v00',
  totalReplyCount: i % 4,
  canReply: i === 2 ? undefined : true,
  isPublic: i === 2 ? undefined : i !== 3,
  replies: Array.from({ length: Math.min(i % 4, 5) }, (_, r) => ({
    id: `c${String(i).padStart(2, '0')}.r${r}`,
    authorName: '@replier',
    authorChannelId: 'UCreplier',
    authorImage: 'https://yt3.ggpht.com/r=s48',
    text: `reply ${r}`,
    likeCount: r,
    publishedAt: now.getTime() - i * DAY + (r + 1) * 60_000,
    updatedAt: now.getTime() - i * DAY + (r + 1) * 60_000,
  })),
}));
const commentCalls: CommentThreadsQueryInput[] = [];
const calls: SearchQueryInput[] = [];
const channelCalls: ChannelVideosQueryInput[] = [];
/** What the fake source answers as a broad search's estimated total (undefined: it counts). */
let estimate: number | undefined;
const numOf = (video: VideoRecord) => (video.id === 'new' ? 999 : Number(video.id.slice(1)));
const source: VideoSource = {
  // histories are core's answerHistory over the store's observations (core and store tests)
  history: async () => undefined,
  // rank: views descending, then num descending, every match in tier 1 (the store's order, test-sized)
  async search(query) {
    calls.push(query);
    const matching = videos
      .filter(
        (v) =>
          v.publishedAt >= query.since &&
          v.publishedAt <= query.until &&
          query.terms.every((t) => v.title.toLowerCase().includes(t)),
      )
      .sort((a, b) => b.views - a.views || numOf(b) - numOf(a));
    const after = query.after;
    const from = after
      ? matching.findIndex((v) => v.views < after.views || (v.views === after.views && numOf(v) < after.num))
      : 0;
    const page = from < 0 ? [] : matching.slice(from, from + query.limit);
    const last = page.at(-1);
    const more = from >= 0 && from + query.limit < matching.length;
    return {
      videos: page,
      positions: page.map((v) => ({ tier: 1, views: v.views, num: numOf(v) })),
      next: more && last ? { tier: 1, views: last.views, num: numOf(last) } : undefined,
      total: estimate ?? matching.length,
      exact: estimate === undefined,
    };
  },
  async wordsWithPrefix(prefix, limit) {
    const words = videos.flatMap((v) => v.title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
    return [...new Set(words)]
      .filter((word) => word.startsWith(prefix))
      .sort()
      .slice(0, limit);
  },
  async chart({ date }) {
    return date === '20251106'
      ? [
          {
            position: 1,
            previousPosition: 0,
            percentViewsChange: 0,
            periodsOnChart: 1,
            videoId: 'v00',
            title: 'Song',
            artist: 'Pasta Place',
            songwriters: ['A'],
            producers: [],
            releaseDate: '2025-10-01',
            publishedAt: Date.parse('2025-10-01T00:00:00Z'),
          },
        ]
      : undefined;
  },
  async video(id) {
    return videos.find((v) => v.id === id);
  },
  async videos(ids) {
    return videos.filter((v) => ids.includes(v.id)).reverse();
  },
  async related(video, limit) {
    return videos.filter((v) => v.id !== video.id).slice(0, limit);
  },
  // newest first, then num descending (the store's order, test-sized)
  async channelVideos(query) {
    channelCalls.push(query);
    const { after, since, until } = query;
    const uploads = videos
      .filter(
        (v) =>
          v.channelId === query.channelId &&
          (since === undefined || v.publishedAt >= since) &&
          (until === undefined || v.publishedAt <= until),
      )
      .sort((a, b) => b.publishedAt - a.publishedAt || numOf(b) - numOf(a));
    const rest = after
      ? uploads.filter(
          (v) => v.publishedAt < after.publishedAt || (v.publishedAt === after.publishedAt && numOf(v) < after.num),
        )
      : uploads;
    const page = rest.slice(0, query.limit);
    const last = page.at(-1);
    return {
      videos: page,
      next: rest.length > query.limit && last ? { publishedAt: last.publishedAt, num: numOf(last) } : undefined,
      total: uploads.length,
    };
  },
  async channelExists(channelId) {
    return channelId === 'UC1' || channelId === 'UCempty';
  },
  // time: publishedAt then id, descending (the store's order, test-sized); relevance is not modelled here
  async commentThreads(query) {
    commentCalls.push(query);
    const all = query.videoId === 'v00' ? threads : [];
    const rest = query.after ? all.filter((t) => t.comment.publishedAt < query.after!.value) : all;
    const page = rest.slice(0, query.limit);
    const last = page.at(-1);
    return {
      threads: page,
      next: rest.length > query.limit && last ? { value: last.comment.publishedAt, id: last.comment.id } : undefined,
      total: all.length,
    };
  },
};
const handlers = createVideoHandlers(source);
const params = { keyword: 'Pasta', geoCode: 'US', uploadDate: 'THIS_YEAR', type: 'VIDEO', language: 'en' } as const;

describe('video handlers', () => {
  it('search pages through every match once with a query-bound token; the last page ends with an empty token', async () => {
    const ranked = calls.length;
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const body = SearchResponse.parse(await handlers.search({ ...params, paginationToken: token }, ctx));
      expect(body).toMatchObject({ message: expect.any(String), statusCode: 200 });
      expect(body.pagination.total).toBe(45);
      seen.push(...body.data.contents.map((c) => c.videoId));
      token = body.pagination.paginationToken || undefined;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual(videos.map((v) => v.id));
    // each page asks for one page, after the position of the page before
    expect(calls.slice(ranked).map((call) => [call.after, call.limit])).toEqual([
      [undefined, 20],
      [{ tier: 1, views: videos[19]!.views, num: 19 }, 20],
      [{ tier: 1, views: videos[39]!.views, num: 39 }, 20],
    ]);
  });

  it('a page continues after the last video of the page before: a video added mid-walk neither skips nor repeats one', async () => {
    const first = await handlers.search(params, ctx);
    // a new best match appears after the first page: an offset walk would repeat v19
    videos.unshift({ ...videos[0]!, id: 'new', views: 10_000 });
    try {
      const second = await handlers.search({ ...params, paginationToken: first.pagination.paginationToken }, ctx);
      expect(second.data.contents.map((c) => c.videoId)).toEqual(videos.slice(21, 41).map((v) => v.id));
    } finally {
      videos.shift();
    }
  });

  it('an estimated total holds for every page of a walk; the page that reaches the last match answers the count', async () => {
    estimate = 500;
    try {
      const totals: number[] = [];
      let token: string | undefined;
      do {
        const body = await handlers.search({ ...params, paginationToken: token }, ctx);
        totals.push(body.pagination.total);
        token = body.pagination.paginationToken || undefined;
        // the source's estimate moves mid-walk: the walk keeps its first
        estimate = 700;
      } while (token);
      expect(totals).toEqual([500, 500, 45]);
    } finally {
      estimate = undefined;
    }
  });

  it('formats items: relative time in the language, duration, badges', async () => {
    const en = SearchResponse.parse(await handlers.search(params, ctx));
    expect(en.data.contents[1]).toMatchObject({ publishedTimeText: '1 day ago', duration: '1:01:05' });
    expect(en.data.contents[0]!.author.badges).toEqual([{ type: 'VERIFIED_CHANNEL', text: 'Verified' }]);
    expect(en.data.contents[1]!.author.badges).toEqual([]);
    const de = SearchResponse.parse(await handlers.search({ ...params, language: 'de' }, ctx));
    expect(de.data.contents[3]!.publishedTimeText).toBe('vor 3 Tagen');
    expect(en.data.refinements.slice(0, 2).sort()).toEqual(['Pasta bake', 'Pasta garlic']);
  });

  it("a token carries the first page's window end, and is refused for another query", async () => {
    const first = await handlers.search(params, ctx);
    const later = { ...ctx, now: new Date(now.getTime() + 3 * DAY) };
    await handlers.search({ ...params, paginationToken: first.pagination.paginationToken }, later);
    expect(calls.at(-1)!.until).toBe(now.getTime());
    await expect(
      handlers.search({ ...params, keyword: 'garlic', paginationToken: first.pagination.paginationToken }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_cursor' });
    await expect(
      handlers.search({ ...params, type: 'MOVIE', paginationToken: first.pagination.paginationToken }, ctx),
    ).rejects.toBeInstanceOf(ServiceError);
    // the keyword's terms, not its spelling, are bound
    await expect(
      handlers.search({ ...params, keyword: '  PASTA ', paginationToken: first.pagination.paginationToken }, ctx),
    ).resolves.toBeDefined();
  });

  it("a first page's window ends at the start of its minute, so searches within one minute answer the same", async () => {
    const at = (ms: number) => ({ ...ctx, now: new Date(now.getTime() + ms) });
    const first = await handlers.search(params, at(1_234));
    expect(calls.at(-1)!.until).toBe(now.getTime());
    expect(await handlers.search(params, at(59_999))).toEqual(first);
    expect(calls.at(-1)!.until).toBe(now.getTime());
    await handlers.search(params, at(60_000));
    expect(calls.at(-1)!.until).toBe(now.getTime() + 60_000);
  });

  it('after/before narrow the uploadDate window, exclusively, on every page; the token is bound to them', async () => {
    // videos are published whole days apart: v05 and v30 sit on the bounds and are left out
    const after = new Date(now.getTime() - 30 * DAY);
    const before = new Date(now.getTime() - 5 * DAY);
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const body = SearchResponse.parse(
        await handlers.search({ ...params, after, before, paginationToken: token }, ctx),
      );
      expect(body.pagination.total).toBe(24);
      seen.push(...body.data.contents.map((c) => c.videoId));
      token = body.pagination.paginationToken || undefined;
      if (token) {
        for (const other of [{}, { after }, { before }, { after, before: new Date(before.getTime() + 1) }]) {
          await expect(handlers.search({ ...params, ...other, paginationToken: token }, ctx)).rejects.toMatchObject({
            code: 'invalid_cursor',
          });
        }
      }
    } while (token);
    expect(seen).toEqual(videos.slice(6, 30).map((v) => v.id));
    expect(calls.at(-1)).toMatchObject({ since: after.getTime() + 1, until: before.getTime() - 1 });
    // a bound outside the uploadDate window does not widen it
    await handlers.search(
      { ...params, uploadDate: 'THIS_WEEK', after: new Date(0), before: new Date(now.getTime() + DAY) },
      ctx,
    );
    expect(calls.at(-1)).toMatchObject({ since: now.getTime() - 7 * DAY, until: now.getTime() });
    // without them the source is asked exactly as before
    await handlers.search(params, ctx);
    expect(calls.at(-1)).toEqual({
      terms: ['pasta'],
      since: now.getTime() - 365 * DAY,
      until: now.getTime(),
      type: 'VIDEO',
      geoCode: 'US',
      after: undefined,
      limit: 20,
    });
    await expect(handlers.search({ ...params, after: before, before: after }, ctx)).rejects.toMatchObject({
      code: 'invalid_parameter',
      status: 400,
    });
  });

  describe('after/before without uploadDate: a window over the whole archive', () => {
    const archive = { keyword: 'Pasta', geoCode: 'US', type: 'VIDEO', language: 'en' } as const;
    // five videos older than any uploadDate window (400 to 800 days), below the others in views
    const old = Array.from({ length: 5 }, (_, i): VideoRecord => ({
      ...videos[0]!,
      id: `v${90 + i}`,
      title: `Pasta archive ${i}`,
      views: 10 - i,
      publishedAt: now.getTime() - (400 + 100 * i) * DAY,
    }));
    beforeAll(() => videos.push(...old));
    afterAll(() => void videos.splice(-old.length));

    it('before alone: every match published before it, however old, which no uploadDate window reaches', async () => {
      const before = new Date(now.getTime() - 300 * DAY);
      const body = SearchResponse.parse(await handlers.search({ ...archive, before }, ctx));
      expect(body.data.contents.map((c) => c.videoId)).toEqual(old.map((v) => v.id));
      expect(body.pagination).toEqual({ total: 5, hasMore: false, paginationToken: '' });
      expect(body.data.contents[0]!.publishedTimeText).toBe('1 year ago');
      // no lower bound; the bound is exclusive
      expect(calls.at(-1)).toMatchObject({ since: -8.64e15, until: before.getTime() - 1 });
      // the widest uploadDate, and the default, keep their own windows, which end after a year or an hour
      const year = await handlers.search({ ...params, before }, ctx);
      expect(calls.at(-1)).toMatchObject({ since: now.getTime() - 365 * DAY, until: before.getTime() - 1 });
      expect(year.data.contents).toEqual([]);
      const hour = await handlers.search({ ...params, uploadDate: '1_HOUR_AGO', before }, ctx);
      expect(hour.data.contents).toEqual([]);
    });

    it('after alone: from it to now; a before later than now ends the window now; both bounds exclusive', async () => {
      // v91 is published at `after`: left out
      const after = new Date(now.getTime() - 500 * DAY);
      const body = SearchResponse.parse(await handlers.search({ ...archive, after }, ctx));
      expect(calls.at(-1)).toMatchObject({ since: after.getTime() + 1, until: now.getTime() });
      expect(body.pagination.total).toBe(46);
      const later = { ...ctx, now: new Date(now.getTime() + 59_999) };
      await handlers.search({ ...archive, after, before: new Date(now.getTime() + 30 * DAY) }, later);
      expect(calls.at(-1)).toMatchObject({ since: after.getTime() + 1, until: now.getTime() });
      // v91 and v93 sit on the bounds and are left out
      const window = { after: new Date(old[3]!.publishedAt), before: new Date(old[1]!.publishedAt) };
      const inside = await handlers.search({ ...archive, ...window }, ctx);
      expect(inside.data.contents.map((c) => c.videoId)).toEqual(['v92']);
    });

    it('pages through every match once in rank order; tokens of a whole-archive walk and of an uploadDate walk are not interchangeable', async () => {
      const before = new Date(now.getTime() - 5 * DAY);
      const ranked = calls.length;
      const seen: string[] = [];
      let token: string | undefined;
      do {
        const body = SearchResponse.parse(await handlers.search({ ...archive, before, paginationToken: token }, ctx));
        expect(body.pagination.total).toBe(44);
        seen.push(...body.data.contents.map((c) => c.videoId));
        token = body.pagination.paginationToken || undefined;
        if (token) {
          for (const uploadDate of uploadDates)
            await expect(
              handlers.search({ ...archive, uploadDate, before, paginationToken: token }, ctx),
            ).rejects.toMatchObject({ code: 'invalid_cursor' });
          await expect(handlers.search({ ...archive, paginationToken: token }, ctx)).rejects.toMatchObject({
            code: 'invalid_cursor',
          });
        }
      } while (token);
      expect(seen).toEqual([...videos.slice(6, 45), ...old].map((v) => v.id));
      // every page of the walk had the first page's window
      expect(new Set(calls.slice(ranked).map((call) => `${call.since} ${call.until}`)).size).toBe(1);
      // and the other way: a token of an uploadDate walk with the same bound
      const year = await handlers.search({ ...params, before }, ctx);
      expect(year.pagination.paginationToken).not.toBe('');
      await expect(
        handlers.search({ ...archive, before, paginationToken: year.pagination.paginationToken }, ctx),
      ).rejects.toMatchObject({ code: 'invalid_cursor' });
    });

    it('without after/before, an absent uploadDate is 1_HOUR_AGO: the same source call, answer and token', async () => {
      const hour = { ...archive, uploadDate: '1_HOUR_AGO' } as const;
      const wide = { ...ctx, now: new Date(now.getTime() + 30 * 60_000) };
      const implicit = await handlers.search(archive, wide);
      const call = calls.at(-1);
      expect(call).toMatchObject({
        since: now.getTime() + 30 * 60_000 - 3_600_000,
        until: now.getTime() + 30 * 60_000,
      });
      expect(await handlers.search(hour, wide)).toEqual(implicit);
      expect(calls.at(-1)).toEqual(call);
      // a walk of more than a page within the hour: its token fits either spelling
      const many = Array.from({ length: 25 }, (_, i): VideoRecord => ({
        ...videos[0]!,
        id: `v${60 + i}`,
        publishedAt: now.getTime() + i * 60_000,
      }));
      videos.push(...many);
      try {
        const first = await handlers.search(archive, wide);
        expect(first.pagination.total).toBe(26);
        const token = first.pagination.paginationToken;
        const second = await handlers.search({ ...hour, paginationToken: token }, wide);
        expect(second).toEqual(await handlers.search({ ...archive, paginationToken: token }, wide));
        expect([...first.data.contents, ...second.data.contents]).toHaveLength(26);
      } finally {
        videos.splice(-many.length);
      }
    });
  });

  it('a keyword without terms matches nothing', async () => {
    const body = await handlers.search({ ...params, keyword: '  !!' }, ctx);
    expect(body.data.contents).toEqual([]);
    expect(body.pagination).toEqual({ total: 0, hasMore: false, paginationToken: '' });
  });

  it('charts: 404 for a date without a chart; pagination reports the entries', async () => {
    const body = TrendingResponse.parse(
      await handlers.topShortSongs(
        { countryCode: 'global', filterByType: 'DAILY', filterByDate: '20251106', geoCode: 'US', language: 'en' },
        ctx,
      ),
    );
    expect(body.data.contents[0]).toMatchObject({
      releaseDate: { year: 2025, month: 10, day: 1 },
      position: { currentPosition: 1 },
    });
    expect(body.pagination).toEqual({ total: 1, hasMore: false, paginationToken: '' });
    await expect(
      handlers.topShortSongs(
        { countryCode: 'global', filterByType: 'DAILY', filterByDate: '20251107', geoCode: 'US', language: 'en' },
        ctx,
      ),
    ).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('20251107') });
  });

  it('related and streaming data: 404 for an unknown video', async () => {
    await expect(handlers.relatedVideos({ videoId: 'nope' }, ctx)).rejects.toMatchObject({ code: 'not_found' });
    await expect(handlers.streamingData({ videoId: 'nope' }, ctx)).rejects.toMatchObject({ code: 'not_found' });
    const related = await handlers.relatedVideos({ videoId: 'v00' }, ctx);
    expect(related.data.relatedVideos.map((v) => v.videoId)).not.toContain('v00');
    expect(related.data.relatedVideos[0]).toMatchObject({
      published: '2026-06-14',
      publishedText: '1 day ago',
      viewCountText: '999 views',
    });
    const streaming = StreamingResponse.parse(
      await handlers.streamingData({ videoId: 'v00', quality: 'bestaudio' }, ctx),
    );
    expect(streaming.data.selectedFormat).toMatchObject({ hasVideo: false, itag: 251 });
    expect(streaming.pagination.total).toBe(streaming.data.formats.length);
  });

  it('videosByIds: the videos found in request order as related-video records, and the unknown ids in request order', async () => {
    const body = VideosByIdsResponse.parse(
      await handlers.videosByIds({ ids: ['v03', 'nope', 'v00', 'zz', 'v01'] }, ctx),
    );
    expect(body.data.videos.map((v) => v.videoId)).toEqual(['v03', 'v00', 'v01']);
    expect(body.data.notFound).toEqual(['nope', 'zz']);
    expect(body.data.videos[1]).toEqual(
      (await handlers.relatedVideos({ videoId: 'v01' }, ctx)).data.relatedVideos.find((v) => v.videoId === 'v00'),
    );
    expect(body.pagination).toEqual({ total: 3, hasMore: false, paginationToken: '' });
    expect((await handlers.videosByIds({ ids: ['nope'] }, ctx)).data).toEqual({ videos: [], notFound: ['nope'] });
  });

  describe('channelVideos', () => {
    const channel = { channelId: 'UC1', language: 'en' } as const;

    it('walks the channel newest first, 20 a page, with a channel-bound token; the total is the count', async () => {
      const seen: string[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const body = ChannelVideosResponse.parse(
          await handlers.channelVideos({ ...channel, paginationToken: token }, ctx),
        );
        expect(body).toMatchObject({ message: 'Request successful', statusCode: 200 });
        expect(body.pagination.total).toBe(45);
        expect(body.pagination.hasMore).toBe(body.pagination.paginationToken !== '');
        seen.push(...body.data.contents.map((c) => c.videoId));
        token = body.pagination.paginationToken || undefined;
        if (token) {
          await expect(
            handlers.channelVideos({ channelId: 'UCempty', language: 'en', paginationToken: token }, ctx),
          ).rejects.toMatchObject({ code: 'invalid_cursor' });
          // the language changes texts only: the token still fits
          await expect(
            handlers.channelVideos({ ...channel, language: 'de', paginationToken: token }, ctx),
          ).resolves.toBeDefined();
        }
        pages++;
      } while (token);
      expect(pages).toBe(3);
      expect(seen).toEqual(videos.map((v) => v.id));
      expect(channelCalls.at(-1)).toEqual({
        channelId: 'UC1',
        since: undefined,
        until: undefined,
        after: { publishedAt: videos[39]!.publishedAt, num: 39 },
        limit: 20,
      });
    });

    it('items are search items plus publishedAt, texts in the language', async () => {
      const body = ChannelVideosResponse.parse(await handlers.channelVideos({ ...channel, language: 'de' }, ctx));
      const search = SearchResponse.parse(await handlers.search({ ...params, language: 'de' }, ctx));
      const { publishedAt, ...item } = body.data.contents[1]!;
      expect(item).toEqual(search.data.contents.find((c) => c.videoId === item.videoId));
      expect(publishedAt).toBe(new Date(now.getTime() - DAY).toISOString());
      expect(item.publishedTimeText).toBe('vor 1 Tag');
    });

    it('after/before keep the videos published strictly between them; the token is bound to them', async () => {
      const after = new Date(now.getTime() - 30 * DAY);
      const before = new Date(now.getTime() - 5 * DAY);
      const first = ChannelVideosResponse.parse(await handlers.channelVideos({ ...channel, after, before }, ctx));
      expect(channelCalls.at(-1)).toMatchObject({ since: after.getTime() + 1, until: before.getTime() - 1 });
      expect(first.pagination.total).toBe(24);
      const token = first.pagination.paginationToken;
      for (const other of [{}, { after }, { before }, { after, before: new Date(before.getTime() + 1) }])
        await expect(
          handlers.channelVideos({ ...channel, ...other, paginationToken: token }, ctx),
        ).rejects.toMatchObject({ code: 'invalid_cursor' });
      const second = await handlers.channelVideos({ ...channel, after, before, paginationToken: token }, ctx);
      expect([...first.data.contents, ...second.data.contents].map((c) => c.videoId)).toEqual(
        videos.slice(6, 30).map((v) => v.id),
      );
      expect(second.pagination).toEqual({ total: 24, hasMore: false, paginationToken: '' });
      await expect(handlers.channelVideos({ ...channel, after: before, before: after }, ctx)).rejects.toMatchObject({
        code: 'invalid_parameter',
      });
    });

    it('a known channel without videos (in the window) is an empty page; an unknown channel is a 404', async () => {
      const empty = await handlers.channelVideos({ channelId: 'UCempty', language: 'en' }, ctx);
      expect(empty.data.contents).toEqual([]);
      expect(empty.pagination).toEqual({ total: 0, hasMore: false, paginationToken: '' });
      const none = await handlers.channelVideos({ ...channel, after: new Date(now.getTime() + DAY) }, ctx);
      expect(none.pagination).toEqual({ total: 0, hasMore: false, paginationToken: '' });
      await expect(handlers.channelVideos({ channelId: 'UCnope', language: 'en' }, ctx)).rejects.toMatchObject({
        code: 'not_found',
        message: expect.stringContaining('UCnope'),
      });
    });

    it('refuses garbage and tokens of other operations: 400 invalid_cursor', async () => {
      const searchToken = (await handlers.search(params, ctx)).pagination.paginationToken;
      for (const paginationToken of ['garbage', searchToken, ctx.cursors.encode({ publishedAt: 1 }, 'x')])
        await expect(handlers.channelVideos({ ...channel, paginationToken }, ctx)).rejects.toMatchObject({
          code: 'invalid_cursor',
        });
    });
  });
});

describe('video comment threads', () => {
  it('answers each thread with its replies, 20 a page, and a token bound to the video and the order', async () => {
    const first = CommentThreadsResponse.parse(
      await handlers.commentThreads({ videoId: 'v00', order: 'time' }, { ...ctx, extra: true }),
    );
    expect(commentCalls.at(-1)).toEqual({ videoId: 'v00', order: 'time', after: undefined, limit: 20, replies: 5 });
    expect(first.data.threads).toHaveLength(20);
    expect(first.pagination).toMatchObject({ total: 25, hasMore: true });
    const [zero, one, two] = first.data.threads;
    expect(zero).toEqual({
      commentId: 'c00',
      author: {
        name: '@author0',
        channelId: 'UCauthor',
        avatarUrl: '', // none recorded: none answered, never a made-up one
      },
      text: 'comment 0',
      likeCount: 0,
      publishedAt: '2026-06-15T12:00:00.000Z',
      updatedAt: '2026-06-15T12:00:01.000Z',
      videoId: 'v00',
      totalReplyCount: 0,
      canReply: true,
      isPublic: true,
      replies: [],
    });
    expect(one!.extra).toEqual({ etag: 'e1' });
    expect(Object.keys(one!).at(-1)).toBe('extra');
    expect(one!.replies.map((r) => [r.commentId, r.author.avatarUrl])).toEqual([
      ['c01.r0', 'https://yt3.ggpht.com/r=s48'],
    ]);
    expect([two!.canReply, two!.isPublic]).toEqual([null, null]);

    const token = first.pagination.paginationToken;
    const second = CommentThreadsResponse.parse(
      await handlers.commentThreads({ videoId: 'v00', order: 'time', paginationToken: token }, ctx),
    );
    expect(commentCalls.at(-1)!.after).toEqual({ value: now.getTime() - 19 * DAY, id: 'c19' });
    expect(second.data.threads.map((t) => t.commentId)).toEqual(['c20', 'c21', 'c22', 'c23', 'c24']);
    expect(second.pagination).toEqual({ total: 25, hasMore: false, paginationToken: '' });
    for (const query of [
      { videoId: 'v00', order: 'relevance' as const },
      { videoId: 'v01', order: 'time' as const },
    ])
      await expect(handlers.commentThreads({ ...query, paginationToken: token }, ctx)).rejects.toMatchObject({
        code: 'invalid_cursor',
      });
  });

  it('an unknown video is a 404; a known video without comments an empty page', async () => {
    await expect(handlers.commentThreads({ videoId: 'nope', order: 'time' }, ctx)).rejects.toMatchObject({
      code: 'not_found',
      message: "video 'nope' not found",
    });
    expect(await handlers.commentThreads({ videoId: 'v01', order: 'relevance' }, ctx)).toEqual({
      message: 'Request successful',
      statusCode: 200,
      data: { threads: [] },
      pagination: { total: 0, hasMore: false, paginationToken: '' },
    });
  });
});

describe('video history', () => {
  it('answers the source’s readings in the envelope, oldest first', async () => {
    const reading = { observedAt: Date.parse('2026-06-01T00:00:00Z'), counts: { views: 7 } };
    const withHistory = createVideoHandlers({ ...source, history: async () => [reading] });
    const body = await withHistory.history({ record: 'video', id: 'v1', limit: 10 }, ctx);
    expect(body).toEqual({
      message: 'Request successful',
      statusCode: 200,
      data: {
        record: 'video',
        id: 'v1',
        observations: [{ observedAt: '2026-06-01T00:00:00.000Z', counts: { views: 7 } }],
        cursor: '',
      },
    });
    await expect(handlers.history({ record: 'video', id: 'nope', limit: 10 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
