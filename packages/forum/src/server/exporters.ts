import { type ContractExporters, EXPORT_PAGE_SIZE, keysetBatches } from '@socialquery/core/server';
import type { forumContract } from '../contract.js';
import type { Post } from '../schemas.js';
import { communityPostsQuery, userPostsQuery } from './handlers.js';
import type { ForumSource } from './source.js';

/**
 * Bulk export of the forum's listings. The API gives them no paging (one answer of at most 100
 * posts), so an export reads the store itself, a page at a time after the last post read (keyset:
 * the same order and filters as the listing, whatever its length, in constant memory).
 */
export function createForumExporters(source: ForumSource): ContractExporters<typeof forumContract> {
  return {
    communityPosts: (params, { now }) =>
      keysetBatches<Post>(
        (startAfter) =>
          source.communityPosts({
            ...communityPostsQuery(params, now),
            limit: EXPORT_PAGE_SIZE,
            ...(startAfter ? { startAfter } : {}),
          }),
        { exists: () => source.communityExists(params.community), what: `community '${params.community}'` },
      ),
    userPosts: (params) =>
      keysetBatches<Post>(
        (startAfter) =>
          source.userPosts({
            ...userPostsQuery(params),
            limit: EXPORT_PAGE_SIZE,
            ...(startAfter ? { startAfter } : {}),
          }),
        { exists: () => source.userExists(params.username), what: `user '${params.username}'` },
      ),
  };
}
