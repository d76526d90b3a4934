import type { OperationParams } from '@socialquery/core';
import {
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
  type messageReplies as messageRepliesOperation,
  type microblogContract,
  userMessages as userMessagesOperation,
} from '../contract.js';
import { type Message, MessageId } from '../schemas.js';
import { minMessageId } from './message-ids.js';
import type { MicroblogSource } from './source.js';

/** What a `nextToken` carries: the id of the last message of the page it ends. */
const MessagesPosition = z.strictObject({ lastId: MessageId });

/**
 * The microblog's handlers over any MicroblogSource. Existence is checked only when a listing
 * comes back empty.
 *
 * `userMessages` pages by id: `nextToken` carries the last id of the page, and the next page
 * reads below min(maxId, that id). The token is bound to the query (username lower-cased, since
 * names match case-insensitively; sinceId, maxId, includeReplies, includeReposts, after, before), not to
 * `limit`, so the page size may change between pages. An empty `nextToken` is the same as none.
 *
 * `messagesByIds` puts the messages found in the order of the (already deduplicated) ids and lists
 * the others as `notFound`; it never answers 404.
 */
export function createMicroblogHandlers(source: MicroblogSource): ContractHandlers<typeof microblogContract> {
  return {
    async userMessages(params, { cursors }) {
      const { username, limit, sinceId, maxId, includeReplies, includeReposts, nextToken } = params;
      const window = timeWindowOf(params.after, params.before);
      const binding = cursorBinding(userMessagesOperation.id, { ...params, username: username.toLowerCase() }, [
        'limit',
        'nextToken',
      ]);
      let before = maxId;
      if (nextToken) {
        before = minMessageId(maxId, decodePosition(cursors, nextToken, binding, MessagesPosition).lastId);
      }
      const rows = await source.userMessages({
        username,
        ...(sinceId !== undefined ? { sinceId } : {}),
        ...(before !== undefined ? { maxId: before } : {}),
        includeReplies,
        includeReposts,
        ...(window ? { window } : {}),
        limit: limit + 1,
      });
      const messages = rows.slice(0, limit);
      const last = messages.at(-1);
      const next = rows.length > limit && last ? cursors.encode({ lastId: last.id }, binding) : '';
      if (messages.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      return { messages, nextToken: next };
    },
    async messageReplies(params) {
      const { messageId, limit } = params;
      const replies = await source.messageReplies({ ...repliesQuery(params), limit });
      if (replies.length === 0 && !(await source.messageExists(messageId))) throw notFound(`message '${messageId}'`);
      return { replies };
    },
    async userFollowers({ username, limit }) {
      const followers = await source.userFollowers({ username, limit });
      if (followers.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      return { followers };
    },
    async messagesByIds({ ids }) {
      const { records: messages, notFound } = inRequestOrder(
        ids,
        await source.messagesByIds(ids),
        (message) => message.id,
      );
      return { messages, notFound };
    },
  };
}

/** The store query of a replies listing's parameters (without its limit): the message and the caller's window. */
export function repliesQuery({ messageId, after, before }: OperationParams<typeof messageRepliesOperation>): {
  messageId: string;
  window?: TimeWindow;
} {
  const window = timeWindowOf(after, before);
  return { messageId, ...(window ? { window } : {}) };
}
