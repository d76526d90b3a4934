import {
  enumParam,
  idsParam,
  integerParam,
  optionalIntegerParam,
  requiredString,
  Timestamp,
  timeBoundParam,
} from '@socialquery/core';
import { z } from 'zod';

/** A forum post (forum platform resources). */
export const Post = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  author: z.string(),
  community: z.string(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  score: z.number().int(),
  commentCount: z.number().int(),
  createdAt: Timestamp,
  url: z.string(),
});
export type Post = z.infer<typeof Post>;

/** Body of both forum operations. */
export const PostsResponse = z.object({ posts: z.array(Post) });
export type PostsResponse = z.infer<typeof PostsResponse>;

/** Body of the batch lookup: the posts found, in the order asked, and the ids with no post, in the order asked. */
export const PostsByIdsResponse = z.object({ posts: z.array(Post), notFound: z.array(z.string()) });
export type PostsByIdsResponse = z.infer<typeof PostsByIdsResponse>;

export const forumSorts = ['hot', 'new', 'top', 'rising'] as const;
export type ForumSort = (typeof forumSorts)[number];

export const forumTimeframes = ['hour', 'day', 'week', 'month', 'year', 'all'] as const;
export type ForumTimeframe = (typeof forumTimeframes)[number];

/** Forum posts limit: default 25, upper bound 100. */
export const postsLimit = () => integerParam({ min: 1, max: 100, default: 25 });

/** Bound of `minScore`: scores are 32-bit integers in the store. */
export const MIN_SCORE_BOUND = 1_000_000_000;

/** `after`, `before` and `minScore` of both listings (an extension: without them the answer is unchanged). */
const postFilters = (note?: string) => ({
  after: timeBoundParam('after', note ? { note } : {}),
  before: timeBoundParam('before', note ? { note } : {}),
  minScore: optionalIntegerParam({
    min: -MIN_SCORE_BOUND,
    max: MIN_SCORE_BOUND,
    description: 'Only posts whose score is at least this (inclusive).',
  }),
});

export const CommunityPostsPath = z.object({ community: requiredString(100) });
export const CommunityPostsQuery = z.object({
  limit: postsLimit(),
  sort: enumParam(forumSorts, 'hot'),
  timeframe: enumParam(forumTimeframes, 'day').describe('Window ending now; applies to sort=top only.'),
  ...postFilters(
    'With sort=top (timeframe) or rising (last 24 hours) the listing keeps the intersection of both windows.',
  ),
});

export const UserPostsPath = z.object({ username: requiredString(100) });
export const UserPostsQuery = z.object({ limit: postsLimit(), ...postFilters() });

/** Most post ids one batch lookup takes. */
export const POSTS_BY_IDS_MAX = 100;
export const PostsByIdsQuery = z.object({ ids: idsParam({ max: POSTS_BY_IDS_MAX, maxLength: 100 }) });
