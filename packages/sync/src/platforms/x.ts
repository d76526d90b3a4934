import type { SyncConfig } from '../config.js';
import {
  type ClientDeps,
  requireCredentials,
  type RunPlan,
  type SyncPlatform,
  type TargetResult,
  type TargetRun,
} from '../platform.js';
import type { MicroblogTarget } from '../targets.js';
import { createUpstream, requestLine, type Upstream, UpstreamError } from '../upstream.js';
import { count } from '../words.js';
import { isJson, type Json } from '../json.js';

const FORMAT = 'twitter-v2';
/** Posts per page: the API's largest for timelines and recent search; followers' 1,000. */
const PAGE_SIZE = 100;
const FOLLOWERS_PAGE = 1000;
/** Pages per run by default: a timeline's 32 (3,200 posts, all a timeline serves), mentions' 8 (800, all they serve), a search's 10, followers' 1. */
const DEFAULT_USER_PAGES = 32;
const DEFAULT_MENTIONS_PAGES = 8;
const DEFAULT_SEARCH_PAGES = 10;
const DEFAULT_FOLLOWERS_PAGES = 1;

/**
 * What each post request asks for: the fields the twitter-v2 importer maps, and the ones it keeps as the
 * records' `extra` (entities, language, edit history…); the author and media expanded.
 */
export const POST_FIELDS = {
  'tweet.fields':
    'created_at,public_metrics,conversation_id,referenced_tweets,attachments,author_id,note_tweet,entities,lang,edit_history_tweet_ids,in_reply_to_user_id,possibly_sensitive,reply_settings',
  expansions: 'author_id,attachments.media_keys',
  'user.fields': 'created_at,description,profile_image_url,protected,public_metrics,verified,location,url,entities',
  'media.fields': 'type,url,preview_image_url,variants',
} as const;
const USER_FIELDS = { 'user.fields': POST_FIELDS['user.fields'] };

/**
 * Where a walk stopped: the newest post stored (`since_id` of the next run) and, when a run reached its
 * page limit before the post the run before it stopped at, the unfinished backlog — each gap the posts
 * older than `until` (the oldest post stored of it) and newer than `since` (the stop point of the run that
 * began it; none: down to the listing's end), newest gap first. A checkpoint without `backlog` (all
 * checkpoints before it existed) has none.
 */
export interface XCheckpoint {
  newest?: string;
  backlog?: XGap[];
}
export interface XGap {
  until: string;
  since?: string;
}

const metaOf = (body: unknown): Json => (isJson(body) && isJson(body.meta) ? body.meta : {});
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const hasData = (body: unknown) => isJson(body) && Array.isArray(body.data) && body.data.length > 0;

const credentials = (config: SyncConfig) => ({ SOCIALQUERY_X_BEARER_TOKEN: config.x.bearerToken });

/** The API's client: the app's bearer token in each request's header. */
function client({ config, clock, upstream, onWait }: ClientDeps) {
  const { SOCIALQUERY_X_BEARER_TOKEN: bearerToken } = requireCredentials('x', credentials(config));
  return createUpstream({
    platform: 'x',
    baseUrl: config.x.apiUrl,
    secrets: [bearerToken],
    clock,
    onWait,
    ...upstream,
    auth: { apply: async ({ headers }) => void (headers.authorization = `Bearer ${bearerToken}`) },
  });
}

/** The credentials check's request: one user, by name (X's developer account); no field asked for. */
const CHECK_PATH = 'users/by/username/XDevelopers';

/**
 * The microblog (X API v2, an app's bearer token): a user's posts, the posts mentioning a user, a recent
 * search, a conversation's replies, a user's followers.
 */
