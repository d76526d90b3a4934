import { defineOperation } from '@socialquery/core';
import { history } from './history.js';
import {
  FollowersQuery,
  FollowersResponse,
  MessagePath,
  MessagesByIdsQuery,
  MessagesByIdsResponse,
  RepliesQuery,
  RepliesResponse,
  UserMessagesQuery,
  UserMessagesResponse,
  UserPath,
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
    'includeReposts=false drops reposts. nextToken pages through the rest; it is the empty string on the last page. ' +
    'Extension: `after`/`before` keep messages created strictly between them (by createdAt, beside the id bounds; after ' +
    'must be earlier than before). nextToken is bound to them: pass the same after/before with it, or it is refused ' +
    '(400 invalid_cursor).',
  paging: { kind: 'token', param: 'nextToken', next: ['nextToken'], limitParam: 'limit' },
});

export const messageReplies = defineOperation({
  id: 'microblog.messageReplies',
  method: 'GET',
  path: '/api/v1/microblog/message/{messageId}/replies',
  auth: 'bearer',
  params: { path: MessagePath, query: RepliesQuery },
  response: RepliesResponse,
  summary: 'Replies to a message',
  description:
    'Direct replies, oldest first (by id). Extension: `after`/`before` keep replies created strictly between them. ' +
    "Paging (an addition: `replies` is unchanged): `nextToken` in the answer is the next page's token, passed back as the " +
    '`nextToken` parameter (the same name as user messages); it is the empty string on the last page. It is bound to the ' +
    'message and to after/before (pass the same values with it, or it is refused: 400 invalid_cursor), not to limit.',
  // a bulk export reads the store a thousand rows at a time (the handler serves any page size)
  paging: { kind: 'token', param: 'nextToken', next: ['nextToken'], limitParam: 'limit', exportPageSize: 1000 },
});

export const userFollowers = defineOperation({
  id: 'microblog.userFollowers',
  method: 'GET',
  path: '/api/v1/microblog/user/{username}/followers',
  auth: 'bearer',
  params: { path: UserPath, query: FollowersQuery },
  response: FollowersResponse,
  summary: 'Followers of a user',
  description:
    "Most recent followers first (by the time they followed; ties by follower id, descending). (No `after`/`before` here: a follower's createdAt is when the account was made, " +
    'not when it followed, and the time it followed is not part of the answer.) Paging (an addition: `followers` is ' +
    "unchanged): `nextToken` in the answer is the next page's token, passed back as the `nextToken` parameter; it is the " +
    'empty string on the last page. It is bound to the username (case-insensitively), not to limit. A follower whose ' +
    'account the store does not hold is left out, so a page may hold fewer than limit followers before the last.',
  paging: { kind: 'token', param: 'nextToken', next: ['nextToken'], limitParam: 'limit' },
});

/** Batch lookup (an extension beside the platform's own operations). */
export const messagesByIds = defineOperation({
  id: 'microblog.messagesByIds',
  method: 'GET',
  path: '/api/v1/microblog/messages',
  auth: 'bearer',
  params: { query: MessagesByIdsQuery },
  response: MessagesByIdsResponse,
  summary: 'Messages by id',
  description:
    'Up to 100 message ids, comma-separated. The messages found come back once each, in the order of the ids (first ' +
    'occurrence), rendered as the user-messages listing renders them (a repost with its repostedMessage); `notFound` ' +
    'lists the ids with no message, in the same order. Ids match exactly as messages carry them (decimal, no leading ' +
    'zeros); an unknown or non-decimal id is never an error.',
});

/** The microblog platform's operations, keyed by client method name. */
export const microblogContract = { userMessages, messageReplies, userFollowers, messagesByIds, history };
