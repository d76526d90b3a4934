import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiResponseError,
  createTransport,
  NoResponseError,
  RequestSetupError,
  type Transport,
} from '@socialquery/core';
import {
  AlbumDetailResponse,
  EpisodesResponse,
  MUSIC_ENDPOINT,
  MusicClient,
  type MusicClientOptions,
  musicContract,
  parseUri,
  SearchResponse,
  SuggestionsResponse,
  TrackDetailResponse,
  TracksByIdsResponse,
  UsersResponse,
} from '@socialquery/music';
import type { Examples } from '@socialquery/store';
import type { Express } from 'express';
import { startTestService, type TestService } from './harness.js';

const ENDPOINT = new URL(MUSIC_ENDPOINT);
const ENDPOINT_PORT = Number(ENDPOINT.port);

/**
 * Serves `handler` where MusicClient sends its requests: on the fixed endpoint's own port (8080 on
 * 127.0.0.1) when it is free — then the client is used exactly as shipped. When something else
 * holds that port (a running service on a developer's machine), it serves on an ephemeral port and
 * the client gets a transport that forwards each request there: same got transport, same timeout,
 * only the port differs.
 */
async function serveAtEndpoint(handler: Express | ((req: unknown, res: unknown) => void)) {
  const server = createServer(handler as Parameters<typeof createServer>[1]);
  const onEndpoint = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
    );
    server.listen(ENDPOINT_PORT, ENDPOINT.hostname, () => resolve(true));
  });
  if (!onEndpoint) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const forwarded: string[] = [];
  const clientOf = (options: MusicClientOptions): MusicClient => {
    if (onEndpoint) return new MusicClient(options);
    new MusicClient(options); // the options are checked the same way
    const real = createTransport({ baseUrl: `http://127.0.0.1:${port}`, timeout: options.timeout });
    const forwarding: Transport = {
      get(request) {
        forwarded.push(ENDPOINT.origin + request.path);
        return real.get(request);
      },
    };
    return new MusicClient(options, forwarding);
  };
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { server, clientOf, close, forwarded, onEndpoint };
}

let service: TestService;
let ex: NonNullable<Examples['music']>;
let endpoint: Awaited<ReturnType<typeof serveAtEndpoint>>;
let client: MusicClient;
let requests = 0;

beforeAll(async () => {
  service = await startTestService();
  ex = (await service.store.examples()).music!;
  endpoint = await serveAtEndpoint(service.app);
  endpoint.server.on('request', () => requests++);
  client = endpoint.clientOf({ apiKey: service.apiKey, timeout: 10_000 });
});
afterAll(async () => {
  await endpoint.close();
  await service.close();
});

