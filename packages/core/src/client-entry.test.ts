import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * What a client loads: the root entry of the built package (dist/index.js, what `import … from
 * '@socialquery/core'` reaches) imported in a fresh node process whose resolve hook writes down
 * every module it resolves. `pnpm test` builds the package before its tests run.
 */
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** Every module resolved while importing `entry`: which module asked, for what, and where it led. */
async function modulesLoadedBy(entry: string): Promise<{ parent: string; specifier: string; url: string }[]> {
  const folder = mkdtempSync(join(tmpdir(), 'core-entry-'));
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

/** The packages under node_modules that the modules reached (`csv-stringify`, `got`, `@sindresorhus/is`…). */
function packagesOf(urls: string[]): Set<string> {
  const names = urls.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(url)?.[1]);
  return new Set(names.filter((name): name is string => name !== undefined));
}

describe('the root entry of @socialquery/core imports only what a client uses', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'index.js'))) throw new Error(`build the package first: ${dist}index.js is missing`);
  });

  it('loads no csv-stringify, and its own modules import only got and zod (and node built-ins)', async () => {
    const resolved = await modulesLoadedBy(join(dist, 'index.js'));
    expect(resolved.length).toBeGreaterThan(10);
    expect(packagesOf(resolved.map((r) => r.url))).not.toContain('csv-stringify');
    const distUrl = pathToFileURL(dist).href;
    const fromCore = resolved.filter((r) => r.parent.startsWith(distUrl));
    // a module of the root entry: none under server/
    expect(fromCore.filter((r) => r.url.startsWith(`${distUrl}server/`))).toEqual([]);
    const bare = new Set(
      fromCore.filter((r) => !r.specifier.startsWith('.') && !r.url.startsWith('node:')).map((r) => r.specifier),
    );
    expect([...bare].sort()).toEqual(['got', 'zod']);
  }, 30_000);

  it('the server subpath does load csv-stringify (so the check above can see it)', async () => {
    const resolved = await modulesLoadedBy(join(dist, 'server', 'index.js'));
    expect(packagesOf(resolved.map((r) => r.url))).toContain('csv-stringify');
  }, 30_000);
});
