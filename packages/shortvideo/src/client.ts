import { type ContractClient, createClient, type OperationArgs, paginate, type Transport } from '@socialquery/core';
import { shortvideoContract, type userPosts, type videoComments } from './contract.js';
import type { Comment, Video } from './schemas.js';

export interface ShortVideoClientOptions {
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
export async function* iterateUserPosts(client: ShortVideoClient, args: UserPostsArgs): AsyncGenerator<Video, void, undefined> {
  const pages = paginate((cursor) => client.userPosts({ ...args, cursor: cursor ?? args.cursor }), (page) => page.cursor);
  for await (const page of pages) yield* page.videos;
}

/** Every top-level comment of a video in the chosen `sort`, each with its first replies, page after page. */
export async function* iterateVideoComments(client: ShortVideoClient, args: VideoCommentsArgs): AsyncGenerator<Comment, void, undefined> {
  const pages = paginate((cursor) => client.videoComments({ ...args, cursor: cursor ?? args.cursor }), (page) => page.cursor);
  for await (const page of pages) yield* page.comments;
}
