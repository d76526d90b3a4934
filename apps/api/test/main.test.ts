import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { connect } from 'node:net';
import http from 'node:http';
import { demoSize, FIRST_RUN_DEMO_SCALES, openStore } from '@socialquery/store';
import {
  createSeededTestStoreAddress,
  createTestStoreAddress,
  type TestStoreAddress,
} from '@socialquery/store/testing';
import { NOW } from './harness.js';
import { exitOf, killServiceProcesses, MAIN, startServiceProcess } from './service-process.js';
import { LOG_FLUSH_MS } from '../src/logger.js';

afterEach(killServiceProcesses);

/** The rows per set the README says the first start seeds (its first-run-demo block: "forum 66,459 (…), …"). */
const readme = () => readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

function readmeFirstRunDemo(): Record<string, number> {
  const block = /<!-- first-run-demo[^>]*-->([\s\S]*?)<!-- \/first-run-demo -->/.exec(readme())?.[1] ?? '';
  // each set: its name, its rows, then a description in parentheses
  const sets = block.replace(/\s+/g, ' ').matchAll(/([a-z]+) (\d{1,3}(?:,\d{3})*) \(/g);
  return Object.fromEntries([...sets].map(([, name, count]) => [name, Number(count!.replace(/,/g, ''))]));
}
const stores: TestStoreAddress[] = [];
afterAll(async () => {
  for (const store of stores) await store.drop();
});

/** A new store of the run's kind that the spawned service can open (a file or a database). */
async function newStore(): Promise<string> {
  const store = await createTestStoreAddress({ shared: true });
  stores.push(store);
  return store.address;
}

describe('socialquery-api entry point', () => {
  it('prints --help and exits 0', async () => {
    const child = spawn(process.execPath, [MAIN, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += String(c)));
    expect(await exitOf(child)).toBe(0);
    expect(out).toMatch(/^Usage: socialquery-api/);
    expect(out).toContain('SOCIALQUERY_STORE');
    const rows = Object.values(demoSize({ scales: FIRST_RUN_DEMO_SCALES })).reduce((sum, n) => sum + n, 0);
    expect(out).toContain(`the music catalog at a fiftieth (about ${Math.round(rows / 1e3)} k rows)`);
    expect(out).toMatch(/--full-demo +with --demo-if-empty: every set whole \(about 1\.\d\d M rows\)/);
  });

  it('refuses a bad configuration with a clear message and exit 2', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c) => (err += String(c)));
    expect(await exitOf(child)).toBe(2);
    expect(err).toContain('PORT must be a port number from 0 to 65535');
  });

  it('first start: seeds the first-run demo, prints a key and a token once, serves them; SIGTERM exits 0', async () => {
    const store = await newStore();
    const first = await startServiceProcess(['--demo-if-empty'], {
      SOCIALQUERY_STORE: store,
      SOCIALQUERY_DEMO_SCALES: undefined,
    });
    const planned = Object.values(demoSize({ scales: FIRST_RUN_DEMO_SCALES })).reduce((sum, n) => sum + n, 0);
    expect(planned).toBeLessThan(Object.values(demoSize()).reduce((sum, n) => sum + n, 0) / 3);
    expect(first.output()).toContain(
      `"rows":${planned},"scales":${JSON.stringify(FIRST_RUN_DEMO_SCALES)},"msg":"store is empty: seeding`,
    );
    expect(first.output()).toContain('seeding a first-try demo (--full-demo seeds every set whole)');
    // a store file's disk is checked before seeding (a PostgreSQL server's disk is out of sight)
    if (store.startsWith('sqlite:'))
      expect(first.output()).toMatch(/"neededMB":\d+,"freeMB":\d+,"msg":"disk space for the demo data"/);
    else expect(first.output()).not.toContain('disk space');
    // the README tells a new user what the first start seeds: the very counts the seed reported, but for
    // the video charts, which cover the 60 days before the start (their count moves from day to day and
    // within a day), so the README counts the video set without them
    const seeded = /"rows":(\{[^}]*\}),"ms":\d+,"msg":"demo data seeded"/.exec(first.output())?.[1];
    expect(seeded).toBeDefined();
    const seededRows = JSON.parse(seeded!) as Record<string, number>;
    const opened = await openStore(store);
    const charts = Number(
      (
        await opened.db
          .selectFrom('video_chart_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    await opened.close();
    expect(charts).toBeGreaterThan(10_000);
    expect(readmeFirstRunDemo()).toEqual({ ...seededRows, video: seededRows.video! - charts });
    // not a terminal: JSON lines, and no banner; the listening line names the docs page
    expect(first.output()).toContain(`"docs":"${first.url}/docs"`);
    expect(first.output()).not.toContain('socialquery is serving');
    const token = /(sqt_[A-Za-z0-9_-]+)/.exec(first.output())?.[1];
    expect(/(sqk_[A-Za-z0-9_-]+)/.exec(first.output())).not.toBeNull();
    expect(token).toBeDefined();
    const res = await fetch(`${first.url}/api/v1/forum/community/programming/posts?limit=3`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { posts: unknown[] }).posts).toHaveLength(3);
    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(first.output()).toMatch(/"ms":\d+,"msg":"stopped"/);
    // the access lines wait in a batch (logger.ts); shutting down writes them out, in order
    const accessLine = first.output().indexOf('"url":"/api/v1/forum/community/programming/posts?limit=3"');
    expect(accessLine).toBeGreaterThan(-1);
    expect(accessLine).toBeLessThan(first.output().indexOf('"msg":"stopped"'));

    // and the size the README gives for the first start's store file, within a twentieth
    if (store.startsWith('sqlite:')) {
      const readmeMB = Number(/the store takes (\d+) MB on disk/.exec(readme())?.[1]);
      expect(statSync(store.slice('sqlite:'.length)).size / 1e6 / readmeMB).toBeCloseTo(1, 1);
    }

    const second = await startServiceProcess(['--demo-if-empty'], { SOCIALQUERY_STORE: store });
    expect(second.output()).not.toContain('shown only this once');
    expect(second.output()).not.toContain('store is empty: seeding');
    const again = await fetch(`${second.url}/healthz`);
    expect(await again.json()).toEqual({ status: 'ok' });
    // a quiet service's batch of lines goes out within a second (LOG_FLUSH_MS)
    const answered = Date.now();
    while (!second.output().includes('"msg":"GET /healthz 200"') && Date.now() - answered < 5_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now() - answered).toBeLessThan(LOG_FLUSH_MS + 500);
    // Ctrl-C under `pnpm start`: the terminal's SIGINT and then pnpm's forwarded one, while the drain
    // runs (held half a second by an idle connection); the second must not end the process
    const idle = connect(Number(new URL(second.url).port), '127.0.0.1');
    await once(idle, 'connect');
    const stopped = exitOf(second.child);
    second.child.kill('SIGINT');
    for (let waited = 0; !second.output().includes('shutting down') && waited < 5_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    second.child.kill('SIGINT');
    expect(await stopped).toBe(0);
    idle.destroy();
    expect(second.output()).toContain('"msg":"already shutting down"');
    expect(second.output()).toMatch(/"msg":"stopped"/);
  });

  it('LOG_FORMAT=pretty (the default on a terminal): text log lines and a start banner naming the docs page; SIGTERM exits 0', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_FORMAT: 'pretty', SOCIALQUERY_STORE: await newStore() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = exitOf(child);
    for (let waited = 0; !output.includes('Ctrl-C stops it.') && waited < 120_000; waited += 50) {
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const url = /socialquery is serving (http:\/\/\S+)/.exec(output)?.[1];
    expect(url).toBeDefined();
    expect(output).toContain(`docs and try-it page  ${url}/docs`);
    expect(output).toContain(`OpenAPI document      ${url}/api/v1/openapi.json`);
    expect(output).toContain('admin commands        pnpm cli --help');
    expect(output).toContain('Create more with `pnpm cli keys create --kind api-key|token`.');
    // the log's events as text, one a line: no JSON object on any line
    expect(output).toMatch(/INFO.*listening/);
    expect(output.split('\n').filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    const root = await fetch(`${url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/docs');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/INFO.*stopped/);
  });

  it('finishes every request in flight on an open connection when SIGTERM arrives, then exits 0', async () => {
    // a copy of the run's seeded demo, with a token of its own (seeding is the first start's test, above)
    const seeded = await createSeededTestStoreAddress({ now: NOW });
    stores.push(seeded);
    const opened = await openStore(seeded.address);
    const token = (await opened.credentials.create('token')).secret;
    await opened.close();
    const service = await startServiceProcess([], { SOCIALQUERY_STORE: seeded.address });
    // Open 50 connections first (a warm-up request each), so that all are accepted: connections still
    // in the kernel's listen backlog when the listener closes are reset by the OS, whatever the service does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const get = (path: string, onResponse?: () => void) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(
          `${service.url}${path}`,
          { agent, headers: { authorization: `Bearer ${token}` } },
          (res) => {
            onResponse?.();
            let body = '';
            res.on('data', (chunk) => (body += String(chunk)));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
      });
    await Promise.all(Array.from({ length: 50 }, () => get('/healthz')));
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(50);

    let firstAnswered!: () => void;
    const firstAnswer = new Promise<void>((resolve) => (firstAnswered = resolve));
    const answers = Array.from({ length: 50 }, () =>
      get('/api/v1/forum/community/programming/posts?sort=new&limit=100', () => firstAnswered()),
    );
    await firstAnswer;
    const exited = exitOf(service.child);
    service.child.kill('SIGTERM');
    const results = await Promise.all(answers);
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    for (const r of results) expect(JSON.parse(r.body).posts.length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
    agent.destroy();
  });
});
