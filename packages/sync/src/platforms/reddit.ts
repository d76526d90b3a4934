import type { Database } from '@socialquery/store';
import type { Kysely } from 'kysely';
import type { SyncConfig } from '../config.js';
import {
  type ClientDeps,
  requireCredentials,
  type RunPlan,
  type SyncPlatform,
  type TargetResult,
  type TargetRun,
} from '../platform.js';
import type { ForumTarget } from '../targets.js';
import { requestLine, type Upstream, UpstreamError } from '../upstream.js';
import { count } from '../words.js';
import { basicAuth, clientCredentialsApi } from './oauth.js';

/** Items per listing page: the API's largest. */
const PAGE_SIZE = 100;
/** Pages a listing walks at most per run by default: Reddit serves about 1,000 items of a listing. */
const DEFAULT_LISTING_PAGES = 10;
/** Comments asked for with a post (the API's largest). */
const COMMENTS_LIMIT = 500;
/** Requests a post's run makes at most by default: its comments page and 19 expansions of its `more` stubs. */
const DEFAULT_POST_CALLS = 20;
/** Comment ids one `/api/morechildren` request asks for at most (the API's largest). */
const MORE_CHILDREN_IDS = 100;
/** Fullnames one `/api/info` request asks for at most (the API's largest). */
const INFO_IDS = 100;

/** A post (or a comment, in a community's comments stream) in a newest-first listing: its fullname and creation time (epoch seconds). */
interface Point {
  name: string;
  created: number;
}

/**
 * Where a newest-first walk stopped: the newest post it stored and, when the page limit came before the
 * walk's stop point, the unfinished backlog: the page to continue from (`after`, with up to 3 posts
 * before it on the same page, nearest first, in case `after` is deleted before the next run) and the
 * stop point (`until`: the checkpoint the walk was heading for; none: the listing's end). A checkpoint
 * without `backlog` (every checkpoint written before it existed too) is a walk that finished.
 */
export interface RedditCheckpoint {
  newest: Point;
  backlog?: { after: string; alternates?: string[]; until?: Point };
}

/**
 * A post whose stubs were not all expanded (its run made its `--pages` requests first): the comment ids
 * and "continue this thread" comments left, expanded first by the next run (instead of its page's stubs,
 * expanded already); `{}` once they are done.
 */
export interface RedditPostCheckpoint {
  pending?: { ids: string[]; threads: string[] };
}

interface Listing {
  kind: 'Listing';
  data: { after?: string | null; children: { kind: string; data: Record<string, unknown> }[] };
}

function isListing(body: unknown): body is Listing {
  if (typeof body !== 'object' || body === null || Reflect.get(body, 'kind') !== 'Listing') return false;
  const data: unknown = Reflect.get(body, 'data');
  return typeof data === 'object' && data !== null && Array.isArray(Reflect.get(data, 'children'));
}

const credentials = (config: SyncConfig) => ({
  SOCIALQUERY_REDDIT_CLIENT_ID: config.reddit.clientId,
  SOCIALQUERY_REDDIT_CLIENT_SECRET: config.reddit.clientSecret,
});

/** The API's client: app-only OAuth, its token from the client id and secret. */
function client({ config, clock, upstream, onWait }: ClientDeps) {
  const { SOCIALQUERY_REDDIT_CLIENT_ID: clientId, SOCIALQUERY_REDDIT_CLIENT_SECRET: clientSecret } = requireCredentials(
    'reddit',
    credentials(config),
  );
  const { userAgent, apiUrl, authUrl } = config.reddit;
  return clientCredentialsApi({
    platform: 'reddit',
    userAgent,
    secret: clientSecret,
    apiUrl,
    authUrl,
    form: { grant_type: 'client_credentials' },
    headers: { authorization: basicAuth(clientId, clientSecret) },
    clock,
    onWait,
    upstream,
  });
}

/**
 * The forum (Reddit): a community's `new`, `hot` or `top` listing or its comments stream, a search, a
 * user's submissions, a post's comments; stored posts read again by id.
 */
