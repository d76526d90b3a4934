import { openStore, type Store } from '@socialquery/store';
import { createSeededTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { createReaderPool, type ReaderPool } from '../src/reader-pool.js';
import { NOW } from './harness.js';

/**
 * A reader thread over PostgreSQL (server.ts starts one there too): it reads and encodes every
 * bulk export over a pool of its own, while heavy operations' pages stay on the service's thread
 * (their statements run beside its event loop already).
 */
describe('a reader thread over PostgreSQL', () => {
  const cursorSecret = 'test-secret-0123456789';
  let target: TestStoreAddress;
  let store: Store;
  let serviceOwn: Store;
  let readers: ReaderPool;
  let apiKey: string;
  let keyword: string;
  let channelId: string;
  let onThread: Express;
  let withReaders: Express;
  let searchesHere = 0;

  beforeAll(async () => {
    target = await createSeededTestStoreAddress({ now: NOW });
    store = await openStore(target.address);
    apiKey = (await store.credentials.create('api-key', 'readers')).secret;
    const examples = (await store.examples()).video!;
    keyword = examples.keyword;
    channelId = examples.channelId!;
    const logger = pino({ level: 'silent' });
    onThread = createApp({ store, logger, cursorSecret, clock: () => NOW });
    // the service's own connection: its searches are counted, its channel listing fails, so an
    // export of it that succeeds was read by the reader
    serviceOwn = await openStore(target.address);
    const search = serviceOwn.video.search.bind(serviceOwn.video);
    serviceOwn.video.search = (query) => {
      searchesHere += 1;
      return search(query);
    };
    serviceOwn.video.channelVideos = () => Promise.reject(new Error('the service thread was asked'));
    readers = createReaderPool(
      { storeAddress: target.address, storeOptions: { poolSize: 2, statementTimeoutMs: 10_000 }, cursorSecret },
      1,
      false,
    );
    withReaders = createApp({ store: serviceOwn, logger, cursorSecret, clock: () => NOW, readers });
  });
  afterAll(async () => {
    await readers.close();
    await serviceOwn.close();
    await store.close();
    await target.drop();
  });

  const get = (app: Express, path: string, query: Record<string, string>) =>
    request(app).get(path).query(query).set('x-api-key', apiKey);

  it('exports on the reader: the same records, as NDJSON and as CSV trimmed to `fields`', async () => {
    const queries: Record<string, string>[] = [{ format: 'ndjson' }, { format: 'csv', fields: 'videoId,title' }];
    for (const query of queries) {
      const [exported, expected] = await Promise.all([
        get(withReaders, '/api/v1/channel/videos', { channelId, ...query }),
        get(onThread, '/api/v1/channel/videos', { channelId, ...query }),
      ]);
      expect(exported.status).toBe(200);
      expect(exported.text).toBe(expected.text);
      expect(exported.text.trim().split('\n').length).toBeGreaterThan(20);
    }
    const searched = { keyword, uploadDate: 'THIS_YEAR', format: 'ndjson' };
    const before = searchesHere;
    const [exported, expected] = await Promise.all([
      get(withReaders, '/api/v1/search', searched),
      get(onThread, '/api/v1/search', searched),
    ]);
    expect(exported.text).toBe(expected.text);
    expect(exported.text.split('\n').length).toBeGreaterThan(1);
    expect(searchesHere).toBe(before);
  });

  it("answers a heavy operation's page on the service's thread", async () => {
    const before = searchesHere;
    const query = { keyword, uploadDate: 'THIS_YEAR' };
    const [page, expected] = await Promise.all([
      get(withReaders, '/api/v1/search', query),
      get(onThread, '/api/v1/search', query),
    ]);
    expect(page.status).toBe(200);
    expect(page.body).toEqual(expected.body);
    expect(searchesHere).toBe(before + 1);
  });
});
