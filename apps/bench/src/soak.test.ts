import { runSoak } from './soak.js';

/**
 * `pnpm bench --soak` for a minute (four windows of 15 s), as CI runs it: reads at a fixed rate
 * beside imports back to back and sync mode against a fake Reddit. Every read answers 200, the
 * imports and the sync runs go on, and the service holds no more file descriptors at the end than
 * early on. (A leak of memory shows over the 30 minutes of the bench, not in one: BENCHMARKS.md.)
 */
describe('the soak, for a minute', () => {
  it('reads all answer 200 beside imports and sync runs, and descriptors stay flat', async () => {
    const windows = await runSoak({ windows: 4, windowSeconds: 15, rate: 50, lines: 3_000, kind: 'sqlite' });
    expect(windows).toHaveLength(4);
    for (const window of windows) {
      expect({ window: window.window, unexpected: window.unexpected }).toEqual({
        window: window.window,
        unexpected: 0,
      });
      expect(window.reads).toBeGreaterThan(15 * 50 * 0.8);
      expect(window.rssMiB).toBeGreaterThan(0);
    }
    const last = windows.at(-1)!;
    expect(last.imports).toBeGreaterThanOrEqual(1);
    expect(last.syncRuns).toBeGreaterThanOrEqual(1);
    expect(last.fds).toBeLessThanOrEqual(windows[1]!.fds + 20);
  });
});
