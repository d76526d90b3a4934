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
import type { ShortvideoTarget } from '../targets.js';
import { requestLine, UpstreamError, type UpstreamResponse } from '../upstream.js';
import { count } from '../words.js';
import { clientCredentialsApi } from './oauth.js';
import { isJson, type Json } from '../json.js';

const FORMAT = 'tiktok';
/** The fields each video query asks for: every field of the Research API's video object (what the tiktok importer maps, and the rest it keeps as the videos' `extra`). */
export const VIDEO_FIELDS =
  'id,create_time,username,region_code,video_description,music_id,like_count,comment_count,share_count,view_count,hashtag_names,video_duration,effect_ids,playlist_id,voice_to_text,is_stem_verified,favorites_count,video_mention_list,video_label,video_tag,hashtag_info_list,sticker_info_list,effect_info_list';
/** Videos per request: the API's largest. */
const MAX_COUNT = 100;
/** Days a request's window spans at most (start and end dates included). */
const WINDOW_DAYS = 30;
/** Requests per run by default. */
const DEFAULT_PAGES = 20;
const DAY = 86_400_000;

/**
 * Where a walk stopped: `through`, the newest day (UTC, YYYYMMDD) a run walked back from (the next walks back
 * to it again); `backlog`, the days runs left unread at their page limit or budget, newest first — each from
 * the window ending at `end` (at `cursor` and `searchId` in it, when cut inside it) back to `floor`, both
 * included. A checkpoint without `backlog` (all checkpoints before it existed) has none.
 */
export interface TiktokCheckpoint {
  through: string;
  backlog?: TiktokSpan[];
}
export interface TiktokSpan {
  end: string;
  floor: string;
  cursor?: number;
  searchId?: string;
}

