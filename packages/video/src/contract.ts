import { defineOperation } from '@socialquery/core';
import {
  ChannelVideosQuery,
  ChannelVideosResponse,
  CommentThreadsQuery,
  CommentThreadsResponse,
  RelatedQuery,
  RelatedResponse,
  SearchQuery,
  SearchResponse,
  StreamingQuery,
  StreamingResponse,
  TrendingQuery,
  TrendingResponse,
  VideosByIdsQuery,
  VideosByIdsResponse,
} from './schemas.js';
import { history } from './history.js';

export const search = defineOperation({
  id: 'video.search',
  method: 'GET',
  path: '/api/v1/search',
  auth: 'apiKey',
  // a walk of the search index, a page at a time; still kept off the event loop, as multi-term walks follow co-occurrence
  heavy: true,
  params: { query: SearchQuery },
  response: SearchResponse,
  summary: 'Search videos',
  description:
    'Ranked search over title and channel name: every keyword term must be a whole word of one of them. Videos whose title holds every term come first, then the others, each most viewed first. 20 results a page, ' +
    'limited to videos published in the uploadDate window ending now (at the start of the current minute, so the same search within a minute gets the same answer and ETag; relative times are as of that moment), or in the after/before window below, of the given type, available in geoCode. ' +
    "pagination.total is the number of matches: counted when few enough to count in a page's time, else estimated from the index's per-term counts (the same on every page of a walk, until the last page, which knows the count). Pass pagination.paginationToken back for the next page (empty on the last): a page continues after the last video of the page before, so pages neither skip nor repeat a video when videos are added mid-walk; any page costs the same. " +
    'refinements are narrower queries: the keyword plus a frequent co-occurring title term of the results. ' +
    'Extension: `after`/`before` keep videos published strictly between them. With uploadDate, they narrow its ' +
    'window, never widen it. Without uploadDate, they set the window over the whole archive instead of the default ' +
    'hour: from `after` (no lower bound without it) to `before` or to now (the start of the current minute, as ' +
    'above), whichever is earlier; ranking, paging and totals are those of any search. A search with neither ' +
    'after/before nor uploadDate keeps the default (1_HOUR_AGO). The token is bound to them and to uploadDate (given ' +
    'or not): pass the same after/before, and uploadDate only if the first page had it, or the token is refused ' +
    '(400 invalid_cursor). Trending and related ' +
    "videos take no time window: a chart is already one date's ranking and carries no publish timestamp, and related " +
    'videos are a fixed top 20 by relatedness whose `published` is a day, not a moment.',
  paging: { kind: 'token', param: 'paginationToken', next: ['pagination', 'paginationToken'] },
});

export const topShortSongs = defineOperation({
  id: 'video.topShortSongs',
  method: 'GET',
  path: '/api/v1/trending/top-short-song',
  auth: 'apiKey',
  params: { query: TrendingQuery },
  response: TrendingResponse,
  summary: 'Top songs on shorts chart',
  description:
    'The chart of a country, type (DAILY or WEEKLY) and date (YYYYMMDD), ordered by position.currentPosition. ' +
    'previousPosition is 0 for a new entry. A date with no chart is a 404. The chart fits in one response: ' +
    'pagination is { total: entries, hasMore: false, paginationToken: "" }.',
});

export const relatedVideos = defineOperation({
  id: 'video.relatedVideos',
  method: 'GET',
  path: '/api/v1/video/related',
  auth: 'apiKey',
  params: { query: RelatedQuery },
  response: RelatedResponse,
  summary: 'Videos related to a video',
  description:
    'Up to 20 videos, ranked by shared title terms and same channel, then views; never the video itself. ' +
    'pagination is { total: items, hasMore: false, paginationToken: "" }.',
});

