import { defineOperation } from '@socialquery/core';
import {
  CommunityPostsPath,
  CommunityPostsQuery,
  PostsByIdsQuery,
  PostsByIdsResponse,
  PostsResponse,
  UserPostsPath,
  UserPostsQuery,
} from './schemas.js';

export const communityPosts = defineOperation({
  id: 'forum.communityPosts',
  method: 'GET',
  path: '/api/v1/forum/community/{community}/posts',
  auth: 'bearer',
  params: { path: CommunityPostsPath, query: CommunityPostsQuery },
  response: PostsResponse,
  summary: 'Posts of a community',
  description:
    "hot: Reddit's published hot formula; new: newest first; top: highest score among posts created within " +
    '`timeframe` before now; rising: score per hour of age (age floored at one hour) among posts of the last 24 hours. ' +
    'Ties are broken by id, descending. Community names match case-insensitively. ' +
    'Extensions: `after`/`before` keep posts created strictly between them (either alone is fine; after must be ' +
    'earlier than before) and intersect with the window of top/rising; `minScore` keeps posts with score >= minScore. ' +
    'Without them the answer is unchanged.',
});

export const userPosts = defineOperation({
  id: 'forum.userPosts',
  method: 'GET',
  path: '/api/v1/forum/user/{username}/posts',
  auth: 'bearer',
  params: { path: UserPostsPath, query: UserPostsQuery },
  response: PostsResponse,
  summary: 'Posts of a user',
  description:
    'Newest first, ties broken by id, descending. Usernames match case-insensitively. Extensions: `after`/`before` keep ' +
    'posts created strictly between them; `minScore` keeps posts with score >= minScore.',
});

/** Batch lookup (an extension beside the platform's own operations). */
export const postsByIds = defineOperation({
  id: 'forum.postsByIds',
  method: 'GET',
  path: '/api/v1/forum/posts',
  auth: 'bearer',
  params: { query: PostsByIdsQuery },
  response: PostsByIdsResponse,
  summary: 'Posts by id',
  description:
    'Up to 100 post ids, comma-separated. The posts found come back once each, in the order of the ids (first ' +
    'occurrence); `notFound` lists the ids with no post, in the same order. Ids match exactly (case-sensitively); ' +
    'an unknown id is never an error.',
});

/** The forum platform's operations, keyed by client method name. */
export const forumContract = { communityPosts, userPosts, postsByIds };