/** A UTC date as the API writes it: YYYYMMDD. */
export const apiDate = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const dateMs = (date: string) => Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T00:00:00Z`);

/**
 * A 429 that says the project's daily requests are spent (TikTok's error `code`
 * `daily_quota_limit_exceeded`, or a message naming the daily quota or limit), not the per-minute rate limit
 * (`rate_limit_exceeded`), which the upstream client waits out.
 */
export function isDailyQuotaSpent(error: unknown): boolean {
  return error instanceof UpstreamError && error.status !== undefined && saysDailyQuotaSpent(error);
}

/** The answer of `isDailyQuotaSpent`: not worth a retry (the upstream client's `final`). */
const saysDailyQuotaSpent = (answer: { status?: number; body?: unknown }): boolean =>
  dailyQuotaAnswer(answer) !== undefined;

/**
 * What a 429 saying the project's daily requests are spent answered, in words (`429
 * daily_quota_limit_exceeded`, or its message when another code names the daily quota); undefined otherwise.
 */
function dailyQuotaAnswer({ status, body }: { status?: number; body?: unknown }): string | undefined {
  if (status !== 429) return undefined;
  const answer = isJson(body) && isJson(body.error) ? body.error : {};
  if (answer.code === 'daily_quota_limit_exceeded') return '429 daily_quota_limit_exceeded';
  if (typeof answer.message === 'string' && /\bdaily\b.*\b(quota|limit)/i.test(answer.message))
    return `429 ${typeof answer.code === 'string' ? `${answer.code}: ` : ''}${answer.message.slice(0, 200)}`;
  return undefined;
}

/** One video query: its body, and the fields asked for. */
type Query = (body: Json) => Promise<UpstreamResponse>;

const credentials = (config: SyncConfig) => ({
  SOCIALQUERY_TIKTOK_CLIENT_KEY: config.tiktok.clientKey,
  SOCIALQUERY_TIKTOK_CLIENT_SECRET: config.tiktok.clientSecret,
});

/** The API's client: client credentials, its token from the client key and secret (in the form). */
function client({ config, clock, upstream, onWait }: ClientDeps) {
  const { SOCIALQUERY_TIKTOK_CLIENT_KEY: clientKey, SOCIALQUERY_TIKTOK_CLIENT_SECRET: clientSecret } =
    requireCredentials('tiktok', credentials(config));
  const { apiUrl, authUrl } = config.tiktok;
  return clientCredentialsApi({
    platform: 'tiktok',
    secret: clientSecret,
    apiUrl,
    authUrl,
    trailingSlash: true,
    final: saysDailyQuotaSpent,
    form: { client_key: clientKey, client_secret: clientSecret, grant_type: 'client_credentials' },
    clock,
    onWait,
    upstream,
  });
}

/** The Research API's requests a day, per project, reset at 00:00 UTC; token requests are not counted. */
const ledgerOf = (db: Kysely<Database>, config: SyncConfig, clock: Clock) =>
  new QuotaLedger(db, 'tiktok', config.tiktok.dailyRequests, clock, {
    timeZone: 'UTC',
    unit: 'requests',
    name: 'TikTok',
    variable: 'SOCIALQUERY_TIKTOK_DAILY_REQUESTS',
  });

const QUERY_PATH = 'v2/research/video/query/';

/** The short-video platform (TikTok Research API, client credentials): a user's videos. */
export const tiktok: SyncPlatform = {
  platform: 'shortvideo',
  api: 'tiktok',
  credentials,
  connect(deps) {
    const { db, config, clock } = deps;
    const api = client(deps);
    const quota = ledgerOf(db, config, clock);
    /**
     * One video query, each sending charged to the day's ledger as it leaves: the first within the budget, its
     * retries (429s, 5xx, a 401 before a new token: requests too) past it if need be; a token request is not
     * one. An answer that the project's daily quota is spent stops every query until the next UTC day.
     */
    const query: Query = async (body) => {
      try {
        return await api.post(
          QUERY_PATH,
          body,
          { fields: VIDEO_FIELDS },
          { beforeSend: (sent) => (sent === 0 ? quota.spend(1, 'a video query') : quota.charge(1)) },
        );
      } catch (error) {
        const answer = error instanceof UpstreamError ? dailyQuotaAnswer(error) : undefined;
        if (answer) throw await quota.exhaust(answer);
        throw error;
      }
    };
    return {
      sync: (run) => syncUser(query, run as TargetRun<ShortvideoTarget>, clock.now(), config.tiktok.firstRunDays),
    };
  },
  plan: (input) => planTarget(input as PlanInput<ShortvideoTarget>),
  // the token request proves the client key and secret; no Research API request is sent (none is spent)
  check: (deps) => client(deps).authorize(),
  checkCost: 'one token request, no Research API request',
};

/**
 * What a run of a target would send first and read, and the requests it would spend: at least a request a
 * window of its new days (up to its page limit), and one of the backlog's; at most its page limit per walk.
 */
async function planTarget({ target, checkpoint, config, clock, db }: PlanInput<ShortvideoTarget>): Promise<RunPlan> {
  const stored = checkpoint as TiktokCheckpoint | undefined;
  const now = clock.now();
  const pages = target.pages ?? DEFAULT_PAGES;
  const today = apiDate(now);
  const floor = stored?.through ?? apiDate(now - (config.tiktok.firstRunDays - 1) * DAY);
  const start = apiDate(Math.max(dateMs(floor), dateMs(today) - (WINDOW_DAYS - 1) * DAY));
  const windows = Math.ceil(((dateMs(today) - dateMs(floor)) / DAY + 1) / WINDOW_DAYS);
  const spans = stored?.backlog?.length ?? 0;
  const ledger = ledgerOf(db, config, clock);
  const { used, exhausted } = await ledger.today();
  return {
    request: `${requestLine('POST', QUERY_PATH)} (username ${target.user}, ${start} to ${today}, max_count ${MAX_COUNT})`,
    reads: `the videos of ${floor} to ${today}${stored ? '' : ' (a first run)'} in windows of ${WINDOW_DAYS} days, at most ${count(pages, 'request')}${spans > 0 ? `; then ${count(spans, 'span')} of days earlier runs left, at most ${count(pages, 'request')} more` : ''}`,
    quota: {
      ledger: 'tiktok',
      unit: 'requests',
      min: Math.min(pages, windows) + (spans > 0 ? 1 : 0),
      max: pages * (spans > 0 ? 2 : 1),
      used,
      budget: ledger.budget,
      ...(exhausted !== undefined ? { exhausted } : {}),
    },
  };
}

/** How a walk of days ended: the requests it sent, what it left unread, and the spent budget that stopped it. */
interface Walked {
  requests: number;
  left?: TiktokSpan;
  spent?: QuotaBudgetError;
}

/**
 * A user's videos: `/v2/research/video/query/` in windows of at most 30 days. A run first walks back from
 * today to the day the last run walked back from (or `firstRunDays` back on a first run), then goes on with
 * the backlog earlier runs left (newest first); each window paged by its `cursor` and `search_id` while
 * `has_more`. Each of the two walks sends at most `pages` requests; what a walk leaves unread (its page limit,
 * the day's budget) is kept in the checkpoint, where the next run goes on.
 */
async function syncUser(
  query: Query,
  run: TargetRun<ShortvideoTarget>,
  now: number,
  firstRunDays: number,
): Promise<TargetResult> {
  const stored = run.checkpoint as TiktokCheckpoint | undefined;
  const today = apiDate(now);
  const pages = run.target.pages ?? DEFAULT_PAGES;
  const walk = (span: TiktokSpan, budget: number) => walkDays(query, run, span, budget);
  const fresh = await walk({ end: today, floor: stored?.through ?? apiDate(now - (firstRunDays - 1) * DAY) }, pages);
  // nothing read at all (the budget was spent): the next run walks the same days from its own today
  const untouched = fresh.requests === 0 && fresh.left !== undefined;
  const backlog: TiktokSpan[] = fresh.left && !untouched ? [fresh.left] : [];
  let spent = fresh.spent;
  let budget = pages;
  for (const span of stored?.backlog ?? []) {
    if (spent || budget === 0) {
      backlog.push(span);
      continue;
    }
    const continued = await walk(span, budget);
    budget -= continued.requests;
    if (continued.left) backlog.push(continued.left);
    spent = continued.spent;
  }
  const through = untouched ? stored?.through : today;
  const checkpoint: TiktokCheckpoint | undefined = through
    ? { through, ...(backlog.length > 0 ? { backlog } : {}) }
    : undefined;
  const kept = checkpoint ? { checkpoint } : {};
  if (spent)
    return { stopped: 'budget', detail: spent.message, quota: spent.quota, nextRunAt: spent.resumesAt, ...kept };
  return { stopped: backlog.length > 0 ? 'page-limit' : 'caught-up', ...kept };
}

/** Walks `span`'s days back in windows of 30, at most `budget` requests; stops where the budget of the day is spent. */
async function walkDays(
  query: Query,
  run: TargetRun<ShortvideoTarget>,
  span: TiktokSpan,
  budget: number,
): Promise<Walked> {
  const floor = dateMs(span.floor);
  let requests = 0;
  let cursor = span.cursor;
  let searchId = span.searchId;
  for (let end = dateMs(span.end); end >= floor; end -= WINDOW_DAYS * DAY) {
    const start = Math.max(floor, end - (WINDOW_DAYS - 1) * DAY);
    for (;;) {
      const here: TiktokSpan = {
        end: apiDate(end),
        floor: span.floor,
        ...(cursor !== undefined ? { cursor } : {}),
        ...(searchId !== undefined ? { searchId } : {}),
      };
      if (requests >= budget) return { requests, left: here };
      let body: unknown;
      try {
        ({ body } = await query({
          query: { and: [{ operation: 'EQ', field_name: 'username', field_values: [run.target.user] }] },
          start_date: apiDate(start),
          end_date: apiDate(end),
          max_count: MAX_COUNT,
          ...(cursor !== undefined ? { cursor } : {}),
          ...(searchId !== undefined ? { search_id: searchId } : {}),
        }));
        requests += 1;
      } catch (error) {
        if (error instanceof QuotaBudgetError) return { requests, left: here, spent: error };
        // a search a later run resumes may have expired: its window is read again from the start
        if (error instanceof UpstreamError && error.status === 400 && searchId !== undefined && requests === 0) {
          requests += 1;
          cursor = undefined;
          searchId = undefined;
          continue;
        }
        throw error;
      }
      const data = isJson(body) && isJson(body.data) ? body.data : undefined;
      if (!data || !Array.isArray(data.videos))
        throw new UpstreamError('tiktok: POST /v2/research/video/query/ answered no data.videos');
      if (data.videos.length > 0) await run.importPage(FORMAT, [body]);
      if (data.has_more !== true) break;
      cursor = typeof data.cursor === 'number' ? data.cursor : Number(data.cursor);
      searchId = typeof data.search_id === 'string' ? data.search_id : undefined;
    }
    cursor = undefined;
    searchId = undefined;
  }
  return { requests };
}
