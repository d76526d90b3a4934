import { defineOperation } from '@socialquery/core';
import { CommunityPostsPath, CommunityPostsQuery, PostsResponse, UserPostsPath, UserPostsQuery } from './schemas.js';

export const communityPosts = defineOperation({
  id: 'forum.communityPosts',
  method: 'GET',
  path: '/api/v1/forum/community/{community}/posts',
  auth: 'bearer',
  params: { path: CommunityPostsPath, query: CommunityPostsQuery },
  response: PostsResponse,
  summary: 'Posts of a community',
  description:
    'hot: Reddit\'s published hot formula; new: newest first; top: highest score among posts created within ' +
    '`timeframe` before now; rising: score per hour of age (age floored at one hour) among posts of the last 24 hours. ' +
    'Ties are broken by id, descending. Community names match case-insensitively.',
});

export const userPosts = defineOperation({
  id: 'forum.userPosts',
  method: 'GET',
  path: '/api/v1/forum/user/{username}/posts',
  auth: 'bearer',
  params: { path: UserPostsPath, query: UserPostsQuery },
  response: PostsResponse,
  summary: 'Posts of a user',
  description: 'Newest first, ties broken by id, descending. Usernames match case-insensitively.',
});

/** The forum platform's operations, keyed by client method name. */
export const forumContract = { communityPosts, userPosts };
