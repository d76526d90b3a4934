import { type ClientOptions, type ContractClient, createClient, type OperationArgs } from '@socialquery/core';
import { shortvideoContract, type userPosts, type videoComments } from './contract.js';
import type { Comment, Video } from './schemas.js';

/** Where the service is (`baseUrl`), `timeout`, `retries`, `transport` as for every client, and the bearer token. */
export interface ShortVideoClientOptions extends ClientOptions {
  /** Bearer token (create one with `pnpm cli keys create --kind token`). */
  token: string;
}

export type ShortVideoClient = ContractClient<typeof shortvideoContract>;

/**
 * `userPosts({ username, limit?, cursor? })`, `videoComments({ videoId, limit?, sort?, cursor? })`,
 * `videosByIds({ ids })`. Each listing returns one page; pass its `cursor` back for the next (or use `iterateUserPosts` /
 * `iterateVideoComments`).
 */
export function createShortVideoClient(options: ShortVideoClientOptions): ShortVideoClient {
  return createClient(shortvideoContract, options);
}

/** Arguments of `userPosts`; a `cursor`, if given, is where the walk starts. */
export type UserPostsArgs = OperationArgs<typeof userPosts>;
/** Arguments of `videoComments`; a `cursor`, if given, is where the walk starts. */
export type VideoCommentsArgs = OperationArgs<typeof videoComments>;

/**
 * Every video of a creator, newest first, page after page (`limit` is the page size) until the
 * cursor comes back empty. Errors are the client's (ApiResponseError, NoResponseError, RequestSetupError).
 */
export async function* iterateUserPosts(
  client: Pick<ShortVideoClient, 'iterate'>,
  args: UserPostsArgs,
): AsyncGenerator<Video, void, undefined> {
  yield* client.iterate('userPosts', args);
}

/** Every top-level comment of a video in the chosen `sort`, each with its first replies, page after page. */
export async function* iterateVideoComments(
  client: Pick<ShortVideoClient, 'iterate'>,
  args: VideoCommentsArgs,
): AsyncGenerator<Comment, void, undefined> {
  yield* client.iterate('videoComments', args);
}
