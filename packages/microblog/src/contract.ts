import { defineOperation } from '@socialquery/core';
import {
  FollowersQuery, FollowersResponse, MessagePath, RepliesQuery, RepliesResponse, UserMessagesQuery, UserMessagesResponse, UserPath,
} from './schemas.js';

export const userMessages = defineOperation({
  id: 'microblog.userMessages',
  method: 'GET',
  path: '/api/v1/microblog/user/{username}/messages',
  auth: 'bearer',
  params: { path: UserPath, query: UserMessagesQuery },
  response: UserMessagesResponse,
  summary: 'Messages of a user',
  description:
    'Newest first (by id). sinceId/maxId are exclusive bounds compared numerically. includeReplies=false drops replies; ' +
    'includeReposts=false drops reposts. nextToken pages through the rest; it is the empty string on the last page.',
});

export const messageReplies = defineOperation({
  id: 'microblog.messageReplies',
  method: 'GET',
  path: '/api/v1/microblog/message/{messageId}/replies',
  auth: 'bearer',
  params: { path: MessagePath, query: RepliesQuery },
  response: RepliesResponse,
  summary: 'Replies to a message',
  description: 'Direct replies, oldest first.',
});

export const userFollowers = defineOperation({
  id: 'microblog.userFollowers',
  method: 'GET',
  path: '/api/v1/microblog/user/{username}/followers',
  auth: 'bearer',
  params: { path: UserPath, query: FollowersQuery },
  response: FollowersResponse,
  summary: 'Followers of a user',
  description: 'Most recent followers first.',
});

/** The microblog platform's operations, keyed by client method name. */
export const microblogContract = { userMessages, messageReplies, userFollowers };
