import type { RunPlan, TargetResult, TargetRun } from '../platform.js';
import type { VideoTarget } from '../targets.js';
import { requestLine } from '../upstream.js';
import { count } from '../words.js';

/** Threads per commentThreads.list page: the API's largest. */
export const COMMENT_PAGE_SIZE = 100;
/** Pages per run by default: up to 1,000 new threads, 10 units. */
export const DEFAULT_COMMENT_PAGES = 10;

/** Where a comments walk stopped: the publication time of the newest thread stored (RFC 3339, as the API wrote it). */
export interface CommentsCheckpoint {
  newest?: string;
}

/** What the walk needs of the adapter: one commentThreads.list call, charged to the quota ledger. */
export type CommentThreadsCall = (query: Record<string, string | number | undefined>) => Promise<{ body: unknown }>;

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

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

/**
 * The comment threads of a video or a channel, newest first (`order=time`): page after page, each imported
 * whole (its threads and the replies they carry) through the `video youtube-v3` importer, until a page
 * reaches a thread published at or before the checkpoint (the newest thread an earlier run stored), the
 * listing's end, or the page limit. The checkpoint moves to the newest thread seen. A run cut by its page
 * limit leaves the older new threads unread (the next run starts from the top again): more pages, or a
 * shorter interval, for a video with more new threads than that between runs.
 */
export async function syncCommentThreads(call: CommentThreadsCall, run: TargetRun<VideoTarget>): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as CommentsCheckpoint;
  const pages = run.target.pages ?? DEFAULT_COMMENT_PAGES;
  let newest = stored.newest;
  let pageToken: string | undefined;
  for (let page = 1; page <= pages; page++) {
    const { body } = await call(commentThreadsQuery(run.target, pageToken));
    const items = isJson(body) && Array.isArray(body.items) ? body.items : [];
    let reached = false;
    for (const item of items) {
      const published = publishedAtOf(item);
      if (published === undefined) continue;
      if (!later(published, stored.newest)) reached = true;
      else if (later(published, newest)) newest = published;
    }
    await run.importPage('youtube-v3', [body]);
    pageToken = isJson(body) && typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined;
    if (reached || !pageToken) return { stopped: 'caught-up', ...(newest ? { checkpoint: { newest } } : {}) };
  }
  return { stopped: 'page-limit', ...(newest ? { checkpoint: { newest } } : {}) };
}

/** What a comments run would send first and read, and its units (1 a page: at least 1, at most `pages`). */
export function planCommentThreads(
  target: VideoTarget,
  checkpoint: unknown,
  path: string,
  unitsPerCall: number,
): Pick<RunPlan, 'request' | 'reads'> & { min: number; max: number } {
  const stored = (checkpoint ?? {}) as CommentsCheckpoint;
  const pages = target.pages ?? DEFAULT_COMMENT_PAGES;
  const from = stored.newest ? `the threads published after ${stored.newest}` : 'the newest threads (a first run)';
  return {
    request: requestLine('GET', path, commentThreadsQuery(target, undefined)),
    reads: `${from}, with the replies each carries (up to 5), at most ${count(pages, 'page')} of ${COMMENT_PAGE_SIZE}`,
    min: unitsPerCall,
    max: pages * unitsPerCall,
  };
}
