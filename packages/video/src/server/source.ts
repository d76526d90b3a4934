import type { Image } from '@socialquery/core';
import type { HistorySource } from '@socialquery/core/server';
import type { VideoHistoryKind } from '../history.js';
import type { CommentOrder } from '../schemas.js';
import type { ChartCountry, ChartType, GeoCodeOf, VideoType } from './types.js';

/**
 * A video as the store holds it; the handlers derive texts. Its address and pictures are the
 * source's when one was recorded (an imported or synced item); absent (the demo's videos), the
 * handlers derive the demo's (text.ts).
 */
export interface VideoRecord {
  id: string;
  channelId: string;
  channelName: string;
  /** Whether the channel is verified (a badge in search results). */
  channelVerified: boolean;
  title: string;
  views: number;
  /** Seconds. */
  durationSeconds: number;
  /** Epoch milliseconds. */
  publishedAt: number;
  type: VideoType;
  isLive: boolean;
  /** The source's watch address. */
  url?: string | undefined;
  /** The source's thumbnails (possibly none). */
  thumbnails?: Image[] | undefined;
  /** The channel's pictures from its source item (none when the source gave none). */
  channelThumbnails?: Image[] | undefined;
  /** The source item's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown> | undefined;
}

/** What a read of videos includes beyond the answered fields. */
export interface ReadOptions {
  /** The videos' `extra` (`VideoRecord.extra`), when the request selects it. */
  extra?: boolean | undefined;
}

/** One entry of a chart. */
export interface ChartEntryRecord {
  position: number;
  /** 0 for a new entry. */
  previousPosition: number;
  percentViewsChange: number;
  periodsOnChart: number;
  videoId: string;
  title: string;
  artist: string;
  songwriters: string[];
  producers: string[];
  /** YYYY-MM-DD. */
  releaseDate: string;
  /** Epoch milliseconds. */
  publishedAt: number;
}

/**
 * Where a search walk stands: after the video of this rank. Matches rank by tier (1: the title holds
 * every term; 0: some term is only in the channel name), then views descending, then `num` (the
 * store's document number) descending.
 */
export interface SearchPosition {
  tier: 0 | 1;
  views: number;
  num: number;
}

export interface SearchQueryInput {
  /** Lower-cased search terms (letters and digits), every one must match. */
  terms: string[];
  /** Epoch ms: only videos published at or after it (and not after `until`). */
  since: number;
  until: number;
  type: VideoType;
  /** Only videos available in this region. */
  geoCode: GeoCodeOf;
  /** Continue after this position (absent: from the best match). */
  after?: SearchPosition | undefined;
  limit: number;
}

/** One page of a search walk. */
export interface SearchPage {
  /** Up to `limit` matches, in rank order. */
  videos: VideoRecord[];
  /** Each video's place in the rank order (its tier, views and document number), by index. */
  positions: SearchPosition[];
  /** Where the next page starts; absent when no match follows. */
  next?: SearchPosition | undefined;
  /**
   * How many videos match in all: counted when `exact`, else estimated from the index's per-term
   * counts (a search over many matches reads one page of them, not all).
   */
  total: number;
  exact: boolean;
}

/**
 * Where a walk of a channel's uploads stands: after the video published at `publishedAt` with
 * this `num` (the store's document number). Uploads are ordered by publish time, then `num`, both
 * descending.
 */
export interface ChannelPosition {
  publishedAt: number;
  num: number;
}

export interface ChannelVideosQueryInput {
  channelId: string;
  /** Epoch ms, inclusive: only videos published at or after it (absent: no lower bound). */
  since?: number | undefined;
  /** Epoch ms, inclusive: only videos published at or before it (absent: no upper bound). */
  until?: number | undefined;
  /** Continue after this position (absent: from the newest). */
  after?: ChannelPosition | undefined;
  limit: number;
}

/** One page of a channel's uploads. */
export interface ChannelVideosPage {
  /** Up to `limit` videos, newest first. */
  videos: VideoRecord[];
  /** Where the next page starts; absent when no video follows. */
  next?: ChannelPosition | undefined;
  /** How many of the channel's videos are published within since/until (the whole walk, not this page). */
  total: number;
}

/** A comment on a video as the store holds it (a thread's top-level comment or a reply). */
export interface CommentRecord {
  id: string;
  /** The author's name, channel and picture (`''`: none recorded; the demo's rows record their made-up one). */
  authorName: string;
  authorChannelId: string;
  authorImage: string;
  /** As typed (plain text). */
  text: string;
  likeCount: number;
  /** Epoch milliseconds. */
  publishedAt: number;
  updatedAt: number;
  /** The source item's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown> | undefined;
}

/** A comment thread: its top-level comment, the thread's counts and flags, and its first replies. */
export interface CommentThreadRecord {
  comment: CommentRecord;
  videoId: string;
  /** The source's count of the thread's replies, or the replies stored when more. */
  totalReplyCount: number;
  /** Undefined where the source did not say. */
  canReply: boolean | undefined;
  isPublic: boolean | undefined;
  /** The first replies, oldest first (then by id). */
  replies: CommentRecord[];
}

/**
 * Where a walk of a video's threads stands: after the thread whose order value (`time`: its
 * publish time; `relevance`: its like count) is `value` and whose id is `id`; both descending.
 */
export interface CommentPosition {
  value: number;
  id: string;
}

export interface CommentThreadsQueryInput {
  videoId: string;
  order: CommentOrder;
  /** Continue after this position (absent: from the first). */
  after?: CommentPosition | undefined;
  limit: number;
  /** Replies per thread, oldest first. */
  replies: number;
}

/** One page of a video's threads. */
export interface CommentThreadsPage {
  threads: CommentThreadRecord[];
  /** Where the next page starts; absent when no thread follows. */
  next?: CommentPosition | undefined;
  /** How many threads the video has (the whole walk). */
  total: number;
}

/**
 * What the video handlers need from a store. Search matches whole words of the title and channel
 * name and ranks the same way on every store (SearchPosition), walking an index in that order.
 */
export interface VideoSource extends HistorySource<VideoHistoryKind> {
  /** A page of the matches after `after`, in rank order. */
  search(query: SearchQueryInput, options?: ReadOptions): Promise<SearchPage>;
  /**
   * The indexed words of titles and channel names that start with `prefix`, in code-point order, at
   * most `limit` (what a `pre*` term of a search stands for).
   */
  wordsWithPrefix(prefix: string, limit: number): Promise<string[]>;
  /** The chart's entries by position, or undefined when there is no such chart. */
  chart(query: { country: ChartCountry; type: ChartType; date: string }): Promise<ChartEntryRecord[] | undefined>;
  video(videoId: string): Promise<VideoRecord | undefined>;
  /** The videos of these ids that exist (one query), in any order. */
  videos(videoIds: readonly string[], options?: ReadOptions): Promise<VideoRecord[]>;
  /** Up to `limit` videos sharing the channel or title terms, best first; never the video itself. */
  related(video: VideoRecord, limit: number, options?: ReadOptions): Promise<VideoRecord[]>;
  /** A page of the channel's videos after `after`, newest first (one index range, never an offset). */
  channelVideos(query: ChannelVideosQueryInput, options?: ReadOptions): Promise<ChannelVideosPage>;
  /** Whether the channel is known: a channel record, or any video of it. */
  channelExists(channelId: string): Promise<boolean>;
  /** A page of the video's comment threads after `after`, in `order` (one index range, never an offset), with their first replies. */
  commentThreads(query: CommentThreadsQueryInput, options?: ReadOptions): Promise<CommentThreadsPage>;
}
