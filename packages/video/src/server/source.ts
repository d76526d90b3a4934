import type { ChartCountry, ChartType, GeoCodeOf, VideoType } from './types.js';

/** A video as the store holds it; the handlers derive texts, thumbnails and urls. */
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

export interface SearchQueryInput {
  /** Lower-cased search terms (letters and digits), every one must match. */
  terms: string[];
  /** Epoch ms: only videos published at or after it (and not after `until`). */
  since: number;
  until: number;
  type: VideoType;
  /** Only videos available in this region. */
  geoCode: GeoCodeOf;
  offset: number;
  limit: number;
}

/** Ranked search matches: ids in rank order (a page of them, or a walk's first up to the paging reach), and how many matched in all. */
export interface Ranking {
  ids: string[];
  total: number;
}

/**
 * What the video handlers need from a store. Search matches with the store's full-text engine
 * (SQLite FTS5, PostgreSQL tsvector) and ranks the same way on every store: 2 points per term in
 * the title, 1 per term in the channel name, ties by views descending then id.
 */
export interface VideoSource {
  /** The ids of the matches from `offset` (at most `limit`) in rank order, and how many match in all. */
  search(query: SearchQueryInput): Promise<Ranking>;
  /** The chart's entries by position, or undefined when there is no such chart. */
  chart(query: { country: ChartCountry; type: ChartType; date: string }): Promise<ChartEntryRecord[] | undefined>;
  video(videoId: string): Promise<VideoRecord | undefined>;
  /** The videos of these ids that exist (one query), in any order. */
  videos(videoIds: readonly string[]): Promise<VideoRecord[]>;
  /** Up to `limit` videos sharing the channel or title terms, best first; never the video itself. */
  related(video: VideoRecord, limit: number): Promise<VideoRecord[]>;
}
