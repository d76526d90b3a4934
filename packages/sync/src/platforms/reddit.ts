import { MissingCredentialsError, type SyncPlatform, type TargetResult, type TargetRun } from '../platform.js';
import type { ForumTarget } from '../targets.js';
import { type Upstream, UpstreamError } from '../upstream.js';
import { basicAuth, clientCredentialsApi } from './oauth.js';

/** Items per listing page: the API's largest. */
const PAGE_SIZE = 100;
/** Pages a listing walks at most per run by default: Reddit serves about 1,000 items of a listing. */
const DEFAULT_LISTING_PAGES = 10;
/** Comments asked for with a post (the API's largest). */
const COMMENTS_LIMIT = 500;

/** Where a newest-first walk stopped: the newest post it stored. */
export interface RedditCheckpoint {
  newest: { name: string; created: number };
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

/** The forum (Reddit): a community's `new` or `hot` listing, a user's submissions, a post's comments. */
export const reddit: SyncPlatform = {
  platform: 'forum',
  connect({ config, clock, upstream, onWait }) {
    const { clientId, clientSecret, userAgent, apiUrl, authUrl } = config.reddit;
    if (!clientId || !clientSecret)
      throw new MissingCredentialsError('reddit', ['SOCIALQUERY_REDDIT_CLIENT_ID', 'SOCIALQUERY_REDDIT_CLIENT_SECRET']);
    const api = clientCredentialsApi({
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
    return { sync: (run) => syncTarget(api, run as TargetRun<ForumTarget>) };
  },
};

async function syncTarget(api: Upstream, run: TargetRun<ForumTarget>): Promise<TargetResult> {
  const { target } = run;
  if (target.post) {
    const id = target.post.replace(/^t3_/, '');
    const { body } = await api.get(`comments/${id}`, { limit: COMMENTS_LIMIT });
    await run.importPage('reddit-api', [body]);
    return { stopped: 'refreshed' };
  }
  const path = target.community ? `r/${target.community}/${target.listing ?? 'new'}` : `user/${target.user}/submitted`;
  if (target.listing === 'hot') return refreshListing(api, run, path, target.pages ?? 1);
  return walkNewestFirst(api, run, path, target.pages ?? DEFAULT_LISTING_PAGES);
}

async function fetchListing(api: Upstream, path: string, after: string | undefined, sort: boolean): Promise<Listing> {
  const { body } = await api.get(path, { limit: PAGE_SIZE, after, ...(sort ? { sort: 'new' } : {}) });
  if (!isListing(body)) throw new UpstreamError(`reddit: GET /${path} answered something other than a Listing`);
  return body;
}

/** A hot listing changes order as it goes: its first pages are fetched again each run (an upsert: edited posts update). */
async function refreshListing(api: Upstream, run: TargetRun, path: string, pages: number): Promise<TargetResult> {
  let after: string | undefined;
  for (let page = 1; page <= pages; page++) {
    const listing = await fetchListing(api, path, after, false);
    if (listing.data.children.length > 0) await run.importPage('reddit-api', [listing]);
    after = listing.data.after ?? undefined;
    if (!after) break;
  }
  return { stopped: 'refreshed' };
}

/**
 * A newest-first listing (a community's `new`, a user's submissions) walked page by page until an item
 * at or before the checkpoint (the newest post stored by the last successful run), the listing's end,
 * or the page limit; only the items after the checkpoint are imported.
 */
async function walkNewestFirst(api: Upstream, run: TargetRun, path: string, pages: number): Promise<TargetResult> {
  const stored = run.checkpoint as RedditCheckpoint | undefined;
  const newest = stored?.newest;
  let fresh: RedditCheckpoint['newest'] | undefined;
  let after: string | undefined;
  for (let page = 1; ; page++) {
    if (page > pages) return { stopped: 'page-limit', ...checkpointOf(fresh ?? newest) };
    const listing = await fetchListing(api, path, after, path.startsWith('user/'));
    const children = listing.data.children;
    const reached = children.findIndex(
      ({ data }) =>
        stored !== undefined && (data.name === stored.newest.name || Number(data.created_utc) < stored.newest.created),
    );
    const newer = reached === -1 ? children : children.slice(0, reached);
    const first = newer.find(({ kind }) => kind === 't3')?.data;
    if (!fresh && first && typeof first.name === 'string')
      fresh = { name: first.name, created: Number(first.created_utc) };
    if (newer.length > 0)
      await run.importPage('reddit-api', [{ ...listing, data: { ...listing.data, children: newer } }]);
    after = listing.data.after ?? undefined;
    if (reached !== -1 || !after) {
      return { stopped: 'caught-up', ...checkpointOf(fresh ?? newest) };
    }
  }
}

const checkpointOf = (newest: RedditCheckpoint['newest'] | undefined) =>
  newest ? { checkpoint: { newest } satisfies RedditCheckpoint } : {};
