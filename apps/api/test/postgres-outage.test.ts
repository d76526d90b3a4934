import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ErrorBody } from '@socialquery/core';
import { openStore, type Store } from '@socialquery/store';
import { createSeededTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import { sql } from 'kysely';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { NOW } from './harness.js';

/**
 * A TCP relay between the service and PostgreSQL that can "stop" the database (drop every
 * connection, refuse new ones) and "restart" it, or "freeze" it as a SIGSTOPped server or a
 * network partition does (connections stay open, nothing comes back) and thaw it, without
 * touching the server other suites share.
 */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly pairs = new Set<[Socket, Socket]>();
  private frozen = false;
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      for (const socket of pair) {
        this.sockets.add(socket);
        socket.on('close', () => {
          this.sockets.delete(socket);
          this.pairs.delete(pair);
        });
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      if (!this.frozen) client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Nothing passes either way until thaw(); connections, new ones included, stay open. */
  freeze(): void {
    this.frozen = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream).pause();
      upstream.unpipe(client).pause();
    }
  }

  thaw(): void {
    this.frozen = false;
    for (const [client, upstream] of this.pairs) client.pipe(upstream).pipe(client);
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

let target: TestStoreAddress;
let relay: Relay;
let store: Store;
let token: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // a copy of the run's seeded template (its forum is what these tests read)
  target = await createSeededTestStoreAddress({ now: NOW, kind: 'postgres' });
  const url = new URL(target.address);
  relay = new Relay({ host: url.hostname, port: Number(url.port) });
  await relay.up();
  url.port = String(relay.port);
  // the credential made without the tight statement timeout, which is what these tests examine
  const seeded = await openStore(target.address);
  token = (await seeded.credentials.create('token')).secret;
  await seeded.close();
  store = await openStore(url.toString(), { connectTimeoutMs: 1_000, statementTimeoutMs: 200 });
  app = createApp({ store, logger: pino({ level: 'silent' }), cursorSecret: 'x'.repeat(32) });
});
afterAll(async () => {
  await store.close();
  await relay.down();
  await target.drop();
});

const posts = () =>
  request(app).get('/api/v1/forum/community/programming/posts?limit=2').set('Authorization', `Bearer ${token}`);

describe('PostgreSQL outage', () => {
  it('answers 503 unavailable (data routes and /healthz) while the database is down, and recovers by itself', async () => {
    expect((await posts()).status).toBe(200);

    await relay.down();
    const started = Date.now();
    const during = await posts();
    expect(during.status).toBe(503);
    expect(ErrorBody.parse(during.body)).toMatchObject({ code: 'unavailable', statusCode: 503 });
    expect(during.headers['retry-after']).toBe('5');
    expect(JSON.stringify(during.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    expect((await request(app).get('/healthz')).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);

    await relay.up();
    const after = await posts();
    expect(after.status).toBe(200);
    expect(after.body.posts).toHaveLength(2);
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
  });

  it('answers 503 within the statement timeout plus a second while the database is frozen, and recovers when it thaws', async () => {
    expect((await posts()).status).toBe(200);

    relay.freeze();
    try {
      const started = Date.now();
      const during = await posts();
      // statement timeout 200 ms + ANSWER_GRACE_MS 1,000 ms: the server never enforces its own timeout when frozen
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(during.status).toBe(503);
      expect(ErrorBody.parse(during.body)).toMatchObject({ code: 'unavailable', statusCode: 503 });
      expect(during.headers['retry-after']).toBe('5');
      expect(JSON.stringify(during.body)).not.toMatch(/ETIMEDOUT|no answer|127\.0\.0\.1|postgres/i);
      expect((await request(app).get('/healthz')).status).toBe(503);
    } finally {
      relay.thaw();
    }

    const after = await posts();
    expect(after.status).toBe(200);
    expect(after.body.posts).toHaveLength(2);
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
  });

  it('cuts a statement that runs past the statement timeout: the store reports it as unavailable', async () => {
    const error = await sql`select pg_sleep(2)`.execute(store.db).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '57014' });
    expect(store.isUnavailableError(error)).toBe(true);
  });

  it('turns a timed-out query under a request into 503, not a hung request', async () => {
    const slow = {
      ...store,
      forum: { ...store.forum, communityPosts: async () => (await sql`select pg_sleep(2)`.execute(store.db), []) },
    };
    const slowApp = createApp({ store: slow, logger: pino({ level: 'silent' }), cursorSecret: 'x'.repeat(32) });
    const started = Date.now();
    const res = await request(slowApp)
      .get('/api/v1/forum/community/programming/posts')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
