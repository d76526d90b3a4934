import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { listTargetStates } from './checkpoints.js';
import { runSchedule, SyncLease } from './schedule.js';
import type { Target } from './targets.js';
import { fakeClock, fakeConfig, fakeReddit, fastUpstream, redditPosts } from './testing.js';
import type { TargetSummary } from './run.js';

const NOW_S = Date.parse('2026-03-02T11:00:00Z') / 1000;
const targets: Target[] = [
  { platform: 'forum', community: 'rust', every: '10m' },
  { platform: 'forum', post: 'r1', every: '1h' },
];

/** Resolves once `condition` holds (checked every few milliseconds). */
const until = (condition: () => boolean) =>
  new Promise<void>((resolve) => {
    const check = () => (condition() ? resolve() : setTimeout(check, 5));
    check();
  });

describe('runSchedule', () => {
  let store: Store;
  let reddit: Awaited<ReturnType<typeof fakeReddit>>;
  beforeAll(async () => {
    store = await openTestStore();
    reddit = await fakeReddit();
    reddit.posts.push(...redditPosts(5, 'rust', NOW_S, 'r'));
  });
  /**
   * Every schedule's controller, aborted when the file ends whatever its test reached: a schedule left
   * running on a fake clock (whose sleeps take no time) spins on the closed store and keeps jest from exiting.
   */
  const controllers: AbortController[] = [];
  const controlled = () => {
    const controller = new AbortController();
    controllers.push(controller);
    return controller;
  };
  afterAll(async () => {
    for (const controller of controllers) controller.abort();
    await reddit.close();
    await store.close();
  });

  it('runs each target on its interval; a second scheduler on the same store runs nothing; stops promptly on abort', async () => {
    const clock = fakeClock();
    const start = clock.now();
    const first = controlled();
    const second = controlled();
    const runs: { who: string; summaries: TargetSummary[]; at: number }[] = [];
    const leases: string[] = [];
    // b reads a's time but its polls take a millisecond of real time and move nothing: a alone moves the clock
    const watcher = { now: clock.now, sleep: () => new Promise<void>((resolve) => setTimeout(resolve, 1)) };
    const schedule = (who: string, signal: AbortSignal) =>
      runSchedule(store.db, targets, {
        config: fakeConfig(reddit),
        clock: who === 'a' ? clock : watcher,
        upstream: fastUpstream,
        signal,
        holder: who,
        leaseMs: 60_000,
        pollMs: 15_000,
        onRun: (summaries) => {
          runs.push({ who, summaries, at: clock.now() });
          // two hours of schedule, then stop
          if (clock.now() - start >= 2 * 3_600_000) first.abort();
        },
        onLease: (held) => leases.push(`${who} ${held ? 'holds' : 'waits for'} the lease`),
      });
    const a = schedule('a', first.signal);
    // b starts once a holds the lease (on PostgreSQL, started together, either could take it first)
    await until(() => leases.includes('a holds the lease'));
    const b = schedule('b', second.signal);
    b.catch(() => {});
    await a;
    expect(runs.every((run) => run.who === 'a')).toBe(true);
    // the first run takes both, then the community every 10 minutes and the post every hour
    expect(runs[0]!.summaries.map((s) => s.key)).toEqual(['forum:community:rust:new', 'forum:post:r1']);
    const community = runs.filter((run) => run.summaries.some((s) => s.key === 'forum:community:rust:new'));
    const post = runs.filter((run) => run.summaries.some((s) => s.key === 'forum:post:r1'));
    expect(community).toHaveLength(13);
    expect(post).toHaveLength(3);
    expect([...leases].sort()).toEqual(['a holds the lease', 'b waits for the lease']);
    // a gave the lease up when it stopped: b takes it over
    await until(() => leases.includes('b holds the lease'));
    second.abort();
    await b;
    const states = await listTargetStates(store.db);
    expect(states.map((state) => state.key)).toEqual(['forum:community:rust:new', 'forum:post:r1']);
    expect(states[0]).toMatchObject({ runs: 13, failures: 0, recordsNew: 5 });
  });

  it('goes on when the store fails a turn, telling onError', async () => {
    let failures = 2;
    // the store answers the lease but fails its first two reads of the targets' states (a database restart)
    const flaky = new Proxy(store.db, {
      get(db, property) {
        if (property !== 'selectFrom') {
          const value = Reflect.get(db, property, db) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
        }
        return (table: 'sync_targets') => {
          if (table === 'sync_targets' && failures-- > 0) throw new Error('store unreachable');
          return db.selectFrom(table);
        };
      },
    });
    const controller = controlled();
    const errors: string[] = [];
    const clock = fakeClock(Date.parse('2026-06-01T00:00:00Z'));
    await runSchedule(flaky, [{ platform: 'forum', community: 'flaky' }], {
      config: fakeConfig(reddit),
      clock,
      upstream: fastUpstream,
      signal: controller.signal,
      holder: 'flaky',
      pollMs: 5_000,
      onError: (error) => errors.push((error as Error).message),
      onRun: () => controller.abort(),
    });
    expect(errors).toEqual(['store unreachable', 'store unreachable']);
    expect(clock.sleeps).toEqual([5_000, 5_000]);
  });

  it('the lease: one holder until it expires or is released', async () => {
    const clock = fakeClock();
    const a = new SyncLease(store.db, 'a', 1_000, clock, 'test');
    const b = new SyncLease(store.db, 'b', 1_000, clock, 'test');
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    clock.advance(500);
    expect(await a.acquire()).toBe(true);
    clock.advance(900);
    expect(await b.acquire()).toBe(false);
    clock.advance(100);
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    await a.release();
    expect(await b.acquire()).toBe(true);
    await b.release();
    expect(await a.acquire()).toBe(true);
  });
});
