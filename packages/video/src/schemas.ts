import {
  enumParam,
  extraField,
  geoCodeParam,
  idsParam,
  Image,
  languageParam,
  optionalString,
  pagedEnvelope,
  requiredString,
  searchQueryParam,
  timeBoundParam,
  Timestamp,
} from '@socialquery/core';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Resources (video platform resources)
// ---------------------------------------------------------------------------------------------

export const Badge = z.object({ type: z.string(), text: z.string() });

/**
 * One search result. `duration` is `m:ss` (or `h:mm:ss`); `publishedTimeText` is relative to the
 * request's moment; `extra` (only with `fields=…,extra`) the video's other source fields.
 */
export const SearchItem = z.object({
  author: z.object({ avatar: Image, name: z.string(), badges: z.array(Badge) }),
  videoId: z.string(),
  channelId: z.string(),
  thumbnails: z.array(Image),
  publishedTimeText: z.string(),
  title: z.string(),
  views: z.number(),
  duration: z.string(),
  url: z.string(),
  extra: extraField,
});
export type SearchItem = z.infer<typeof SearchItem>;

export const SearchData = z.object({ contents: z.array(SearchItem), refinements: z.array(z.string()) });

/**
 * One upload of a channel (an extension): a search result's fields, so a client handles both alike,
 * plus `publishedAt`, the moment it was published (ISO 8601, UTC), which a listing in time order
 * (and a feed of it) needs beside the relative `publishedTimeText`.
 */
export const ChannelVideo = SearchItem.omit({ extra: true }).extend({ publishedAt: Timestamp, extra: extraField });
export type ChannelVideo = z.infer<typeof ChannelVideo>;

export const ChartPosition = z.object({
  currentPosition: z.number(),
  previousPosition: z.number(),
  percentViewsChange: z.number(),
  periodsOnChart: z.number(),
});

export const ChartItem = z.object({
  author: z.object({ avatar: Image, name: z.string() }),
  videoId: z.string(),
  thumbnails: z.array(Image),
  publishedTimeText: z.string(),
  releaseDate: z.object({ year: z.number(), month: z.number(), day: z.number() }),
  title: z.string(),
  songwriters: z.array(z.string()),
  songProducers: z.array(z.string()),
  position: ChartPosition,
  url: z.string(),
});
export type ChartItem = z.infer<typeof ChartItem>;

export const RelatedVideo = z.object({
  videoId: z.string(),
  title: z.string(),
  author: z.object({ id: z.string(), name: z.string(), thumbnails: z.array(Image) }),
  thumbnails: z.array(Image),
  url: z.string(),
  viewCount: z.number(),
  viewCountText: z.string(),
  published: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  publishedText: z.string(),
  lengthSeconds: z.number(),
  duration: z.string(),
  isLive: z.boolean(),
  extra: extraField,
});
export type RelatedVideo = z.infer<typeof RelatedVideo>;

export const Format = z.object({
  itag: z.number(),
  mimeType: z.string(),
  hasVideo: z.boolean(),
  hasAudio: z.boolean(),
  quality: z.string(),
  qualityLabel: z.string(),
  container: z.string(),
  width: z.number(),
  height: z.number(),
  contentLength: z.number(),
  bitrate: z.number(),
});
export type Format = z.infer<typeof Format>;

export const SelectedFormat = z.object({
  itag: z.number(),
  url: z.string(),
  mimeType: z.string(),
  quality: z.string(),
  container: z.string(),
  hasVideo: z.boolean(),
  hasAudio: z.boolean(),
  width: z.number(),
  height: z.number(),
  contentLength: z.number(),
});
export type SelectedFormat = z.infer<typeof SelectedFormat>;

export const SearchResponse = pagedEnvelope(SearchData);
export type SearchResponse = z.infer<typeof SearchResponse>;
export const ChannelVideosResponse = pagedEnvelope(z.object({ contents: z.array(ChannelVideo) }));
export type ChannelVideosResponse = z.infer<typeof ChannelVideosResponse>;
export const TrendingResponse = pagedEnvelope(z.object({ contents: z.array(ChartItem) }));
export type TrendingResponse = z.infer<typeof TrendingResponse>;
export const RelatedResponse = pagedEnvelope(z.object({ relatedVideos: z.array(RelatedVideo) }));
export type RelatedResponse = z.infer<typeof RelatedResponse>;
export const StreamingResponse = pagedEnvelope(z.object({ formats: z.array(Format), selectedFormat: SelectedFormat }));
export type StreamingResponse = z.infer<typeof StreamingResponse>;
/**
 * Batch lookup (an extension): the videos found, as RelatedVideo records — the richest
 * record a stored video renders without request-specific input (a SearchItem's publishedTimeText needs
 * the request's `language`; RelatedVideo adds the channel's avatars, the view-count text, the date,
 * the length in seconds and isLive) — and the requested ids with no video.
 */