describe('MusicClient against the real service at its fixed endpoint', () => {
  it('reaches every operation of every module; bodies satisfy the response schemas', async () => {
    const found = SearchResponse.parse(await client.explore.search({ keyword: ex.keyword, limit: 5 }));
    expect(found.data).toHaveLength(5);
    const suggested = SuggestionsResponse.parse(await client.explore.suggestions({ keyword: ex.keyword.slice(0, 3) }));
    expect(suggested.data.suggestions.length).toBeGreaterThan(0);
    const album = AlbumDetailResponse.parse(await client.albums.getDetail({ uri: ex.albumUri }));
    expect(album.data.uri).toBe(ex.albumUri);
    const track = TrackDetailResponse.parse(await client.tracks.getDetail({ uri: ex.trackUri }));
    expect(track.data.uri).toBe(ex.trackUri);
    const many = TracksByIdsResponse.parse(
      await client.tracks.getMany({ ids: [ex.trackUri, 'zzNoSuchTrack', track.data.id] }),
    );
    expect(many.data).toEqual({ tracks: [track.data], notFound: ['zzNoSuchTrack'] });
    const episodes = EpisodesResponse.parse(await client.podcasts.getEpisodes({ uri: ex.showUri, limit: 3 }));
    expect(episodes.data.items.length).toBeLessThanOrEqual(3);
    const followers = UsersResponse.parse(await client.users.getFollowers({ uri: ex.userUri }));
    expect(followers.data.items.length).toBeGreaterThan(0);

    const uriOf: Record<string, string> = {
      artist: ex.artistUri,
      album: ex.albumUri,
      track: ex.trackUri,
      playlist: ex.playlistUri,
      show: ex.showUri,
      user: ex.userUri,
    };
    for (const [module, operations] of Object.entries(musicContract)) {
      if (module === 'explore') continue;
      for (const [method, operation] of Object.entries(operations)) {
        const call = (client as unknown as Record<string, Record<string, (args: object) => Promise<unknown>>>)[module]![
          method
        ]!;
        const shape = operation.params.query.shape as Record<string, { description?: string } | undefined>;
        // the batch lookup takes ids, a history a record and its id, every other method one URI of its kind
        const kind = shape.uri ? /music:(\w+):/.exec(shape.uri.description ?? '')![1]! : undefined;
        const args = kind
          ? { uri: uriOf[kind]! }
          : shape.record
            ? { record: ex.record!, id: ex.id! }
            : { ids: [ex.trackUri] };
        const body = await call(args);
        expect(operation.response.safeParse(body).error).toBeUndefined();
      }
    }
  });

  it("tracks.iterate('getRecommendations') follows data.cursor: every recommendation once, as one big page lists them", async () => {
    const top = await service.store.db
      .selectFrom('music_track_recommendations')
      .select((eb) => ['track_id', eb.fn.countAll().as('n')])
      .groupBy('track_id')
      .orderBy('n', 'desc')
      .orderBy('track_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const uri = `music:track:${top.track_id}`;
    const whole = await client.tracks.getRecommendations({ uri, limit: 100 });
    expect(whole.data.items.length).toBeGreaterThan(2);
    const before = requests;
    const seen: string[] = [];
    for await (const track of client.tracks.iterate('getRecommendations', { uri, limit: 2 })) seen.push(track.uri);
    expect(seen).toEqual(whole.data.items.map((t) => t.uri));
    expect(requests - before).toBe(Math.ceil(whole.data.items.length / 2));
  });

  it('sends to the fixed endpoint', async () => {
    const before = requests;
    await client.artists.getAlbums({ uri: ex.artistUri, order_by: 'DATE_ASC', limit: 2 });
    expect(requests - before).toBe(1);
    if (!endpoint.onEndpoint) expect(endpoint.forwarded.at(-1)).toBe(`${MUSIC_ENDPOINT}/artist/albums`);
  });

  it('raises ApiResponseError with the status and the error body: unknown URI 404, wrong key 401', async () => {
    const unknown = `music:album:zzNoSuchId0`;
    const error = await client.albums.getDetail({ uri: unknown }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ kind: 'api_response', status: 404, body: { statusCode: 404, code: 'not_found' } });
    expect((error as ApiResponseError).body).toMatchObject({ message: expect.stringContaining(unknown) });
    const stranger = endpoint.clientOf({ apiKey: 'sqk_not-a-real-key' });
    await expect(stranger.tracks.getDetail({ uri: ex.trackUri })).rejects.toMatchObject({
      kind: 'api_response',
      status: 401,
      body: { code: 'invalid_credentials' },
    });
    const noLyrics = await client.tracks.getLyrics({ uri: `music:track:zzNoSuchId0` }).catch((e: unknown) => e);
    expect(noLyrics).toMatchObject({ status: 404 });
  });

  it('raises RequestSetupError, sending nothing, for a missing apiKey or member, an out-of-range or out-of-enum member, a wrong-kind URI', async () => {
    const before = requests;
    expect(() => endpoint.clientOf({} as MusicClientOptions)).toThrow(RequestSetupError);
    expect(() => endpoint.clientOf({ apiKey: '' })).toThrow(RequestSetupError);
    const attempts: (() => Promise<unknown>)[] = [
      () => client.explore.search({} as never),
      () => client.artists.getOverview({} as never),
      () => client.explore.search({ keyword: 'x', limit: 101 }),
      () => client.podcasts.getEpisodes({ uri: ex.showUri, limit: 301 }),
      () => client.albums.getTracks({ uri: ex.albumUri, offset: -1 }),
      () => client.explore.search({ keyword: 'x', filterBy: 'video' as never }),
      () => client.artists.getCompilations({ uri: ex.artistUri, order_by: 'OLDEST' as never }),
      () => client.tracks.getDetail({ uri: ex.albumUri }),
      () => client.tracks.getMany({ ids: [ex.trackUri, ex.albumUri] }),
      () => client.tracks.getMany({ ids: [] }),
      () => client.users.getProfile({ uri: parseUri(ex.userUri)!.id }),
    ];
    for (const attempt of attempts) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestSetupError);
      expect(error).toMatchObject({ kind: 'request_setup', message: expect.any(String) });
    }
    expect(requests).toBe(before);
  });
});

describe('MusicClient without an answer', () => {
  it('raises NoResponseError when the endpoint does not answer within the timeout, then when nothing listens', async () => {
    await endpoint.close();
    // a server that accepts and never answers
    const silent = await serveAtEndpoint(() => undefined);
    try {
      const impatient = silent.clientOf({ apiKey: service.apiKey, timeout: 300 });
      const started = Date.now();
      const error = await impatient.albums.getDetail({ uri: ex.albumUri }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NoResponseError);
      expect(error).toMatchObject({ kind: 'no_response' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
    const refused = await client.albums.getDetail({ uri: ex.albumUri }).catch((e: unknown) => e);
    // the fixed endpoint (or the closed forwarding port) no longer answers at all
    expect(refused).toBeInstanceOf(NoResponseError);
    endpoint = await serveAtEndpoint(service.app);
  });
});
