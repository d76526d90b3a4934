import { type ContractClient, createClient, type OperationArgs, paginate, type Transport } from '@socialquery/core';
import { type search, videoContract } from './contract.js';
import type { SearchItem } from './schemas.js';

export interface VideoClientOptions {
  /** Service root, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** API key, sent as `x-api-key` (create one with `pnpm cli keys create`). */
  apiKey: string;
  /** Milliseconds; default 30000. */
  timeout?: number;
  /** Retries on no answer or 5xx; default 0. */
  retries?: number;
  transport?: Transport;
}

export type VideoClient = ContractClient<typeof videoContract>;

/**
 * `search({ keyword, geoCode?, uploadDate?, type?, language?, paginationToken? })`,
 * `topShortSongs({ countryCode?, filterByType?, filterByDate?, geoCode?, language? })`,
 * `relatedVideos({ videoId })`, `streamingData({ videoId, quality? })`,
 * `videosByIds({ ids })` (a list of up to 100 ids, or them comma-separated).
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
export async function* iterateSearch(client: VideoClient, args: SearchArgs): AsyncGenerator<SearchItem, void, undefined> {
  const pages = paginate(
    (token) => client.search({ ...args, paginationToken: token ?? args.paginationToken }),
    (page) => page.pagination.paginationToken,
  );
  for await (const page of pages) yield* page.data.contents;
}
