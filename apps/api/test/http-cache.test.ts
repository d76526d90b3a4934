import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ErrorBody } from '@socialquery/core';
import { communityPosts, PostsResponse } from '@socialquery/forum';
import { API_CACHE_CONTROL, COMPRESSION_THRESHOLD_BYTES, preferredEncoding } from '../src/http-cache.js';
import { OPENAPI_PATH } from '../src/openapi/reference.js';
import { listen, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let community: string;

beforeAll(async () => {
  service = await startTestService();
  ({ server, baseUrl } = await listen(service.app));
  community = (await service.store.examples()).forum!.community;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over real HTTP that returns the bytes as sent (no client-side decompression). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const postsPath = (query = 'limit=100') =>
  `${communityPosts.path.replace('{community}', encodeURIComponent(community))}?${query}`;
const auth = () => ({ Authorization: `Bearer ${service.token}` });

describe('conditional GET', () => {
  it('sends a weak ETag and Cache-Control: private, no-cache with a JSON answer', async () => {
    const res = await get(postsPath(), auth());
    expect(res.status).toBe(200);
    PostsResponse.parse(JSON.parse(res.body.toString('utf8')));
    expect(res.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers['cache-control']).toBe(API_CACHE_CONTROL);
  });

  it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
    const first = await get(postsPath(), auth());
    const etag = first.headers.etag as string;
    const again = await get(postsPath(), { ...auth(), 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(API_CACHE_CONTROL);
    expect(again.headers['content-type']).toBeUndefined();
    // one of a list, and a compressed exchange, match as well (the validator is weak)
    expect((await get(postsPath(), { ...auth(), 'If-None-Match': `W/"other", ${etag}` })).status).toBe(304);
    const compressed = await get(postsPath(), { ...auth(), 'If-None-Match': etag, 'Accept-Encoding': 'gzip' });
    expect(compressed.status).toBe(304);
    expect(compressed.body.length).toBe(0);
  });

  it('answers 200 with the body when the ETag no longer matches, and another query has another ETag', async () => {
    const first = await get(postsPath(), auth());
    const stale = await get(postsPath(), { ...auth(), 'If-None-Match': 'W/"0000000000000000000000000000"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(first.body)).toBe(true);
    const other = await get(postsPath('limit=5'), auth());
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect((await get(postsPath('limit=5'), { ...auth(), 'If-None-Match': first.headers.etag as string })).status).toBe(
      200,
    );
  });

  it('never turns an error into a 304, and still checks the credential first', async () => {
    const refused = await get(postsPath(), { Authorization: 'Bearer wrong' });
    expect(refused.status).toBe(401);
    const withEtag = await get(postsPath(), {
      Authorization: 'Bearer wrong',
      'If-None-Match': refused.headers.etag as string,
    });
    expect(withEtag.status).toBe(401);
    ErrorBody.parse(JSON.parse(withEtag.body.toString('utf8')));
    const valid = await get(postsPath(), auth());
    expect((await get(postsPath(), { 'If-None-Match': valid.headers.etag as string })).status).toBe(401);
  });
});

describe('compression', () => {
  it('gzips a large body when asked, and it decodes to the same JSON', async () => {
    const plain = await get(postsPath(), auth());
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await get(postsPath(), { ...auth(), 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
  });

  it('prefers brotli when the client takes both, and it decodes to the same JSON', async () => {
    const plain = await get(postsPath(), auth());
    const br = await get(postsPath(), { ...auth(), 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('sends bodies below the threshold as they are', async () => {
    const small = await get(postsPath('limit=0'), { ...auth(), 'Accept-Encoding': 'gzip, br' });
    expect(small.status).toBe(400);
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    ErrorBody.parse(JSON.parse(small.body.toString('utf8')));
    const health = await get('/healthz', { 'Accept-Encoding': 'gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok' });
  });

  it('sends identity to a client that accepts only identity', async () => {
    const res = await get(postsPath(), { ...auth(), 'Accept-Encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    PostsResponse.parse(JSON.parse(res.body.toString('utf8')));
  });

  it('compresses a body above 64 KB off the event loop, decoding to the same JSON', async () => {
    const plain = await get(OPENAPI_PATH);
    expect(plain.body.length).toBeGreaterThan(64 * 1024);
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const res = await get(OPENAPI_PATH, { 'Accept-Encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decode(res.body).equals(plain.body)).toBe(true);
    }
  });

  it('says Vary: Accept-Encoding whether or not the client sent one, and HEAD gets no body', async () => {
    expect((await get(postsPath(), auth())).headers.vary).toMatch(/Accept-Encoding/i);
    const head = await get(postsPath(), { ...auth(), 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("compresses the docs page's script, sent as a file in pieces", async () => {
    const res = await get('/docs/assets/swagger-ui-bundle.js', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8')).toContain('SwaggerUIBundle');
  });
});

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
  ])('Accept-Encoding: %s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
