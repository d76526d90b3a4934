/**
 * The one-package install, as a user without the repository gets it: `@socialquery/server` installed
 * into an empty folder by the README's command, `pnpm deploy:server <folder>` (scripts/deploy-server.mjs:
 * `pnpm deploy` of the package's files as `pnpm pack` ships them, and its production dependencies, the
 * workspace packages among them as packed copies, resolved from the workspace's lockfile and taken
 * offline from its package store here: no network), then its bin run there:
 * admin commands seed and create a token, the service starts on the store in that folder, answers,
 * and stops on SIGTERM with exit code 0. (Installing the tarballs themselves would need a registry's
 * metadata for their dependencies' version ranges, which a test here cannot reach.)
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'socialquery-installed-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `pnpm deploy:server`, offline, as the README gives it; what it printed. */
const deployServer = (...args: string[]) =>
  run('pnpm', ['deploy:server', '--offline', ...args], { cwd: ROOT }).catch(
    (error: unknown) => error as { code: number; stdout: string; stderr: string },
  );

/** Installs a workspace package and its production dependencies into a new folder, offline. */
async function installAlone(name: string, folder: string) {
  await run(
    'pnpm',
    ['--config.inject-workspace-packages=true', '--filter', name, '--prod', 'deploy', '--offline', folder],
    { cwd: ROOT },
  );
}

/** Packages under a folder's node_modules/.pnpm (name@version folders). */
const installedPackages = (folder: string) => readdirSync(join(folder, 'node_modules', '.pnpm'));

describe('@socialquery/server installed on its own', () => {
  it('installs into an empty folder and runs: admin commands and the service on a store in that folder', async () => {
    const app = join(work, 'app');
    const deployed = await deployServer(app);
    expect(deployed.stdout).toContain(`Run it with: node ${join(app, 'bin', 'socialquery-server.js')}`);
    expect(installedPackages(app).some((name) => name.startsWith('better-sqlite3@'))).toBe(true);
    // what the package ships (its README always), and its dependencies
    expect(readdirSync(app).sort()).toEqual([
      'README.md',
      'bin',
      'dist',
      'node_modules',
      'package.json',
      'pnpm-lock.yaml',
      'src',
    ]);
    const bin = join(app, 'bin', 'socialquery-server.js');
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? work, PORT: '0', LOG_LEVEL: 'info' };

    const help = await run(bin, ['--help'], { cwd: app, env });
    expect(help.stdout).toMatch(/^Usage: socialquery-server \[start\]/);
    expect(help.stdout).toContain('seed, keys, examples, migrate, migrate-store, import, export, reindex');

    const seeded = await run(bin, ['seed', '--demo', '--only', 'forum', '--scales', 'forum=0.1'], { cwd: app, env });
    expect(seeded.stdout).toMatch(/seeded forum \d+ rows/);
    expect(existsSync(join(app, 'data', 'socialquery.db'))).toBe(true);
    const created = await run(bin, ['keys', 'create', '--kind', 'token'], { cwd: app, env });
    const token = created.stdout.trim().split('\n').at(-1)!;
    expect(token).toMatch(/^sqt_/);

    const service = spawn(bin, ['--no-demo'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    service.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    service.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => service.on('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the service did not start:\n${output}`)), 120_000);
        service.stdout.on('data', () => {
          const match = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        void exited.then((code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
      });
      // the store already held data: no demo seeded, no new credentials printed
      expect(output).not.toContain('store is empty: seeding');
      expect(output).not.toContain('shown only this once');
      const res = await fetch(`${url}/api/v1/forum/community/programming/posts?sort=new&limit=2`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { posts: { community: string; createdAt: string }[] };
      expect(body.posts).toHaveLength(2);
      expect(body.posts.every((post) => post.community.toLowerCase() === 'programming')).toBe(true);
      expect(body.posts[0]!.createdAt >= body.posts[1]!.createdAt).toBe(true);
    } finally {
      service.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');

    // a second deploy into the same folder is refused, unless asked for; nothing half-made is left beside it
    const again = await deployServer(app);
    expect('code' in again && again.code).toBe(2);
    expect(again.stderr).toContain('exists and is not empty');
    expect(readdirSync(work).filter((name) => name.includes('partial'))).toEqual([]);
  });

  it('a client package alone brings no server dependency', async () => {
    const app = join(work, 'client-only');
    await installAlone('@socialquery/forum', app);
    const installed = installedPackages(app);
    expect(installed.some((name) => name.startsWith('zod@'))).toBe(true);
    for (const server of ['express@', 'better-sqlite3@', 'pg@', 'kysely@', 'pino@', '@socialquery+store@'])
      expect(installed.filter((name) => name.startsWith(server))).toEqual([]);
  });
});
