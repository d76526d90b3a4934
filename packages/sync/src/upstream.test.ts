import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeClock } from './testing.js';
import { createUpstream, parseExactJson, UpstreamError } from './upstream.js';

/** A server answering each request with the next of `answers` (status, headers, body text). */
async function serve(answers: { status: number; headers?: Record<string, string>; body?: string }[]) {
  const server: Server = createServer((_req, res) => {
    const answer = answers.shift() ?? { status: 200, body: '{}' };
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('createUpstream', () => {
  it('fails when Retry-After asks for longer than the longest wait, and when a 2xx answer is not JSON', async () => {
    const server = await serve([
      { status: 429, headers: { 'retry-after': '3600' } },
      { status: 200, body: '<html>' },
      { status: 200, body: '' },
    ]);
    try {
      const upstream = createUpstream({
        platform: 'test',
        baseUrl: server.url,
        userAgent: 'ua',
        clock: fakeClock(),
        maxWaitMs: 60_000,
      });
      await expect(upstream.get('a')).rejects.toThrow(
        new UpstreamError("test: GET /a's Retry-After asks to wait 3600 s, more than the longest wait (60 s)"),
      );
      await expect(upstream.get('b')).rejects.toThrow('test: GET /b: the answer is not JSON');
      expect(await upstream.get('c')).toEqual({ status: 200, body: undefined });
      expect(upstream.requests).toBe(3);
    } finally {
      await server.close();
    }
  });

  it('tells `beforeSend` of each sending, retries and a 401 refresh included, after the credentials; what it throws fails the request unsent', async () => {
    const server = await serve([
      { status: 503 },
      { status: 401 },
      { status: 200, body: '{}' },
      { status: 200, body: '{}' },
    ]);
    const sendings: number[] = [];
    let tokens = 0;
    try {
      const upstream = createUpstream({
        platform: 'test',
        baseUrl: server.url,
        clock: fakeClock(),
        random: () => 0,
        auth: {
          apply: async ({ headers }) => {
            // a token request that fails: nothing is sent, nothing told
            if (tokens++ === 3) throw new UpstreamError('test: the token endpoint answered 500');
            headers.authorization = 'Bearer t';
          },
          refresh: async () => {},
        },
      });
      const beforeSend = async (sent: number) => void sendings.push(sent);
      expect(await upstream.get('a', {}, { beforeSend })).toEqual({ status: 200, body: {} });
      // the 503, the 401, the answer
      expect(sendings).toEqual([0, 1, 2]);
      await expect(upstream.get('b', {}, { beforeSend })).rejects.toThrow('the token endpoint answered 500');
      await expect(
        upstream.post('c', {}, {}, { beforeSend: () => Promise.reject(new Error('over the budget')) }),
      ).rejects.toThrow('over the budget');
      expect(sendings).toEqual([0, 1, 2]);
      expect(upstream.requests).toBe(3);
    } finally {
      await server.close();
    }
  });

  it('fails at once on an answer its `final` says no retry can change, and retries the same status otherwise', async () => {
    const spent = { status: 429, body: JSON.stringify({ error: { code: 'spent' } }) };
    const server = await serve([spent, { status: 429, headers: { 'retry-after': '1' } }, { status: 200, body: '{}' }]);
    const clock = fakeClock();
    try {
      const upstream = createUpstream({
        platform: 'test',
        baseUrl: server.url,
        userAgent: 'ua',
        clock,
        final: ({ body }) => JSON.stringify(body ?? null).includes('spent'),
      });
      await expect(upstream.get('a')).rejects.toMatchObject({ status: 429, body: { error: { code: 'spent' } } });
      expect(upstream.requests).toBe(1);
      expect(await upstream.get('b')).toEqual({ status: 200, body: {} });
      expect([upstream.requests, clock.sleeps]).toEqual([3, [1000]]);
    } finally {
      await server.close();
    }
  });

  it('masks its secrets in the messages it passes on; a refused connection fails after the retries', async () => {
    const server = await serve([
      { status: 403, body: JSON.stringify({ error: { message: 'key sekret-key-1 is blocked' } }) },
    ]);
    const clock = fakeClock();
    try {
      const upstream = createUpstream({
        platform: 'test',
        baseUrl: server.url,
        userAgent: 'ua',
        clock,
        secrets: ['sekret-key-1'],
        retries: 1,
      });
      expect(upstream.mask('a sekret-key-1 b')).toBe('a *** b');
      await expect(upstream.get('a')).rejects.toThrow('test: GET /a answered 403: key *** is blocked');
    } finally {
      await server.close();
    }
    const gone = createUpstream({
      platform: 'test',
      baseUrl: server.url,
      userAgent: 'ua',
      clock,
      retries: 1,
      random: () => 0,
    });
    await expect(gone.get('a')).rejects.toThrow(/^test: GET \/a: no answer \(ECONNREFUSED\) after 2 tries$/);
  });

  it('an abort ends the request and the waits', async () => {
    const server = await serve([{ status: 503 }]);
    const controller = new AbortController();
    try {
      const upstream = createUpstream({
        platform: 'test',
        baseUrl: server.url,
        userAgent: 'ua',
        clock: fakeClock(),
        signal: controller.signal,
        onWait: () => controller.abort(new Error('stopping')),
      });
      await expect(upstream.get('a')).rejects.toThrow('stopping');
    } finally {
      await server.close();
    }
  });

  it("X's rate-limit headers: a spent window (reset in epoch seconds) holds the next request until the reset", async () => {
    const clock = fakeClock();
    const reset = Math.floor(clock.now() / 1000) + 90;
    const server = await serve([
      {
        status: 200,
        headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
        body: '{"data":[]}',
      },
      {
        status: 200,
        headers: { 'x-rate-limit-remaining': '5', 'x-rate-limit-reset': String(reset + 900) },
        body: '{}',
      },
      { status: 200, body: '{}' },
    ]);
    try {
      const waits: string[] = [];
      const upstream = createUpstream({
        platform: 'x',
        baseUrl: server.url,
        userAgent: 'ua',
        clock,
        onWait: (wait) => waits.push(`${wait.reason} ${wait.ms} ${wait.after}`),
      });
      await upstream.get('a');
      await upstream.get('b');
      await upstream.get('c');
      // only the spent window waited: 90 s from the fake clock's whole second
      expect(waits).toEqual([`rate-limit ${reset * 1000 - Date.parse('2026-03-02T12:00:00Z')} rate-limit remaining 0`]);
      expect(clock.sleeps).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('parses integers past 2^53 as their text (TikTok ids), leaving strings and safe numbers alone', () => {
    expect(parseExactJson('{"id":7300000000000000001,"n":-12,"s":"a \\"7300000000000000001\\"","f":1.5e3}')).toEqual({
      id: '7300000000000000001',
      n: -12,
      s: 'a "7300000000000000001"',
      f: 1500,
    });
    expect(parseExactJson('[9007199254740991, 12345678901234567890]')).toEqual([
      9007199254740991,
      '12345678901234567890',
    ]);
    expect(parseExactJson('{"a":1}')).toEqual({ a: 1 });
  });
});
