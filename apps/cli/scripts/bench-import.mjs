#!/usr/bin/env node
// Import benchmark: Reddit NDJSON into a fresh SQLite store; prints records/s, CPU time and peak RSS.
// Usage (after `pnpm turbo run build --filter=@socialquery/cli...`):
//   node apps/cli/scripts/bench-import.mjs [lines=1000000] [--zst]
// The input is generated once at /tmp/socialquery-bench-reddit-<lines>.ndjson (--zst: compressed with the zstd tool).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
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
  execFileSync(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), 'generate-reddit-ndjson.mjs'), input, String(lines)], { stdio: 'inherit' });
}
if (zst) {
  if (!existsSync(`${input}.zst`)) execFileSync('zstd', ['-q', '-3', input, '-o', `${input}.zst`], { stdio: 'inherit' });
  input = `${input}.zst`;
}

const dir = mkdtempSync(join(tmpdir(), 'socialquery-bench-'));
const store = await openStore(`sqlite:${join(dir, 'bench.db')}`);
try {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const summary = await importData(store.db, 'forum', 'reddit-ndjson', input);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const records = summary.imported + summary.updated;
  console.log(JSON.stringify({
    input, bytes: statSync(input).size, records, skipped: summary.skipped, seconds: Number(seconds.toFixed(2)),
    recordsPerSecond: Math.round(records / seconds),
    cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
    recordsPerCpuSecond: Math.round(records / ((used.user + used.system) / 1e6)),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  }));
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
