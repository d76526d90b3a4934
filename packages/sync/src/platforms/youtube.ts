import { MissingCredentialsError, type SyncPlatform, type TargetResult, type TargetRun } from '../platform.js';
import { QuotaBudgetError, QuotaLedger } from '../quota.js';
import type { VideoTarget } from '../targets.js';
import { createUpstream, type Upstream, UpstreamError, type UpstreamResponse } from '../upstream.js';

/** Quota units per call (YouTube Data API v3's published costs). */
export const QUOTA_COST = {
  'channels.list': 1,
  'playlistItems.list': 1,
  'videos.list': 1,
  'search.list': 100,
} as const;
type Method = keyof typeof QUOTA_COST;
const PATHS: Record<Method, string> = {
  'channels.list': 'channels',
  'playlistItems.list': 'playlistItems',
  'videos.list': 'videos',
  'search.list': 'search',
};
/** Items per page: the API's largest (also the most ids one videos.list takes). */
const PAGE_SIZE = 50;
/** Pages per run by default: a channel's uploads walk up to 10 (500 videos, 21 units); a search 1 (101 units). */
const DEFAULT_CHANNEL_PAGES = 10;
const DEFAULT_SEARCH_PAGES = 1;

/** Where a walk stopped: the newest video stored; a channel's uploads playlist, looked up once. */
export interface YoutubeCheckpoint {
  uploads?: string;
  newest?: { videoId: string; publishedAt: string };
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown, key: string): Json => {
  const inner = isJson(value) ? value[key] : undefined;
  return isJson(inner) ? inner : {};
};
const stringAt = (value: unknown, key: string): string | undefined => {
  const inner = isJson(value) ? value[key] : undefined;
  return typeof inner === 'string' ? inner : undefined;
};
const itemsOf = (body: unknown): unknown[] => {
  const items = isJson(body) ? body.items : undefined;
  return Array.isArray(items) ? items : [];
};

/** A 403 whose reason says the project's daily quota is spent. */
function isQuotaExceeded(error: unknown): boolean {
  if (!(error instanceof UpstreamError) || error.status !== 403) return false;
  const errors = objectAt(error.body, 'error').errors;
  return Array.isArray(errors) && errors.some((item) => stringAt(item, 'reason') === 'quotaExceeded');
}

/** The video platform (YouTube Data API v3, an API key): a channel's uploads, a search's newest videos. */
export const youtube: SyncPlatform = {
  platform: 'video',
  connect({ db, config, clock, upstream, onWait }) {
    const { apiKey, apiUrl, dailyQuota } = config.youtube;
    if (!apiKey) throw new MissingCredentialsError('youtube', ['SOCIALQUERY_YOUTUBE_API_KEY']);
    const api = createUpstream({
      platform: 'youtube',
      baseUrl: apiUrl,
      secrets: [apiKey],
      clock,
      onWait,
      ...upstream,
      auth: { apply: async ({ searchParams }) => searchParams.set('key', apiKey) },
    });
    const quota = new QuotaLedger(db, 'youtube', dailyQuota, clock);
    /** One call, charged to the day's budget first; a quotaExceeded answer spends the rest of the day. */
    const call = async (method: Method, query: Record<string, string | number | undefined>) => {
      await quota.spend(QUOTA_COST[method], method);
      try {
        return await api.get(PATHS[method], query);
      } catch (error) {
        if (isQuotaExceeded(error)) throw await quota.exhaust();
        throw error;
      }
    };
    return {
      async sync(run) {
        const videoRun = run as TargetRun<VideoTarget>;
        try {
          const { channel, search } = videoRun.target;
          return channel ? await syncChannel(call, videoRun, channel) : await syncSearch(call, videoRun, search!);
        } catch (error) {
          if (!(error instanceof QuotaBudgetError)) throw error;
          // the checkpoint stays: tomorrow's run walks again from the newest video to the one stored
          return { stopped: 'budget', detail: error.message, nextRunAt: error.resumesAt };
        }
      },
    };
  },
};

type Call = (method: Method, query: Record<string, string | number | undefined>) => Promise<UpstreamResponse>;

/** videos.list for a page's new videos (full snippet, duration, statistics), imported as one page. */
async function importVideos(call: Call, run: TargetRun, ids: string[]) {
  if (ids.length === 0) return;
  const { body } = await call('videos.list', {
    part: 'snippet,contentDetails,statistics',
    id: ids.join(','),
    maxResults: PAGE_SIZE,
  });
  await run.importPage('youtube-v3', [body]);
}