export const reddit: SyncPlatform = {
  platform: 'forum',
  api: 'reddit',
  credentials,
  connect(deps) {
    const api = client(deps);
    return { sync: (run) => syncTarget(api, deps.db, run as TargetRun<ForumTarget>) };
  },
  plan: async ({ target, checkpoint }) => planTarget(target as ForumTarget, checkpoint),
  // the token request proves the client id and secret; it reads nothing of the API
  check: (deps) => client(deps).authorize(),
  checkCost: 'one token request, no API request',
};

/** A post's id without its kind prefix. */
const postId = (post: string) => post.replace(/^t3_/, '');
/** The listing a community, search or user target reads. */
function listingPath(target: ForumTarget): string {
  if (target.search !== undefined) return target.community ? `r/${target.community}/search` : 'search';
  return target.community ? `r/${target.community}/${target.listing ?? 'new'}` : `user/${target.user!}/submitted`;
}

/** What a listing's every page asks besides `limit` and `after`: a user's submissions and a search by new, a top listing's window. */
function listingParams(target: ForumTarget): Record<string, string> {
  if (target.search !== undefined)
    return { q: target.search, sort: 'new', t: 'all', type: 'link', ...(target.community ? { restrict_sr: '1' } : {}) };
  if (target.user) return { sort: 'new' };
  if (target.listing === 'top') return { t: target.timeframe ?? 'day' };
  return {};
}

/** A listing page's query: the most items a page holds, after `after`. */
const listingQuery = (params: Record<string, string>, after: string | undefined) => ({
  limit: PAGE_SIZE,
  after,
  ...params,
});
const postQuery = { limit: COMMENTS_LIMIT };

/** Listings whose order changes as they go (by score): their first pages are read again each run. */
const reordering = (target: ForumTarget) => target.listing === 'hot' || target.listing === 'top';

async function syncTarget(api: Upstream, db: Kysely<Database>, run: TargetRun<ForumTarget>): Promise<TargetResult> {
  const { target } = run;
  if (target.post) return syncPost(api, run, postId(target.post), target.pages ?? DEFAULT_POST_CALLS);
  const path = listingPath(target);
  const params = listingParams(target);
  if (reordering(target)) return refreshListing(api, run, path, params, target.pages ?? 1);
  // the posts the earlier runs stored, chosen before this run stores newer ones
  const stored = target.refresh ? await storedPosts(db, target, target.refresh) : [];
  const walked = await walkNewestFirst(api, run, path, params, target.pages ?? DEFAULT_LISTING_PAGES);
  if (stored.length > 0) await refreshPosts(api, run, stored);
  return walked;
}

/** The ids of the `limit` newest posts stored of a target's community (or user), newest first. */
async function storedPosts(db: Kysely<Database>, target: ForumTarget, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('forum_posts')
    .select('id')
    .$if(target.user !== undefined, (query) => query.where('author_key', '=', target.user!.toLowerCase()))
    .$if(target.user === undefined, (query) => query.where('community_key', '=', target.community!.toLowerCase()))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Stored posts read again by id (`/api/info?id=t3_a,t3_b,…`, 100 a request): their score, comment count,
 * title and text as Reddit has them now (a `new` walk reads each post once, when it is new). A post
 * Reddit no longer answers (deleted whole) is left as stored.
 */
async function refreshPosts(api: Upstream, run: TargetRun, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += INFO_IDS) {
    const names = ids.slice(start, start + INFO_IDS).map((id) => `t3_${id}`);
    const { body } = await api.get('api/info', { id: names.join(',') });
    if (!isListing(body)) throw new UpstreamError('reddit: GET /api/info answered something other than a Listing');
    if (body.data.children.length > 0) await run.importPage('reddit-api', [body]);
  }
}

/** A post as a checkpoint names it, in words. */
const pointText = (point: Point) => `${point.name} (${new Date(point.created * 1000).toISOString()})`;

