import { LRUCache } from 'lru-cache';
import type { CommentTreeResponse } from '../schemas.js';
import type { TreePageQuery } from './comment-tree.js';

/** What the pages kept by one service process may weigh, estimated from their text (`weightOf`). */
export const TREE_PAGES_KEPT_BYTES = 32 * 1024 * 1024;

/**
 * Comment tree pages already made, each with the version of its thread it was made at
 * (`CommentSource.threadVersion`: the store moves a thread's version on with every write of its
 * comments, in the same transaction). A page is only given again while its thread still has that
 * version, so no answer is ever staler than the store; a page is kept only when the thread had the
 * same version before and after it was read (no write landed in between). A busy thread's pages are
 * read by many clients and each costs ~100 bounded reads to make (comment-tree.ts): kept, one costs a
 * lookup of the version. Least recently used pages go first once TREE_PAGES_KEPT_BYTES is reached.
 * Kept pages are frozen: whoever serves one cannot change it for the next.
 */
export class TreePageCache {
  private readonly pages: LRUCache<string, { version: number; page: CommentTreeResponse }>;

  constructor(maxBytes = TREE_PAGES_KEPT_BYTES) {
    this.pages = new LRUCache({ maxSize: maxBytes, sizeCalculation: ({ page }) => weightOf(page) });
  }

  /** The page kept for this query at this version of its thread, if any. */
  get(query: TreePageQuery, version: number): CommentTreeResponse | undefined {
    const key = keyOf(query);
    const kept = this.pages.get(key);
    if (kept === undefined) return undefined;
    if (kept.version === version) return kept.page;
    this.pages.delete(key); // the thread changed: this page will not be asked for at its old version again
    return undefined;
  }

  set(query: TreePageQuery, version: number, page: CommentTreeResponse): void {
    this.pages.set(keyOf(query), { version, page: frozen(page) });
  }
}

/** Every input of a page: the same key reads the same page of the same thread version. */
const keyOf = ({ postId, sort, root, levels, limit }: TreePageQuery) =>
  JSON.stringify([postId, sort, levels, limit, root.parentId, root.after?.key, root.after?.id, root.depth, root.seen]);

/** About what a page holds in memory: its strings (two bytes a character) and a fixed cost per comment. */
function weightOf(page: CommentTreeResponse): number {
  let characters = page.cursor.length;
  for (const { moreReplies, ...comment } of page.comments) {
    for (const value of Object.values(comment)) if (typeof value === 'string') characters += value.length;
    characters += moreReplies?.cursor.length ?? 0;
  }
  return 2 * characters + 400 * page.comments.length + 200;
}

function frozen(page: CommentTreeResponse): CommentTreeResponse {
  for (const comment of page.comments) {
    if (comment.moreReplies) Object.freeze(comment.moreReplies);
    Object.freeze(comment);
  }
  Object.freeze(page.comments);
  return Object.freeze(page);
}
