#!/usr/bin/env node
/**
 * `node scripts/test-under-load.mjs [--hogs N] [command…]`: runs a command (default `pnpm test`)
 * beside N busy loops (default 2, one a core of a 2-core machine), as a contributor's laptop runs
 * the suites beside an editor, a browser and a build. The loops are child processes that spin until
 * the command ends; the script exits with the command's exit code and prints how long it took.
 * No test may depend on how fast the machine is: the suites must pass here as they do idle.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { hogs: { type: 'string', default: '2' }, help: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (values.help) {
  console.log('Usage: node scripts/test-under-load.mjs [--hogs N] [command…]   (default command: pnpm test)');
  process.exit(0);
}
const hogs = Number(values.hogs);
if (!Number.isInteger(hogs) || hogs < 0) {
  console.error(`--hogs must be a whole number, got ${values.hogs}`);
  process.exit(2);
}
const [file, ...args] = positionals.length > 0 ? positionals : ['pnpm', 'test'];

const loops = Array.from({ length: hogs }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopLoops = () => loops.forEach((loop) => loop.kill('SIGKILL'));
process.on('exit', stopLoops);

const started = Date.now();
console.error(`[under-load] ${hogs} busy loop(s) running; ${[file, ...args].join(' ')}`);
const child = spawn(file, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.on('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
stopLoops();
const seconds = Math.round((Date.now() - started) / 1000);
console.error(
  `[under-load] exit ${code} after ${Math.floor(seconds / 60)} min ${seconds % 60} s beside ${hogs} busy loop(s)`,
);
process.exit(code);
