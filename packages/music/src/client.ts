import {
  type ClientOptions,
  type ContractClient,
  createClient,
  createTransport,
  DEFAULT_TIMEOUT_MS,
  RequestSetupError,
  type Transport,
} from '@socialquery/core';
import { type MusicContract, musicContract } from './contract.js';

/**
 * Where MusicClient sends every request: the default local service. It is fixed:
 * no option changes it. A service elsewhere is reached with `createMusicClient`.
 */
export const MUSIC_ENDPOINT = 'http://127.0.0.1:8080/api/v1/music';

export interface MusicClientOptions {
  /** API subscription key, sent as `x-api-key`. Required. */
  apiKey: string;
  /** Milliseconds before a request without an answer fails with NoResponseError. Default 30000. */
  timeout?: number;
}

const OPTION_NAMES = new Set(['apiKey', 'timeout']);

/** Where the service is (`baseUrl`: its root, e.g. `http://10.0.0.5:8080`), `timeout`, `retries`, `transport` as for every client, and the API key. */
export interface MusicServiceClientOptions extends ClientOptions {
  /** API subscription key, sent as `x-api-key`. */
  apiKey: string;
}

/** The music operations by client module, each a client derived from its part of the contract. */
export type MusicModules = { readonly [M in keyof MusicContract]: ContractClient<MusicContract[M]> };

/**
 * The music client of a service anywhere, built like every other platform's client: one module per
 * group of operations (`explore.search(…)`, `albums.getDetail(…)`), each with `exportAll` and a page
 * iterator (`iterate`). `MusicClient` is the same modules at the fixed local endpoint.
 */
export function createMusicClient(options: MusicServiceClientOptions): MusicModules {
  const shared = { ...options, transport: options.transport ?? createTransport(options) };
  return {
    explore: createClient(musicContract.explore, shared),
    artists: createClient(musicContract.artists, shared),
    albums: createClient(musicContract.albums, shared),
    tracks: createClient(musicContract.tracks, shared),
    playlists: createClient(musicContract.playlists, shared),
    podcasts: createClient(musicContract.podcasts, shared),
    users: createClient(musicContract.users, shared),
    history: createClient(musicContract.history, shared),
  };
}

/**
 * The music-catalog client library: modules explore, artists, albums, tracks,
 * playlists, podcasts, users and history, one method per operation, each taking one object argument and
 * resolving to the envelope `{ message, statusCode, data }`.
 *
 * Failures are core's three classes: ApiResponseError (the service answered outside 2xx; `status`
 * and `body`), NoResponseError (sent, no answer), RequestSetupError (nothing sent: a missing
 * apiKey, a bad option, a missing required member, a value out of range or not in its enumeration,
 * a malformed URI or one of another kind).
 *
 * ```ts
 * const music = new MusicClient({ apiKey: 'sqk_…' });
 * const { data } = await music.explore.search({ keyword: 'daft punk', filterBy: 'artist', limit: 5 });
 * const albums = await music.artists.getAlbums({ uri: data[0]!.uri, order_by: 'DATE_ASC' });
 * ```
 */
export class MusicClient {
  readonly explore: ContractClient<MusicContract['explore']>;
  readonly artists: ContractClient<MusicContract['artists']>;
  readonly albums: ContractClient<MusicContract['albums']>;
  readonly tracks: ContractClient<MusicContract['tracks']>;
  readonly playlists: ContractClient<MusicContract['playlists']>;
  readonly podcasts: ContractClient<MusicContract['podcasts']>;
  readonly users: ContractClient<MusicContract['users']>;
  readonly history: ContractClient<MusicContract['history']>;

  /**
   * @param transport replaces the HTTP layer (tests, custom networking). It receives each request's
   *   path (`/api/v1/music/...`), query and headers; `timeout` then is the transport's business.
   */
  constructor(options: MusicClientOptions, transport?: Transport) {
    if (options === null || typeof options !== 'object')
      throw new RequestSetupError('MusicClient takes an options object { apiKey, timeout? }');
    const unknown = Object.keys(options).filter((name) => !OPTION_NAMES.has(name));
    if (unknown.length > 0) {
      throw new RequestSetupError(
        `MusicClient does not take ${unknown.join(', ')}; its options are apiKey and timeout (the endpoint is fixed: ${MUSIC_ENDPOINT})`,
      );
    }
    const { apiKey, timeout = DEFAULT_TIMEOUT_MS } = options;
    if (typeof apiKey !== 'string' || apiKey.trim() === '') throw new RequestSetupError('MusicClient needs an apiKey');
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) {
      throw new RequestSetupError('timeout must be a positive number of milliseconds');
    }
    const baseUrl = new URL(MUSIC_ENDPOINT).origin;
    const modules = createMusicClient({
      baseUrl,
      apiKey,
      transport: transport ?? createTransport({ baseUrl, timeout }),
    });
    this.explore = modules.explore;
    this.artists = modules.artists;
    this.albums = modules.albums;
    this.tracks = modules.tracks;
    this.playlists = modules.playlists;
    this.podcasts = modules.podcasts;
    this.users = modules.users;
    this.history = modules.history;
  }
}
