import { type ClientOptions, type ContractClient, createClient } from '@socialquery/core';
import { forumContract } from './contract.js';

/** Where the service is (`baseUrl`), `timeout`, `retries`, `transport` as for every client, and the bearer token. */
export interface ForumClientOptions extends ClientOptions {
  /** Bearer token (create one with `pnpm cli keys create --kind token`). */
  token: string;
}

export type ForumClient = ContractClient<typeof forumContract>;

/**
 * `communityPosts({ community, limit?, sort?, timeframe?, cursor? })`, `userPosts({ username, limit?, cursor? })`,
 * `postsByIds({ ids })`; comments: `postComments({ postId, sort?, depth?, limit?, cursor? })` (a tree page; pass
 * a comment's `moreReplies.cursor` back for its other replies), `userComments({ username, limit?, cursor? })`,
 * `commentsByIds({ ids })`; research: `searchPosts`, `searchComments`, `aggregate`, `userInteractions({ username,
 * community?, after?, before?, limit?, minCount? })`. `iterate('communityPosts', …)`, `iterate('userPosts', …)` and
 * `iterate('userComments', …)` walk a listing, `iterate('postComments', …)` a tree's top level.
 */
export function createForumClient(options: ForumClientOptions): ForumClient {
  return createClient(forumContract, options);
}