export const x: SyncPlatform = {
  platform: 'microblog',
  api: 'x',
  credentials,
  connect(deps) {
    const api = client(deps);
    const { clock } = deps;
    return {
      async sync(run) {
        const microblogRun = run as TargetRun<MicroblogTarget>;
        const { user, mentions, search, conversation, followers } = microblogRun.target;
        if (user) {
          const { id } = await lookUp(api, microblogRun, user);
          return walkNewest(api, microblogRun, `users/${id}/tweets`, 'pagination_token', DEFAULT_USER_PAGES, {});
        }
        if (mentions) {
          const { id } = await lookUp(api, microblogRun, mentions);
          return walkNewest(api, microblogRun, `users/${id}/mentions`, 'pagination_token', DEFAULT_MENTIONS_PAGES, {});
        }
        if (search !== undefined)
          return walkNewest(api, microblogRun, SEARCH_PATH, 'next_token', DEFAULT_SEARCH_PAGES, { query: search });
        if (conversation)
          return walkNewest(
            api,
            microblogRun,
            SEARCH_PATH,
            'next_token',
            DEFAULT_SEARCH_PAGES,
            conversationSearch(conversation),
          );
        return syncFollowers(api, microblogRun, await lookUp(api, microblogRun, followers!), clock.now());
      },
    };
  },
  plan: async ({ target, checkpoint }) => planTarget(target as MicroblogTarget, checkpoint),
  async check(deps) {
    await client(deps).get(CHECK_PATH);
    return requestLine('GET', CHECK_PATH);
  },
  checkCost: "a request of the user lookup's 15-minute window, and one user read",
};

const SEARCH_PATH = 'tweets/search/recent';
/** A conversation's replies: the recent search's query. */
const conversationSearch = (conversation: string) => ({ query: `conversation_id:${conversation}` });
/** A user's lookup, the first request of a user's and a followers' run. */
const lookUpPath = (username: string) => `users/by/username/${username}`;

/** What a run of `target` would send first and read, from its checkpoint (the dry run). */
function planTarget(target: MicroblogTarget, checkpoint: unknown): RunPlan {
  const stored = (checkpoint ?? {}) as XCheckpoint;
  if (target.followers) {
    const pages = target.pages ?? DEFAULT_FOLLOWERS_PAGES;
    return {
      request: requestLine('GET', lookUpPath(target.followers)),
      reads: `the user, then its newest followers again, the first ${count(pages, 'page')} of ${FOLLOWERS_PAGE}`,
    };
  }
  const pages =
    target.pages ??
    (target.user ? DEFAULT_USER_PAGES : target.mentions ? DEFAULT_MENTIONS_PAGES : DEFAULT_SEARCH_PAGES);
  const what = target.conversation ? 'replies' : target.mentions ? `posts mentioning @${target.mentions}` : 'posts';
  const top = stored.newest ? `the ${what} newer than ${stored.newest} (since_id)` : `the newest ${what} (a first run)`;
  const gaps = stored.backlog?.length
    ? `; then ${count(stored.backlog.length, 'gap')} earlier runs left, at most ${count(pages, 'page')} more`
    : '';
  const reads = `${top}, at most ${count(pages, 'page')} of ${PAGE_SIZE}${gaps}`;
  const lookedUp = target.user ?? target.mentions;
  if (lookedUp) return { request: requestLine('GET', lookUpPath(lookedUp)), reads: `the user, then ${reads}` };
  return {
    request: requestLine('GET', SEARCH_PATH, {
      ...(target.search !== undefined ? { query: target.search } : conversationSearch(target.conversation!)),
      max_results: PAGE_SIZE,
      since_id: stored.newest,
    }),
    reads,
  };
}

/** `/users/by/username/{name}`: the user's id and username as X spells it; the profile is imported (its counts change). */
async function lookUp(api: Upstream, run: TargetRun, username: string): Promise<{ id: string; username: string }> {
  const { body } = await api.get(lookUpPath(username), USER_FIELDS);
  const data = isJson(body) && isJson(body.data) ? body.data : {};
  const id = text(data.id);
  if (!id) throw new UpstreamError(`x: no user ${username} (GET /users/by/username/${username} found none)`);
  await run.importPage(FORMAT, [body]);
  return { id, username: text(data.username) ?? username };
}