export const VideosByIdsResponse = pagedEnvelope(
  z.object({ videos: z.array(RelatedVideo), notFound: z.array(z.string()) }),
);
export type VideosByIdsResponse = z.infer<typeof VideosByIdsResponse>;

/** Replies answered under each comment thread, oldest first (as many as YouTube's `replies.comments` holds). */
export const REPLIES_PER_THREAD = 5;

/**
 * One comment on a video (an extension): a thread's top-level comment or a reply. `text` is the
 * comment as typed (plain text); `author.avatarUrl` the author's picture; `extra` (only with
 * `fields=…,extra`) the comment's other source fields.
 */
export const VideoComment = z.object({
  commentId: z.string(),
  author: z.object({ name: z.string(), channelId: z.string(), avatarUrl: z.string() }),
  text: z.string(),
  likeCount: z.number(),
  publishedAt: Timestamp,
  updatedAt: Timestamp,
  extra: extraField,
});
export type VideoComment = z.infer<typeof VideoComment>;

/**
 * A comment thread (an extension): its top-level comment's fields, the video, the thread's reply
 * count and flags (`null` where the source did not say), and its first replies, oldest first.
 */
export const CommentThread = VideoComment.omit({ extra: true }).extend({
  videoId: z.string(),
  totalReplyCount: z.number(),
  canReply: z.boolean().nullable(),
  isPublic: z.boolean().nullable(),
  replies: z.array(VideoComment).max(REPLIES_PER_THREAD),
  extra: extraField,
});
export type CommentThread = z.infer<typeof CommentThread>;
export const CommentThreadsResponse = pagedEnvelope(z.object({ threads: z.array(CommentThread) }));
export type CommentThreadsResponse = z.infer<typeof CommentThreadsResponse>;

// ---------------------------------------------------------------------------------------------
// Parameters (video platform endpoints)
// ---------------------------------------------------------------------------------------------

export const uploadDates = ['1_HOUR_AGO', 'TODAY', 'THIS_WEEK', 'THIS_MONTH', 'THIS_YEAR'] as const;
export type UploadDate = (typeof uploadDates)[number];
/** Each uploadDate window, ending at the request's moment. */
export const UPLOAD_WINDOW_MS: Record<UploadDate, number> = {
  '1_HOUR_AGO': 3_600_000,
  TODAY: 24 * 3_600_000,
  THIS_WEEK: 7 * 24 * 3_600_000,
  THIS_MONTH: 30 * 24 * 3_600_000,
  THIS_YEAR: 365 * 24 * 3_600_000,
};
export const videoTypes = ['VIDEO', 'MOVIE'] as const;
export type VideoType = (typeof videoTypes)[number];
export const chartCountries = [
  'global',
  'au',
  'br',
  'ca',
  'fr',
  'de',
  'in',
  'jp',
  'mx',
  'kr',
  'ae',
  'gb',
  'us',
] as const;
export type ChartCountry = (typeof chartCountries)[number];
export const chartTypes = ['DAILY', 'WEEKLY'] as const;
export type ChartType = (typeof chartTypes)[number];

/** Search results per page. */
export const SEARCH_PAGE_SIZE = 20;
/** A channel's uploads per page (as many as a search page). */
export const CHANNEL_PAGE_SIZE = SEARCH_PAGE_SIZE;

/** Comment threads per page (as many as a search page). */
export const COMMENT_THREADS_PAGE_SIZE = SEARCH_PAGE_SIZE;
/** How a video's comment threads are ordered, named as YouTube's commentThreads.list `order`. */
export const commentOrders = ['time', 'relevance'] as const;
export type CommentOrder = (typeof commentOrders)[number];

