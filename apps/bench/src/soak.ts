import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '@socialquery/store';
import { createTestStoreAddress } from '@socialquery/store/testing';
import { fakeReddit, REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET, redditPosts } from '@socialquery/sync/testing';
import { machineLine, positive, storeKinds } from './args.js';
import { runChild } from './imports/child-result.js';
import { writeRedditLines } from './imports/reddit-lines.js';
import { expectAnswers, load } from './load.js';
import { markdownTable } from './report.js';
import { startServer } from './processes.js';

export const SOAK_USAGE = `Usage: pnpm bench --soak [options]

Runs the service for a while as it runs in production, and reports each minute: cheap reads at a
fixed rate (forum posts of a community and of a user, a search, /healthz), imports of Reddit
submissions back to back into the store it reads (each a new batch of ids), and sync mode
collecting a community from a fake Reddit that gains posts every minute. Per minute: the reads'
p50 and p99, reads that did not answer 200, the service's resident memory and open file
descriptors, imports and sync runs finished. Flat memory and descriptors mean no leak.

Options:
  --soak             this mode
  --minutes N        how long (default 30)
  --rate R           reads per second (default 100)
  --lines N          submissions an import (default 20000)
  --stores LIST      sqlite or postgres (default sqlite; the first is used)`;

const API_MAIN = fileURLToPath(new URL('../../api/dist/main.js', import.meta.url));
/** The import child beside this module once built; from the TypeScript sources (the soak's test) the built one. */
const IMPORT_CHILD = [
  fileURLToPath(new URL('./imports/import-child.js', import.meta.url)),
  fileURLToPath(new URL('../dist/imports/import-child.js', import.meta.url)),
].find((path) => existsSync(path))!;
const COMMUNITY = 'soak';

export interface SoakWindow {
  /** The window's number, from 1. */
  window: number;
  p50: number;
  p99: number;
  reads: number;
  /** Reads that did not answer 200, and errors. */
  unexpected: number;
  rssMiB: number;
  fds: number;
  /** Imports finished so far, and sync runs the store recorded so far. */
  imports: number;
  syncRuns: number;
}

export interface SoakOptions {
  windows: number;
  windowSeconds: number;
  rate: number;
  lines: number;
  kind: 'sqlite' | 'postgres';
  say?: (line: string) => void;
}

