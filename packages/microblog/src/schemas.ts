import {
  booleanParam,
  extraField,
  idsParam,
  integerParam,
  optionalString,
  requiredString,
  Timestamp,
  timeBoundParam,
} from '@socialquery/core';
import { z } from 'zod';

/** Decimal message ids: time-ordered, snowflake-like, compared numerically (never as JS numbers: they exceed 2^53). */
export const MessageId = z.string().regex(/^[0-9]{1,20}$/, { error: 'must be a decimal message id' });

export const Media = z.object({ type: z.string(), url: z.string() });

const messageFields = {
  id: z.string(),
  text: z.string(),
  author: z.string(),
  likeCount: z.number().int(),
  repostCount: z.number().int(),
  replyCount: z.number().int(),
  quoteCount: z.number().int(),
  viewCount: z.number().int(),
  createdAt: Timestamp,
  isRepost: z.boolean(),
  url: z.string(),
  media: z.array(Media),
};

/** The message a repost points at: a full message record (its own `repostedMessage` is null). */
export const RepostedMessage = z.object({ ...messageFields, repostedMessage: z.null() });

/**
 * A message record; `repostedMessage` is the reposted record on a repost, null otherwise; `extra`
 * (only with `fields=…,extra`) the message's other source fields.
 */
export const Message = z.object({ ...messageFields, repostedMessage: RepostedMessage.nullable(), extra: extraField });
export type Message = z.infer<typeof Message>;

/** An account record; `extra` (only with `fields=…,extra`) the account's other source fields. */
export const Follower = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  bio: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  messageCount: z.number().int(),
  likeCount: z.number().int(),
  isVerified: z.boolean(),
  isProtected: z.boolean(),
  profileImageUrl: z.string(),
  createdAt: Timestamp,
  extra: extraField,
});
export type Follower = z.infer<typeof Follower>;

export const UserMessagesResponse = z.object({ messages: z.array(Message), nextToken: z.string() });
export type UserMessagesResponse = z.infer<typeof UserMessagesResponse>;
/** `nextToken` (an addition beside `replies`): the next page's token, '' on the last page. */
export const RepliesResponse = z.object({ replies: z.array(Message), nextToken: z.string() });
export type RepliesResponse = z.infer<typeof RepliesResponse>;
/** `nextToken` (an addition beside `followers`): the next page's token, '' on the last page. */
export const FollowersResponse = z.object({ followers: z.array(Follower), nextToken: z.string() });
export type FollowersResponse = z.infer<typeof FollowersResponse>;
/** Body of the batch lookup: the messages found, in the order asked, and the ids with no message, in the order asked. */
export const MessagesByIdsResponse = z.object({ messages: z.array(Message), notFound: z.array(z.string()) });
export type MessagesByIdsResponse = z.infer<typeof MessagesByIdsResponse>;

export const UserPath = z.object({ username: requiredString(100) });
export const MessagePath = z.object({ messageId: MessageId });

export const UserMessagesQuery = z.object({
  limit: integerParam({ min: 1, max: 200, default: 20 }),
  sinceId: MessageId.optional().describe('Only messages with a greater id (exclusive).'),
  maxId: MessageId.optional().describe('Only messages with a smaller id (exclusive).'),
  includeReplies: booleanParam(false),
  includeReposts: booleanParam(true),
  nextToken: optionalString().describe("The previous page's nextToken."),
  after: timeBoundParam('after', { note: 'Pass the same value with nextToken.' }),
  before: timeBoundParam('before', { note: 'Pass the same value with nextToken.' }),
});
export const RepliesQuery = z.object({
  limit: integerParam({ min: 1, max: 100, default: 20 }),
  after: timeBoundParam('after', { note: 'Pass the same value with nextToken.' }),
  before: timeBoundParam('before', { note: 'Pass the same value with nextToken.' }),
  nextToken: optionalString().describe("The previous page's nextToken."),
});
export const FollowersQuery = z.object({
  limit: integerParam({ min: 1, max: 1000, default: 100 }),
  nextToken: optionalString().describe("The previous page's nextToken."),
});

/** Most message ids one batch lookup takes. */
export const MESSAGES_BY_IDS_MAX = 100;
/** Any non-empty text up to a message id's 20 digits: an id that is not decimal is simply not found. */
export const MessagesByIdsQuery = z.object({ ids: idsParam({ max: MESSAGES_BY_IDS_MAX, maxLength: 20 }) });