/** Whether a video is the checkpoint's or older: the walk stops there. */
const reached = (checkpoint: YoutubeCheckpoint['newest'], videoId: string, publishedAt: string) =>
  checkpoint !== undefined && (videoId === checkpoint.videoId || publishedAt < checkpoint.publishedAt);

/**
 * A channel's uploads: its uploads playlist (channels.list, once), walked newest first
 * (playlistItems.list) to the newest video stored, each page's new videos then read whole (videos.list).
 */
async function syncChannel(call: Call, run: TargetRun<VideoTarget>, channel: string): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as YoutubeCheckpoint;
  let uploads = stored.uploads;
  if (!uploads) {
    const { body } = await call('channels.list', { part: 'contentDetails', id: channel });
    uploads = stringAt(objectAt(objectAt(itemsOf(body)[0], 'contentDetails'), 'relatedPlaylists'), 'uploads');
    if (!uploads) throw new UpstreamError(`youtube: no channel ${channel} (channels.list found no uploads playlist)`);
  }
  return walkNewestFirst(
    call,
    run,
    run.target.pages ?? DEFAULT_CHANNEL_PAGES,
    async (pageToken) =>
      (
        await call('playlistItems.list', {
          part: 'snippet,contentDetails',
          playlistId: uploads,
          maxResults: PAGE_SIZE,
          pageToken,
        })
      ).body,
    (item) => {
      const details = objectAt(item, 'contentDetails');
      const videoId = stringAt(details, 'videoId');
      const publishedAt = stringAt(details, 'videoPublishedAt') ?? stringAt(objectAt(item, 'snippet'), 'publishedAt');
      return videoId && publishedAt ? { videoId, publishedAt } : undefined;
    },
    (newest) => ({ uploads, ...(newest ? { newest } : {}) }),
  );
}

/** A search's newest videos (search.list by date, 100 units a page; published after the newest stored), read whole by videos.list. */
async function syncSearch(call: Call, run: TargetRun<VideoTarget>, q: string): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as YoutubeCheckpoint;
  return walkNewestFirst(
    call,
    run,
    run.target.pages ?? DEFAULT_SEARCH_PAGES,
    async (pageToken) =>
      (
        await call('search.list', {
          part: 'snippet',
          q,
          type: 'video',
          order: 'date',
          maxResults: PAGE_SIZE,
          publishedAfter: stored.newest?.publishedAt,
          pageToken,
        })
      ).body,
    (item) => {
      const videoId = stringAt(objectAt(item, 'id'), 'videoId');
      const publishedAt = stringAt(objectAt(item, 'snippet'), 'publishedAt');
      return videoId && publishedAt ? { videoId, publishedAt } : undefined;
    },
    (newest) => (newest ? { newest } : undefined),
  );
}

/**
 * Walks a listing of videos newest first, page by page (`fetchPage` with the page token), to the
 * newest video stored (the checkpoint's): each page's videos before it are read whole (videos.list)
 * and imported; the walk stops there, at the listing's end, or after `pages` pages.
 */
async function walkNewestFirst(
  call: Call,
  run: TargetRun<VideoTarget>,
  pages: number,
  fetchPage: (pageToken: string | undefined) => Promise<unknown>,
  read: (item: unknown) => YoutubeCheckpoint['newest'],
  checkpointOf: (newest: YoutubeCheckpoint['newest']) => YoutubeCheckpoint | undefined,
): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as YoutubeCheckpoint;
  let fresh: YoutubeCheckpoint['newest'];
  const done = (stopped: 'caught-up' | 'page-limit'): TargetResult => {
    const checkpoint = checkpointOf(fresh ?? stored.newest);
    return { stopped, ...(checkpoint ? { checkpoint } : {}) };
  };
  let pageToken: string | undefined;
  for (let page = 1; page <= pages; page++) {
    const body = await fetchPage(pageToken);
    const ids: string[] = [];
    let stop = false;
    for (const item of itemsOf(body)) {
      const video = read(item);
      if (!video) continue;
      if (reached(stored.newest, video.videoId, video.publishedAt)) {
        stop = true;
        break;
      }
      fresh ??= video;
      ids.push(video.videoId);
    }
    await importVideos(call, run, ids);
    pageToken = stringAt(body, 'nextPageToken');
    if (stop || !pageToken) return done('caught-up');
  }
  return done('page-limit');
}
