import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { ErrorBody } from '@socialquery/core';
import { openStore } from '@socialquery/store';
import { createTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import { sql } from 'kysely';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { capturedLogger } from '../captured-logger.js';
import { startTestService, type TestService } from '../harness.js';
import { exitOf, killServiceProcesses, MAIN, startServiceProcess } from '../service-process.js';

/**
 * Faults on the SQLite store: a crash (SIGKILL) while reading or while seeding leaves the file
 * intact (WAL) and the service starts again on it; store failures (read-only, disk full, I/O error)
 * answer 503 with a log line naming the cause; a store that cannot be written at start stops the
 * service with a message that says so.
 *
 * "Disk full" is made real without privileges: `PRAGMA max_page_count` stops SQLite growing the
 * file, and a write that needs another page then fails inside SQLite with SQLITE_FULL ("database
 * or disk is full"), the error an out-of-space disk gives. The service writes only at start
 * (migrations, first credentials, the paging secret, demo data); while serving it only reads.
 */

afterEach(killServiceProcesses);
const stores: TestStoreAddress[] = [];
afterAll(async () => {
  for (const store of stores) await store.drop();
});

async function newSqliteStore(): Promise<string> {
  const store = await createTestStoreAddress({ kind: 'sqlite', shared: true });
  stores.push(store);
  return store.address;
}

/**
 * A SQLite store file with a tenth of the forum demo (~950 posts and their comments: what these
 * faults need is a store that holds data, not its volume) and a bearer token, made in this process.
 */
async function seededSqliteStore(): Promise<{ address: string; token: string }> {
  const address = await newSqliteStore();
  const store = await openStore(address);
  try {
    await store.seedDemo({ only: ['forum'], scales: { forum: 0.1 } });
    return { address, token: (await store.credentials.create('token', 'faults')).secret };
  } finally {
    await store.close();
  }
}

async function integrityOf(address: string) {
  const store = await openStore(address, { migrate: false });
  try {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(store.db);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
    return { integrity: integrity.rows.map((row) => row.integrity_check), journal: journal.rows[0]?.journal_mode };
  } finally {
    await store.close();
  }
}

const POSTS = '/api/v1/forum/community/programming/posts?sort=new&limit=7';

/** `node --import` it into a service process: that process's SQLite store file may not grow. */
const FULL_STORE = fileURLToPath(new URL('./full-store.preload.mjs', import.meta.url));

/** Runs the service on `address` with a store that may not grow; resolves with its exit code and stderr. */
async function startOnFullStore(address: string, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', FULL_STORE, MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', SOCIALQUERY_STORE: address },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += String(chunk)));
  child.stderr.on('data', (chunk) => (err += String(chunk)));
  const code = await exitOf(child);
  return { code, out, err };
}

/** The one line a full store at start prints: the store, the cause, what to check; no stack trace. */
function expectFullStoreMessage(err: string, address: string, cause: RegExp) {
  const lines = err.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^socialquery-api: the store /);
  expect(lines[0]).toContain(`the store ${address} cannot be written (SQLITE_FULL: `);
  expect(lines[0]).toMatch(cause);
  expect(lines[0]).toMatch(/database or disk is full\); check .* that the disk has space$/);
}

