import { openStore } from '@socialquery/store';
import { createSeededTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import { NOW } from './harness.js';
import { exitOf, killServiceProcesses, startServiceProcess } from './service-process.js';

let redisUrl: string;
let store: TestStoreAddress | undefined;
beforeAll(() => {
  const url = process.env.SOCIALQUERY_TEST_REDIS;
  if (!url)
    throw new Error('SOCIALQUERY_TEST_REDIS is not set: run the tests through `pnpm test`, which starts redis-server');
  redisUrl = url;
});
afterAll(async () => {
  killServiceProcesses();
  await store?.drop();
});

describe('two service processes sharing one Redis', () => {
  it('hold one budget per credential across both: exactly SOCIALQUERY_RATE_LIMIT requests succeed', async () => {
    // a copy of the run's seeded demo and a new credential: its counter in Redis is this run's alone
    store = await createSeededTestStoreAddress({ now: NOW });
    const opened = await openStore(store.address);
    const token = (await opened.credentials.create('token')).secret;
    await opened.close();
    const env = { SOCIALQUERY_STORE: store.address, SOCIALQUERY_REDIS: redisUrl, SOCIALQUERY_RATE_LIMIT: '10' };
    const first = await startServiceProcess([], env);
    const second = await startServiceProcess([], env);
    for (const replica of [first, second]) expect(replica.output()).toContain('"msg":"rate limits: counting in Redis"');

    const answers: [number, string | null][] = [];
    for (let i = 0; i < 14; i++) {
      const replica = i % 2 === 0 ? first : second;
      const res = await fetch(`${replica.url}/api/v1/forum/community/programming/posts?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      answers.push([res.status, res.headers.get('ratelimit-remaining')]);
    }
    expect(answers).toEqual([
      ...[9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((remaining) => [200, String(remaining)]),
      ...Array(4).fill([429, '0']),
    ]);

    const exits = [exitOf(first.child), exitOf(second.child)];
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
  });
});
