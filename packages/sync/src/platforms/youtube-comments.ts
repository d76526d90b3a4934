import type { RunPlan, TargetResult, TargetRun } from '../platform.js';
import type { VideoTarget } from '../targets.js';
import { requestLine } from '../upstream.js';
import { count } from '../words.js';
import { isJson, type Json } from '../json.js';

/** Threads per commentThreads.list page: the API's largest (and the most replies a comments.list page holds). */
export const COMMENT_PAGE_SIZE = 100;
/** Pages per run by default: up to 1,000 new threads, 10 units. */
export const DEFAULT_COMMENT_PAGES = 10;
/** The most replies a commentThreads.list item carries (`replies.comments`); comments.list reads the others. */
export const CARRIED_REPLIES = 5;

/**
 * Where a comments walk stopped: the publication time of the newest thread stored (RFC 3339, as the API
 * wrote it), and the backlog a run cut by its page limit left: the page to read next and the newest thread
 * stored before that run (the walk's stop; none: the listing's end).
 */
export interface CommentsCheckpoint {
  newest?: string;
  backlog?: { pageToken: string; stop?: string };
}

/** One list call of the API (commentThreads.list, comments.list), charged to the quota ledger. */
export type CommentListCall = (query: Record<string, string | number | undefined>) => Promise<{ body: unknown }>;

/**
 * What the walk needs of the adapter: commentThreads.list (`threads`), and comments.list (`replies`: a
 * thread's replies, with `allReplies`), each charged to the quota ledger.
 */
export interface CommentCalls {
  threads: CommentListCall;
  replies: CommentListCall;
}

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

/**
 * The comments.list query of a thread's replies (`parentId`: the thread's id, which is its top-level
 * comment's), 100 a page, in plain text as the threads are.
 */
export const repliesQuery = (parentId: string, pageToken: string | undefined) => ({
  part: 'snippet',
  parentId,
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

/** A page's `nextPageToken`, when it has one (none: the listing's last page). */
const nextPageTokenOf = (body: unknown) =>
  isJson(body) && typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined;

/** A thread's replies beyond those it carries: `snippet.totalReplyCount` less `replies.comments` (0 when none). */
function repliesNotCarried(thread: Json): number {
  const total = isJson(thread.snippet) ? thread.snippet.totalReplyCount : undefined;
  const carried = isJson(thread.replies) && Array.isArray(thread.replies.comments) ? thread.replies.comments.length : 0;
  return typeof total === 'number' ? total - carried : 0;
}

/**
 * The ids of a page's threads whose replies comments.list reads (`allReplies`): those published after
 * `stop` (a thread stored before is not read again) with more replies than they carry.
 */
function threadsWithMoreReplies(items: unknown[], stop: string | undefined): string[] {
  return items.flatMap((item) => {
    const published = publishedAtOf(item);
    if (!isJson(item) || typeof item.id !== 'string' || published === undefined || !later(published, stop)) return [];
    return repliesNotCarried(item) > 0 ? [item.id] : [];
  });
}

/**
 * Every reply of a thread: comments.list by `parentId`, 100 a page, page by page to the last, each page
 * imported whole through the `video youtube-v3` importer (a reply stored from the thread's page is
 * imported again, not doubled; a comments.list item leaves the thread's counts as they are).
 */
async function importReplies(call: CommentListCall, run: TargetRun<VideoTarget>, parentId: string) {
  let pageToken: string | undefined;
  do {
    const { body } = await call(repliesQuery(parentId, pageToken));
    await run.importPage('youtube-v3', [body]);
    pageToken = nextPageTokenOf(body);
  } while (pageToken !== undefined);
}

/**
 * One walk of the threads, newest first, from `pageToken` (none: the top) until a page reaches a thread
 * published at or before `stop`, the listing's end, or `pages` pages; each page imported whole (its
 * threads and the replies they carry) through the `video youtube-v3` importer, then, with `allReplies`,
 * every reply of its threads newer than `stop` that have more than they carry (importReplies). A saved
 * page token the API refuses (`invalidPageToken`: too old) is dropped for the top, with a progress line.
 */
async function walk(
  calls: CommentCalls,
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
      ({ body } = await calls.threads(commentThreadsQuery(run.target, pageToken)));
    } catch (error) {
      if (page > 1 || pageToken === undefined || !deps.isInvalidPageToken(error)) throw error;
      run.progress('the saved page token was refused (invalidPageToken): the backlog is walked again from the top');
      pageToken = undefined;
      ({ body } = await calls.threads(commentThreadsQuery(run.target, pageToken)));
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
    if (run.target.allReplies)
      for (const thread of threadsWithMoreReplies(items, from.stop)) await importReplies(calls.replies, run, thread);
    pageToken = nextPageTokenOf(body);
    if (reached || !pageToken) return newest ? { newest } : {};
  }
  return { ...(newest ? { newest } : {}), next: pageToken! };
}

/** What the walk needs of the platform's client beyond the calls: which refusal means a stale page token. */
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
 * - With `allReplies`, each walk also reads every reply of the threads it stores that have more than the
 *   5 they carry (comments.list by parentId, 100 a page); a thread stored by an earlier run is not read
 *   again, so replies added to it later are not read.
 */
export async function syncCommentThreads(
  calls: CommentCalls,
  run: TargetRun<VideoTarget>,
  deps: CommentWalkDeps,
): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as CommentsCheckpoint;
  const top = await walk(calls, run, { ...(stored.newest ? { stop: stored.newest } : {}) }, deps);
  const newest = top.newest !== undefined && later(top.newest, stored.newest) ? top.newest : stored.newest;
  const plain = newest ? { newest } : {};
  if (top.next !== undefined) {
    const stop = stored.backlog ? stored.backlog.stop : stored.newest;
    const backlog = stored.newest ? { backlog: { pageToken: top.next, ...(stop ? { stop } : {}) } } : {};
    return { stopped: 'page-limit', checkpoint: { ...plain, ...backlog } };
  }
  if (!stored.backlog) return { stopped: 'caught-up', checkpoint: plain };
  const { pageToken, stop } = stored.backlog;
  const rest = await walk(calls, run, { pageToken, ...(stop ? { stop } : {}) }, deps);
  if (rest.next !== undefined)
    return {
      stopped: 'page-limit',
      checkpoint: { ...plain, backlog: { pageToken: rest.next, ...(stop ? { stop } : {}) } },
    };
  return { stopped: 'caught-up', checkpoint: plain };
}

