import { type ContractHandlers, inRequestOrder, notFound, timeWindowOf } from '@socialquery/core/server';
import type { forumContract } from '../contract.js';
import type { Post } from '../schemas.js';
import { windowStart } from './ranking.js';
import type { ForumSource } from './source.js';

/**
 * The forum's handlers over any ForumSource. Existence is checked only when a listing comes back empty.
 * `postsByIds` puts the posts found in the order of the (already deduplicated) ids and lists the others
 * as `notFound`; it never answers 404.
 */
export function createForumHandlers(source: ForumSource): ContractHandlers<typeof forumContract> {
  return {
    async communityPosts({ community, limit, sort, timeframe, after, before, minScore }, { now }) {
      const window = timeWindowOf(after, before);
      const posts = await source.communityPosts({
        community,
        order: sort,
        createdAfter: windowStart(sort, timeframe, now),
        createdUntil: now,
        ...(window ? { window } : {}),
        ...(minScore !== undefined ? { minScore } : {}),
        limit,
      });
      if (posts.length === 0 && !(await source.communityExists(community))) throw notFound(`community '${community}'`);
      return { posts };
    },
    async userPosts({ username, limit, after, before, minScore }) {
      const window = timeWindowOf(after, before);
      const posts = await source.userPosts({ username, ...(window ? { window } : {}), ...(minScore !== undefined ? { minScore } : {}), limit });
      if (posts.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      return { posts };
    },
    async postsByIds({ ids }) {
      const { records: posts, notFound } = inRequestOrder(ids, await source.postsByIds(ids), (post) => post.id);
      return { posts, notFound };
    },
  };
}

