import { closeSync, openSync, readFileSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { ErrorBody } from '@socialquery/core';
import { openStore, type Store } from '@socialquery/store';
import type { Express } from 'express';
import { sql } from 'kysely';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { createDataHealth } from '../src/data-health.js';
import { createReaderPool } from '../src/reader-pool.js';
import { NOW } from './harness.js';
import { createSeededTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';

/**
 * A SQLite store whose file is damaged behind SQLite's back and then restored byte for byte: the
 * routes that meet the damage answer 503, `/healthz` says so, and once the file is restored the
 * replica answers again by itself (its connection is replaced), without a restart.
 */
describe('a damaged, then restored SQLite store file', () => {
  let target: TestStoreAddress;
  let file: string;
  let store: Store;
  let app: Express;
  let token: string;
  let community: string;
  let clock = 0;

  beforeAll(async () => {
    target = await createSeededTestStoreAddress({ now: NOW });
    file = target.address.slice('sqlite:'.length);
    store = await openStore(target.address);
    token = (await store.credentials.create('token', 'heal test')).secret;
    const row = await store.db.selectFrom('forum_posts').select('community').limit(1).executeTakeFirstOrThrow();
    community = row.community;
    const logger = pino({ level: 'silent' });
    app = createApp({
      store,
      logger,
      cursorSecret: 'test-secret-0123456789',
      clock: () => NOW,
      dataHealth: createDataHealth({ now: () => clock }),
    });
  });
  afterAll(async () => {
    await store.close();
    await target.drop();
  });

  const posts = () =>
    request(app)
      .get(`/api/v1/forum/community/${community}/posts`)
      .query({ sort: 'new', limit: 100 })
      .set('Authorization', `Bearer ${token}`);

  /**
   * Truncates the store file to nothing (another connection holding it), checks that `ask` answers 503
   * `unavailable` within 1 s `times` times, writes the bytes back, and resolves with the first answer
   * that is not a 503 within 5 s (else the last).
   */
  async function truncatedThenRestored(ask: () => ReturnType<typeof posts>, times: number) {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.db);
    const good = readFileSync(file);
    truncateSync(file, 0);
    for (let i = 0; i < times; i++) {
      const started = Date.now();
      const during = await ask();
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({ code: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(1_000);
    }
    writeFileSync(file, good);
    const healedBy = Date.now() + 5_000;
    let after = await ask();
    while (after.status === 503 && Date.now() < healedBy) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await ask();
    }
    return after;
  }

  it('answers 503 while the file is damaged, /healthz too, and serves again once it is restored', async () => {
    const before = await posts();
    expect(before.status).toBe(200);
    expect(before.body.posts).toHaveLength(100);
    expect((await request(app).get('/healthz')).status).toBe(200);

    // everything in the one file, then the connection's page cache let go: reads go to the file
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.db);
    const good = readFileSync(file);
    const fd = openSync(file, 'r+');
    const pages = Math.floor(statSync(file).size / 4096);
    writeSync(fd, Buffer.alloc(4096 * (pages - 4), 0x55), 0, 4096 * (pages - 4), 4096 * 2);
    closeSync(fd);
    await sql`pragma shrink_memory`.execute(store.db);

    clock = 1_000;
    const during = await posts();
    expect(during.status).toBe(503);
    expect(ErrorBody.parse(during.body)).toMatchObject({ code: 'unavailable', statusCode: 503 });
    expect(during.headers['retry-after']).toBe('5');
    expect(JSON.stringify(during.body)).not.toMatch(/SQLITE|malformed|select/i);
    const unhealthy = await request(app).get('/healthz');
    expect(unhealthy.status).toBe(503);
    expect(unhealthy.body).toMatchObject({ code: 'unavailable', message: 'data requests are failing on the store' });

    writeFileSync(file, good);
    clock = 2_000;
    const after = await posts();
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
  });

  it('a file truncated to nothing under another replica, then restored: 503 at once meanwhile, 200 again without a restart', async () => {
    const before = await posts();
    expect(before.status).toBe(200);
    // another replica's connection holds the file: the service's reopen cannot set the empty file up
    const replica = await openStore(target.address);
    try {
      await replica.db.selectFrom('forum_posts').select('id').limit(1).execute();
      const after = await truncatedThenRestored(posts, 3);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
    } finally {
      await replica.close();
    }
  });

  it("heals on a reader thread's own connection too: a video search answered there, 503 meanwhile, 200 again", async () => {
    const cursorSecret = 'test-secret-0123456789';
    const apiKey = (await store.credentials.create('api-key', 'heal test')).secret;
    const keyword = (await store.examples()).video!.keyword;
    const readers = createReaderPool({ storeAddress: target.address, cursorSecret }, 1);
    // the app's own connection (another replica's, holding the file) never answers a search: the reader's does
    const replica = await openStore(target.address);
    replica.video.search = () => Promise.reject(new Error('the service thread was asked'));
    try {
      const logger = pino({ level: 'silent' });
      const onReader = createApp({ store: replica, logger, cursorSecret, clock: () => NOW, readers });
      const search = () =>
        request(onReader).get('/api/v1/search').query({ keyword, uploadDate: 'THIS_YEAR' }).set('x-api-key', apiKey);
      const before = await search();
      expect(before.status).toBe(200);
      expect(before.body.data.contents.length).toBeGreaterThan(0);
      await replica.db.selectFrom('forum_posts').select('id').limit(1).execute();
      const after = await truncatedThenRestored(search, 1);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
    } finally {
      await replica.close();
      await readers.close();
    }
  });

  it('answers /healthz from a data request answered within the last second, and reads the store otherwise', async () => {
    const ping = store.ping;
    let pings = 0;
    store.ping = () => {
      pings += 1;
      return ping();
    };
    try {
      clock = 10_000;
      expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
      expect(pings).toBe(1);
      expect((await posts()).status).toBe(200);
      clock = 10_999;
      expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
      expect(pings).toBe(1);
      clock = 11_000;
      expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
      expect(pings).toBe(2);
    } finally {
      store.ping = ping;
    }
  });
});
