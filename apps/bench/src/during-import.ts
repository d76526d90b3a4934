import { copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine, positive, storeKinds } from './args.js';
import { type ChildResult, runChild } from './imports/child-result.js';
import { LINES_VERSION, writeRedditLines } from './imports/reddit-lines.js';
import { expectAnswers, type LoadOptions, type LoadResult, load } from './load.js';
import { startServer } from './processes.js';
import { markdownTable, type TargetLine } from './report.js';
import { credentialHeaders } from './scenarios.js';
import { BENCH_CACHE, type BenchStore, prepareForumStores } from './stores.js';

export const DURING_IMPORT_USAGE = `Usage: pnpm bench --during-import [options]

Measures reads while an import commits into the store the service reads: after an unmeasured import
of --lines Reddit submissions (the store's first, which outgrows it and so writes another way), an import of
as many others alone (no service running), then the service's cheap reads alone (forum
posts of a community and of a user, at --rate requests/s over --connections connections), then the
same reads while an import of another --lines submissions runs, then one more import alone. Each
import makes the store larger and the next one slower, so the import with reads is compared with
the two alone that bracket it (their records over their seconds). It reports that ratio, the reads'
p99 during the import against alone, every read that did not answer 200, and every read of a user
whose posts the import adds that saw part of the import (an import is one transaction: a reader
sees all of it or none).

Options:
  --during-import    this mode
  --scale N          forum demo scale of the store the imports go into (default 1)
  --lines N          submissions per import (default 1000000; text and authors as in pnpm bench --imports)
  --rate R           reads per second, all connections together (default 200)
  --connections C    connections of the reads (default 10)
  --stores LIST      sqlite, postgres or both (default sqlite)`;

const API_MAIN = fileURLToPath(new URL('../../api/dist/main.js', import.meta.url));
const IMPORT_CHILD = fileURLToPath(new URL('./imports/import-child.js', import.meta.url));

/** The targets (issue: reads during writes). */
export const TARGET_IMPORT_SPEED = 0.8;
export const TARGET_P99_GROWTH = 2;

/**
 * The user whose posts the consistency probe reads: authors are drawn by a Zipf law (rank 1,000 writes
 * about one submission in 12,000), so the user's listing holds all their posts of a dump of up to a million.
 */
const PROBED_USER = 'user_1000';
/** Submissions of the dumps start here (ids base36 of 1,000,000 + i): beyond any the demo holds. */
const FIRST_LINE = 20_000_000;

interface DuringImportValues {
  scale?: string | undefined;
  stores: string;
  lines?: string | undefined;
  rate?: string | undefined;
  connections: string;
}

interface StoreResult {
  title: string;
  /** The imports alone just before and just after the one with reads. */
  alone: readonly [ChildResult, ChildResult];
  during: ChildResult;
  idle: LoadResult;
  busy: LoadResult;
  probes: { reads: number; failed: number; partial: number; before: number; after: number };
}

export async function duringImportCommand(values: DuringImportValues, args: readonly string[]): Promise<void> {
  const say = (line: string) => console.error(line);
  const scale = positive(values.scale ?? '1', 'scale');
  const lines = positive(values.lines ?? '1000000', 'lines');
  const rate = positive(values.rate ?? '200', 'rate');
  const connections = positive(values.connections, 'connections');
  const dataDir = join(BENCH_CACHE, 'during-import');
  mkdirSync(dataDir, { recursive: true });
  const [warm, first, second, third] = [
    await dump(dataDir, lines, FIRST_LINE, say),
    await dump(dataDir, lines, FIRST_LINE + lines, say),
    await dump(dataDir, lines, FIRST_LINE + 2 * lines, say),
    await dump(dataDir, lines, FIRST_LINE + 3 * lines, say),
  ];
  const stores = await prepareForumStores(scale, storeKinds(values.stores), say);
  const results: StoreResult[] = [];
  try {
    for (const store of stores) {
      await onScratchCopy(store, async (address) => {
        results.push(
          await measureStore({ ...store, address }, { warm, first, second, third, lines, rate, connections }, say),
        );
      });
    }
  } finally {
    for (const store of stores) await store.drop();
  }
  report(results, args, { lines, rate, connections, scale });
}

