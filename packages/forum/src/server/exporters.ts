import type { ContractExporters } from '@socialquery/core/server';
import type { forumContract } from '../contract.js';
import { COMMENT_TREE_MAX_DEPTH } from '../schemas.js';
import { createCommentHandlers } from './comment-handlers.js';
import type { ForumSource } from './source.js';

/** Comments per tree page of an export (the operation's largest `limit`). */
const TREE_EXPORT_PAGE = 500;

/**
 * Bulk export of a comment tree, the one forum operation whose paging is not a single cursor: the
 * export follows every cursor of its pages, depth first, so each comment of the thread comes once, a
 * page and then its continuations (rebuild the tree from `parentId`). The post and comment listings
 * are exported by following their `cursor` (core's `exporterFor`), at the moment of the export's
 * first page.
 */
export function createForumExporters(source: ForumSource): ContractExporters<typeof forumContract> {
  // each page is read once: none is kept
  const comments = createCommentHandlers(source, null);
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
  };
}