describe('crash and restart on a SQLite store', () => {
  it('SIGKILL in the middle of reads: the file passes integrity_check (WAL) and the restarted service answers the same', async () => {
    const { address, token } = await seededSqliteStore();
    const first = await startServiceProcess([], { SOCIALQUERY_STORE: address });
    const headers = { authorization: `Bearer ${token}` };
    const before = await (await fetch(`${first.url}${POSTS}`, { headers })).json();

    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    let stop = false;
    let answered = 0;
    const loop = async () => {
      while (!stop) {
        await new Promise<void>((resolve) => {
          const req = http.get(`${first.url}${POSTS}`, { agent, headers }, (res) => {
            res.resume();
            res.on('end', () => {
              answered++;
              resolve();
            });
            res.on('error', () => resolve());
          });
          req.on('error', () => resolve());
        });
      }
    };
    const loops = Array.from({ length: 20 }, loop);
    while (answered < 100) await new Promise((resolve) => setTimeout(resolve, 10));
    const exited = exitOf(first.child);
    first.child.kill('SIGKILL');
    await exited;
    stop = true;
    await Promise.all(loops);
    agent.destroy();

    expect(await integrityOf(address)).toEqual({ integrity: ['ok'], journal: 'wal' });
    const second = await startServiceProcess([], { SOCIALQUERY_STORE: address });
    const after = await fetch(`${second.url}${POSTS}`, { headers });
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(before);
    const stopped = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });

  it('SIGKILL while demo data is being written: the file passes integrity_check and the service starts on it', async () => {
    const address = await newSqliteStore();
    const writer = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { openStore } from '@socialquery/store';
         const store = await openStore(${JSON.stringify(address)});
         console.log('seeding');
         await store.seedDemo({ only: ['forum', 'microblog', 'shortvideo', 'video'] });
         console.log('seeded');`,
      ],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = exitOf(writer);
    let output = '';
    await new Promise<void>((resolve) => {
      writer.stdout.on('data', (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('seeding')) setTimeout(resolve, 300);
      });
    });
    writer.kill('SIGKILL');
    await exited;
    expect(output).not.toContain('seeded');

    expect(await integrityOf(address)).toEqual({ integrity: ['ok'], journal: 'wal' });
    const again = await startServiceProcess([], { SOCIALQUERY_STORE: address });
    const health = await fetch(`${again.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const stopped = exitOf(again.child);
    again.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });
});

describe('SIGTERM under continuous mixed load', () => {
  it('answers every request that was sent (valid, invalid, unauthorised alike), closes each connection, exits 0', async () => {
    const { address, token } = await seededSqliteStore();
    const service = await startServiceProcess([], { SOCIALQUERY_STORE: address });
    const paths: [string, Record<string, string>][] = [
      [POSTS, { authorization: `Bearer ${token}` }],
      ['/api/v1/forum/community/programming/posts?limit=0', { authorization: `Bearer ${token}` }],
      [POSTS, {}],
      ['/api/v1/forum/community/nobody-here/posts', { authorization: `Bearer ${token}` }],
      ['/api/v1/forum/user/someone/posts?token=x', {}],
    ];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const statuses: number[] = [];
    const failures: string[] = [];
    let signalled = false;
    let afterSignal = 0;
    /** One connection's loop: the next request as soon as the previous answer ends, until an answer says Connection: close. */
    const loop = async (offset: number) => {
      for (let i = offset; ; i++) {
        const [path, headers] = paths[i % paths.length]!;
        const closing = await new Promise<boolean>((resolve) => {
          const req = http.get(`${service.url}${path}`, { agent, headers }, (res) => {
            res.resume();
            res.on('end', () => {
              statuses.push(res.statusCode!);
              if (signalled) afterSignal++;
              resolve(res.headers.connection === 'close');
            });
            res.on('error', (error) => {
              failures.push(error.message);
              resolve(true);
            });
          });
          req.on('error', (error) => {
            failures.push(error.message);
            resolve(true);
          });
        });
        if (closing) return;
      }
    };
    // open every connection first (a kernel backlog connection is reset by the OS when the listener closes)
    await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise((resolve) =>
            http.get(`${service.url}/healthz`, { agent }, (res) => res.resume().on('end', resolve)),
          ),
      ),
    );
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(20);
    const loops = Array.from({ length: 20 }, (_, i) => loop(i));
    while (statuses.length < 300) await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = exitOf(service.child);
    signalled = true;
    service.child.kill('SIGTERM');
    await Promise.all(loops);
    expect(await exited).toBe(0);
    agent.destroy();

    expect(failures).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200, 400, 401, 404]));
    expect(afterSignal).toBeGreaterThan(0);
  });
});

