#!/usr/bin/env node
/**
 * `node scripts/check-packages.mjs`: checks what each publishable workspace package would ship
 * (`pnpm pack --dry-run`, after a build), so that a tarball works where it is installed:
 * - every source map's `sources` are in the tarball (the maps point at `src/`, which ships beside `dist/`);
 * - no test files ship;
 * - every `exports` target and `bin` file is in the tarball;
 * - every `bin` file is in the repository itself, not made by the build: `pnpm install` links bins
 *   before anything is built, and warns ("Failed to create bin") for every bin it cannot find.
 * Prints one line per package and exits 1 on the first package with a problem (listing them all).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const workspaces = ['packages', 'apps'].flatMap((folder) =>
  readdirSync(join(root, folder))
    .map((name) => join(root, folder, name))
    .filter((dir) => existsSync(join(dir, 'package.json'))),
);

/** The relative paths of the files `pnpm pack` would put in the package's tarball. */
function packedFiles(dir) {
  const out = execFileSync('pnpm', ['pack', '--dry-run', '--json'], { cwd: dir, encoding: 'utf8' });
  return new Set(JSON.parse(out).files.map((file) => normalize(file.path)));
}

/** Targets of an `exports` map (strings at any depth). */
function exportTargets(exports) {
  if (typeof exports === 'string') return [exports];
  if (!exports || typeof exports !== 'object') return [];
  return Object.values(exports).flatMap(exportTargets);
}

function problemsOf(dir, manifest) {
  const files = packedFiles(dir);
  const problems = [];
  for (const file of files) {
    if (/\.(test|case)\.ts$/.test(file)) problems.push(`ships a test file: ${file}`);
    if (!file.endsWith('.map')) continue;
    const map = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const source of map.sources ?? []) {
      const resolved = normalize(join(dirname(file), map.sourceRoot ?? '', source));
      if (files.has(resolved) || map.sourcesContent) continue;
      problems.push(
        existsSync(join(dir, resolved))
          ? `${file} points to ${resolved}, not shipped (the package's "files" should hold src)`
          : `${file} points to ${resolved}, which is gone (left in dist/ by an earlier build: rm -rf dist and build again)`,
      );
    }
  }
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  for (const target of [...exportTargets(manifest.exports), ...bins]) {
    if (!files.has(normalize(target))) problems.push(`${target} (exports or bin) is not shipped`);
  }
  for (const bin of bins) {
    if (!tracked(join(dir, bin)))
      problems.push(`${bin} (bin) is not in the repository: a fresh install cannot link it before the build`);
  }
  return problems;
}

/** Whether git tracks the file (in a clone of the repository; outside one, whether it exists). */
function tracked(file) {
  try {
    return execFileSync('git', ['ls-files', '--error-unmatch', file], { cwd: root, stdio: 'pipe' }).length > 0;
  } catch (error) {
    return error.status === 128 ? existsSync(file) : false;
  }
}

let failed = false;
for (const dir of workspaces) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (manifest.private) continue;
  const problems = problemsOf(dir, manifest);
  console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${manifest.name}`);
  for (const problem of problems) console.log(`     ${problem}`);
  failed ||= problems.length > 0;
}
process.exit(failed ? 1 : 0);
