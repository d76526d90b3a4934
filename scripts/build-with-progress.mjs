#!/usr/bin/env node
/**
 * `pnpm start`'s build: turbo's build of every package, showing each package as its build begins
 * (the first start compiles them all, which takes minutes on a small machine; later starts reuse
 * turbo's cache and print one line). Turbo's own output is kept out of sight unless the build
 * fails, when it is printed whole, with its exit code.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`Usage: node scripts/build-with-progress.mjs

Builds every package with turbo (cached), printing a line as each package's build begins.`);
  process.exit(0);
}

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const started = Date.now();
const log = (line) => process.stderr.write(`${line}\n`);
const turbo = spawn('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=hash-only'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});

let output = '';
let pending = '';
let built = 0;
let cached = 0;
const onChunk = (chunk) => {
  output += chunk;
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    // turbo: "<package>:build: cache miss, executing <hash>" or "… cache hit, suppressing logs <hash>"
    const task = /^(\S+):build: cache (miss|hit)/.exec(line);
    if (!task) continue;
    if (task[2] === 'hit') cached += 1;
    else {
      if (built === 0) log('building the packages (the first start compiles them all: a few minutes on 2 cores)');
      built += 1;
      log(`  building ${task[1]}`);
    }
  }
};
turbo.stdout.on('data', onChunk);
turbo.stderr.on('data', onChunk);
turbo.on('close', (code) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (code !== 0) {
    process.stderr.write(output);
    log(`build failed (turbo exited with ${code})`);
    process.exit(code ?? 1);
  }
  log(
    built > 0
      ? `built ${built} packages in ${seconds} s (${cached} unchanged)`
      : `build up to date (${cached} packages)`,
  );
});