/** …/during-import/reddit-thin-<version>-<lines>-from-<first>.ndjson, generated once. */
async function dump(dataDir: string, lines: number, first: number, say: (line: string) => void): Promise<string> {
  const file = join(dataDir, `reddit-thin-${LINES_VERSION}-${lines}-from-${first}.ndjson`);
  if (existsSync(file)) return file;
  say(`generating ${file}…`);
  await writeRedditLines(`${file}.partial`, 'thin', lines, first);
  renameSync(`${file}.partial`, file);
  return file;
}

/** The imports change the store: SQLite's cached file is copied to a scratch folder first (PostgreSQL's database is the run's own). */
async function onScratchCopy(store: BenchStore, work: (address: string) => Promise<void>): Promise<void> {
  if (store.kind === 'postgres') return work(store.address);
  const scratch = mkdtempSync(join(tmpdir(), 'sq-bench-during-'));
  try {
    const file = join(scratch, 'store.db');
    copyFileSync(store.address.slice('sqlite:'.length), file);
    await work(`sqlite:${file}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Imports a dump in a child process; resolves with its ChildResult. */
const importChild = (address: string, file: string) =>
  runChild(IMPORT_CHILD, [address, file, 'forum', 'reddit-ndjson']);

async function measureStore(
  store: BenchStore,
  run: { warm: string; first: string; second: string; third: string; lines: number; rate: number; connections: number },
  say: (line: string) => void,
): Promise<StoreResult> {
  const title = `${store.kind}, forum scale ${String(store.scale)}`;
  // the first import into the demo's store outgrows it (the bulk path, indexes set aside); the two
  // measured ones do not, so they write the same way into stores of about the same size
  say(`${title}: importing ${String(run.lines)} submissions, unmeasured…`);
  await importChild(store.address, run.warm);
  say(`${title}: importing ${String(run.lines)} submissions alone…`);
  const before = await importChild(store.address, run.first);
  const env = { SOCIALQUERY_STORE: store.address, PORT: '0', LOG_LEVEL: 'info', SOCIALQUERY_RATE_LIMIT: '1000000000' };
  const service = await startServer([API_MAIN], env);
  try {
    const headers = credentialHeaders(store, 'bearer');
    const community = encodeURIComponent(store.examples.forum?.community ?? 'programming');
    const paths = [
      `/api/v1/forum/community/${community}/posts?sort=new&limit=25`,
      `/api/v1/forum/user/${PROBED_USER}/posts?limit=100`,
    ];
    const seconds = Math.max(5, Math.round(before.seconds));
    const options: LoadOptions = {
      connections: run.connections,
      durationSeconds: seconds,
      headers,
      paths,
      rate: run.rate,
    };
    await load(service.url, { ...options, durationSeconds: 1 });
    say(`${title}: reads alone for ${String(seconds)} s…`);
    const idle = await load(service.url, options);
    const perDump = await linesBy(run.second, PROBED_USER);
    await expectAnswers(service.url, paths, headers);
    const probeUrl = `${service.url}${paths[1]!}`;
    const postsBefore = await postsOf(probeUrl, headers);
    say(`${title}: reads during an import of ${String(run.lines)} more submissions…`);
    const importing = importChild(store.address, run.second);
    let importDone = false;
    void importing.finally(() => (importDone = true)).catch(() => undefined);
    const probes = { reads: 0, failed: 0, partial: 0, before: postsBefore, after: postsBefore + perDump };
    const probing = (async () => {
      while (!importDone) {
        const count = await postsOf(probeUrl, headers).catch(() => -1);
        probes.reads += 1;
        if (count < 0) probes.failed += 1;
        else if (count !== probes.before && count !== probes.after) probes.partial += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const busy = await load(service.url, options);
    const during = await importing;
    await probing;
    await service.stop();
    say(`${title}: importing ${String(run.lines)} more submissions alone…`);
    const after = await importChild(store.address, run.third);
    return { title, alone: [before, after], during, idle, busy, probes };
  } finally {
    await service.stop();
  }
}

/** How many lines of a dump the author wrote. */
async function linesBy(file: string, author: string): Promise<number> {
  const needle = `"author":${JSON.stringify(author)},`;
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    if (line.includes(needle)) count += 1;
  return count;
}

/** Records per second of the imports alone together. */
const aloneRate = ([before, after]: StoreResult['alone']) =>
  (before.records + after.records) / (before.seconds + after.seconds);
const rateOf = (result: ChildResult) => result.records / result.seconds;

/** How many posts the user's listing holds (its first page of up to 100); -1 for an answer that is not 200. */
async function postsOf(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) return -1;
  const body = (await res.json()) as { posts: unknown[] };
  return body.posts.length;
}

function report(
  results: readonly StoreResult[],
  args: readonly string[],
  run: { lines: number; rate: number; connections: number; scale: number },
) {
  const rows = results.map(({ title, alone, during, idle, busy, probes }) => ({
    store: title,
    'imports alone rec/s (before / after)': `${String(Math.round(rateOf(alone[0])))} / ${String(Math.round(rateOf(alone[1])))}`,
    'import with reads rec/s': Math.round(rateOf(during)),
    'import speed ratio': (rateOf(during) / aloneRate(alone)).toFixed(2),
    'reads p99 alone ms': idle.p99,
    'reads p99 during ms': busy.p99,
    'p99 growth': (busy.p99 / Math.max(idle.p99, 0.1)).toFixed(2),
    'reads p50 alone / during ms': `${String(idle.p50)} / ${String(busy.p50)}`,
    'reads not 200': idle.unexpected + busy.unexpected + probes.failed,
    'probe reads / partial': `${String(probes.reads)} / ${String(probes.partial)}`,
  }));
  console.table(rows);
  const targets: TargetLine[] = results.flatMap(({ title, alone, during, idle, busy, probes }) => [
    {
      target: `import with reads ≥ ${String(TARGET_IMPORT_SPEED)} of its speed alone`,
      subject: title,
      figure: `${(rateOf(during) / aloneRate(alone)).toFixed(2)} (${String(Math.round(rateOf(during)))} vs ${String(Math.round(aloneRate(alone)))} records/s)`,
      met: rateOf(during) / aloneRate(alone) >= TARGET_IMPORT_SPEED,
    },
    {
      target: `reads' p99 during the import ≤ ${String(TARGET_P99_GROWTH)}× alone`,
      subject: title,
      figure: `${(busy.p99 / Math.max(idle.p99, 0.1)).toFixed(2)}× (${String(idle.p99)} → ${String(busy.p99)} ms)`,
      met: busy.p99 / Math.max(idle.p99, 0.1) <= TARGET_P99_GROWTH,
    },
    {
      target: 'every read 200, none sees part of the import',
      subject: title,
      figure: `${String(idle.unexpected + busy.unexpected + probes.failed)} not 200, ${String(probes.partial)} partial of ${String(probes.reads)} probes`,
      met: idle.unexpected + busy.unexpected + probes.failed === 0 && probes.partial === 0,
    },
  ]);
  const targetRows = targets.map((t) => ({ ...t, met: t.met ? 'yes' : 'NO' }));
  console.table(targetRows);
  console.log(
    [
      '',
      `Command: \`pnpm bench ${args.join(' ')}\` (${String(run.lines)} submissions an import, reads at ${String(run.rate)}/s over ${String(run.connections)} connections)`,
      '',
      markdownTable(rows),
      '',
      markdownTable(targetRows),
      '',
      machineLine(),
      '',
    ].join('\n'),
  );
}
