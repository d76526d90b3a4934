import {
  answerHistory,
  type ContractHandlers,
  cursorBinding,
  decodePosition,
  inRequestOrder,
  notFound,
  ServiceError,
  timeWindowOf,
} from '@socialquery/core/server';
import { z } from 'zod';
import { channelVideos, commentThreads, search, type videoContract } from '../contract.js';
import { history } from '../history.js';
import {
  CHANNEL_PAGE_SIZE,
  type ChannelVideo,
  COMMENT_THREADS_PAGE_SIZE,
  type CommentThread,
  REPLIES_PER_THREAD,
  type VideoComment,
  DEFAULT_UPLOAD_DATE,
  type ChartItem,
  type RelatedVideo,
  SEARCH_PAGE_SIZE,
  type SearchItem,
  UPLOAD_WINDOW_MS,
} from '../schemas.js';
import { formatsOf, selectedFormatOf, selectFormat } from './formats.js';
import { keywordBinding, keywordSearch, queryPage } from './search-query.js';
import type {
  ChartEntryRecord,
  CommentRecord,
  CommentThreadRecord,
  SearchPage,
  VideoRecord,
  VideoSource,
} from './source.js';
import {
  avatarsOf,
  durationText,
  isoDate,
  refinementsOf,
  relativeTime,
  thumbnailsOf,
  videoUrl,
  viewCountText,
} from './text.js';

/** Related videos per response. */
export const RELATED_LIMIT = 20;
/**
 * A first search page's window ends at the start of its minute, not at the request's millisecond: the
 * same search within a minute then gets the same answer, relative times included (and the same ETag,
 * so caches and If-None-Match work); the cost is that a video is found up to a minute after it is
 * published.
 */
const WINDOW_END_STEP_MS = 60_000;
/**
 * The start of a whole-archive window: the earliest moment a Date holds, so no stored publish time
 * (an import's, before 1970 included) falls before it. The store's walk picks its read from the
 * per-term counts of the window, which then covers every posting, as for any wide window.
 */
const BEGINNING_OF_TIME = -8.64e15;
/** A search (or channel) token is bound to everything but itself and `language` (which changes texts, not results). */
const UNBOUND = ['paginationToken', 'language'];
const MESSAGE = 'Request successful';

/**
 * The video handlers over any VideoSource. The search token is a signed keyset position (the rank
 * of the last video answered) bound to the query (keyword terms, geoCode, uploadDate — none for a
 * whole-archive window —, type, after/before) and carrying the window's end: the window ends at
 * the first page's minute, so every page of one walk sees the same window, and a page continues
 * after the last video of the page before, whatever was stored in between (a video whose views
 * changed meanwhile may move past the position, as in any walk over live data). The token also
 * carries the total the first page answered, so every page of a walk answers the same total,
 * unless a page reaches the last match and so knows the exact count. Texts (relative times) are
 * in `language`, as of the window's end.
 *
 * A channel's uploads (`channelVideos`, an extension) are a keyset walk newest first: the token is the
 * last video's position (publish time, document number), signed and bound to the channel and the
 * after/before window the same way; the total is counted (the channel's videos in the window). The
 * channel's existence is checked only when a page comes back empty.
 *
 * A video's comment threads (`commentThreads`, an extension) are a keyset walk in `order`: the token is
 * the last thread's position (its order value and id), signed and bound to the video and the order;
 * the video's existence is checked only when a page comes back empty.
 */
