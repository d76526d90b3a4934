#!/usr/bin/env node
/**
 * `node .ci/with-test-services.mjs <command…>`: starts the servers the test suites need — a
 * throwaway PostgreSQL cluster and a Redis server, on free loopback ports, with no persistence —
 * runs the command with SOCIALQUERY_TEST_PG and SOCIALQUERY_TEST_REDIS set (and SOCIALQUERY_TEST_CHROMIUM,
 * the browser the docs page's test drives, and SOCIALQUERY_TEST_TEMPLATES, a folder for the run's
 * seeded test-store templates), then stops them and
 * exits with the command's exit code. Missing servers are installed from Debian's packages when
 * running as root (as CI and the fresh machines here do); otherwise it says what to install.
 * A variable already set in the environment is used as it is, and that server is not started.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

const SEED_TEMPLATES = '--seed-templates=';
const seedKinds = process.argv[2]?.startsWith(SEED_TEMPLATES)
  ? process.argv[2].slice(SEED_TEMPLATES.length).split(',')
  : [];
const command = process.argv.slice(seedKinds.length > 0 ? 3 : 2);
if (command.length === 0 || command[0] === '--help') {
  console.log(`Usage: node .ci/with-test-services.mjs [--seed-templates=sqlite,postgres] <command> [args…]

  --seed-templates=KINDS  seed the whole-demo test-store templates of these kinds (sqlite,
                          postgres) in a plain Node process beside the command, so its suites
                          wait for them rather than seed them under jest (needs packages/store built)`);
  process.exit(command.length === 0 ? 2 : 0);
}
if (seedKinds.some((kind) => kind !== 'sqlite' && kind !== 'postgres')) {
  console.error(`--seed-templates takes sqlite and/or postgres, got ${seedKinds.join(',')}`);
  process.exit(2);
}

const isRoot = process.getuid?.() === 0;
const log = (text) => console.error(`[test-services] ${text}`);
const cleanups = [];

function run(file, args, options = {}) {
  const result = spawnSync(file, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`${file} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result.stdout;
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

function redisServer() {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
}

/** Debian's chromium, for the docs page's browser test (driven by playwright-core). */
const CHROMIUM = '/usr/bin/chromium';

function ensureInstalled(needPostgres, needRedis, needChromium) {
  const missing = [
    ...(needPostgres && !postgresBin() ? ['postgresql'] : []),
    ...(needRedis && !redisServer() ? ['redis-server'] : []),
    ...(needChromium && !existsSync(CHROMIUM) ? ['chromium'] : []),
  ];
  if (missing.length === 0) return;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `the tests need ${missing.join(' and ')}: install them (Debian: apt-get install ${missing.join(' ')}) or set SOCIALQUERY_TEST_PG / SOCIALQUERY_TEST_REDIS / SOCIALQUERY_TEST_CHROMIUM`,
    );
  }
  log(`installing ${missing.join(', ')} from Debian's packages`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
}

async function startPostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'sq-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as the postgres user that Debian's package creates.
  const asOwner = (file, args) => {
    if (!isRoot) return run(file, args);
    const quoted = [file, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
    return run('su', ['postgres', '-s', '/bin/sh', '-c', quoted]);
  };
  if (isRoot)
    chownSync(dir, Number(run('id', ['-u', 'postgres']).trim()), Number(run('id', ['-g', 'postgres']).trim()));
  asOwner(join(bin, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '-A',
    'trust',
    '-U',
    'sq',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale',
    'C',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asOwner(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  cleanups.push(() => {
    try {
      asOwner(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  log(`PostgreSQL (${bin.split('/').at(-2)}) on 127.0.0.1:${port}`);
  return `postgres://sq@127.0.0.1:${port}/postgres`;
}

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    redisServer(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  cleanups.push(() => child.kill('SIGKILL'));
  await waitForPort(port);
  log(`Redis on 127.0.0.1:${port}`);
  return `redis://127.0.0.1:${port}`;
}

/**
 * Seeds the run's whole-demo templates (seedTestTemplates in packages/store/src/testing.ts) in a
 * child process beside the command: the suites that need one wait for it (a lock folder) instead
 * of seeding it themselves. Should it fail, the first suite that needs a template seeds it.
 */
function seedTemplatesBeside(kinds, env) {
  const testing = new URL('../packages/store/dist/testing.js', import.meta.url);
  if (!existsSync(testing)) {
    log('packages/store is not built: the suites seed their templates themselves');
    return;
  }
  const started = Date.now();
  const script = `const { seedTestTemplates } = await import(${JSON.stringify(testing.href)}); await seedTestTemplates(${JSON.stringify(kinds)});`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  // ahead of the suites' processes where allowed (root): the suites that need a template wait for it
  try {
    setPriority(child.pid, -10);
  } catch {
    // not allowed: it runs at the suites' priority
  }
  log(`seeding the test-store templates (${kinds.join(', ')}) beside the suites`);
  child.on('exit', (code, signal) =>
    log(
      code === 0
        ? `test-store templates seeded in ${Math.round((Date.now() - started) / 1000)} s`
        : `seeding the test-store templates failed (${code ?? signal}): the suites seed them`,
    ),
  );
  cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
}

function cleanup() {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()();
    } catch (error) {
      log(`cleanup: ${error.message}`);
    }
  }
}

let exitCode = 1;
try {
  const env = { ...process.env };
  ensureInstalled(!env.SOCIALQUERY_TEST_PG, !env.SOCIALQUERY_TEST_REDIS, !env.SOCIALQUERY_TEST_CHROMIUM);
  env.SOCIALQUERY_TEST_CHROMIUM ??= CHROMIUM;
  // seeded test stores are copied from the first one seeded alike in this run (packages/store/src/testing.ts);
  // on PostgreSQL only on a server started here, which goes with its template databases
  if (!env.SOCIALQUERY_TEST_PG) env.SOCIALQUERY_TEST_PG_TEMPLATES = '1';
  const templates = mkdtempSync(join(tmpdir(), 'sq-templates-'));
  cleanups.push(() => rmSync(templates, { recursive: true, force: true }));
  env.SOCIALQUERY_TEST_TEMPLATES = templates;
  env.SOCIALQUERY_TEST_PG ??= await startPostgres();
  env.SOCIALQUERY_TEST_REDIS ??= await startRedis();
  if (seedKinds.length > 0) seedTemplatesBeside(seedKinds, env);
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  exitCode = await new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
} catch (error) {
  log(error.message);
} finally {
  cleanup();
}
process.exit(exitCode);
