import { type ContractExporters, EXPORT_PAGE_SIZE, keysetBatches } from '@socialquery/core/server';
import type { forumContract } from '../contract.js';
import { COMMENT_TREE_MAX_DEPTH } from '../schemas.js';
import type { Post } from '../schemas.js';
import { createCommentHandlers } from './comment-handlers.js';
import { communityPostsQuery, userPostsQuery } from './handlers.js';
import type { ForumSource } from './source.js';

/**
 * Bulk export of the forum's listings. The API gives them no paging (one answer of at most 100
 * posts), so an export reads the store itself, a page at a time after the last post read (keyset:
 * the same order and filters as the listing, whatever its length, in constant memory). A comment tree's
 * export follows every cursor of its pages, depth first: each comment of the thread once, a page and then
 * its continuations (rebuild the tree from `parentId`).
 */
/** Comments per tree page of an export (the operation's largest `limit`). */
const TREE_EXPORT_PAGE = 500;

export function createForumExporters(source: ForumSource): ContractExporters<typeof forumContract> {
  const comments = createCommentHandlers(source);
  return {
    postComments: async function* (params, ctx) {
      const pending: (string | undefined)[] = [params.cursor];
      while (pending.length > 0) {
        const cursor = pending.pop();
        const page = await comments.postComments(
          { ...params, depth: COMMENT_TREE_MAX_DEPTH, limit: TREE_EXPORT_PAGE, cursor },
          ctx,
        );
        if (page.comments.length > 0) yield page.comments;
        const next = [...page.comments.map((c) => c.moreReplies?.cursor), page.cursor];
        pending.push(...next.filter((token): token is string => token !== undefined && token !== '').reverse());
      }
    },
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
