import { bearer, startFake } from './fake-server.js';

export const TIKTOK_CLIENT_KEY = 'fakeclientkey0123';
export const TIKTOK_CLIENT_SECRET = 'fake-tiktok-secret-4567';

export interface TiktokVideo {
  /** A 19-digit id, sent as a JSON number as the API does (past 2^53). */
  id: string;
  username: string;
  description: string;
  createTime: number;
  likes: number;
}

/**
 * The TikTok Research API as documented: the client-credentials token endpoint (POST
 * /v2/oauth/token/, a form with client_key, client_secret, grant_type) and, with a bearer token, the
 * video query (POST /v2/research/video/query/?fields=…, a JSON body: an `and` of EQ conditions,
 * `start_date`/`end_date` YYYYMMDD at most 30 days apart, `max_count`, `cursor`, `search_id`),
 * answering `{data: {videos, cursor, has_more, search_id}, error: {code: 'ok'}}` with ids as JSON numbers.
 */
export async function fakeTiktok() {
  const videos: TiktokVideo[] = [];
  const valid = new Set<string>();
  let issued = 0;
  const error = (status: number, code: string, message: string) => ({
    status,
    body: { error: { code, message, log_id: 'log-1' } },
  });
  const day = (date: string) =>
    Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T00:00:00Z`) / 1000;
  const fake = await startFake((request, body) => {
    if (request.path === '/v2/oauth/token/') {
      const form = new URLSearchParams(body);
      if (
        form.get('client_key') !== TIKTOK_CLIENT_KEY ||
        form.get('client_secret') !== TIKTOK_CLIENT_SECRET ||
        form.get('grant_type') !== 'client_credentials'
      )
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client key or secret is invalid.' },
        };
      const token = `clt.tiktok-token-${++issued}`;
      valid.add(token);
      return { status: 200, body: { access_token: token, expires_in: 7200, token_type: 'Bearer' } };
    }
    if (!valid.has(bearer(request)))
      return error(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    if (request.path !== '/v2/research/video/query/' || request.method !== 'POST')
      return error(404, 'not_found', 'Not found');
    const query = JSON.parse(body) as {
      query: { and: { field_name: string; operation: string; field_values: string[] }[] };
      start_date: string;
      end_date: string;
      max_count?: number;
      cursor?: number;
      search_id?: string;
    };
    const start = day(query.start_date);
    const end = day(query.end_date) + 86_400;
    if (end - start > 30 * 86_400 || end <= start)
      return error(400, 'invalid_params', 'The end_date must be no more than 30 days after the start_date');
    const username = query.query.and.find((c) => c.field_name === 'username')?.field_values[0];
    const matching = videos
      .filter((v) => v.username === username && v.createTime >= start && v.createTime < end)
      .sort((a, b) => b.createTime - a.createTime);
    const size = query.max_count ?? 20;
    const cursor = query.cursor ?? 0;
    const slice = matching.slice(cursor, cursor + size);
    const hasMore = cursor + size < matching.length;
    // ids as JSON numbers past 2^53, as the API sends them
    const videoText = slice
      .map(
        (v) =>
          `{"id":${v.id},"create_time":${v.createTime},"username":${JSON.stringify(v.username)},"region_code":"US","video_description":${JSON.stringify(v.description)},"music_id":7000000000000000001,"like_count":${v.likes},"comment_count":0,"share_count":0,"view_count":${v.likes * 10},"hashtag_names":[]}`,
      )
      .join(',');
    return {
      status: 200,
      body: undefined,
      text: `{"data":{"videos":[${videoText}],"cursor":${cursor + slice.length},"has_more":${hasMore},"search_id":"7400000000000000001"},"error":{"code":"ok","message":"","log_id":"log-2"}}`,
    };
  });
  return {
    ...fake,
    videos,
    expireTokens: () => valid.clear(),
    /** The video queries' bodies, parsed (ids as sent). */
    queries: () =>
      fake.requests
        .filter((r) => r.path === '/v2/research/video/query/')
        .map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>),
    tokenRequests: () => fake.requests.filter((r) => r.path === '/v2/oauth/token/').length,
    env: (): NodeJS.ProcessEnv => ({
      SOCIALQUERY_TIKTOK_CLIENT_KEY: TIKTOK_CLIENT_KEY,
      SOCIALQUERY_TIKTOK_CLIENT_SECRET: TIKTOK_CLIENT_SECRET,
      SOCIALQUERY_TIKTOK_API_URL: fake.url,
      SOCIALQUERY_TIKTOK_AUTH_URL: `${fake.url}/v2/oauth/token/`,
    }),
  };
}

/** `n` videos of `username`, one every 6 hours, the newest at `newest` (ms); 19-digit ids from `firstId` up. */
export function tiktokVideos(
  n: number,
  username: string,
  newest: number,
  firstId = 7_300_000_000_000_000_000n,
): TiktokVideo[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(firstId + BigInt(n - i)),
    username,
    description: `video ${n - i} #fyp`,
    createTime: Math.floor((newest - i * 6 * 3_600_000) / 1000),
    likes: 100 + i,
  }));
}
