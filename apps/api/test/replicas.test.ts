import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built service entry point, run as a user runs it. */
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

let redisUrl: string;
let dir: string;
beforeAll(() => {
  const url = process.env.SOCIALQUERY_TEST_REDIS;
  if (!url) throw new Error('SOCIALQUERY_TEST_REDIS is not set: run the tests through `pnpm test`, which starts redis-server');
  redisUrl = url;
  dir = mkdtempSync(join(tmpdir(), 'sq-replicas-'));
});
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function start(args: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${output}`));
    });
  });
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('two service processes sharing one Redis', () => {
  it('hold one budget per credential across both: exactly SOCIALQUERY_RATE_LIMIT requests succeed', async () => {
    // A new store, so a new credential: its counter in Redis is this run's alone.
    const env = { SOCIALQUERY_STORE: `sqlite:${join(dir, 'replicas.db')}`, SOCIALQUERY_REDIS: redisUrl, SOCIALQUERY_RATE_LIMIT: '10' };
    const first = await start(['--demo-if-empty'], env);
    const token = /(sqt_[A-Za-z0-9_-]+)/.exec(first.output())?.[1];
    expect(token).toBeDefined();
    const second = await start([], env);
    expect(second.output()).not.toContain('shown only this once');
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
  }, 60_000);
});
