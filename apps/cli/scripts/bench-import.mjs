#!/usr/bin/env node
// Import benchmark: Reddit NDJSON into a fresh SQLite store; prints records/s, CPU time and peak RSS.
// Usage (after `pnpm turbo run build --filter=@socialquery/cli...`):
//   node apps/cli/scripts/bench-import.mjs [lines=1000000] [--zst]
// The input is generated once at /tmp/socialquery-bench-reddit-<lines>.ndjson (--zst: compressed with `zstd --long=31`, as the dumps are).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importData, openStore } from '@socialquery/store';

const args = process.argv.slice(2);
const lines = Number(args.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const zst = args.includes('--zst');
let input = join(tmpdir(), `socialquery-bench-reddit-${lines}.ndjson`);
if (!existsSync(input)) {
  console.error(`generating ${input} …`);
  execFileSync(
    process.execPath,
    [join(dirname(fileURLToPath(import.meta.url)), 'generate-reddit-ndjson.mjs'), input, String(lines)],
    { stdio: 'inherit' },
  );
}
if (zst) {
  if (!existsSync(`${input}.zst`))
    // through stdin, as the Pushshift / Arctic Shift dumps are made: the frame declares the full 2 GiB window
    execFileSync('sh', ['-c', 'zstd -q --long=31 -c < "$0" > "$0.zst"', input], { stdio: 'inherit' });
  input = `${input}.zst`;
}

/** CPU seconds per thread (Linux /proc), sampled every 250 ms: threads that end keep their last sample. */
const threadCpu = new Map();
const clockTicks = 100;
function sampleThreads() {
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      threadCpu.set(tid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / clockTicks });
    }
  } catch {
    // not Linux: no per-thread figures
  }
}

const dir = mkdtempSync(join(tmpdir(), 'socialquery-bench-'));
const store = await openStore(`sqlite:${join(dir, 'bench.db')}`);
try {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const baseline = (sampleThreads(), new Map([...threadCpu].map(([tid, { seconds }]) => [tid, seconds])));
  const sampler = setInterval(sampleThreads, 250);
  const summary = await importData(store.db, 'forum', 'reddit-ndjson', input);
  clearInterval(sampler);
  sampleThreads();
  const busy = [...threadCpu]
    .map(([tid, { name, seconds }]) => ({ name, seconds: seconds - (baseline.get(tid) ?? 0) }))
    .filter((t) => t.seconds >= 0.5);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const records = summary.imported + summary.updated;
  console.log(
    JSON.stringify({
      input,
      bytes: statSync(input).size,
      records,
      skipped: summary.skipped,
      seconds: Number(seconds.toFixed(2)),
      recordsPerSecond: Math.round(records / seconds),
      cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
      recordsPerCpuSecond: Math.round(records / ((used.user + used.system) / 1e6)),
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      // the busiest threads: the main thread (parsing and SQLite), V8's GC helpers, any worker thread
      threads: busy.sort((a, b) => b.seconds - a.seconds).map((t) => `${t.name} ${t.seconds.toFixed(1)} s`),
    }),
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
