import type { OperationParams } from '@socialquery/core';
import {
  answerHistory,
  type ContractHandlers,
  cursorBinding,
  decodePosition,
  inRequestOrder,
  notFound,
  type TimeWindow,
  timeWindowOf,
} from '@socialquery/core/server';
import { z } from 'zod';
import {
  messageReplies as messageRepliesOperation,
  type microblogContract,
  userFollowers as userFollowersOperation,
  userMessages as userMessagesOperation,
} from '../contract.js';
import { MessageId } from '../schemas.js';
import { canonicalMessageId, minMessageId } from './message-ids.js';
import { history } from '../history.js';
import type { FollowPosition, MicroblogSource } from './source.js';

/** What a `nextToken` of messages or replies carries: the id of the last message of the page it ends. */
const MessagesPosition = z.strictObject({ lastId: MessageId });
/** What a followers `nextToken` carries: the last follow's position (a signed token always has this shape). */
const FollowPositionSchema = z.strictObject({
  followedAt: z.number().int().min(0).max(8.64e15),
  followerId: z.string().min(1).max(100),
});

/** The parameters that do not change a listing: the page size and the token itself. */
const UNBOUND = ['limit', 'nextToken'];

/**
 * The microblog's handlers over any MicroblogSource. Existence is checked only when a listing
 * comes back empty.
 *
 * `userMessages` pages by id: `nextToken` carries the last id of the page, and the next page
 * reads below min(maxId, that id). The token is bound to the query (username lower-cased, since
 * names match case-insensitively; sinceId, maxId, includeReplies, includeReposts, after, before), not to
 * `limit`, so the page size may change between pages. An empty `nextToken` is the same as none.
 *
 * `messageReplies` and `userFollowers` page the same way (keyset, one item more than `limit` asked
 * of the source to know whether another page follows, '' on the last page). A replies token carries
 * the last reply's id and is bound to the message (canonical id) and the window; a followers token
 * carries the last follow's position (followedAt, follower id: ties on the time never skip or
 * repeat) and is bound to the username, lower-cased.
 *
 * `messagesByIds` puts the messages found in the order of the (already deduplicated) ids and lists
 * the others as `notFound`; it never answers 404.
 *
 * Every read asks the source for the records' `extra` only when the request selects it (the
 * context's `extra`): without `fields=…,extra` the answers are the specified shape and the store
 * does not read it.
 */
export function createMicroblogHandlers(source: MicroblogSource): ContractHandlers<typeof microblogContract> {
  return {
    async userMessages(params, { cursors, extra }) {
      const { username, limit, sinceId, maxId, includeReplies, includeReposts, nextToken } = params;
      const window = timeWindowOf(params.after, params.before);
      const binding = cursorBinding(userMessagesOperation.id, { ...params, username: username.toLowerCase() }, UNBOUND);
      let before = maxId;
      if (nextToken) {
        before = minMessageId(maxId, decodePosition(cursors, nextToken, binding, MessagesPosition).lastId);
      }
      const rows = await source.userMessages(
        {
          username,
          ...(sinceId !== undefined ? { sinceId } : {}),
          ...(before !== undefined ? { maxId: before } : {}),
          includeReplies,
          includeReposts,
          ...(window ? { window } : {}),
          limit: limit + 1,
        },
        { extra },
      );
      const messages = rows.slice(0, limit);
      const last = messages.at(-1);
      const next = rows.length > limit && last ? cursors.encode({ lastId: last.id }, binding) : '';
      if (messages.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      return { messages, nextToken: next };
    },
    async messageReplies(params, { cursors, extra }) {
      const { messageId, limit, nextToken } = params;
      const query = repliesQuery(params);
      const binding = cursorBinding(
        messageRepliesOperation.id,
        { ...params, messageId: canonicalMessageId(messageId) },
        UNBOUND,
      );
      const startAfter = nextToken ? decodePosition(cursors, nextToken, binding, MessagesPosition).lastId : undefined;
      const rows = await source.messageReplies(
        { ...query, ...(startAfter !== undefined ? { startAfter } : {}), limit: limit + 1 },
        { extra },
      );
      const replies = rows.slice(0, limit);
      if (replies.length === 0 && !(await source.messageExists(messageId))) throw notFound(`message '${messageId}'`);
      const last = replies.at(-1);
      return { replies, nextToken: rows.length > limit && last ? cursors.encode({ lastId: last.id }, binding) : '' };
    },
    async userFollowers(params, { cursors, extra }) {
      const { username, limit, nextToken } = params;
      const binding = cursorBinding(
        userFollowersOperation.id,
        { ...params, username: username.toLowerCase() },
        UNBOUND,
      );
      const after: FollowPosition | undefined = nextToken
        ? decodePosition(cursors, nextToken, binding, FollowPositionSchema)
        : undefined;
      const rows = await source.userFollowers({ username, ...(after ? { after } : {}), limit: limit + 1 }, { extra });
      const page = rows.slice(0, limit);
      if (page.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      // a follow whose account the store does not hold is left out of the answer, yet keeps its place
      const followers = page.flatMap((entry) => (entry.follower ? [entry.follower] : []));
      const last = page.at(-1);
      return { followers, nextToken: rows.length > limit && last ? cursors.encode(last.position, binding) : '' };
    },
    async messagesByIds({ ids }, { extra }) {
      const { records: messages, notFound } = inRequestOrder(
        ids,
        await source.messagesByIds(ids, { extra }),
        (message) => message.id,
      );
      return { messages, notFound };
    },
    history: (params, ctx) => answerHistory(history.id, source, params, ctx),
  };
}

/** The store query of a replies listing's parameters (without its limit and position): the message and the caller's window. */
function repliesQuery({ messageId, after, before }: OperationParams<typeof messageRepliesOperation>): {
  messageId: string;
  window?: TimeWindow;
} {
  const window = timeWindowOf(after, before);
  return { messageId, ...(window ? { window } : {}) };
}
