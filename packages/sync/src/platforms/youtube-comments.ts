import type { RunPlan, TargetResult, TargetRun } from '../platform.js';
import type { VideoTarget } from '../targets.js';
import { requestLine } from '../upstream.js';
import { count } from '../words.js';
import { isJson, type Json } from '../json.js';

/** Threads per commentThreads.list page: the API's largest. */
export const COMMENT_PAGE_SIZE = 100;
/** Pages per run by default: up to 1,000 new threads, 10 units. */
export const DEFAULT_COMMENT_PAGES = 10;

/**
 * Where a comments walk stopped: the publication time of the newest thread stored (RFC 3339, as the API
 * wrote it), and the backlog a run cut by its page limit left: the page to read next and the newest thread
 * stored before that run (the walk's stop; none: the listing's end).
 */
export interface CommentsCheckpoint {
  newest?: string;
  backlog?: { pageToken: string; stop?: string };
}

/** What the walk needs of the adapter: one commentThreads.list call, charged to the quota ledger. */
export type CommentThreadsCall = (query: Record<string, string | number | undefined>) => Promise<{ body: unknown }>;

/**
 * The commentThreads.list query of a comments target: the video's threads (`videoId`) or those of every
 * video of a channel (`allThreadsRelatedToChannelId`), newest first, with the replies the API includes
 * (`replies`: up to 5 a thread), in plain text (`textDisplay` then repeats `textOriginal`, which the
 * importer keeps once).
 */
export const commentThreadsQuery = (target: VideoTarget, pageToken: string | undefined) => ({
  part: 'snippet,replies',
  ...(target.comments ? { videoId: target.comments } : { allThreadsRelatedToChannelId: target.channelComments }),
  order: 'time',
  maxResults: COMMENT_PAGE_SIZE,
  textFormat: 'plainText',
  pageToken,
});

/** A thread's publication time (its top-level comment's `snippet.publishedAt`), when it has one. */
function publishedAtOf(thread: unknown): string | undefined {
  const snippet = isJson(thread) && isJson(thread.snippet) ? thread.snippet : {};
  const top =
    isJson(snippet.topLevelComment) && isJson(snippet.topLevelComment.snippet) ? snippet.topLevelComment.snippet : {};
  return typeof top.publishedAt === 'string' ? top.publishedAt : undefined;
}

/** Whether RFC 3339 time `a` is later than `b` (compared as instants: the API writes some with fractions). */
const later = (a: string, b: string | undefined) => b === undefined || Date.parse(a) > Date.parse(b);

/** What one walk read: the newest thread it saw, and the next page's token when its page limit cut it. */
interface Walked {
  newest?: string;
  next?: string;
}

/**
 * One walk of the threads, newest first, from `pageToken` (none: the top) until a page reaches a thread
 * published at or before `stop`, the listing's end, or `pages` pages; each page imported whole (its
 * threads and the replies they carry) through the `video youtube-v3` importer. A saved page token the
 * API refuses (`invalidPageToken`: too old) is dropped for the top, with a progress line.
 */
async function walk(
  call: CommentThreadsCall,
  run: TargetRun<VideoTarget>,
  from: { pageToken?: string; stop?: string },
  deps: CommentWalkDeps,
): Promise<Walked> {
  const pages = run.target.pages ?? DEFAULT_COMMENT_PAGES;
  let newest: string | undefined;
  let pageToken = from.pageToken;
  for (let page = 1; page <= pages; page++) {
    let body: unknown;
    try {
      ({ body } = await call(commentThreadsQuery(run.target, pageToken)));
    } catch (error) {
      if (page > 1 || pageToken === undefined || !deps.isInvalidPageToken(error)) throw error;
      run.progress('the saved page token was refused (invalidPageToken): the backlog is walked again from the top');
      pageToken = undefined;
      ({ body } = await call(commentThreadsQuery(run.target, pageToken)));
    }
    const items = isJson(body) && Array.isArray(body.items) ? body.items : [];
    let reached = false;
    for (const item of items) {
      const published = publishedAtOf(item);
      if (published === undefined) continue;
      if (!later(published, from.stop)) reached = true;
      else if (later(published, newest)) newest = published;
    }
    await run.importPage('youtube-v3', [body]);
    pageToken = isJson(body) && typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined;
    if (reached || !pageToken) return newest ? { newest } : {};
  }
  return { ...(newest ? { newest } : {}), next: pageToken! };
}