/** What a run of `target` would send first and read, from its checkpoint (the dry run). */
function planTarget(target: ForumTarget, checkpoint: unknown): RunPlan {
  if (target.post) {
    const { pending } = (checkpoint ?? {}) as RedditPostCheckpoint;
    const left = pending
      ? `, first the ${count(pending.ids.length, 'comment')} of "more" stubs and ${count(pending.threads.length, '"continue this thread" link')} the last run left`
      : '';
    return {
      request: requestLine('GET', `comments/${postId(target.post)}`, postQuery),
      reads: `the post and its comments, then its "more" stubs expanded${left}: at most ${count(target.pages ?? DEFAULT_POST_CALLS, 'request')}`,
    };
  }
  const path = listingPath(target);
  const request = requestLine('GET', path, listingQuery(listingParams(target), undefined));
  if (reordering(target)) {
    const pages = target.pages ?? 1;
    return {
      request,
      reads: `its first ${count(pages, 'page')} of ${PAGE_SIZE} again (a ${target.listing} listing changes order)`,
    };
  }
  const pages = target.pages ?? DEFAULT_LISTING_PAGES;
  const stored = checkpoint as RedditCheckpoint | undefined;
  const items = target.listing === 'comments' ? 'comments' : 'posts';
  const top = stored ? `the ${items} newer than ${pointText(stored.newest)}` : `the newest ${items} (a first run)`;
  const backlog = stored?.backlog
    ? `; then the backlog from after ${stored.backlog.after} down to ${stored.backlog.until ? pointText(stored.backlog.until) : "the listing's end"}, at most ${count(pages, 'page')} more`
    : '';
  const refresh = target.refresh
    ? `; then the ${count(target.refresh, 'newest post')} earlier runs stored, again (GET /api/info, ${count(Math.ceil(target.refresh / INFO_IDS), 'request')})`
    : '';
  return { request, reads: `${top}, at most ${count(pages, 'page')} of ${PAGE_SIZE}${backlog}${refresh}` };
}

/** A `more` stub: the ids of comments not sent (`children`); none: "continue this thread" below `parent`. */
interface MoreStub {
  children: string[];
  parent: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The `more` stubs a response holds (a Listing, or an array of them), at any depth of the comments' `replies`. */
function stubsOf(value: unknown, stubs: MoreStub[] = []): MoreStub[] {
  if (Array.isArray(value)) {
    for (const item of value) stubsOf(item, stubs);
    return stubs;
  }
  if (!isListing(value)) return stubs;
  for (const { kind, data } of value.data.children) {
    if (kind === 't1') stubsOf(data.replies, stubs);
    else if (kind === 'more')
      stubs.push({
        children: Array.isArray(data.children) ? data.children.filter(isString) : [],
        parent: isString(data.parent_id) ? data.parent_id : '',
      });
  }
  return stubs;
}

/** The post's `suggested_sort` (its page's comment order), else Reddit's default, `confidence` ("best"). */
function sortOf(page: unknown): string {
  const post = Array.isArray(page) && isListing(page[0]) ? page[0].data.children[0]?.data : undefined;
  const sort = post?.suggested_sort;
  return isString(sort) && sort !== '' ? sort : 'confidence';
}

/** `/api/morechildren`'s things (`{ json: { errors, data: { things } } }`). */
function moreThingsOf(body: unknown): Listing['data']['children'] {
  const json: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'json') : undefined;
  const errors: unknown = typeof json === 'object' && json !== null ? Reflect.get(json, 'errors') : undefined;
  const data: unknown = typeof json === 'object' && json !== null ? Reflect.get(json, 'data') : undefined;
  const things: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'things') : undefined;
  if (Array.isArray(errors) && errors.length > 0)
    throw new UpstreamError(`reddit: GET /api/morechildren answered errors: ${JSON.stringify(errors)}`);
  if (!Array.isArray(things)) throw new UpstreamError('reddit: GET /api/morechildren answered no json.data.things');
  return things as Listing['data']['children'];
}

/**
 * A post's comments: its page (`/comments/{id}`: the post and its tree as far as Reddit sends it), then
 * its `more` stubs expanded, at most `calls` requests in all: the ids of the comments not sent, up to 100
 * a request, through `/api/morechildren` (its flat things, each with its `parent_id`, imported as one
 * Listing), and each "continue this thread" stub (no ids: the thread goes deeper than the page) through
 * `/comments/{id}?comment=<parent>` (the parent's subtree). Answers' own stubs are queued too. What the
 * bound leaves is kept in the checkpoint: the next run expands it instead of the page's stubs.
 */
