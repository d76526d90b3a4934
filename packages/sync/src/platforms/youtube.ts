import type { Database } from '@socialquery/store';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { SyncConfig } from '../config.js';
import {
  type ClientDeps,
  type PlanInput,
  requireCredentials,
  type RunPlan,
  type SyncPlatform,
  type TargetResult,
  type TargetRun,
} from '../platform.js';
import { QuotaBudgetError, QuotaLedger } from '../quota.js';
import type { VideoTarget } from '../targets.js';
import { createUpstream, requestLine, UpstreamError, type UpstreamResponse } from '../upstream.js';
import { count } from '../words.js';
import { planCommentThreads, syncCommentThreads } from './youtube-comments.js';
import { isJson, type Json } from '../json.js';

/** Quota units per call (YouTube Data API v3's published costs). */
export const QUOTA_COST = {
  'channels.list': 1,
  'playlistItems.list': 1,
  'videos.list': 1,
  'search.list': 100,
  'commentThreads.list': 1,
  'comments.list': 1,
} as const;
type Method = keyof typeof QUOTA_COST;
/** A call's query parameters (those undefined are left out). */
type Query = Record<string, string | number | undefined>;
const PATHS: Record<Method, string> = {
  'channels.list': 'channels',
  'playlistItems.list': 'playlistItems',
  'videos.list': 'videos',
  'search.list': 'search',
  'commentThreads.list': 'commentThreads',
  'comments.list': 'comments',
};
/** Items per page: the API's largest (also the most ids one videos.list takes). */
const PAGE_SIZE = 50;
/** Pages per run by default: a channel's uploads walk up to 10 (500 videos, 21 units); a search 1 (101 units). */
const DEFAULT_CHANNEL_PAGES = 10;
const DEFAULT_SEARCH_PAGES = 1;
/** A channel's newest stored videos whose statistics each run reads again by default: one videos.list, 1 unit. */
export const DEFAULT_REFRESH = 50;

/** A video in a listing: its id and publication time. */
export interface ListedVideo {
  videoId: string;
  publishedAt: string;
}

/**
 * Where a walk stopped: the newest video stored; a channel's uploads playlist, looked up once; and the
 * older part of a listing a run left at its page limit (`backlog`): the next runs resume it at
 * `pageToken` (none: at the listing's top) and walk it down to `stop` (none: the listing's end), the
 * newest video stored when it began. Checkpoints written before the backlog existed have none.
 */
export interface YoutubeCheckpoint {
  uploads?: string;
  newest?: ListedVideo;
  backlog?: { pageToken?: string; stop?: ListedVideo };
}

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

/** Whether an answer (or a request's error) has `status` and one of its `error.errors` has `reason`. */
function hasReason(answer: unknown, status: number, reason: string): boolean {
  const answered = answer instanceof UpstreamError || (isJson(answer) && 'status' in answer);
  if (!answered || answer.status !== status) return false;
  const errors = objectAt(answer.body, 'error').errors;
  return Array.isArray(errors) && errors.some((item) => stringAt(item, 'reason') === reason);
}
/**
 * The reasons of a 403 saying the project's daily quota is spent: YouTube's own (`quotaExceeded`, domain
 * `youtube.quota`) and Google's (`dailyLimitExceeded`, `dailyLimitExceededUnreg`, domain `usageLimits`).
 */
const DAILY_QUOTA_REASONS = ['quotaExceeded', 'dailyLimitExceeded', 'dailyLimitExceededUnreg'];
/** What the API answered when it says the project's daily quota is spent (`403 quotaExceeded`); undefined otherwise. */
const dailyQuotaAnswer = (error: unknown) => {
  const reason = DAILY_QUOTA_REASONS.find((candidate) => hasReason(error, 403, candidate));
  return reason === undefined ? undefined : `403 ${reason}`;
};
/**
 * A 403 saying requests came too fast (`rateLimitExceeded`, `userRateLimitExceeded`: Google's short-term
 * limits, not the day's quota): the call is sent again after a back-off, each sending charged.
 */
