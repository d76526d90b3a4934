import { type ClientOptions, type ContractClient, createClient, type OperationArgs } from '@socialquery/core';
import { microblogContract, type userMessages } from './contract.js';
import type { Message } from './schemas.js';

/** Where the service is (`baseUrl`), `timeout`, `retries`, `transport` as for every client, and the bearer token. */
export interface MicroblogClientOptions extends ClientOptions {
  /** Bearer token (create one with `pnpm cli keys create --kind token`). */
  token: string;
}

export type MicroblogClient = ContractClient<typeof microblogContract>;

/**
 * `userMessages({ username, limit?, sinceId?, maxId?, includeReplies?, includeReposts?, nextToken? })`,
 * `messageReplies({ messageId, limit?, nextToken? })`, `userFollowers({ username, limit?, nextToken? })`,
 * `messagesByIds({ ids })`. The three listings page by `nextToken`: `client.iterate('messageReplies', { messageId })`
 * and `client.iterate('userFollowers', { username })` walk every page as `iterateUserMessages` does.
 */
export function createMicroblogClient(options: MicroblogClientOptions): MicroblogClient {
  return createClient(microblogContract, options);
}

/** The arguments of `userMessages` without the paging token, which the iterator handles. */
export type UserMessagesIterationArgs = Omit<OperationArgs<typeof userMessages>, 'nextToken'>;

/**
 * Every message of a user's listing, page after page (following `nextToken` until it is empty),
 * newest first. `limit` is the page size. Stop early with `break`; no further page is fetched.
 * The same as `client.iterate('userMessages', args)`.
 *
 * ```ts
 * for await (const message of iterateUserMessages(client, { username: 'someone', includeReplies: true })) { … }
 * ```
 */
export async function* iterateUserMessages(
  client: Pick<MicroblogClient, 'iterate'>,
  args: UserMessagesIterationArgs,
): AsyncGenerator<Message, void, undefined> {
  yield* client.iterate('userMessages', args);
}
