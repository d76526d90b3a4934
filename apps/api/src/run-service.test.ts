import { openStore } from '@socialquery/store';
import { createTestStoreAddress } from '@socialquery/store/testing';
import { capturedLogger } from '../test/captured-logger.js';
import { launchService, type LaunchOptions } from './run-service.js';

/** The demo, as small as it goes: what a start seeds is checked here, not its volume. */
const TINY_DEMO = 'forum=0.01,video=0.01,music=0.02';

/** `launchService` in this process, with what it prints and logs captured. */
async function launch(argv: string[], env: NodeJS.ProcessEnv, options: Partial<LaunchOptions> = {}) {
  const printed: string[] = [];
  const errors: string[] = [];
  const { logger, lines } = capturedLogger();
  const result = await launchService(argv, {
    env: { PORT: '0', ...env },
    logger,
    out: (text) => void printed.push(text),
    err: (text) => void errors.push(text),
    ...options,
  });
  return { result, printed: printed.join('\n'), errors: errors.join('\n'), lines };
}

describe('launchService', () => {
  it('--help (or -h, after a `--` as npm passes it) prints the usage and starts nothing', async () => {
    for (const argv of [['--help'], ['--', '-h']]) {
      const { result, printed } = await launch(argv, {});
      expect(result).toBe(0);
      expect(printed).toMatch(/^Usage: socialquery-api \[--demo-if-empty \[--full-demo\]\]/);
      expect(printed).toContain('SOCIALQUERY_STORE');
    }
  });

  it('a flag it does not take, or a bad configuration: exit code 2 and what is wrong, nothing started', async () => {
    const flag = await launch(['--demo'], {});
    expect(flag.result).toBe(2);
    expect(flag.errors).toMatch(/^Unknown option '--demo'/);
    const config = await launch([], { PORT: 'eighty' });
    expect(config.result).toBe(2);
    expect(config.errors).toContain('PORT');
  });

  it('refuses a store that an unfinished migrate-store copy is filling: exit 1, what to run, nothing seeded', async () => {
    const address = await createTestStoreAddress({ shared: true });
    try {
      const store = await openStore(address.address);
      await store.settings.set(
        'copy_checkpoint',
        JSON.stringify({ source: 'sqlite:./old.db', table: 'forum_comments', copied: { forum_posts: 10 } }),
      );
      await store.close();
      const env = { SOCIALQUERY_STORE: address.address, SOCIALQUERY_DEMO_SCALES: TINY_DEMO };
      const refused = await launch(['--demo-if-empty'], env);
      expect(refused.result).toBe(1);
      expect(refused.errors).toMatch(
        /^the store .* holds an unfinished copy of sqlite:\.\/old\.db: run the same `pnpm cli migrate-store --from … --to …` again to finish it, then start the service$/,
      );
      const after = await openStore(address.address);
      expect(await after.isEmpty()).toBe(true);
      await after.close();
    } finally {
      await address.drop();
    }
  });

  it('an empty store: the demo at the configured scales, first credentials printed once, then it serves', async () => {
    const address = await createTestStoreAddress({ shared: true });
    try {
      const env = { SOCIALQUERY_STORE: address.address, SOCIALQUERY_DEMO_SCALES: TINY_DEMO };
      const first = await launch(['--demo-if-empty'], env, { freeDiskBytes: async () => 1e12 });
      if (typeof first.result === 'number') throw new Error(`did not start: ${first.errors}`);
      const messages = first.lines.map((line) => line.msg);
      expect(messages).toEqual(
        expect.arrayContaining(['store is empty: seeding the demo data', 'demo data seeded', 'listening']),
      );
      if (address.address.startsWith('sqlite:'))
        expect(first.lines.find((line) => line.msg === 'disk space for the demo data')).toMatchObject({
          freeMB: 1_000_000,
        });
      expect(first.printed).toMatch(/API key \(x-api-key header\): +sqk_/);
      const token = /(sqt_[A-Za-z0-9_-]+)/.exec(first.printed)![1]!;
      const res = await fetch(`${first.result.service.url}/api/v1/forum/community/programming/posts?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      await first.result.service.stop();

      // started again: the store holds data and credentials, so neither is made anew
      const second = await launch(['--demo-if-empty'], env, { freeDiskBytes: async () => 5e8 });
      if (typeof second.result === 'number') throw new Error(`did not start: ${second.errors}`);
      expect(second.lines.map((line) => line.msg)).not.toContain('demo data seeded');
      // and less than 1 GiB free beside a store file is worth a warning: imports and sync grow it
      const room = second.lines.find((line) => String(line.msg).startsWith('little free space beside the store'));
      if (address.address.startsWith('sqlite:')) expect(room).toMatchObject({ level: 40, freeMB: 500, wantedMB: 1074 });
      else expect(room).toBeUndefined();
      expect(second.printed).toBe('');
      await second.result.service.stop();
    } finally {
      await address.drop();
    }
  });

  it('warns before seeding a store file into a disk with too little room for the demo', async () => {
    const address = await createTestStoreAddress({ kind: 'sqlite', shared: true });
    try {
      const env = { SOCIALQUERY_STORE: address.address, SOCIALQUERY_DEMO_SCALES: TINY_DEMO };
      const { result, lines } = await launch(['--demo-if-empty'], env, { freeDiskBytes: async () => 1e6 });
      if (typeof result === 'number') throw new Error('did not start');
      const warning = lines.find((line) => line.level === 40);
      expect(warning).toMatchObject({ freeMB: 1, msg: expect.stringContaining('the seed may fail with "disk full"') });
      expect((warning as { neededMB: number }).neededMB).toBeGreaterThan(1);
      await result.service.stop();
    } finally {
      await address.drop();
    }
  });
});
