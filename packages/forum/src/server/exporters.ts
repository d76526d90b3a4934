import { type ContractExporters, notFound } from '@socialquery/core/server';
import type { forumContract } from '../contract.js';
import type { Post } from '../schemas.js';
import { communityPostsQuery, userPostsQuery } from './handlers.js';
import type { ForumSource } from './source.js';

/** Posts per store read of an export. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Bulk export of the forum's listings. SPEC.md gives them no paging (one answer of at most 100
 * posts), so an export reads the store itself, a page at a time after the last post read (keyset:
 * the same order and filters as the listing, whatever its length, in constant memory).
 */
export function createForumExporters(source: ForumSource): ContractExporters<typeof forumContract> {
  return {
    communityPosts: (params, { now }) =>
      keysetPages(
        (startAfter) => source.communityPosts({ ...communityPostsQuery(params, now), limit: EXPORT_PAGE_SIZE, ...(startAfter ? { startAfter } : {}) }),
        () => source.communityExists(params.community),
        `community '${params.community}'`,
      ),
    userPosts: (params) =>
      keysetPages(
        (startAfter) => source.userPosts({ ...userPostsQuery(params), limit: EXPORT_PAGE_SIZE, ...(startAfter ? { startAfter } : {}) }),
        () => source.userExists(params.username),
        `user '${params.username}'`,
      ),
  };
}

async function* keysetPages(page: (startAfter: Post | undefined) => Promise<Post[]>, exists: () => Promise<boolean>, what: string) {
  let posts = await page(undefined);
  if (posts.length === 0 && !(await exists())) throw notFound(what);
  while (posts.length > 0) {
    yield posts;
    if (posts.length < EXPORT_PAGE_SIZE) return;
    posts = await page(posts.at(-1));
  }
}