/** What the walk needs of the platform's client beyond the call: which refusal means a stale page token. */
export interface CommentWalkDeps {
  isInvalidPageToken(error: unknown): boolean;
}

/**
 * The comment threads of a video or a channel, newest first (`order=time`), as the channel uploads walk
 * them (youtube.ts): first from the top down to the checkpoint (the newest thread an earlier run
 * stored), then, when that walk caught up and an earlier run left a backlog, the backlog from its saved
 * page token down to its stop. Each walk reads at most `pages` pages.
 *
 * - The checkpoint moves to the newest thread seen.
 * - A top walk cut by its page limit leaves a backlog from its next page down to the newest thread
 *   stored before it (a waiting backlog's stop, when older: one walk covers both gaps). A first run has
 *   no stop: it reads the newest `pages` pages, and older threads are left to `import` (documented in
 *   docs/sync-youtube.md).
 * - The backlog is done (the checkpoint plain again) when its walk reaches its stop or the listing's end.
 */
export async function syncCommentThreads(
  call: CommentThreadsCall,
  run: TargetRun<VideoTarget>,
  deps: CommentWalkDeps,
): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as CommentsCheckpoint;
  const top = await walk(call, run, { ...(stored.newest ? { stop: stored.newest } : {}) }, deps);
  const newest = top.newest !== undefined && later(top.newest, stored.newest) ? top.newest : stored.newest;
  const plain = newest ? { newest } : {};
  if (top.next !== undefined) {
    const stop = stored.backlog ? stored.backlog.stop : stored.newest;
    const backlog = stored.newest ? { backlog: { pageToken: top.next, ...(stop ? { stop } : {}) } } : {};
    return { stopped: 'page-limit', checkpoint: { ...plain, ...backlog } };
  }
  if (!stored.backlog) return { stopped: 'caught-up', checkpoint: plain };
  const { pageToken, stop } = stored.backlog;
  const rest = await walk(call, run, { pageToken, ...(stop ? { stop } : {}) }, deps);
  if (rest.next !== undefined)
    return {
      stopped: 'page-limit',
      checkpoint: { ...plain, backlog: { pageToken: rest.next, ...(stop ? { stop } : {}) } },
    };
  return { stopped: 'caught-up', checkpoint: plain };
}

/** What a comments run would send first and read, and its units (1 a page: at least 1, at most `pages` a walk, and a backlog is a second walk). */
export function planCommentThreads(
  target: VideoTarget,
  checkpoint: unknown,
  path: string,
  unitsPerCall: number,
): Pick<RunPlan, 'request' | 'reads'> & { min: number; max: number } {
  const stored = (checkpoint ?? {}) as CommentsCheckpoint;
  const pages = target.pages ?? DEFAULT_COMMENT_PAGES;
  const from = stored.newest ? `the threads published after ${stored.newest}` : 'the newest threads (a first run)';
  const backlog = stored.backlog
    ? `; then the backlog from page token ${stored.backlog.pageToken} down to ${stored.backlog.stop ? `the threads published after ${stored.backlog.stop}` : "the listing's end"}, at most ${count(pages, 'page')} more`
    : '';
  const walks = stored.backlog ? 2 : 1;
  return {
    request: requestLine('GET', path, commentThreadsQuery(target, undefined)),
    reads: `${from}, with the replies each carries (up to 5), at most ${count(pages, 'page')} of ${COMMENT_PAGE_SIZE}${backlog}`,
    min: unitsPerCall,
    max: walks * pages * unitsPerCall,
  };
}