/** Resident memory of a process in MiB, from /proc (NaN where there is none). */
function rssMiBOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Open file descriptors of a process (sockets, the store's files, pipes), from /proc. */
function fdsOf(pid: number): number {
  try {
    return readdirSync(`/proc/${String(pid)}/fd`).length;
  } catch {
    return Number.NaN;
  }
}

/** Runs the soak; resolves with one SoakWindow a window. */
export async function runSoak({ windows, windowSeconds, rate, lines, kind, say = () => {} }: SoakOptions) {
  const scratch = mkdtempSync(join(tmpdir(), 'sq-soak-'));
  const target = await createTestStoreAddress({ kind, shared: true });
  const reddit = await fakeReddit();
  let stopImports = false;
  try {
    const store = await openStore(target.address);
    let token: string;
    try {
      await store.seedDemo({ only: ['forum'], scales: { forum: 0.1 } });
      token = (await store.credentials.create('token', 'soak')).secret;
    } finally {
      await store.close();
    }
    const now = () => Math.floor(Date.now() / 1000);
    reddit.posts.push(...redditPosts(300, COMMUNITY, now(), 'p0_'));
    const targets = join(scratch, 'sync.json');
    writeFileSync(targets, JSON.stringify({ targets: [{ platform: 'forum', community: COMMUNITY, every: '30s' }] }));
    const service = await startServer([API_MAIN], {
      SOCIALQUERY_STORE: target.address,
      PORT: '0',
      LOG_LEVEL: 'info',
      SOCIALQUERY_RATE_LIMIT: '1000000000',
      SOCIALQUERY_SYNC_TARGETS: targets,
      SOCIALQUERY_REDDIT_CLIENT_ID: REDDIT_CLIENT_ID,
      SOCIALQUERY_REDDIT_CLIENT_SECRET: REDDIT_CLIENT_SECRET,
      SOCIALQUERY_REDDIT_API_URL: reddit.url,
      SOCIALQUERY_REDDIT_AUTH_URL: `${reddit.url}/api/v1/access_token`,
    });
    let imports = 0;
    /** Resolves once the first import has finished: the paths read include a user its dumps bring. */
    const importsStarted = async () => {
      while (imports === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    const importing = (async () => {
      for (let round = 0; !stopImports; round++) {
        const file = join(scratch, 'dump.ndjson');
        await writeRedditLines(file, 'thin', lines, 30_000_000 + round * lines);
        await runChild(IMPORT_CHILD, [target.address, file, 'forum', 'reddit-ndjson']);
        imports += 1;
      }
    })();
    const results: SoakWindow[] = [];
    try {
      const headers = { authorization: `Bearer ${token}` };
      const paths = [
        '/api/v1/forum/community/programming/posts?limit=25',
        '/api/v1/forum/user/user_7/posts?limit=25',
        `/api/v1/forum/community/${COMMUNITY}/posts?sort=hot&limit=25`,
        '/api/v1/forum/search/posts?q=recipe&limit=10',
        '/healthz',
      ];
      await importsStarted();
      await expectAnswers(service.url, paths, headers);
      for (let window = 1; window <= windows; window++) {
        // the fake community gains posts, so each sync run finds some new
        reddit.posts.push(...redditPosts(20, COMMUNITY, now(), `p${String(window)}_`));
        const reads = await load(service.url, {
          connections: 10,
          durationSeconds: windowSeconds,
          headers,
          paths,
          rate,
        });
        const syncRuns = await syncRunsOf(target.address);
        const row: SoakWindow = {
          window,
          p50: reads.p50,
          p99: reads.p99,
          reads: reads.requests ?? 0,
          unexpected: reads.unexpected,
          rssMiB: rssMiBOf(service.pid),
          fds: fdsOf(service.pid),
          imports,
          syncRuns,
        };
        results.push(row);
        say(
          `window ${String(window)}: p99 ${String(row.p99)} ms, ${String(row.unexpected)} not 200, ${String(row.rssMiB)} MiB, ${String(row.fds)} fds, ${String(imports)} imports, ${String(syncRuns)} sync runs`,
        );
      }
    } finally {
      stopImports = true;
      await importing.catch(() => undefined);
      await service.stop();
    }
    return results;
  } finally {
    stopImports = true;
    await reddit.close();
    await target.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The runs the store's sync targets recorded (a run in progress not yet). */
async function syncRunsOf(address: string): Promise<number> {
  const store = await openStore(address, { migrate: false });
  try {
    const rows = await store.db.selectFrom('sync_targets').select('runs').execute();
    return rows.reduce((sum, row) => sum + Number(row.runs), 0);
  } finally {
    await store.close();
  }
}

interface SoakValues {
  minutes?: string | undefined;
  rate?: string | undefined;
  lines?: string | undefined;
  stores: string;
}

export async function soakCommand(values: SoakValues, args: readonly string[]): Promise<void> {
  const say = (line: string) => console.error(line);
  const minutes = positive(values.minutes ?? '30', 'minutes');
  const [kind = 'sqlite'] = storeKinds(values.stores);
  const results = await runSoak({
    windows: minutes,
    windowSeconds: 60,
    rate: positive(values.rate ?? '100', 'rate'),
    lines: positive(values.lines ?? '20000', 'lines'),
    kind,
    say,
  });
  const rows = results.map(({ window, ...row }) => ({ minute: window, ...row }));
  console.table(rows);
  console.log(
    ['', `Command: \`pnpm bench ${args.join(' ')}\` (${kind})`, '', markdownTable(rows), '', machineLine(), ''].join(
      '\n',
    ),
  );
}
