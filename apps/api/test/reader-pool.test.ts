import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody } from '@socialquery/core';
import { videoContract } from '@socialquery/video';
import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import { openStore, type Store } from '@socialquery/store';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { createReaderPool, type ReaderPool } from '../src/reader-pool.js';
import { READER_NICENESS } from '../src/thread-priority.js';
import { NOW } from './harness.js';
import { createSeededTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';

const textOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/**
 * Heavy operations on reader threads: the same answers as on the service's thread (paging tokens,
 * errors), though the service's own connection is never asked.
 */
describe('heavy operations on a reader thread (SQLite store file)', () => {
  const cursorSecret = 'test-secret-0123456789';
  let target: TestStoreAddress;
  let address: string;
  let store: Store;
  let unused: Store;
  let apiKey: string;
  let keyword: string;
  let channelId: string;
  let readers: ReaderPool;
  let onThread: Express;
  let offThread: Express;

  beforeAll(async () => {
    target = await createSeededTestStoreAddress({ now: NOW });
    address = target.address;
    store = await openStore(address);
    apiKey = (await store.credentials.create('api-key', 'readers')).secret;
    keyword = (await store.examples()).video!.keyword;
    const logger = pino({ level: 'silent' });
    onThread = createApp({ store, logger, cursorSecret, clock: () => NOW });
    // a second connection whose video search fails: what it answers comes from the reader's own connection
    unused = await openStore(address);
    unused.video.search = () => Promise.reject(new Error('the service thread was asked'));
    unused.video.channelVideos = () => Promise.reject(new Error('the service thread was asked'));
    channelId = (await store.examples()).video!.channelId!;
    readers = createReaderPool({ storeAddress: address, cursorSecret }, 1);
    offThread = createApp({ store: unused, logger, cursorSecret, clock: () => NOW, readers });
  });
  afterAll(async () => {
    await readers.close();
    await unused.close();
    await store.close();
    await target.drop();
  });

  const search = (app: Express, query: Record<string, string>) =>
    request(app)
      .get('/api/v1/search')
      .query({ keyword, uploadDate: 'THIS_YEAR', ...query })
      .set('x-api-key', apiKey);

  it('answers a search and its next page exactly as the service thread does', async () => {
    const [first, expected] = await Promise.all([search(offThread, {}), search(onThread, {})]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(expected.body);
    expect(first.body.data.contents.length).toBeGreaterThan(0);
    const token = first.body.pagination.paginationToken as string;
    expect(token).not.toBe('');
    const [second, expectedSecond] = await Promise.all([
      search(offThread, { paginationToken: token }),
      search(onThread, { paginationToken: token }),
    ]);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(expectedSecond.body);
  });

  it('trims a search answered on the reader to `fields` as the service thread does', async () => {
    const [trimmed, expected] = await Promise.all([
      search(offThread, { fields: 'videoId,title' }),
      search(onThread, { fields: 'videoId,title' }),
    ]);
    expect(trimmed.status).toBe(200);
    expect(trimmed.text).toBe(expected.text);
    expect(trimmed.headers.etag).toBe(expected.headers.etag);
    const first = trimmed.body.data.contents[0] as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual(['title', 'videoId']);
  });

  it("carries a handler's refusal across as the same error", async () => {
    const [refused, expected] = await Promise.all([
      search(offThread, { paginationToken: 'not-a-token' }),
      search(onThread, { paginationToken: 'not-a-token' }),
    ]);
    expect(refused.status).toBe(400);
    expect(ErrorBody.parse(refused.body)).toMatchObject({ code: 'invalid_cursor' });
    expect({ ...refused.body, requestId: '' }).toEqual({ ...expected.body, requestId: '' });
  });

  it('exports a heavy listing page by page on the reader', async () => {
    const [exported, expected] = await Promise.all([
      search(offThread, { format: 'ndjson' }),
      search(onThread, { format: 'ndjson' }),
    ]);
    expect(exported.status).toBe(200);
    expect(exported.text).toBe(expected.text);
    expect(exported.text.split('\n').length).toBeGreaterThan(1);
  });

  it('exports every listing on the reader, trimmed to `fields` and as CSV alike', async () => {
    // channel videos is not a heavy operation: its pages are read on the service's thread, its export on the reader
    const channel = (app: Express, query: Record<string, string>) =>
      request(app)
        .get('/api/v1/channel/videos')
        .query({ channelId, ...query })
        .set('x-api-key', apiKey);
    const queries: Record<string, string>[] = [{ format: 'ndjson' }, { format: 'csv', fields: 'videoId,title' }];
    for (const query of queries) {
      const [exported, expected] = await Promise.all([channel(offThread, query), channel(onThread, query)]);
      expect(exported.status).toBe(200);
      expect(exported.headers['content-type']).toBe(expected.headers['content-type']);
      expect(exported.text).toBe(expected.text);
      expect(exported.text.trim().split('\n').length).toBeGreaterThan(20);
    }
    expect((await channel(offThread, {})).status).toBe(500);
  });

  it("ends an export's reads on the reader when it is returned early, and answers nothing after", async () => {
    const ctx = { now: NOW, cursors: createCursorCodec(cursorSecret), requestId: 'r' };
    // the parameters as the service hands them over: validated, defaults filled in
    const params = videoContract.search.params.query.parse({ keyword, uploadDate: 'THIS_YEAR' });
    const ask = { params, ctx, format: 'ndjson' as const, selection: undefined };
    const exporting = readers.export('video.search', ask);
    const first = await exporting.next();
    expect(first.done).toBe(false);
    expect(first.value?.rows).toBeGreaterThan(0);
    const firstText = textOf(first.value!.bytes);
    expect(firstText.split('\n')).toHaveLength(first.value!.rows + 1);
    expect(await exporting.return?.()).toEqual({ done: true, value: undefined });
    expect(await exporting.next()).toEqual({ done: true, value: undefined });
    // read to its end, the export begins with the same batch and is the whole NDJSON export
    const texts: string[] = [];
    const whole = readers.export('video.search', ask);
    for (let step = await whole.next(); !step.done; step = await whole.next()) texts.push(textOf(step.value.bytes));
    expect(texts[0]).toBe(firstText);
    expect(texts.join('')).toBe((await search(onThread, { format: 'ndjson' })).text);
  });

  it('fails an export of an operation the reader does not have, as the service thread would', async () => {
    const ctx = { now: NOW, cursors: createCursorCodec(cursorSecret), requestId: 'r' };
    const exporting = readers.export('video.nothing', { params: {}, ctx, format: 'ndjson', selection: undefined });
    await expect(exporting.next()).rejects.toThrow('no export of video.nothing');
    expect(await exporting.next()).toEqual({ done: true, value: undefined });
  });

  it('runs its reader at a lower CPU priority than the service thread', async () => {
    expect((await search(offThread, {})).status).toBe(200);
    const niceness = threadNiceness();
    // this process's own threads (the test's, V8's, libuv's) keep its priority; only the reader is lowered
    expect(niceness.get(process.pid)).toBe(0);
    expect([...niceness.values()].filter((nice) => nice === READER_NICENESS)).toHaveLength(1);
  });
});

/** The nice value of each thread of this process, by thread id (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceness(): Map<number, number> {
  return new Map(
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // the fields after the command name in parentheses start at field 3
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [Number(tid), Number(fields[19 - 3])];
    }),
  );
}

describe('a reader thread that cannot open its store', () => {
  it('fails its calls with 503 unavailable instead of leaving them waiting', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sq-readers-bad-'));
    const file = join(dir, 'not-a-store.db');
    writeFileSync(file, 'this is not a SQLite file '.repeat(400));
    const readers = createReaderPool({ storeAddress: `sqlite:${file}`, cursorSecret: 'x'.repeat(16) }, 1);
    try {
      const ctx = { now: NOW, cursors: createCursorCodec('x'.repeat(16)), requestId: 'r' };
      // the call either reaches the thread before it fails, or finds no thread alive
      const first = await readers.run('video.search', {}, ctx).catch((error: unknown) => error);
      expect(first).toBeInstanceOf(ServiceError);
      expect(first).toMatchObject({ code: 'unavailable', status: 503 });
      const next = await readers.run('video.search', {}, ctx).catch((error: unknown) => error);
      expect(next).toMatchObject({ code: 'unavailable' });
    } finally {
      await readers.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
