import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiResponseError, RateLimitError, RequestSetupError } from '@socialquery/core';
import { forumContract } from '@socialquery/forum';
import { microblogContract } from '@socialquery/microblog';
import { musicContract } from '@socialquery/music';
import { professionalContract } from '@socialquery/professional';
import { shortvideoContract } from '@socialquery/shortvideo';
import { videoContract } from '@socialquery/video';
import { createSocialQueryClient } from './index.js';

const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // answers {} to every GET, a 429 to a URL naming `limited`
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url?.includes('limited')) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      return res.end(
        JSON.stringify({
          statusCode: 429,
          error: 'Too Many Requests',
          code: 'rate_limited',
          message: 'slow down',
          requestId: 'q',
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prefix`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

describe('createSocialQueryClient', () => {
  const client = () => createSocialQueryClient({ baseUrl, token: 'tok', apiKey: 'key' });

  it('has one namespace per platform, each with every operation of its contract, iterate and exportAll', () => {
    const all = client();
    const methods = (namespace: object) => Object.keys(namespace).sort();
    const withPaging = (contract: object) => [...Object.keys(contract), 'exportAll', 'iterate'].sort();
    expect(Object.keys(all).sort()).toEqual(['forum', 'microblog', 'music', 'professional', 'shortvideo', 'video']);
    expect(methods(all.forum)).toEqual(withPaging(forumContract));
    expect(methods(all.microblog)).toEqual(withPaging(microblogContract));
    expect(methods(all.shortvideo)).toEqual(withPaging(shortvideoContract));
    expect(methods(all.professional)).toEqual(withPaging(professionalContract));
    expect(methods(all.video)).toEqual(withPaging(videoContract));
    expect(Object.keys(all.music).sort()).toEqual(Object.keys(musicContract).sort());
    for (const [module, operations] of Object.entries(musicContract))
      expect(methods(all.music[module as keyof typeof musicContract])).toEqual(withPaging(operations));
  });

  it('reaches each platform under the baseUrl with the credential its operation takes', async () => {
    const all = client();
    await all.forum.communityPosts({ community: 'programming' });
    await all.microblog.userMessages({ username: 'someone' });
    await all.shortvideo.userPosts({ username: 'someone' });
    await all.professional.profile({ username: 'someone' });
    await all.professional.companyEmployees({ companyId: '42' });
    await all.video.search({ keyword: 'cats' });
    await all.music.explore.search({ keyword: 'daft punk' });
    await all.music.albums.getDetail({ uri: 'music:album:abc' });
    expect(seen.map((s) => [pathOf(s.url), s.headers.authorization ?? s.headers['x-api-key']])).toEqual([
      ['/prefix/api/v1/forum/community/programming/posts', 'Bearer tok'],
      ['/prefix/api/v1/microblog/user/someone/messages', 'Bearer tok'],
      ['/prefix/api/v1/shortvideo/user/posts', 'Bearer tok'],
      ['/prefix/api/v1/professional/api/v1/user/profile', 'key'],
      ['/prefix/api/v1/professional/company/employees', 'Bearer tok'],
      ['/prefix/api/v1/search', 'key'],
      ['/prefix/api/v1/music/search', 'key'],
      ['/prefix/api/v1/music/album/detail', 'key'],
    ]);
  });

  it('fails a call whose credential was not given before sending, and serves the others', async () => {
    const tokenOnly = createSocialQueryClient({ baseUrl, token: 'tok' });
    await expect(tokenOnly.video.search({ keyword: 'cats' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(tokenOnly.music.explore.search({ keyword: 'x' })).rejects.toThrow(/needs an API key/);
    await expect(tokenOnly.forum.userPosts({ username: 'someone' })).resolves.toEqual({});
    expect(seen).toHaveLength(1);
  });

  it('shares the options: retries apply to every platform', async () => {
    const retried: string[] = [];
    const all = createSocialQueryClient({
      baseUrl,
      token: 'tok',
      apiKey: 'key',
      retries: 2,
      sleep: async () => {},
      onRetry: ({ error }) => void retried.push(error.name),
    });
    const error = await all.forum.userPosts({ username: 'limited' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as RateLimitError).code).toBe('rate_limited');
    expect(retried).toEqual(['RateLimitError', 'RateLimitError']);
    await expect(all.music.users.getProfile({ uri: 'music:user:limited' })).rejects.toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(6);
  });

  it('uses a given transport for every platform', async () => {
    const paths: string[] = [];
    const transport = {
      get: async ({ path }: { path: string }) => {
        paths.push(path);
        return {};
      },
    };
    const all = createSocialQueryClient({ baseUrl: 'not used', token: 't', apiKey: 'k', transport });
    await all.forum.userPosts({ username: 'a' });
    await all.music.tracks.getDetail({ uri: 'music:track:b' });
    expect(paths).toEqual(['/api/v1/forum/user/a/posts', '/api/v1/music/track/detail']);
    expect(seen).toHaveLength(0);
  });
});