async function syncPost(api: Upstream, run: TargetRun, id: string, calls: number): Promise<TargetResult> {
  const { body } = await api.get(`comments/${id}`, postQuery);
  await run.importPage('reddit-api', [body]);
  const sort = sortOf(body);
  const ids: string[] = [];
  /** The ids in `ids` (not yet asked for), to queue each once. */
  const queued = new Set<string>();
  const enqueue = (list: readonly string[]) => {
    for (const child of list)
      if (!queued.has(child)) {
        queued.add(child);
        ids.push(child);
      }
  };
  /** Ids being asked for leave the queue (a later stub may list them again). */
  const asked = (batch: string[]) => {
    for (const child of batch) queued.delete(child);
    return batch;
  };
  const threads: string[] = [];
  const continued = new Set<string>();
  const queue = (document: unknown) => {
    for (const { children, parent } of stubsOf(document)) {
      // an answer's stub may list ids asked for before (sent no further): they are asked for again
      if (children.length > 0) enqueue(children);
      else if (parent.startsWith('t1_') && !continued.has(parent)) {
        continued.add(parent);
        threads.push(parent.slice(3));
      }
    }
  };
  const { pending } = (run.checkpoint ?? {}) as RedditPostCheckpoint;
  if (pending) {
    enqueue(pending.ids);
    threads.push(...pending.threads);
    for (const thread of pending.threads) continued.add(`t1_${thread}`);
  } else queue(body);
  for (let made = 1; ids.length > 0 || threads.length > 0; made++) {
    if (made >= calls)
      return {
        stopped: 'page-limit',
        checkpoint: { pending: { ids, threads } } satisfies RedditPostCheckpoint,
        detail: `${ids.length} comments of "more" stubs and ${threads.length} "continue this thread" links not fetched (at most ${calls} requests)`,
      };
    if (ids.length > 0) {
      const { body: answer } = await api.get('api/morechildren', {
        api_type: 'json',
        link_id: `t3_${id}`,
        children: asked(ids.splice(0, MORE_CHILDREN_IDS)).join(','),
        sort,
        limit_children: 'false',
      });
      const listing = { kind: 'Listing', data: { after: null, children: moreThingsOf(answer) } };
      await run.importPage('reddit-api', [listing]);
      queue(listing);
    } else {
      const comment = threads.shift()!;
      const { body: thread } = await api.get(`comments/${id}`, { comment, limit: COMMENTS_LIMIT });
      const comments: unknown = Array.isArray(thread) ? thread[1] : undefined;
      if (!isListing(comments))
        throw new UpstreamError(`reddit: GET /comments/${id}?comment=${comment} answered no comments Listing`);
      await run.importPage('reddit-api', [comments]);
      queue(comments);
    }
  }
  return { stopped: 'refreshed', ...(pending ? { checkpoint: {} satisfies RedditPostCheckpoint } : {}) };
}

async function fetchListing(
  api: Upstream,
  path: string,
  params: Record<string, string>,
  after: string | undefined,
): Promise<Listing> {
  const { body } = await api.get(path, listingQuery(params, after));
  if (!isListing(body)) throw new UpstreamError(`reddit: GET /${path} answered something other than a Listing`);
  return body;
}

/** A hot or top listing changes order as it goes: its first pages are fetched again each run (an upsert: edited posts update). */
async function refreshListing(
  api: Upstream,
  run: TargetRun,
  path: string,
  params: Record<string, string>,
  pages: number,
): Promise<TargetResult> {
  let after: string | undefined;
  for (let page = 1; page <= pages; page++) {
    const listing = await fetchListing(api, path, params, after);
    if (listing.data.children.length > 0) await run.importPage('reddit-api', [listing]);
    after = listing.data.after ?? undefined;
    if (!after) break;
  }
  return { stopped: 'refreshed' };
}