const isRateLimited = (answer: UpstreamResponse) =>
  ['rateLimitExceeded', 'userRateLimitExceeded'].some((reason) => hasReason(answer, 403, reason));
/** A 400 refusing a page token (`invalidPageToken`): one an earlier run saved that the API no longer takes. */
const isInvalidPageToken = (error: unknown) => hasReason(error, 400, 'invalidPageToken');

const credentials = (config: SyncConfig) => ({ SOCIALQUERY_YOUTUBE_API_KEY: config.youtube.apiKey });

/** The API's client: the key in each request's `key` parameter. */
function client({ config, clock, upstream, onWait }: ClientDeps) {
  const { SOCIALQUERY_YOUTUBE_API_KEY: apiKey } = requireCredentials('youtube', credentials(config));
  return createUpstream({
    platform: 'youtube',
    baseUrl: config.youtube.apiUrl,
    secrets: [apiKey],
    clock,
    onWait,
    ...upstream,
    auth: { apply: async ({ searchParams }) => searchParams.set('key', apiKey) },
    passing: isRateLimited,
  });
}

/** The day's units, counted in the store against SOCIALQUERY_YOUTUBE_DAILY_QUOTA. */
const ledgerOf = (db: Kysely<Database>, config: SyncConfig, clock: Clock) =>
  new QuotaLedger(db, 'youtube', config.youtube.dailyQuota, clock, {
    name: 'YouTube',
    variable: 'SOCIALQUERY_YOUTUBE_DAILY_QUOTA',
  });