/**
 * A newest-first list of posts (a user's timeline or mentions, a recent search). A run first walks what is new:
 * from the top, page by page, down to the newest post stored (`since_id`); the first page's
 * `meta.newest_id` is the next checkpoint. Then it continues the backlog earlier runs left (each gap by
 * `until_id` and `since_id`, newest gap first). Each of the two walks reads at most `pages` pages; what a
 * walk leaves unread is a gap of the next checkpoint — the posts older than the oldest it stored — so a
 * backlog longer than the page limit is read over the next runs, each post once.
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
  /** Walks one span newest first, at most `budget` pages: the gap it leaves (undefined: it reached the span's end), the pages it read, the newest post. */
  const walk = async (span: { since?: string; until?: string }, budget: number) => {
    let newest: string | undefined;
    let oldest = span.until;
    let token: string | undefined;
    for (let page = 1; ; page++) {
      const { body } = await api.get(path, {
        ...query,
        max_results: PAGE_SIZE,
        ...POST_FIELDS,
        since_id: span.since,
        until_id: span.until,
        [tokenParameter]: token,
      });
      const meta = metaOf(body);
      newest ??= text(meta.newest_id);
      oldest = text(meta.oldest_id) ?? oldest;
      if (hasData(body)) await run.importPage(FORMAT, [body]);
      token = text(meta.next_token);
      if (!token) return { pages: page, newest };
      // more to read: the posts older than the oldest stored, down to the span's floor
      if (page >= budget)
        return {
          pages: page,
          newest,
          ...(oldest ? { gap: { until: oldest, ...(span.since ? { since: span.since } : {}) } } : {}),
        };
    }
  };
  const fresh = await walk({ ...(stored.newest ? { since: stored.newest } : {}) }, pages);
  const backlog: XGap[] = [];
  let left = pages;
  for (const gap of stored.backlog ?? []) {
    if (left === 0) {
      backlog.push(gap);
      continue;
    }
    const continued = await walk(gap, left);
    left -= continued.pages;
    if (continued.gap) backlog.push(continued.gap);
  }
  if (fresh.gap) backlog.unshift(fresh.gap);
  const newest = fresh.newest ?? stored.newest;
  const checkpoint: XCheckpoint = { ...(newest ? { newest } : {}), ...(backlog.length > 0 ? { backlog } : {}) };
  return {
    stopped: backlog.length > 0 ? 'page-limit' : 'caught-up',
    ...(Object.keys(checkpoint).length > 0 ? { checkpoint } : {}),
  };
}

/**
 * A user's followers (`/users/{id}/followers`, 1,000 a page, newest followers first): the first pages again
 * each run, each imported with `followers_of` (the user, the run's time `seenAt`, the page's offset in the
 * list), so the importer writes the follows too: a follow first seen at `seenAt` minus its place in the list,
 * a stored one keeping its time (packages/store/src/import/README.md, microblog `twitter-v2`).
 */
async function syncFollowers(
  api: Upstream,
  run: TargetRun<MicroblogTarget>,
  user: { id: string; username: string },
  seenAt: number,
): Promise<TargetResult> {
  const pages = run.target.pages ?? DEFAULT_FOLLOWERS_PAGES;
  let token: string | undefined;
  let offset = 0;
  for (let page = 1; page <= pages; page++) {
    const { body } = await api.get(`users/${user.id}/followers`, {
      max_results: FOLLOWERS_PAGE,
      ...USER_FIELDS,
      pagination_token: token,
    });
    if (hasData(body)) {
      const followersOf = { ...user, seen_at: new Date(seenAt).toISOString(), offset };
      await run.importPage(FORMAT, [{ ...(body as Json), followers_of: followersOf }]);
      offset += (body as { data: unknown[] }).data.length;
    }
    token = text(metaOf(body).next_token);
    if (!token) break;
  }
  return { stopped: 'refreshed' };
}
