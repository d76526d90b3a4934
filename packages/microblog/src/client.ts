import { type ContractClient, createClient, type OperationArgs, paginate, type Transport } from '@socialquery/core';
import { microblogContract, type userMessages } from './contract.js';
import type { Message } from './schemas.js';

export interface MicroblogClientOptions {
  /** Service root, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** Bearer token (create one with `pnpm cli keys create --kind token`). */
  token: string;
  /** Milliseconds; default 30000. */
  timeout?: number;
  /** Retries on no answer or 5xx; default 0. */
  retries?: number;
  transport?: Transport;
}

export type MicroblogClient = ContractClient<typeof microblogContract>;

/**
 * `userMessages({ username, limit?, sinceId?, maxId?, includeReplies?, includeReposts?, nextToken? })`,
 * `messageReplies({ messageId, limit? })`, `userFollowers({ username, limit? })`, `messagesByIds({ ids })`.
 */
export function createMicroblogClient(options: MicroblogClientOptions): MicroblogClient {
  return createClient(microblogContract, options);
}

/** The arguments of `userMessages` without the paging token, which the iterator handles. */
export type UserMessagesIterationArgs = Omit<OperationArgs<typeof userMessages>, 'nextToken'>;

/**
 * Every message of a user's listing, page after page (following `nextToken` until it is empty),
 * newest first. `limit` is the page size. Stop early with `break`; no further page is fetched.
 *
 * ```ts
 * for await (const message of iterateUserMessages(client, { username: 'someone', includeReplies: true })) { … }
 * ```
 */
export async function* iterateUserMessages(
  client: Pick<MicroblogClient, 'userMessages'>,
  args: UserMessagesIterationArgs,
): AsyncGenerator<Message, void, undefined> {
  const pages = paginate(
    (nextToken) => client.userMessages({ ...args, ...(nextToken !== undefined ? { nextToken } : {}) }),
    (page) => page.nextToken,
  );
  for await (const page of pages) yield* page.messages;
}