/** The credentials check's call: one channel's id (Google for Developers'), the cheapest call there is. */
const CHECK_QUERY = { part: 'id', id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw' };

/**
 * The video platform (YouTube Data API v3, an API key): a channel's uploads, a search's newest videos, the
 * comment threads of a video or a channel, and with `allReplies` every reply of them (youtube-comments.ts).
 */
export const youtube: SyncPlatform = {
  platform: 'video',
  api: 'youtube',
  credentials,
  connect(deps) {
    const api = client(deps);
    const { db } = deps;
    const quota = ledgerOf(db, deps.config, deps.clock);
    /**
     * One call, each of its sendings charged to the day's ledger as it leaves: the first within the budget
     * (refused unsent past it), its retries past it if need be (Google charges every request it receives, a
     * failed one too). An answer that the project's daily quota is spent stops every call until the next
     * quota day.
     */
    const call = async (method: Method, query: Query) => {
      const units = QUOTA_COST[method];
      try {
        return await api.get(PATHS[method], query, {
          beforeSend: (sent) => (sent === 0 ? quota.spend(units, method) : quota.charge(units)),
        });
      } catch (error) {
        const answer = dailyQuotaAnswer(error);
        if (answer) throw await quota.exhaust(answer);
        throw error;
      }
    };
    return {
      async sync(run) {
        const videoRun = run as TargetRun<VideoTarget>;
        try {
          const { channel, search, comments, channelComments } = videoRun.target;
          if (comments || channelComments) {
            const calls = {
              threads: (query: Query) => call('commentThreads.list', query),
              replies: (query: Query) => call('comments.list', query),
            };
            return await syncCommentThreads(calls, videoRun, { isInvalidPageToken });
          }
          return channel
            ? await syncChannel({ call, db }, videoRun, channel)
            : await syncSearch({ call, db }, videoRun, search!);
        } catch (error) {
          if (!(error instanceof QuotaBudgetError)) throw error;
          // the checkpoint stays: tomorrow's run walks again from the newest video to the one stored
          return { stopped: 'budget', detail: error.message, quota: error.quota, nextRunAt: error.resumesAt };
        }
      },
    };
  },
  plan: (input) => planTarget(input as PlanInput<VideoTarget>),
  // the check is not charged to the store's ledger: it needs no store, and a unit is far below any budget
  async check(deps) {
    await client(deps).get(PATHS['channels.list'], CHECK_QUERY);
    return requestLine('GET', PATHS['channels.list'], CHECK_QUERY);
  },
  checkCost: `${QUOTA_COST['channels.list']} quota unit (channels.list), not counted in the store's ledger`,
};

/** The queries of a run's listing calls (the dry run names its first). */
// the channel's snippet and statistics come at no extra cost (a call is 1 unit whatever its parts): imported, they give its pictures
const channelQuery = (channel: string) => ({ part: 'snippet,contentDetails,statistics', id: channel });
const uploadsQuery = (playlistId: string, pageToken: string | undefined) => ({
  part: 'snippet,contentDetails',
  playlistId,
  maxResults: PAGE_SIZE,
  pageToken,
});
const searchQuery = (q: string, pageToken: string | undefined, after: ListedVideo | undefined) => ({
  part: 'snippet',
  q,
  type: 'video',
  order: 'date',
  maxResults: PAGE_SIZE,
  publishedAfter: after?.publishedAt,
  pageToken,
});

/** A listed video, in words. */
const videoText = (video: ListedVideo) => `${video.videoId} (${video.publishedAt})`;

/**
 * What a run of a target would send first and read, and the units it would spend: at least what a run
 * with nothing new spends, at most what one whose every page is full spends (quota.ts: QUOTA_COST).
 */
async function planTarget({ target, checkpoint, config, clock, db }: PlanInput<VideoTarget>): Promise<RunPlan> {
  const ledger = ledgerOf(db, config, clock);
  const { used, exhausted } = await ledger.today();
  const quota = {
    ledger: 'youtube',
    unit: 'units',
    used,
    budget: ledger.budget,
    ...(exhausted !== undefined ? { exhausted } : {}),
  };
  if (target.comments || target.channelComments) {
    const planned = (method: Method) => ({ path: PATHS[method], units: QUOTA_COST[method] });
    const { request, reads, min, max } = planCommentThreads(target, checkpoint, {
      threads: planned('commentThreads.list'),
      replies: planned('comments.list'),
    });
    return { request, reads, quota: { ...quota, min, max } };
  }
  const stored = (checkpoint ?? {}) as YoutubeCheckpoint;
  const pages = target.pages ?? (target.channel ? DEFAULT_CHANNEL_PAGES : DEFAULT_SEARCH_PAGES);
  // a backlog is walked after what is new, up to as many pages again (and its first, of stored videos, uncounted)
  const walks = stored.backlog ? 2 : 1;
  const extra = stored.backlog ? 1 : 0;
  const top = stored.newest ? `the videos newer than ${videoText(stored.newest)}` : 'the newest videos (a first run)';
  const backlog = stored.backlog
    ? `; then the backlog from ${stored.backlog.pageToken ? `page token ${stored.backlog.pageToken}` : "the listing's top"} down to ${stored.backlog.stop ? videoText(stored.backlog.stop) : "the listing's end"}, at most ${count(pages, 'page')} more`
    : '';
  const walk = `${top}, at most ${count(pages, 'page')} of ${PAGE_SIZE} (each page's new videos read whole by videos.list)${backlog}`;
  if (target.search) {
    const page = QUOTA_COST['search.list'];
    return {
      request: requestLine('GET', PATHS['search.list'], searchQuery(target.search, undefined, stored.newest)),
      reads: walk,
      quota: { ...quota, min: walks * page, max: (walks * pages + extra) * (page + QUOTA_COST['videos.list']) },
    };
  }
  const channel = target.channel!;
  const refresh = target.refresh ?? DEFAULT_REFRESH;
  const { n } = await db
    .selectFrom('video_videos')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('channel_id', '=', channel)
    .executeTakeFirstOrThrow();
  const storedVideos = Number(n);
  const refreshCalls = (videos: number) => Math.ceil(videos / PAGE_SIZE) * QUOTA_COST['videos.list'];
  const lookup = stored.uploads ? 0 : QUOTA_COST['channels.list'];
  const listing = QUOTA_COST['playlistItems.list'];
  return {
    request: stored.uploads
      ? requestLine('GET', PATHS['playlistItems.list'], uploadsQuery(stored.uploads, undefined))
      : requestLine('GET', PATHS['channels.list'], channelQuery(channel)),
    reads: `${stored.uploads ? '' : "the channel's uploads playlist (channels.list, once), then "}${walk}; then the view counts of its ${count(refresh, 'newest stored video')} (${storedVideos} stored)`,
    quota: {
      ...quota,
      min: lookup + walks * listing + refreshCalls(Math.min(refresh, storedVideos)),
      max: lookup + (walks * pages + extra) * (listing + QUOTA_COST['videos.list']) + refreshCalls(refresh),
    },
  };
}

type Call = (method: Method, query: Query) => Promise<UpstreamResponse>;
/** What a target's sync uses: the charged call, and the store (which videos are stored). */
interface Session {
  call: Call;
  db: Kysely<Database>;
}

/** videos.list for up to 50 ids (full snippet, duration, statistics), imported as one page. */
async function importVideos(call: Call, run: TargetRun, ids: string[]) {
  if (ids.length === 0) return;
  const { body } = await call('videos.list', {
    part: 'snippet,contentDetails,statistics',
    id: ids.join(','),
    maxResults: PAGE_SIZE,
  });
  await run.importPage('youtube-v3', [body]);
}

/** Whether a video is the stop point's or older: the walk stops there. */
const reached = (stop: ListedVideo | undefined, video: ListedVideo) =>
  stop !== undefined && (video.videoId === stop.videoId || video.publishedAt < stop.publishedAt);

/**
 * A channel's uploads: its uploads playlist (channels.list, once; the channel itself imported), walked newest first
 * (playlistItems.list) to the newest video stored, each page's new videos then read whole (videos.list);
 * then the statistics of its newest stored videos read again (refreshStatistics).
 */
async function syncChannel(session: Session, run: TargetRun<VideoTarget>, channel: string): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as YoutubeCheckpoint;
  let uploads = stored.uploads;
  if (!uploads) {
    const { body } = await session.call('channels.list', channelQuery(channel));
    uploads = stringAt(objectAt(objectAt(itemsOf(body)[0], 'contentDetails'), 'relatedPlaylists'), 'uploads');
    if (!uploads) throw new UpstreamError(`youtube: no channel ${channel} (channels.list found no uploads playlist)`);
    await run.importPage('youtube-v3', [body]);
  }
  const walked = await walkNewestFirst(session, run, {
    pages: run.target.pages ?? DEFAULT_CHANNEL_PAGES,
    history: true,
    fetchPage: async (pageToken) => (await session.call('playlistItems.list', uploadsQuery(uploads, pageToken))).body,
    read: (item) => {
      const details = objectAt(item, 'contentDetails');
      const videoId = stringAt(details, 'videoId');
      const publishedAt = stringAt(details, 'videoPublishedAt') ?? stringAt(objectAt(item, 'snippet'), 'publishedAt');
      return videoId && publishedAt ? { videoId, publishedAt } : undefined;
    },
  });
  const checkpoint: YoutubeCheckpoint = { uploads, ...walked.checkpoint };
  if (walked.budget) return budgetStop(walked.budget, checkpoint);
  try {
    await refreshStatistics(session, run, channel, run.target.refresh ?? DEFAULT_REFRESH, walked.read);
  } catch (error) {
    if (!(error instanceof QuotaBudgetError)) throw error;
    // what the walk stored stays stored: its checkpoint is kept, the refresh waits for the next quota day
    return budgetStop(error, checkpoint);
  }
  return { stopped: walked.stopped, checkpoint };
}