/** How one walk down a newest-first listing ended. */
interface Walked {
  /** The first post it saw (the newest). */
  first?: Point;
  /** It reached its stop point or the listing's end (else the page limit came first). */
  done: boolean;
  /** Where the next page would start, when not done. */
  resume?: { after: string; alternates: string[] };
  /** Its first page was empty. */
  empty: boolean;
}

/**
 * Pages of a newest-first listing from `after` (undefined: the top) until an item at or before `stop`
 * (by name, or older), the listing's end, or `pages` pages; only the items before the stop are imported.
 */
async function walk(
  api: Upstream,
  run: TargetRun,
  path: string,
  params: Record<string, string>,
  from: { after?: string; stop?: Point; pages: number },
): Promise<Walked> {
  const { stop } = from;
  let { after } = from;
  let first: Point | undefined;
  for (let page = 1; ; page++) {
    const listing = await fetchListing(api, path, params, after);
    const children = listing.data.children;
    const reached =
      stop === undefined
        ? -1
        : children.findIndex(({ data }) => data.name === stop.name || Number(data.created_utc) < stop.created);
    const newer = reached === -1 ? children : children.slice(0, reached);
    const item = newer.find(({ kind }) => kind === 't3' || kind === 't1')?.data;
    if (!first && item && typeof item.name === 'string') first = { name: item.name, created: Number(item.created_utc) };
    if (newer.length > 0)
      await run.importPage('reddit-api', [{ ...listing, data: { ...listing.data, children: newer } }]);
    const next = listing.data.after ?? undefined;
    if (reached !== -1 || !next) return { first, done: true, empty: page === 1 && children.length === 0 };
    if (page >= from.pages) {
      const names = children
        .map(({ data }) => data.name)
        .filter((name): name is string => isString(name) && name !== next);
      return { first, done: false, resume: { after: next, alternates: names.slice(-3).reverse() }, empty: false };
    }
    after = next;
  }
}

/**
 * A newest-first listing (a community's `new` or `comments`, a search by new, a user's submissions). First the posts newer than the
 * checkpoint (the newest post stored by the last successful run), at most `pages` pages; then, when an
 * earlier run left a backlog (its page limit came first), at most `pages` pages more of it, from its
 * `after` down to its stop point. A backlog whose `after` the listing answers nothing after (the post was
 * deleted or removed: it left the listing) continues from the posts before it on its page; when those
 * answer nothing either, the backlog is given up. When the posts newer than the checkpoint alone fill
 * the page limit while a backlog is pending, the two gaps become one: from the new `after` down to the
 * older stop point (the posts between are fetched again; they update).
 */
async function walkNewestFirst(
  api: Upstream,
  run: TargetRun,
  path: string,
  params: Record<string, string>,
  pages: number,
): Promise<TargetResult> {
  const stored = run.checkpoint as RedditCheckpoint | undefined;
  const top = await walk(api, run, path, params, { stop: stored?.newest, pages });
  const newest = top.first ?? stored?.newest;
  if (!top.done) {
    const until = stored?.backlog ? stored.backlog.until : stored?.newest;
    return { stopped: 'page-limit', ...checkpointOf(newest, { ...top.resume!, ...(until ? { until } : {}) }) };
  }
  const backlog = stored?.backlog;
  if (!backlog) return { stopped: 'caught-up', ...checkpointOf(newest) };
  const starts = [backlog.after, ...(backlog.alternates ?? [])];
  for (const after of starts) {
    const rest = await walk(api, run, path, params, { after, stop: backlog.until, pages });
    if (rest.empty) continue;
    if (rest.done) return { stopped: 'caught-up', ...checkpointOf(newest) };
    const until = backlog.until ? { until: backlog.until } : {};
    return { stopped: 'page-limit', ...checkpointOf(newest, { ...rest.resume!, ...until }) };
  }
  return {
    stopped: 'caught-up',
    ...checkpointOf(newest),
    detail: `backlog given up: the listing answered nothing after ${starts.join(', ')} (deleted or removed)`,
  };
}

const checkpointOf = (newest: Point | undefined, backlog?: RedditCheckpoint['backlog']) =>
  newest ? { checkpoint: { newest, ...(backlog ? { backlog } : {}) } satisfies RedditCheckpoint } : {};
