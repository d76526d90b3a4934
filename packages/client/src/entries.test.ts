import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as forum from '@socialquery/forum';
import * as microblog from '@socialquery/microblog';
import * as music from '@socialquery/music';
import * as professional from '@socialquery/professional';
import * as shortvideo from '@socialquery/shortvideo';
import * as video from '@socialquery/video';
import * as client from './index.js';

const platforms = { forum, microblog, shortvideo, professional, video, music };

/** The error classes this package re-exports, by name: every export that is SocialQueryClientError or a subclass. */
const errorClasses = Object.entries(client).filter(
  ([, value]) =>
    value === client.SocialQueryClientError ||
    (typeof value === 'function' && value.prototype instanceof client.SocialQueryClientError),
);

describe('every platform package re-exports the error classes this package does', () => {
  it('finds the classes to compare', () => {
    expect(errorClasses.map(([name]) => name).sort()).toEqual([
      'ApiResponseError',
      'NoResponseError',
      'RateLimitError',
      'RequestAbortedError',
      'RequestSetupError',
      'SocialQueryClientError',
    ]);
  });

  it.each(Object.entries(platforms))('@socialquery/%s: the same class objects', (_name, platform) => {
    const exported: Record<string, unknown> = { ...platform };
    for (const [name, value] of errorClasses) expect([name, exported[name]]).toEqual([name, value]);
  });
});

/**
 * Every module resolved while importing `entry` in a fresh node process (a resolve hook writes
 * them down): which module asked, for what, and where it led. As in
 * packages/core/src/client-entry.test.ts, for the entries of the packages that build on core.
 */
async function modulesLoadedBy(entry: string): Promise<{ parent: string; specifier: string; url: string }[]> {
  const folder = mkdtempSync(join(tmpdir(), 'client-entry-'));
  const log = join(folder, 'resolved.ndjson');
  const hooks = `
    import { appendFileSync } from 'node:fs';
    let log;
    export function initialize(data) { log = data.log; }
    export async function resolve(specifier, context, next) {
      const result = await next(specifier, context);
      appendFileSync(log, JSON.stringify({ parent: context.parentURL ?? '', specifier, url: result.url }) + '\\n');
      return result;
    }`;
  const script = `
    import { register } from 'node:module';
    register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)}, { data: { log: ${JSON.stringify(log)} } });
    await import(${JSON.stringify(pathToFileURL(entry).href)});`;
  try {
    await new Promise<void>((resolve, reject) => {
      const env = { ...process.env, NODE_OPTIONS: '' };
      execFile(process.execPath, ['--input-type=module', '-e', script], { env }, (error, _out, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(),
      );
    });
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { parent: string; specifier: string; url: string });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The repository's packages; their workspace links resolve to their real paths, packages/<name>/dist/…. */
const packagesRoot = fileURLToPath(new URL('../../', import.meta.url));
const builtModule = new RegExp(`^${pathToFileURL(packagesRoot).href}[^/]+/dist/`);

describe('the root entries of the platform packages and of this one import only what a client uses', () => {
  it.each([...Object.keys(platforms), 'client'])(
    '@socialquery/%s',
    async (name) => {
      const entry = join(packagesRoot, name, 'dist', 'index.js');
      if (!existsSync(entry)) throw new Error(`build the package first: ${entry} is missing`);
      const resolved = await modulesLoadedBy(entry);
      const ours = resolved.filter((r) => builtModule.test(r.parent));
      expect(ours.length).toBeGreaterThan(3);
      // no server side of any package: not `<package>/server`, nor a module under a dist/server/
      expect(resolved.filter((r) => r.url.includes('/dist/server/')).map((r) => r.url)).toEqual([]);
      const bare = new Set(
        ours
          .filter((r) => !r.specifier.startsWith('.') && !r.url.startsWith('node:'))
          .map((r) => (r.specifier.startsWith('@socialquery/') ? '@socialquery/*' : r.specifier)),
      );
      expect([...bare].sort()).toEqual(['@socialquery/*', 'got', 'zod']);
    },
    30_000,
  );
});
