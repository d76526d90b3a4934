import {
  type ContractHandlers,
  cursorBinding,
  inRequestOrder,
  notFound,
  ServiceError,
  timeWindowOf,
} from '@socialquery/core/server';
import { z } from 'zod';
import { search, type videoContract } from '../contract.js';
import { type ChartItem, type RelatedVideo, SEARCH_PAGE_SIZE, type SearchItem, UPLOAD_WINDOW_MS } from '../schemas.js';
import { formatsOf, selectedFormatOf, selectFormat } from './formats.js';
import { RankedWalks } from './ranked-walks.js';
import type { ChartEntryRecord, VideoRecord, VideoSource } from './source.js';
import {
  avatarsOf,
  durationText,
  isoDate,
  refinementsOf,
  relativeTime,
  termsOf,
  thumbnailsOf,
  videoUrl,
  viewCountText,
} from './text.js';

/** Related videos per response. */
export const RELATED_LIMIT = 20;
/** Search pages a token can reach (20 × 500 = 10,000 results). */
const MAX_SEARCH_OFFSET = 10_000;
/**
 * A first search page's window ends at the start of its minute, not at the request's millisecond: the
 * same search within a minute then gets the same answer, relative times included (and the same ETag,
 * so caches and If-None-Match work); the cost is that a video is found up to a minute after it is
 * published.
 */
const WINDOW_END_STEP_MS = 60_000;
/** A search token is bound to everything but itself and `language` (which changes texts, not results). */
const UNBOUND = ['paginationToken', 'language'];
const MESSAGE = 'Request successful';

/**
 * The video handlers over any VideoSource. Search ranking is not keyset-friendly (a score, not a
 * column), so the search token is a signed offset bound to the query (keyword terms, geoCode,
 * uploadDate, type) and to the window's end: the window ends at the first page's minute, which
 * the token carries, so every page of one walk sees the same result set; `after`/`before` narrow that
 * window and are bound into the token too. Texts (relative times) are in `language`, as of the
 * window's end.
 */
export function createVideoHandlers(
  source: VideoSource,
  walks = new RankedWalks(),
): ContractHandlers<typeof videoContract> {
  return {
    async search(params, { cursors, now }) {
      const { keyword, geoCode, uploadDate, type, language, paginationToken } = params;
      const window = timeWindowOf(params.after, params.before);
      const terms = termsOf(keyword);
      const binding = cursorBinding(
        search.id,
        { terms: terms.join(' '), geoCode, uploadDate, type, paginationToken, language, ...window },
        UNBOUND,
      );
      const position = paginationToken
        ? decodeSearch(cursors.decode(paginationToken, binding))
        : { offset: 0, until: now.getTime() - (now.getTime() % WINDOW_END_STEP_MS) };
      // the caller's exclusive bounds narrow the inclusive uploadDate window (times are whole milliseconds)
      const start = position.until - UPLOAD_WINDOW_MS[uploadDate];
      const since = window?.after ? Math.max(start, window.after.getTime() + 1) : start;
      const until = window?.before ? Math.min(position.until, window.before.getTime() - 1) : position.until;
      // a walk is its query and its window's end; its later pages slice the ranking its first page made
      const walk = `${binding}\u0000${position.until}`;
      let ranking = paginationToken ? walks.get(walk, now.getTime()) : undefined;
      if (!ranking) {
        ranking =
          terms.length === 0
            ? { ids: [], total: 0 }
            : await source.search({ terms, since, until, type, geoCode, offset: 0, limit: MAX_SEARCH_OFFSET });
        if (ranking.ids.length > SEARCH_PAGE_SIZE) walks.set(walk, ranking, now.getTime()); // a walk of one page has no later pages
      }
      const ids = ranking.ids.slice(position.offset, position.offset + SEARCH_PAGE_SIZE);
      const videos = inRequestOrder(ids, ids.length === 0 ? [] : await source.videos(ids), (video) => video.id).records;
      // relative times are as of the window's end too, so that they also hold still for the minute
      const asOf = new Date(position.until);
      const next = position.offset + ids.length;
      const hasMore = ids.length === SEARCH_PAGE_SIZE && next < ranking.total && next < MAX_SEARCH_OFFSET;
      return {
        message: MESSAGE,
        statusCode: 200,
        data: {
          contents: videos.map((video) => searchItem(video, asOf, language)),
          refinements: refinementsOf(
            keyword,
            videos.map((video) => video.title),
          ),
        },
        pagination: {
          total: ranking.total,
          hasMore,
          paginationToken: hasMore ? cursors.encode({ offset: next, until: position.until }, binding) : '',
        },
      };
    },

    async topShortSongs({ countryCode, filterByType, filterByDate, language }, { now }) {
      const entries = await source.chart({ country: countryCode, type: filterByType, date: filterByDate });
      if (!entries) throw notFound(`${filterByType} chart for '${countryCode}' on ${filterByDate}`);
      return {
        message: MESSAGE,
        statusCode: 200,
        data: { contents: entries.map((entry) => chartItem(entry, now, language)) },
        pagination: { total: entries.length, hasMore: false, paginationToken: '' },
      };
    },

    async relatedVideos({ videoId }, { now }) {
      const video = await source.video(videoId);
      if (!video) throw notFound(`video '${videoId}'`);
      const related = (await source.related(video, RELATED_LIMIT)).filter((other) => other.id !== video.id);
      return {
        message: MESSAGE,
        statusCode: 200,
        data: { relatedVideos: related.map((other) => relatedItem(other, now)) },
        pagination: { total: related.length, hasMore: false, paginationToken: '' },
      };
    },

    async streamingData({ videoId, quality }) {
      const video = await source.video(videoId);
      if (!video) throw notFound(`video '${videoId}'`);
      const formats = formatsOf(video);
      return {
        message: MESSAGE,
        statusCode: 200,
        data: { formats, selectedFormat: selectedFormatOf(selectFormat(formats, quality), video.id) },
        pagination: { total: formats.length, hasMore: false, paginationToken: '' },
      };
    },

    async videosByIds({ ids }, { now }) {
      const { records: videos, notFound } = inRequestOrder(ids, await source.videos(ids), (video) => video.id);
      return {
        message: MESSAGE,
        statusCode: 200,
        data: { videos: videos.map((video) => relatedItem(video, now)), notFound },
        pagination: { total: videos.length, hasMore: false, paginationToken: '' },
      };
    },
  };
}

