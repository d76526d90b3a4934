#!/usr/bin/env node
/**
 * `pnpm deploy:server <folder>`: socialquery in one folder that runs without the repository, made
 * from a clone after `pnpm install`: builds what `@socialquery/server` needs, then `pnpm deploy`s it
 * (the package's files, its production dependencies, the workspace packages among them as copies)
 * into `<folder>`. pnpm 10 deploys a workspace package only with `inject-workspace-packages`, and
 * leaves a half-made folder behind when it fails: the deploy goes into a sibling folder that is
 * renamed into place only when complete, and removed otherwise, so a retry starts clean.
 * apps/server/test/installed.test.ts runs this script into an empty folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const usage = `Usage: pnpm deploy:server <folder> [--force] [--offline]

Makes <folder>: @socialquery/server with everything it needs to run on its own (Node.js >= 20.19), then
  node <folder>/bin/socialquery-server.js            serve a store in the current folder
  node <folder>/bin/socialquery-server.js --help     every command

Options:
  --force     replace <folder> if it exists and is not empty (refused otherwise)
  --offline   take every dependency from pnpm's local store (no registry)
  -h, --help  show this help`;

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

function fail(message) {
  console.error(`deploy:server: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, offline: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
} catch (error) {
  fail(`${error.message}\n\n${usage}`);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) fail(`name one folder to deploy into\n\n${usage}`);

const target = resolve(positionals[0]);
if (target === root || root.startsWith(`${target}/`)) fail(`${target} holds the repository: name another folder`);
if (existsSync(target) && readdirSync(target).length > 0 && !values.force)
  fail(`${target} exists and is not empty: remove it, name another folder, or pass --force`);

/** Runs a command from the repository's root, its output shown; stops the script if it fails. */
function run(what, command, args) {
  console.log(`deploy:server: ${what}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`deploy:server: ${what} failed (${command} ${args.join(' ')})`);
    return false;
  }
  return true;
}

if (
  !run('building @socialquery/server and what it depends on', 'pnpm', [
    'exec',
    'turbo',
    'run',
    'build',
    '--filter=@socialquery/server...',
    '--output-logs=errors-only',
  ])
)
  process.exit(1);

const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
const deployed = run(`installing into ${target}`, 'pnpm', [
  '--config.inject-workspace-packages=true',
  '--filter',
  '@socialquery/server',
  '--prod',
  'deploy',
  ...(values.offline ? ['--offline'] : []),
  partial,
]);
if (!deployed) {
  rmSync(partial, { recursive: true, force: true });
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
renameSync(partial, target);
console.log(`deploy:server: done. Run it with: node ${join(target, 'bin', 'socialquery-server.js')}`);
