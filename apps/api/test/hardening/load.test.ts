import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import autocannon from 'autocannon';

/**
 * A bounded load test: autocannon on loopback for a fixed 5 s against the service in its own
 * process, with valid, invalid and unauthorised requests mixed. Asserts no 5xx, no socket errors
 * or timeouts, and bounded memory growth; reports RSS before/after and event-loop delay (console
 * and a JSON note in the temp folder). Not a speed test: no throughput is asserted.
 */

const DURATION_S = 5;
const SERVER = fileURLToPath(new URL('./load-server.mjs', import.meta.url));

interface Stats {
  rssMb: number;
  heapMb: number;
  eventLoopDelayMs: { mean: number; p50: number; p99: number; max: number };
}
interface Ready {
  url: string;
  token: string;
  apiKey: string;
  examples: { forum: { community: string; username: string }; video: { keyword: string; videoId: string } };
}

let child: ChildProcess;
let store: TestStoreAddress;
let ready: Ready;

const ask = <T>(message: string, type: string) =>
  new Promise<T>((resolve) => {
    const onMessage = (reply: { type?: string }) => {
      if (reply.type !== type) return;
      child.off('message', onMessage);
      resolve(reply as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });

beforeAll(async () => {
  store = await createTestStoreAddress({ kind: 'sqlite', shared: true });
  child = fork(SERVER, [], {
    env: { PATH: process.env.PATH ?? '', SOCIALQUERY_STORE: store.address },
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  ready = await new Promise<Ready>((resolve, reject) => {
    child.on('message', (message: Ready & { type?: string }) => message.type === 'ready' && resolve(message));
    child.on('exit', (code) => reject(new Error(`load server exited with ${code}`)));
  });
});

afterAll(async () => {
  if (child.connected) {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.send('stop');
    await exited;
  }
  await store.drop();
});

function mixedRequests({ token, apiKey, examples }: Ready): autocannon.Request[] {
  const bearer = { authorization: `Bearer ${token}` };
  const key = { 'x-api-key': apiKey };
  const community = encodeURIComponent(examples.forum.community);
  const keyword = encodeURIComponent(examples.video.keyword);
  return [
    { method: 'GET', path: `/api/v1/forum/community/${community}/posts?limit=25&sort=hot`, headers: bearer },
    { method: 'GET', path: `/api/v1/search?keyword=${keyword}&uploadDate=THIS_YEAR`, headers: key },
    {
      method: 'GET',
      path: `/api/v1/forum/user/${encodeURIComponent(examples.forum.username)}/posts?limit=10`,
      headers: bearer,
    },
    {
      method: 'GET',
      path: `/api/v1/video/related?videoId=${encodeURIComponent(examples.video.videoId)}`,
      headers: key,
    },
    // invalid
    { method: 'GET', path: `/api/v1/forum/community/${community}/posts?limit=0`, headers: bearer },
    { method: 'GET', path: `/api/v1/forum/community/${community}/posts?limt=5`, headers: bearer },
    { method: 'GET', path: `/api/v1/search?keyword=${keyword}&paginationToken=forged.token`, headers: key },
    { method: 'GET', path: `/api/v1/forum/community/a%00b/posts`, headers: bearer },
    { method: 'GET', path: `/api/v1/forum/community/%E0%A4%A/posts`, headers: bearer },
    { method: 'GET', path: `/api/v1/forum/community/${'x'.repeat(5000)}/posts`, headers: bearer },
    { method: 'GET', path: '/api/v1/no/such/route', headers: bearer },
    { method: 'POST', path: `/api/v1/forum/community/${community}/posts`, headers: bearer },
    // unauthorised
    { method: 'GET', path: `/api/v1/forum/community/${community}/posts` },
    {
      method: 'GET',
      path: `/api/v1/forum/community/${community}/posts`,
      headers: { authorization: 'Bearer sqt_not-a-real-token' },
    },
    { method: 'GET', path: `/api/v1/search?keyword=${keyword}`, headers: bearer },
    { method: 'GET', path: `/api/v1/search?keyword=${keyword}&apiKey=${apiKey}` },
  ];
}

describe('bounded load with mixed requests', () => {
  it(`serves ${DURATION_S} s of valid, invalid and unauthorised requests: no 5xx, no errors, memory bounded`, async () => {
    const requests = mixedRequests(ready);
    const run = (duration: number) => autocannon({ url: ready.url, connections: 10, duration, timeout: 10, requests });
    await run(1); // warm-up: JIT, statement cache, first allocations
    const before = await ask<Stats>('stats', 'stats');
    child.send('reset');
    const result = await run(DURATION_S);
    const after = await ask<Stats>('stats', 'stats');

    const report = {
      durationS: DURATION_S,
      connections: 10,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      statuses: { '2xx': result['2xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
      errors: result.errors,
      timeouts: result.timeouts,
      rssMb: { before: before.rssMb, after: after.rssMb, growth: Math.round((after.rssMb - before.rssMb) * 10) / 10 },
      heapMb: { before: before.heapMb, after: after.heapMb },
      eventLoopDelayMs: after.eventLoopDelayMs,
    };
    console.log(`load report: ${JSON.stringify(report, null, 2)}`);
    writeFileSync(join(tmpdir(), 'socialquery-load-report.json'), `${JSON.stringify(report, null, 2)}\n`);

    expect(result['5xx']).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result['2xx']).toBeGreaterThan(0);
    expect(result['4xx']).toBeGreaterThan(result['2xx']); // 12 of the 16 requests in the mix are refused
    // generous bounds: a leak of a few KB per request over thousands of requests would still show
    expect(after.rssMb - before.rssMb).toBeLessThan(150);
    expect(after.eventLoopDelayMs.p99).toBeLessThan(2_000);
  });
});
