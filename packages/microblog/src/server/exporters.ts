import { type ContractExporters, EXPORT_PAGE_SIZE, keysetBatches } from '@socialquery/core/server';
import type { microblogContract } from '../contract.js';
import type { Follower, Message } from '../schemas.js';
import { repliesQuery } from './handlers.js';
import type { MicroblogSource } from './source.js';

/**
 * Bulk export of the microblog listings that the API gives no paging (replies, followers): the
 * store is read a page at a time after the last record read, in the listing's order. User
 * messages page by nextToken, which the service follows itself.
 */
export function createMicroblogExporters(
  source: MicroblogSource,
): Pick<ContractExporters<typeof microblogContract>, 'messageReplies' | 'userFollowers'> {
  return {
    messageReplies: (params) => {
      const query = repliesQuery(params);
      return keysetBatches<Message>(
        (last) =>
          source.messageReplies({ ...query, limit: EXPORT_PAGE_SIZE, ...(last ? { startAfter: last.id } : {}) }),
        { exists: () => source.messageExists(params.messageId), what: `message '${params.messageId}'` },
      );
    },
    userFollowers: ({ username }) =>
      keysetBatches<Follower>(
        (last) => source.userFollowers({ username, limit: EXPORT_PAGE_SIZE, ...(last ? { startAfter: last.id } : {}) }),
        { exists: () => source.userExists(username), what: `user '${username}'` },
      ),
  };
}