export function createVideoHandlers(source: VideoSource): ContractHandlers<typeof videoContract> {
  return {
    async search(params, { cursors, now, extra }) {
      const { keyword, geoCode, type, language, paginationToken } = params;
      const window = timeWindowOf(params.after, params.before);
      // after/before without uploadDate: a window over the whole archive (undefined here); a search
      // without any of them keeps the spec's default, bound and answered as when it was implicit
      const uploadDate = params.uploadDate ?? (window ? undefined : DEFAULT_UPLOAD_DATE);
      const asked = keywordSearch(keyword);
      // a whole-archive walk binds no uploadDate and every other walk binds one, so neither takes the other's token
      const binding = cursorBinding(
        search.id,
        { terms: keywordBinding(asked), geoCode, uploadDate, type, paginationToken, language, ...window },
        UNBOUND,
      );
      const walk = paginationToken ? decodeSearch(cursors.decode(paginationToken, binding)) : undefined;
      const end = walk?.until ?? now.getTime() - (now.getTime() % WINDOW_END_STEP_MS);
      // the caller's exclusive bounds narrow the inclusive window (times are whole milliseconds): the
      // uploadDate window, or the whole archive up to the window's end (no search reaches past it)
      const start = uploadDate ? end - UPLOAD_WINDOW_MS[uploadDate] : BEGINNING_OF_TIME;
      const since = window?.after ? Math.max(start, window.after.getTime() + 1) : start;
      const until = window?.before ? Math.min(end, window.before.getTime() - 1) : end;
      const page: SearchPage =
        asked.kind === 'none'
          ? { videos: [], positions: [], total: 0, exact: true }
          : asked.kind === 'words'
            ? await source.search(
                { terms: asked.terms, since, until, type, geoCode, after: walk?.after, limit: SEARCH_PAGE_SIZE },
                { extra },
              )
            : await queryPage(source, asked.query, { since, until, type, geoCode }, walk?.after, { extra });
      const seen = (walk?.seen ?? 0) + page.videos.length;
      // exact when counted, or when this page holds the last match; else the walk's first estimate
      let total = page.exact ? page.total : page.next ? (walk?.total ?? page.total) : seen;
      total = Math.max(total, seen + (page.next ? 1 : 0));
      // relative times are as of the window's end too, so that they also hold still for the minute
      const asOf = new Date(end);
      return {
        message: MESSAGE,
        statusCode: 200,
        data: {
          contents: page.videos.map((video) => withExtra(searchItem(video, asOf, language), video)),
          refinements: refinementsOf(
            keyword,
            page.videos.map((video) => video.title),
          ),
        },
        pagination: {
          total,
          hasMore: page.next !== undefined,
          paginationToken: page.next ? cursors.encode({ after: page.next, seen, total, until: end }, binding) : '',
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

    async relatedVideos({ videoId }, { now, extra }) {
      const video = await source.video(videoId);
      if (!video) throw notFound(`video '${videoId}'`);
      const related = (await source.related(video, RELATED_LIMIT, { extra })).filter((other) => other.id !== video.id);
      return {
        message: MESSAGE,
        statusCode: 200,
        data: { relatedVideos: related.map((other) => withExtra(relatedItem(other, now), other)) },
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

    async channelVideos(params, { cursors, now, extra }) {
      const { channelId, language, paginationToken } = params;
      const window = timeWindowOf(params.after, params.before);
      const binding = cursorBinding(channelVideos.id, { channelId, paginationToken, language, ...window }, UNBOUND);
      const after = paginationToken
        ? decodePosition(cursors, paginationToken, binding, ChannelPositionSchema)
        : undefined;
      // exclusive bounds as the source's inclusive ones (times are whole milliseconds)
      const page = await source.channelVideos(
        {
          channelId,
          since: window?.after ? window.after.getTime() + 1 : undefined,
          until: window?.before ? window.before.getTime() - 1 : undefined,
          after,
          limit: CHANNEL_PAGE_SIZE,
        },
        { extra },
      );
      if (page.videos.length === 0 && !(await source.channelExists(channelId))) {
        throw notFound(`channel '${channelId}'`);
      }
      return {
        message: MESSAGE,
        statusCode: 200,
        data: { contents: page.videos.map((video) => withExtra(channelItem(video, now, language), video)) },
        pagination: {
          total: page.total,
          hasMore: page.next !== undefined,
          paginationToken: page.next ? cursors.encode(page.next, binding) : '',
        },
      };
    },

    async commentThreads({ videoId, order, paginationToken }, { cursors, extra }) {
      const binding = cursorBinding(commentThreads.id, { videoId, order, paginationToken }, UNBOUND);
      const after = paginationToken
        ? decodePosition(cursors, paginationToken, binding, CommentPositionSchema)
        : undefined;
      const page = await source.commentThreads(
        { videoId, order, after, limit: COMMENT_THREADS_PAGE_SIZE, replies: REPLIES_PER_THREAD },
        { extra },
      );
      if (page.threads.length === 0 && !(await source.video(videoId))) throw notFound(`video '${videoId}'`);
      return {
        message: MESSAGE,
        statusCode: 200,
        data: { threads: page.threads.map(threadItem) },
        pagination: {
          total: page.total,
          hasMore: page.next !== undefined,
          paginationToken: page.next ? cursors.encode(page.next, binding) : '',
        },
      };
    },

    async videosByIds({ ids }, { now, extra }) {
      const { records: videos, notFound } = inRequestOrder(
        ids,
        await source.videos(ids, { extra }),
        (video) => video.id,
      );
      return {
        message: MESSAGE,
        statusCode: 200,
        data: { videos: videos.map((video) => withExtra(relatedItem(video, now), video)), notFound },
        pagination: { total: videos.length, hasMore: false, paginationToken: '' },
      };
    },

    async history(params, ctx) {
      return { message: MESSAGE, statusCode: 200, data: await answerHistory(history.id, source, params, ctx) };
    },
  };
}

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const SearchWalk = z.strictObject({
  after: z.strictObject({ tier: z.union([z.literal(0), z.literal(1)]), views: count, num: count }),
  seen: count,
  total: count,
  until: z.number().int().min(0).max(8.64e15),
});

/** A channel walk's position (defensive: a signed token always has this shape). */
const ChannelPositionSchema = z.strictObject({ publishedAt: z.number().int().min(-8.64e15).max(8.64e15), num: count });

/** A comment walk's position (defensive: a signed token always has this shape). */
const CommentPositionSchema = z.strictObject({
  value: z.number().int().min(-8.64e15).max(8.64e15),
  id: z.string().min(1).max(256),
});

function decodeSearch(decoded: unknown): z.infer<typeof SearchWalk> {
  const parsed = SearchWalk.safeParse(decoded);
  if (!parsed.success) {
    throw new ServiceError('invalid_cursor', 'the paging token is invalid or belongs to another query');
  }
  return parsed.data;
}

/** An answered record, with the video's `extra` last when it was read (the request selected it) and it has one. */
const withExtra = <T extends object>(item: T, video: VideoRecord): T =>
  video.extra ? { ...item, extra: video.extra } : item;

/** Where a channel has no picture (its source gave none): an empty address. */
const NO_PICTURE = { url: '', width: 0, height: 0 };
const channelPictures = (video: VideoRecord) => video.channelThumbnails ?? avatarsOf(video.channelId);
const videoPictures = (video: VideoRecord) => video.thumbnails ?? thumbnailsOf(video.id);
const addressOf = (video: VideoRecord) => video.url ?? videoUrl(video.id);

function searchItem(video: VideoRecord, now: Date, language: string): SearchItem {
  return {
    author: {
      avatar: channelPictures(video)[0] ?? NO_PICTURE,
      name: video.channelName,
      badges: video.channelVerified ? [{ type: 'VERIFIED_CHANNEL', text: 'Verified' }] : [],
    },
    videoId: video.id,
    channelId: video.channelId,
    thumbnails: videoPictures(video),
    publishedTimeText: relativeTime(video.publishedAt, now, language),
    title: video.title,
    views: video.views,
    duration: durationText(video.durationSeconds),
    url: addressOf(video),
  };
}

function channelItem(video: VideoRecord, now: Date, language: string): Omit<ChannelVideo, 'extra'> {
  return { ...searchItem(video, now, language), publishedAt: new Date(video.publishedAt).toISOString() };
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
    author: { id: video.channelId, name: video.channelName, thumbnails: channelPictures(video) },
    thumbnails: videoPictures(video),
    url: addressOf(video),
    viewCount: video.views,
    viewCountText: viewCountText(video.views),
    published: isoDate(video.publishedAt),
    publishedText: relativeTime(video.publishedAt, now, 'en'),
    lengthSeconds: video.durationSeconds,
    duration: durationText(video.durationSeconds),
    isLive: video.isLive,
  };
}

/** A comment as answered: its `extra` last when it was read (the request selected it) and it has one. */
function commentItem(comment: CommentRecord): VideoComment {
  return {
    commentId: comment.id,
    author: {
      name: comment.authorName,
      channelId: comment.authorChannelId,
      avatarUrl: comment.authorImage,
    },
    text: comment.text,
    likeCount: comment.likeCount,
    publishedAt: new Date(comment.publishedAt).toISOString(),
    updatedAt: new Date(comment.updatedAt).toISOString(),
    ...(comment.extra && { extra: comment.extra }),
  };
}

function threadItem(thread: CommentThreadRecord): CommentThread {
  const { extra, ...comment } = commentItem(thread.comment);
  return {
    ...comment,
    videoId: thread.videoId,
    totalReplyCount: thread.totalReplyCount,
    canReply: thread.canReply ?? null,
    isPublic: thread.isPublic ?? null,
    replies: thread.replies.map(commentItem),
    ...(extra && { extra }),
  };
}
