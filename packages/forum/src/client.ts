import { type ContractClient, createClient, type Transport } from '@socialquery/core';
import { forumContract } from './contract.js';

export interface ForumClientOptions {
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

export type ForumClient = ContractClient<typeof forumContract>;

/** `communityPosts({ community, limit?, sort?, timeframe? })`, `userPosts({ username, limit? })`, `postsByIds({ ids })`. */
export function createForumClient(options: ForumClientOptions): ForumClient {
  return createClient(forumContract, options);
}