const SearchPosition = z.strictObject({
  offset: z.number().int().min(SEARCH_PAGE_SIZE).max(MAX_SEARCH_OFFSET),
  until: z.number().int().min(0).max(8.64e15),
});

function decodeSearch(decoded: unknown): z.infer<typeof SearchPosition> {
  const parsed = SearchPosition.safeParse(decoded);
  if (!parsed.success) {
    throw new ServiceError('invalid_cursor', 'the paging token is invalid or belongs to another query');
  }
  return parsed.data;
}

function searchItem(video: VideoRecord, now: Date, language: string): SearchItem {
  return {
    author: {
      avatar: avatarsOf(video.channelId)[0]!,
      name: video.channelName,
      badges: video.channelVerified ? [{ type: 'VERIFIED_CHANNEL', text: 'Verified' }] : [],
    },
    videoId: video.id,
    channelId: video.channelId,
    thumbnails: thumbnailsOf(video.id),
    publishedTimeText: relativeTime(video.publishedAt, now, language),
    title: video.title,
    views: video.views,
    duration: durationText(video.durationSeconds),
    url: videoUrl(video.id),
  };
}

function chartItem(entry: ChartEntryRecord, now: Date, language: string): ChartItem {
  const [year, month, day] = entry.releaseDate.split('-').map(Number);
  return {
    author: { avatar: avatarsOf(`artist:${entry.artist}`)[0]!, name: entry.artist },
    videoId: entry.videoId,
    thumbnails: thumbnailsOf(entry.videoId),
    publishedTimeText: relativeTime(entry.publishedAt, now, language),
    releaseDate: { year: year ?? 0, month: month ?? 0, day: day ?? 0 },
    title: entry.title,
    songwriters: entry.songwriters,
    songProducers: entry.producers,
    position: {
      currentPosition: entry.position,
      previousPosition: entry.previousPosition,
      percentViewsChange: entry.percentViewsChange,
      periodsOnChart: entry.periodsOnChart,
    },
    url: videoUrl(entry.videoId),
  };
}

function relatedItem(video: VideoRecord, now: Date): RelatedVideo {
  return {
    videoId: video.id,
    title: video.title,
    author: { id: video.channelId, name: video.channelName, thumbnails: avatarsOf(video.channelId) },
    thumbnails: thumbnailsOf(video.id),
    url: videoUrl(video.id),
    viewCount: video.views,
    viewCountText: viewCountText(video.views),
    published: isoDate(video.publishedAt),
    publishedText: relativeTime(video.publishedAt, now, 'en'),
    lengthSeconds: video.durationSeconds,
    duration: durationText(video.durationSeconds),
    isLive: video.isLive,
  };
}