/** A call as a plan counts it: its path, and its units. */
export interface PlannedCall {
  path: string;
  units: number;
}

/**
 * What a comments run would send first and read, and its units: 1 commentThreads.list a page, at least
 * 1, at most `pages` a walk (a backlog is a second walk); with `allReplies`, at most one comments.list page
 * more for each thread those pages hold (the most when no thread has more than 105 replies: 5 carried and
 * a page of 100).
 */
export function planCommentThreads(
  target: VideoTarget,
  checkpoint: unknown,
  calls: { threads: PlannedCall; replies: PlannedCall },
): Pick<RunPlan, 'request' | 'reads'> & { min: number; max: number } {
  const stored = (checkpoint ?? {}) as CommentsCheckpoint;
  const pages = target.pages ?? DEFAULT_COMMENT_PAGES;
  const from = stored.newest ? `the threads published after ${stored.newest}` : 'the newest threads (a first run)';
  const backlog = stored.backlog
    ? `; then the backlog from page token ${stored.backlog.pageToken} down to ${stored.backlog.stop ? `the threads published after ${stored.backlog.stop}` : "the listing's end"}, at most ${count(pages, 'page')} more`
    : '';
  const walks = stored.backlog ? 2 : 1;
  const threadPages = walks * pages;
  return {
    request: requestLine('GET', calls.threads.path, commentThreadsQuery(target, undefined)),
    reads: `${from}, with the replies each carries (up to ${CARRIED_REPLIES}), at most ${count(pages, 'page')} of ${COMMENT_PAGE_SIZE}${backlog}${target.allReplies ? allRepliesText(calls.replies) : ''}`,
    min: calls.threads.units,
    max:
      threadPages * calls.threads.units +
      (target.allReplies ? threadPages * COMMENT_PAGE_SIZE * calls.replies.units : 0),
  };
}

/** What `allReplies` adds to a plan's reads: the replies call, its cost, and the bound its most assumes. */
const allRepliesText = (replies: PlannedCall) =>
  `; for each new thread with more than ${CARRIED_REPLIES} replies, all of them: ${requestLine('GET', replies.path, repliesQuery('<thread id>', undefined))} (comments.list, ${COMMENT_PAGE_SIZE} a page, ${count(replies.units, 'unit')} each; the most units count one page a thread, the bound when no thread has more than ${CARRIED_REPLIES + COMMENT_PAGE_SIZE} replies)`;
