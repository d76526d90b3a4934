import { type ContractHandlers, inRequestOrder, notFound, timeWindowOf } from '@socialquery/core/server';
import type { OperationParams } from '@socialquery/core';
import type {
  communityPosts as communityPostsOperation,
  forumContract,
  userPosts as userPostsOperation,
} from '../contract.js';
import type { Post } from '../schemas.js';
import { createAggregateHandlers } from './aggregate-handler.js';
import { createCommentHandlers } from './comment-handlers.js';
import { windowStart } from './ranking.js';
import { createSearchHandlers } from './search-handlers.js';
import type { CommunityPostsQuery, ForumSource, UserPostsQuery } from './source.js';

/**
 * The forum's handlers over any ForumSource. Existence is checked only when a listing comes back empty.
 * `postsByIds` puts the posts found in the order of the (already deduplicated) ids and lists the others
 * as `notFound`; it never answers 404.
 */
export function createForumHandlers(source: ForumSource): ContractHandlers<typeof forumContract> {
  return {
    async communityPosts(params, { now }) {
      const { community, limit } = params;
      const posts = await source.communityPosts({ ...communityPostsQuery(params, now), limit });
      if (posts.length === 0 && !(await source.communityExists(community))) throw notFound(`community '${community}'`);
      return { posts };
    },
    async userPosts(params) {
      const { username, limit } = params;
      const posts = await source.userPosts({ ...userPostsQuery(params), limit });
      if (posts.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      return { posts };
    },
    async postsByIds({ ids }) {
      const { records: posts, notFound } = inRequestOrder(ids, await source.postsByIds(ids), (post) => post.id);
      return { posts, notFound };
    },
    ...createCommentHandlers(source),
    ...createSearchHandlers(source),
    ...createAggregateHandlers(source),
  };
}

/** The store query of a community listing's parameters (without its limit): the sort's window and the caller's filters. */
export function communityPostsQuery(
  { community, sort, timeframe, after, before, minScore }: OperationParams<typeof communityPostsOperation>,
  now: Date,
): Omit<CommunityPostsQuery, 'limit'> {
  const window = timeWindowOf(after, before);
  return {
    community,
    order: sort,
    createdAfter: windowStart(sort, timeframe, now),
    createdUntil: now,
    ...(window ? { window } : {}),
    ...(minScore !== undefined ? { minScore } : {}),
  };
}

/** The store query of a user listing's parameters (without its limit). */
export function userPostsQuery({
  username,
  after,
  before,
  minScore,
}: OperationParams<typeof userPostsOperation>): Omit<UserPostsQuery, 'limit'> {
  const window = timeWindowOf(after, before);
  return { username, ...(window ? { window } : {}), ...(minScore !== undefined ? { minScore } : {}) };
}