describe('store failures while serving', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it.each([
    ['SQLITE_READONLY', 'attempt to write a readonly database'],
    ['SQLITE_FULL', 'database or disk is full'],
    ['SQLITE_IOERR_READ', 'disk I/O error'],
    ['SQLITE_CANTOPEN', 'unable to open database file'],
  ])('%s → 503 unavailable with Retry-After, and a warning naming the cause', async (code, message) => {
    const { logger, lines } = capturedLogger();
    const failing = {
      ...service.store,
      forum: {
        ...service.store.forum,
        communityPosts: () => Promise.reject(Object.assign(new Error(message), { code })),
      },
    };
    const app = createApp({ store: failing, logger, cursorSecret: 'x'.repeat(32) });
    const res = await request(app)
      .get('/api/v1/forum/community/programming/posts')
      .set('Authorization', `Bearer ${service.token}`);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    const body = ErrorBody.parse(res.body);
    expect(body).toMatchObject({ statusCode: 503, code: 'unavailable', error: 'Service Unavailable' });
    expect(JSON.stringify(body)).not.toContain(code);
    const warning = lines.find((line) => line.msg === 'store unavailable');
    expect(warning).toMatchObject({ level: 40, requestId: body.requestId, err: { code, message } });
  });

  it('SQLITE_FULL raised by SQLite itself during a request (a full store) → 503 unavailable, a warning naming the cause, no SQL', async () => {
    const { address } = await seededSqliteStore();
    const store = await openStore(address);
    try {
      const token = (await store.credentials.create('token', 'full')).secret;
      await sql`pragma max_page_count = 1`.execute(store.db); // clamped to the current size: the file may not grow
      const grow = () =>
        sql`insert into settings (key, value) values ('filler', ${'x'.repeat(20_000)})`.execute(store.db);
      await expect(grow()).rejects.toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });

      const { logger, lines } = capturedLogger();
      const serve = (s: typeof store) => createApp({ store: s, logger, cursorSecret: 'x'.repeat(32) });
      // the service only reads while serving: a full store keeps answering
      const read = await request(serve(store)).get(POSTS).set('Authorization', `Bearer ${token}`);
      expect(read.status).toBe(200);
      expect(read.body.posts).toHaveLength(7);
      expect((await request(serve(store)).get('/healthz')).body).toEqual({ status: 'ok' });

      // a request whose store work needs the file to grow gets SQLite's own SQLITE_FULL
      const writing = {
        ...store,
        forum: {
          ...store.forum,
          communityPosts: async (...args: Parameters<typeof store.forum.communityPosts>) => {
            await grow();
            return store.forum.communityPosts(...args);
          },
        },
      };
      const res = await request(serve(writing)).get(POSTS).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const body = ErrorBody.parse(res.body);
      expect(body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'unavailable',
        message: 'the store is unavailable right now; retry shortly',
        requestId: res.headers['x-request-id'],
      });
      expect(res.text).not.toMatch(/SQLITE|insert|settings|disk|\bat /i);
      const warning = lines.find((line) => line.msg === 'store unavailable');
      expect(warning).toMatchObject({
        level: 40,
        requestId: body.requestId,
        err: { code: 'SQLITE_FULL', message: 'database or disk is full' },
      });
      expect(lines.filter((line) => line.msg === 'unhandled error')).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('a full disk at start (migrations cannot create the tables) stops the service with one line naming the store and the cause', async () => {
    const address = await newSqliteStore();
    const { code, err } = await startOnFullStore(address);
    expect(code).toBe(1);
    expectFullStoreMessage(err, address, /SQLITE_FULL: migrat\w+ .*failed: /);
  });

  it('a full disk while --demo-if-empty seeds at start stops the service with one line naming the store and the cause', async () => {
    const address = await newSqliteStore();
    await (await openStore(address)).close(); // migrated, no data
    const { code, out, err } = await startOnFullStore(address, ['--demo-if-empty']);
    expect(code).toBe(1);
    expect(out).toContain('store is empty: seeding');
    expect(out).not.toContain('demo data seeded');
    expectFullStoreMessage(err, address, /SQLITE_FULL: database or disk is full\)/);
  });

  it('a full disk that start does not need to grow: the service starts, serves reads and stops cleanly', async () => {
    const { address, token } = await seededSqliteStore();
    const service = await startServiceProcess([], { SOCIALQUERY_STORE: address }, ['--import', FULL_STORE]);
    const res = await fetch(`${service.url}${POSTS}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const stopped = exitOf(service.child);
    service.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });

  it('a read-only store file at start stops the service with a message that names the store and the cause', async () => {
    // root ignores file modes, so the service runs as `nobody` on a file (and folder) it may only read
    const { address } = await seededSqliteStore();
    const path = address.slice('sqlite:'.length);
    const { chmodSync } = await import('node:fs');
    const paths = await import('node:path');
    chmodSync(path, 0o444);
    chmodSync(paths.dirname(path), 0o555);
    const canDropPrivileges = process.getuid?.() === 0;
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', SOCIALQUERY_STORE: address },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(canDropPrivileges ? { uid: 65534, gid: 65534 } : {}),
    });
    let err = '';
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    expect(await exitOf(child)).toBe(1);
    expect(err).toMatch(/store .*store\.db.* cannot be written/);
    expect(err).toMatch(/readonly|read-only/i);
    chmodSync(paths.dirname(path), 0o755);
    // a start on a loaded CI machine (the other suites run beside this one) can take tens of seconds
  });
});