/** A run the budget stopped after it stored something: its checkpoint is kept; it runs again the next quota day. */
const budgetStop = (error: QuotaBudgetError, checkpoint: YoutubeCheckpoint): TargetResult => ({
  stopped: 'budget',
  detail: error.message,
  quota: error.quota,
  nextRunAt: error.resumesAt,
  checkpoint,
});

/**
 * The statistics (views) of the channel's `count` newest stored videos — those this run did not just
 * read — read again by videos.list, 50 ids a call (1 unit each), and imported through the same
 * mapping, so their stored counts follow the API's. A video the answer leaves out (deleted, or made
 * private) keeps its stored row as it was.
 */
async function refreshStatistics(
  session: Session,
  run: TargetRun,
  channel: string,
  count: number,
  read: ReadonlySet<string>,
) {
  if (count === 0) return;
  const rows = await session.db
    .selectFrom('video_videos')
    .select('id')
    .where('channel_id', '=', channel)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count + read.size)
    .execute();
  const ids = rows
    .map((row) => row.id)
    .filter((id) => !read.has(id))
    .slice(0, count);
  for (let start = 0; start < ids.length; start += PAGE_SIZE)
    await importVideos(session.call, run, ids.slice(start, start + PAGE_SIZE));
}

/** A search's newest videos (search.list by date, 100 units a page; published after the newest stored), read whole by videos.list. */
async function syncSearch(session: Session, run: TargetRun<VideoTarget>, q: string): Promise<TargetResult> {
  const walked = await walkNewestFirst(session, run, {
    pages: run.target.pages ?? DEFAULT_SEARCH_PAGES,
    history: false,
    fetchPage: async (pageToken, after) => (await session.call('search.list', searchQuery(q, pageToken, after))).body,
    read: (item) => {
      const videoId = stringAt(objectAt(item, 'id'), 'videoId');
      const publishedAt = stringAt(objectAt(item, 'snippet'), 'publishedAt');
      return videoId && publishedAt ? { videoId, publishedAt } : undefined;
    },
  });
  const { checkpoint } = walked;
  if (walked.budget) return budgetStop(walked.budget, checkpoint);
  return { stopped: walked.stopped, ...(checkpoint.newest ? { checkpoint } : {}) };
}

