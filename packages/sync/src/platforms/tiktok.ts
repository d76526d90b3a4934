import { MissingCredentialsError, type SyncPlatform, type TargetResult, type TargetRun } from '../platform.js';
import type { ShortvideoTarget } from '../targets.js';
import { type Upstream, UpstreamError } from '../upstream.js';
import { clientCredentialsApi } from './oauth.js';

const FORMAT = 'tiktok';
/** The fields each video query asks for: what the tiktok importer maps. */
export const VIDEO_FIELDS =
  'id,create_time,username,region_code,video_description,music_id,like_count,comment_count,share_count,view_count,hashtag_names';
/** Videos per request: the API's largest. */
const MAX_COUNT = 100;
/** Days a request's window spans at most (start and end dates included). */
const WINDOW_DAYS = 30;
/** Requests per run by default. */
const DEFAULT_PAGES = 20;
const DAY = 86_400_000;

/** Where a walk stopped: the last day (UTC, YYYYMMDD) a run walked to; the next walks back to it again. */
export interface TiktokCheckpoint {
  through: string;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A UTC date as the API writes it: YYYYMMDD. */
export const apiDate = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const dateMs = (date: string) => Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T00:00:00Z`);

/** The short-video platform (TikTok Research API, client credentials): a user's videos. */
export const tiktok: SyncPlatform = {
  platform: 'shortvideo',
  connect({ config, clock, upstream, onWait }) {
    const { clientKey, clientSecret, apiUrl, authUrl, firstRunDays } = config.tiktok;
    if (!clientKey || !clientSecret)
      throw new MissingCredentialsError('tiktok', [
        'SOCIALQUERY_TIKTOK_CLIENT_KEY',
        'SOCIALQUERY_TIKTOK_CLIENT_SECRET',
      ]);
    const api = clientCredentialsApi({
      platform: 'tiktok',
      secret: clientSecret,
      apiUrl,
      authUrl,
      trailingSlash: true,
      form: { client_key: clientKey, client_secret: clientSecret, grant_type: 'client_credentials' },
      clock,
      onWait,
      upstream,
    });
    return {
      sync: (run) => syncUser(api, run as TargetRun<ShortvideoTarget>, clock.now(), firstRunDays),
    };
  },
};

/**
 * A user's videos: `/v2/research/video/query/` in windows of at most 30 days, walked back from today
 * to the day the last run reached (or `firstRunDays` back on a first run), each window paged by its
 * `cursor` and `search_id` while `has_more`.
 */
async function syncUser(
  api: Upstream,
  run: TargetRun<ShortvideoTarget>,
  now: number,
  firstRunDays: number,
): Promise<TargetResult> {
  const stored = run.checkpoint as TiktokCheckpoint | undefined;
  const today = apiDate(now);
  const floor = stored ? dateMs(stored.through) : dateMs(today) - (firstRunDays - 1) * DAY;
  const pages = run.target.pages ?? DEFAULT_PAGES;
  let page = 0;
  for (let end = dateMs(today); end >= floor; end -= WINDOW_DAYS * DAY) {
    const start = Math.max(floor, end - (WINDOW_DAYS - 1) * DAY);
    let cursor: number | undefined;
    let searchId: string | undefined;
    for (;;) {
      // a walk cut short keeps the stored checkpoint: the next run walks these days again
      if (++page > pages) return { stopped: 'page-limit' };
      const { body } = await api.post(
        'v2/research/video/query/',
        {
          query: { and: [{ operation: 'EQ', field_name: 'username', field_values: [run.target.user] }] },
          start_date: apiDate(start),
          end_date: apiDate(end),
          max_count: MAX_COUNT,
          ...(cursor !== undefined ? { cursor } : {}),
          ...(searchId !== undefined ? { search_id: searchId } : {}),
        },
        { fields: VIDEO_FIELDS },
      );
      const data = isJson(body) && isJson(body.data) ? body.data : undefined;
      if (!data || !Array.isArray(data.videos))
        throw new UpstreamError('tiktok: POST /v2/research/video/query/ answered no data.videos');
      if (data.videos.length > 0) await run.importPage(FORMAT, [body]);
      if (data.has_more !== true) break;
      cursor = typeof data.cursor === 'number' ? data.cursor : Number(data.cursor);
      searchId = typeof data.search_id === 'string' ? data.search_id : undefined;
    }
  }
  return { stopped: 'caught-up', checkpoint: { through: today } satisfies TiktokCheckpoint };
}