export const streamingData = defineOperation({
  id: 'video.streamingData',
  method: 'GET',
  path: '/api/v1/video/streaming-data',
  auth: 'apiKey',
  params: { query: StreamingQuery },
  response: StreamingResponse,
  summary: 'Formats of a video',
  description:
    'Every format (audio-only, video-only, muxed) and the one `quality` selects: best/highest (default: the highest ' +
    'resolution, muxed preferred over video-only at equal height), worst/lowest (the lowest resolution, muxed preferred), ' +
    'bestaudio (the highest-bitrate audio-only), or a label such as 720p (exact height, else the nearest below, else the ' +
    'nearest above). Anything else is a 400. pagination is { total: formats, hasMore: false, paginationToken: "" }.',
});

export const videosByIds = defineOperation({
  id: 'video.videosByIds',
  method: 'GET',
  path: '/api/v1/video/videos',
  auth: 'apiKey',
  params: { query: VideosByIdsQuery },
  response: VideosByIdsResponse,
  summary: 'Videos by id (batch lookup)',
  description:
    'An extension: a request that does not use it is answered as before. `ids`: up to 100 video ids, comma-separated (repeats count once). data.videos holds ' +
    'the videos found, in the order first requested, as related-video records (texts in English); data.notFound lists ' +
    'the requested ids with no video, in request order. Never a 404: an unknown id is only listed in notFound. ' +
    'pagination is { total: videos found, hasMore: false, paginationToken: "" }.',
});

export const channelVideos = defineOperation({
  id: 'video.channelVideos',
  method: 'GET',
  path: '/api/v1/channel/videos',
  auth: 'apiKey',
  params: { query: ChannelVideosQuery },
  response: ChannelVideosResponse,
  summary: "A channel's videos, newest first",
  description:
    'An extension: a request that does not use it is answered as before. The videos of the channel `channelId`, newest ' +
    'first (by publish time; videos published at the same moment by their document number, descending), 20 a page. ' +
    'Each item is a search result (the same fields, publishedTimeText in `language`) plus publishedAt, the publish ' +
    "moment. pagination.total is the number of the channel's videos (within after/before). Pass " +
    'pagination.paginationToken back for the next page (empty on the last): a page continues after the last video of ' +
    'the page before (a keyset walk, so any page costs the same, and pages neither skip nor repeat a video when videos ' +
    'are added mid-walk). `after`/`before` keep the videos published strictly between them; the token is bound to the ' +
    'channel and to them: pass the same after/before with it, or it is refused (400 invalid_cursor). An unknown ' +
    'channel is a 404; a known channel without videos (in the window) answers an empty page.',
  paging: { kind: 'token', param: 'paginationToken', next: ['pagination', 'paginationToken'] },
});

export const commentThreads = defineOperation({
  id: 'video.commentThreads',
  method: 'GET',
  path: '/api/v1/video/comments',
  auth: 'apiKey',
  params: { query: CommentThreadsQuery },
  response: CommentThreadsResponse,
  summary: "A video's comment threads",
  description:
    'An extension: a request that does not use it is answered as before. The comment threads of the video `videoId`, 20 a ' +
    "page: each thread is its top-level comment with the thread's totalReplyCount (as the source counted it, or the " +
    'replies stored when more), canReply and isPublic (null where the source did not say), and its first 5 replies, ' +
    "oldest first. `order` (named as YouTube's commentThreads.list order): `time`, newest first (by publishedAt), " +
    'the default; `relevance`, most liked first (by likeCount); ties by commentId, descending. pagination.total is the ' +
    "number of the video's threads. Pass pagination.paginationToken back for the next page (empty on the last): a page " +
    'continues after the last thread of the page before (a keyset walk: any page costs the same, and pages neither ' +
    'skip nor repeat a thread when comments are added mid-walk; with `relevance`, a thread whose likes change meanwhile ' +
    'may move past the position). The token is bound to the video and the order. `fields=…,extra` adds each ' +
    "comment's other source fields (the thread's and its replies'). An unknown video is a 404; a known video without " +
    'comments answers an empty page.',
  paging: { kind: 'token', param: 'paginationToken', next: ['pagination', 'paginationToken'] },
});

/** The video platform's operations, keyed by client method name. */
export const videoContract = {
  search,
  topShortSongs,
  relatedVideos,
  streamingData,
  videosByIds,
  channelVideos,
  commentThreads,
  history,
};
