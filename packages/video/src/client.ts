import { type ClientOptions, type ContractClient, createClient, type OperationArgs } from '@socialquery/core';
import { type channelVideos, type search, videoContract } from './contract.js';
import type { ChannelVideo, SearchItem } from './schemas.js';

/** Where the service is (`baseUrl`), `timeout`, `retries`, `transport` as for every client, and the API key. */
export interface VideoClientOptions extends ClientOptions {
  /** API key, sent as `x-api-key` (create one with `pnpm cli keys create`). */
  apiKey: string;
}

export type VideoClient = ContractClient<typeof videoContract>;

/**
 * `search({ keyword, geoCode?, uploadDate?, type?, language?, paginationToken?, after?, before? })` (after/before
 * without uploadDate: a window over the whole archive),
 * `topShortSongs({ countryCode?, filterByType?, filterByDate?, geoCode?, language? })`,
 * `relatedVideos({ videoId })`, `streamingData({ videoId, quality? })`,
 * `videosByIds({ ids })` (a list of up to 100 ids, or them comma-separated),
 * `channelVideos({ channelId, paginationToken?, language?, after?, before? })` (a channel's uploads, newest first),
 * `commentThreads({ videoId, order?, paginationToken? })` (a video's comment threads with their first replies).
 */
export function createVideoClient(options: VideoClientOptions): VideoClient {
  return createClient(videoContract, options);
}

/** Arguments of `search`; a `paginationToken`, if given, is where the walk starts. */
export type SearchArgs = OperationArgs<typeof search>;

/**
 * Every search result, page after page, until `pagination.paginationToken` comes back empty.
 * Errors are the client's (ApiResponseError, NoResponseError, RequestSetupError).
 */
export async function* iterateSearch(
  client: Pick<VideoClient, 'iterate'>,
  args: SearchArgs,
): AsyncGenerator<SearchItem, void, undefined> {
  yield* client.iterate('search', args);
}

/** Arguments of `channelVideos`; a `paginationToken`, if given, is where the walk starts. */
export type ChannelVideosArgs = OperationArgs<typeof channelVideos>;

/**
 * Every video of a channel, newest first, page after page, until `pagination.paginationToken` comes back
 * empty. Errors are the client's (ApiResponseError — 404 for an unknown channel —, NoResponseError, RequestSetupError).
 */
export async function* iterateChannelVideos(
  client: Pick<VideoClient, 'iterate'>,
  args: ChannelVideosArgs,
): AsyncGenerator<ChannelVideo, void, undefined> {
  yield* client.iterate('channelVideos', args);
}
