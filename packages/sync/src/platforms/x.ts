import { MissingCredentialsError, type SyncPlatform, type TargetResult, type TargetRun } from '../platform.js';
import type { MicroblogTarget } from '../targets.js';
import { createUpstream, type Upstream, UpstreamError } from '../upstream.js';

const FORMAT = 'twitter-v2';
/** Posts per page: the API's largest for timelines and recent search; followers' 1,000. */
const PAGE_SIZE = 100;
const FOLLOWERS_PAGE = 1000;
/** Pages per run by default: a timeline's 32 (3,200 posts, all a timeline serves), a search's 10, followers' 1. */
const DEFAULT_USER_PAGES = 32;
const DEFAULT_SEARCH_PAGES = 10;
const DEFAULT_FOLLOWERS_PAGES = 1;

/** What each post request asks for: the fields the twitter-v2 importer maps, the author and media expanded. */
export const POST_FIELDS = {
  'tweet.fields': 'created_at,public_metrics,conversation_id,referenced_tweets,attachments,author_id,note_tweet',
  expansions: 'author_id,attachments.media_keys',
  'user.fields': 'created_at,description,profile_image_url,protected,public_metrics,verified',
  'media.fields': 'type,url,preview_image_url,variants',
} as const;
const USER_FIELDS = { 'user.fields': POST_FIELDS['user.fields'] };

/** Where a walk stopped: the newest post stored (`since_id` of the next run). */
export interface XCheckpoint {
  newest?: string;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const metaOf = (body: unknown): Json => (isJson(body) && isJson(body.meta) ? body.meta : {});
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const hasData = (body: unknown) => isJson(body) && Array.isArray(body.data) && body.data.length > 0;

/** The microblog (X API v2, an app's bearer token): a user's posts, a conversation's replies, a user's followers. */
export const x: SyncPlatform = {
  platform: 'microblog',
  connect({ config, clock, upstream, onWait }) {
    const { bearerToken, apiUrl } = config.x;
    if (!bearerToken) throw new MissingCredentialsError('x', ['SOCIALQUERY_X_BEARER_TOKEN']);
    const api = createUpstream({
      platform: 'x',
      baseUrl: apiUrl,
      secrets: [bearerToken],
      clock,
      onWait,
      ...upstream,
      auth: { apply: async ({ headers }) => void (headers.authorization = `Bearer ${bearerToken}`) },
    });
    return {
      async sync(run) {
        const microblogRun = run as TargetRun<MicroblogTarget>;
        const { user, conversation, followers } = microblogRun.target;
        if (user) {
          const id = await lookUp(api, microblogRun, user);
          return walkNewest(api, microblogRun, `users/${id}/tweets`, 'pagination_token', DEFAULT_USER_PAGES, {});
        }
        if (conversation)
          return walkNewest(api, microblogRun, 'tweets/search/recent', 'next_token', DEFAULT_SEARCH_PAGES, {
            query: `conversation_id:${conversation}`,
          });
        return syncFollowers(api, microblogRun, await lookUp(api, microblogRun, followers!));
      },
    };
  },
};

/** `/users/by/username/{name}`: the user's id; the profile is imported (its counts change). */
async function lookUp(api: Upstream, run: TargetRun, username: string): Promise<string> {
  const { body } = await api.get(`users/by/username/${username}`, USER_FIELDS);
  const id = isJson(body) && isJson(body.data) ? text(body.data.id) : undefined;
  if (!id) throw new UpstreamError(`x: no user ${username} (GET /users/by/username/${username} found none)`);
  await run.importPage(FORMAT, [body]);
  return id;
}

/**
 * A newest-first list of posts (a user's timeline, a recent search), walked page by page with
 * `since_id` the newest post stored: only newer posts are fetched. The first page's `meta.newest_id`
 * is the next checkpoint.
 */
async function walkNewest(
  api: Upstream,
  run: TargetRun<MicroblogTarget>,
  path: string,
  tokenParameter: 'pagination_token' | 'next_token',
  defaultPages: number,
  query: Record<string, string>,
): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as XCheckpoint;
  const pages = run.target.pages ?? defaultPages;
  let newest: string | undefined;
  let token: string | undefined;
  const done = (stopped: 'caught-up' | 'page-limit'): TargetResult => {
    const last = newest ?? stored.newest;
    return { stopped, ...(last ? { checkpoint: { newest: last } satisfies XCheckpoint } : {}) };
  };
  for (let page = 1; ; page++) {
    if (page > pages) return done('page-limit');
    const { body } = await api.get(path, {
      ...query,
      max_results: PAGE_SIZE,
      ...POST_FIELDS,
      since_id: stored.newest,
      [tokenParameter]: token,
    });
    const meta = metaOf(body);
    newest ??= text(meta.newest_id);
    if (hasData(body)) await run.importPage(FORMAT, [body]);
    token = text(meta.next_token);
    if (!token) return done('caught-up');
  }
}

/** A user's followers (`/users/{id}/followers`, 1,000 a page, newest followers first): the first pages again each run. */
async function syncFollowers(api: Upstream, run: TargetRun<MicroblogTarget>, id: string): Promise<TargetResult> {
  const pages = run.target.pages ?? DEFAULT_FOLLOWERS_PAGES;
  let token: string | undefined;
  for (let page = 1; page <= pages; page++) {
    const { body } = await api.get(`users/${id}/followers`, {
      max_results: FOLLOWERS_PAGE,
      ...USER_FIELDS,
      pagination_token: token,
    });
    if (hasData(body)) await run.importPage(FORMAT, [body]);
    token = text(metaOf(body).next_token);
    if (!token) break;
  }
  return { stopped: 'refreshed' };
}
