import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@socialquery/store';
import { createTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import { fakeReddit, REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET, redditPosts } from '@socialquery/sync/testing';
import { capturedLogger } from '../test/captured-logger.js';
import { ConfigError } from './config.js';
import { launchService } from './run-service.js';
import type { RunningService } from './server.js';
import { loadSyncMode, withSyncMode } from './sync-mode.js';

describe('sync mode', () => {
  let address: TestStoreAddress;
  let reddit: Awaited<ReturnType<typeof fakeReddit>>;
  let dir: string;
  let file: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    address = await createTestStoreAddress({ shared: true });
    reddit = await fakeReddit();
    reddit.posts.push(...redditPosts(30, 'rust', Math.floor(Date.now() / 1000)));
    dir = await mkdtemp(join(tmpdir(), 'sq-sync-mode-'));
    file = join(dir, 'sync.json');
    await writeFile(file, JSON.stringify({ targets: [{ platform: 'forum', community: 'rust', every: '10m' }] }));
    env = {
      SOCIALQUERY_SYNC_TARGETS: file,
      SOCIALQUERY_REDDIT_CLIENT_ID: REDDIT_CLIENT_ID,
      SOCIALQUERY_REDDIT_CLIENT_SECRET: REDDIT_CLIENT_SECRET,
      SOCIALQUERY_REDDIT_API_URL: reddit.url,
      SOCIALQUERY_REDDIT_AUTH_URL: `${reddit.url}/api/v1/access_token`,
    };
  });
  afterAll(async () => {
    await reddit.close();
    await rm(dir, { recursive: true, force: true });
    await address.drop();
  });

  it('is off without SOCIALQUERY_SYNC_TARGETS; a bad file or variable stops the start naming it', async () => {
    expect(await loadSyncMode({})).toBeUndefined();
    await expect(loadSyncMode({ SOCIALQUERY_SYNC_TARGETS: join(dir, 'none.json') })).rejects.toThrow(
      new ConfigError(`SOCIALQUERY_SYNC_TARGETS: ${join(dir, 'none.json')}: no such file`),
    );
    await expect(loadSyncMode({ ...env, SOCIALQUERY_YOUTUBE_DAILY_QUOTA: '-1' })).rejects.toThrow(
      /^SOCIALQUERY_YOUTUBE_DAILY_QUOTA must be/,
    );
  });

  it('launchService: a bad targets file is a configuration error, exit 2, nothing started', async () => {
    const errors: string[] = [];
    const result = await launchService([], {
      env: { PORT: '0', SOCIALQUERY_SYNC_TARGETS: join(dir, 'none.json') },
      logger: capturedLogger().logger,
      out: () => {},
      err: (text) => void errors.push(text),
    });
    expect(result).toBe(2);
    expect(errors).toEqual([`SOCIALQUERY_SYNC_TARGETS: ${join(dir, 'none.json')}: no such file`]);
  });

  it('two replicas on one store: one runs the targets and logs each run; stop ends the schedule, then the service', async () => {
    const mode = await loadSyncMode(env);
    const stores: Store[] = [await openStore(address.address), await openStore(address.address)];
    const stopped: string[] = [];
    const service = (name: string): RunningService =>
      ({ url: name, stop: async () => void stopped.push(name) }) as unknown as RunningService;
    const [one, two] = [capturedLogger(), capturedLogger()];
    const first = withSyncMode(service('one'), mode, stores[0]!, one.logger, { pollMs: 20 });
    const ran = () => one.lines.find((line) => line.msg === 'sync: target ran');
    while (!ran()) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = withSyncMode(service('two'), mode, stores[1]!, two.logger, { pollMs: 20 });
    while (!two.lines.some((line) => String(line.msg).includes('lease'))) await new Promise((r) => setTimeout(r, 10));
    expect(ran()).toMatchObject({
      component: 'sync',
      target: 'forum:community:rust:new',
      pages: 1,
      recordsNew: 30,
      stopped: 'caught-up',
    });
    expect(two.lines.map((line) => line.msg)).toContain('sync: another replica holds the sync lease');
    await first.stop();
    await second.stop();
    expect(stopped).toEqual(['one', 'two']);
    expect(two.lines.some((line) => line.msg === 'sync: target ran')).toBe(false);
    const logged = JSON.stringify([...one.lines, ...two.lines]);
    expect(logged).not.toContain(REDDIT_CLIENT_SECRET);
    expect(logged).not.toContain('token-');
    const { n } = await stores[0]!.db
      .selectFrom('forum_posts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(30);
    for (const store of stores) await store.close();
  });
});