interface Listing {
  /** The most pages a walk reads (the backlog's walk has as many again). */
  pages: number;
  /**
   * Whether a first run (no newest video stored) leaves what is past its page limit as a backlog:
   * a channel's older uploads, yes; a search's older results, no (its target is what is published
   * from its first run on).
   */
  history: boolean;
  /** One page at `pageToken` of the listing of videos published after `after` (a search's filter; the uploads playlist has none). */
  fetchPage(pageToken: string | undefined, after: ListedVideo | undefined): Promise<unknown>;
  read(item: unknown): ListedVideo | undefined;
}

interface Walked {
  stopped: 'caught-up' | 'page-limit';
  /** The checkpoint's newest video and backlog. */
  checkpoint: Pick<YoutubeCheckpoint, 'newest' | 'backlog'>;
  /** The videos the run read whole. */
  read: Set<string>;
  /** The budget stopped the backlog's walk (what is new was stored: the checkpoint keeps it). */
  budget?: QuotaBudgetError;
}

/**
 * Walks a listing of videos newest first: first from its top to the newest video stored (what is
 * new since the last run), then, when that walk caught up and an earlier run left a backlog, the
 * backlog from its saved page token down to its stop point. Each walk reads at most `pages` pages.
 *
 * - The top walk cut by its page limit leaves a backlog: from its next page token down to the newest
 *   video stored before it (none on a first run: the listing's end, when `history`). When a backlog was
 *   already waiting, the two become one, walked from the listing's top down to the older one's stop
 *   (a page token is a position in the listing: the older one's would skip the newer gap).
 * - The backlog's walk reads only the videos not stored (a resumed page lists again as many stored
 *   videos as were uploaded since its token was given); its first page, when it lists stored videos,
 *   is not counted in its `pages`. A page token the API refuses (`invalidPageToken`) restarts the
 *   backlog's walk at the listing's top (a progress line says so); its stored pages cost a listing
 *   call each and read nothing.
 * - The backlog is done (the checkpoint plain again) when its walk reaches its stop or the listing's end.
 */