/** A calendar date `YYYYMMDD` that exists (20250230 does not). */
export const chartDateParam = () =>
  z
    .string({ error: 'must be a date YYYYMMDD' })
    .refine(isChartDate, { error: 'must be a date YYYYMMDD' })
    .default('20251106');

export function isChartDate(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The window a search without uploadDate, after or before keeps (the spec's default). */
export const DEFAULT_UPLOAD_DATE: UploadDate = '1_HOUR_AGO';

/**
 * `uploadDate`, documented with its default as the spec gives it, but left undefined when absent:
 * the handler tells a search without uploadDate and with after/before (a window over the whole
 * archive) from one that asks for an uploadDate, and applies the default itself otherwise.
 */
function uploadDateParam() {
  return z
    .enum(uploadDates, { error: `must be one of: ${uploadDates.join(', ')}` })
    .optional()
    .meta({ default: DEFAULT_UPLOAD_DATE });
}

/** The fields a search keyword's `field:` terms name: the title, the channel's name. */
export const VIDEO_SEARCH_FIELDS = ['title', 'channel'] as const;

const SEARCH_WINDOW_NOTE =
  'With uploadDate, narrows its window (which ends now); without uploadDate, sets the window over the whole archive ' +
  '(after: no lower bound when absent; before: now when absent or later). Pass the same value with paginationToken.';
export const SearchQuery = z.object({
  keyword: searchQueryParam({ fields: VIDEO_SEARCH_FIELDS, maxLength: 200, wordless: 'accept' }).describe(
    'What to find, in the query language (docs/query-language.md): words (whole, case-insensitive, in the title or the ' +
      'channel name), "a phrase", pre*, -excluded, a OR b, title:word, channel:word.',
  ),
  geoCode: geoCodeParam(),
  uploadDate: uploadDateParam(),
  type: enumParam(videoTypes, 'VIDEO'),
  language: languageParam(),
  paginationToken: optionalString().describe("The previous page's pagination.paginationToken."),
  after: timeBoundParam('after', { event: 'published', note: SEARCH_WINDOW_NOTE }),
  before: timeBoundParam('before', { event: 'published', note: SEARCH_WINDOW_NOTE }),
});
const CHANNEL_WINDOW_NOTE = 'Pass the same value with paginationToken.';
export const ChannelVideosQuery = z.object({
  channelId: requiredString(64),
  paginationToken: optionalString().describe("The previous page's pagination.paginationToken."),
  language: languageParam(),
  after: timeBoundParam('after', { event: 'published', note: CHANNEL_WINDOW_NOTE }),
  before: timeBoundParam('before', { event: 'published', note: CHANNEL_WINDOW_NOTE }),
});
export const TrendingQuery = z.object({
  countryCode: enumParam(chartCountries, 'global'),
  filterByType: enumParam(chartTypes, 'DAILY'),
  filterByDate: chartDateParam(),
  geoCode: geoCodeParam(),
  language: languageParam(),
});
export const RelatedQuery = z.object({ videoId: requiredString(64) });
export const CommentThreadsQuery = z.object({
  videoId: requiredString(64),
  order: enumParam(commentOrders, 'time').describe(
    'time: newest first (default); relevance: most liked first. Pass the same value with paginationToken.',
  ),
  paginationToken: optionalString().describe("The previous page's pagination.paginationToken."),
});
/** Most ids one batch lookup takes. */
export const MAX_BATCH_IDS = 100;
export const VideosByIdsQuery = z.object({ ids: idsParam({ max: MAX_BATCH_IDS, maxLength: 64 }) });
export const StreamingQuery = z.object({
  videoId: requiredString(64),
  quality: optionalString(32)
    .refine((value) => value === undefined || isQuality(value), {
      error: 'must be best, highest, worst, lowest, bestaudio or a label such as 720p',
    })
    .describe('best/highest (default), worst/lowest, bestaudio, or a resolution label such as 720p.'),
});

/** Quality preferences streaming-data accepts: the keywords, or a resolution label (`144p` … `4320p`). */
export const QUALITY_LABEL = /^([1-9][0-9]{1,3})p$/;
export const qualityKeywords = ['best', 'highest', 'worst', 'lowest', 'bestaudio'] as const;
export function isQuality(value: string): boolean {
  return (qualityKeywords as readonly string[]).includes(value) || QUALITY_LABEL.test(value);
}