async function walkNewestFirst(session: Session, run: TargetRun<VideoTarget>, listing: Listing): Promise<Walked> {
  const stored = (run.checkpoint ?? {}) as YoutubeCheckpoint;
  const read = new Set<string>();
  const top = await walk(session, run, listing, read, { stop: stored.newest, skipStored: false });
  const newest = top.first ?? stored.newest;
  const plain = { ...(newest ? { newest } : {}) };
  const withBacklog = (backlog: NonNullable<YoutubeCheckpoint['backlog']>) => ({ ...plain, backlog });
  if (top.next !== undefined) {
    if (stored.backlog) return { stopped: 'page-limit', checkpoint: withBacklog(stopAt(stored.backlog.stop)), read };
    const checkpoint =
      stored.newest || listing.history ? withBacklog({ pageToken: top.next, ...stopAt(stored.newest) }) : plain;
    return { stopped: 'page-limit', checkpoint, read };
  }
  if (!stored.backlog) return { stopped: 'caught-up', checkpoint: plain, read };
  const { stop } = stored.backlog;
  const from = {
    stop,
    skipStored: true,
    ...(stored.backlog.pageToken !== undefined ? { pageToken: stored.backlog.pageToken } : {}),
  };
  let rest: Awaited<ReturnType<typeof walk>>;
  try {
    rest = await walk(session, run, listing, read, from);
  } catch (error) {
    if (!(error instanceof QuotaBudgetError)) throw error;
    // what is new is stored, and the backlog's pages walked: the next run resumes at the page the budget stopped
    const backlog = { ...(from.pageToken !== undefined ? { pageToken: from.pageToken } : {}), ...stopAt(stop) };
    return { stopped: 'page-limit', checkpoint: withBacklog(backlog), read, budget: error };
  }
  if (rest.next !== undefined)
    return { stopped: 'page-limit', checkpoint: withBacklog({ pageToken: rest.next, ...stopAt(stop) }), read };
  return { stopped: 'caught-up', checkpoint: plain, read };
}

/** A backlog's stop, when it has one (none: the listing's end). */
const stopAt = (stop: ListedVideo | undefined) => (stop ? { stop } : {});

/**
 * One walk of a listing, newest first, page by page from `pageToken` (none: the top) to `stop`, the
 * listing's end, or its page limit: each page's videos before the stop (less those stored, with
 * `skipStored`) read whole and imported, their ids added to `read`. Returns the first video listed
 * before the stop, and the next page's token when it stopped at its page limit.
 */
async function walk(
  session: Session,
  run: TargetRun,
  listing: Listing,
  read: Set<string>,
  from: { pageToken?: string; stop: ListedVideo | undefined; skipStored: boolean },
): Promise<{ first?: ListedVideo; next?: string }> {
  // `from.pageToken` follows the walk: the page to read next (the budget may stop the walk there)
  let first: ListedVideo | undefined;
  let pageToken = from.pageToken;
  let pages = listing.pages;
  for (let page = 1; page <= pages; page++) {
    let body: unknown;
    try {
      body = await listing.fetchPage(pageToken, from.stop);
    } catch (error) {
      if (page > 1 || pageToken === undefined || !isInvalidPageToken(error)) throw error;
      run.progress('the saved page token was refused (invalidPageToken): the backlog is walked again from the top');
      pageToken = undefined;
      delete from.pageToken;
      body = await listing.fetchPage(pageToken, from.stop);
    }
    let ids: string[] = [];
    let stop = false;
    for (const item of itemsOf(body)) {
      const video = listing.read(item);
      if (!video) continue;
      if (reached(from.stop, video)) {
        stop = true;
        break;
      }
      first ??= video;
      ids.push(video.videoId);
    }
    if (from.skipStored && ids.length > 0) {
      const known = await session.db.selectFrom('video_videos').select('id').where('id', 'in', ids).execute();
      const storedIds = new Set(known.map((row) => row.id));
      // a resumed page listing stored videos (uploads since shifted the listing) is not counted
      if (page === 1 && storedIds.size > 0) pages++;
      ids = ids.filter((id) => !storedIds.has(id));
    }
    await importVideos(session.call, run, ids);
    for (const id of ids) read.add(id);
    pageToken = stringAt(body, 'nextPageToken');
    if (pageToken === undefined) delete from.pageToken;
    else from.pageToken = pageToken;
    if (stop || !pageToken) return first ? { first } : {};
  }
  return { ...(first ? { first } : {}), next: pageToken! };
}
