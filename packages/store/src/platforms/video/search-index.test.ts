import { type Kysely, sql } from 'kysely';
import { createPostgresDb } from '../../dialect/postgres/postgres-dialect.js';
import { createSqliteDb } from '../../dialect/sqlite/sqlite-dialect.js';
import { migrations, migrateToLatest, storeMigrator } from '../../migrations/index.js';
import type { Database, VideoVideosTable } from '../../schema.js';
import type { Store } from '../../store.js';
import { createTestStoreAddress, openTestStore, testStoreKind } from '../../testing.js';
import { writeTableRows } from '../index.js';
import { upsertVideoRows } from './rows.js';
import { rebuildVideoSearch, SEARCH_BUCKET_MS } from './search-index.js';
import { createSqlVideoSource } from './source.js';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const kind = testStoreKind();

function video(n: number, title: string, extra: Partial<VideoVideosTable> = {}): VideoVideosTable {
  return {
    id: `vid${String(n).padStart(5, '0')}`,
    num: n,
    channel_id: 'UCA',
    channel_name: 'Kitchen Corner',
    url: '',
    thumbnails: '',
    extra: '',
    title,
    views: 100 * n,
    duration: 300,
    published_at: NOW - n * 10 * DAY,
    type: 'VIDEO',
    blocked_regions: '',
    is_live: 0,
    ...extra,
  };
}
const videos = Array.from({ length: 12 }, (_, i) => video(i + 1, i % 2 ? `Garlic soup ${i}` : `Lemon tart ${i}`));

const search = async (db: Kysely<Database>, terms: string[]) =>
  (
    await createSqlVideoSource(db).search({
      terms,
      since: 0,
      until: NOW,
      type: 'VIDEO',
      geoCode: 'US',
      limit: 100,
    })
  ).videos.map((v) => v.id);

/** The index's tables, in a stable order. */
async function indexOf(db: Kysely<Database>) {
  const postings = await db.selectFrom('video_search').selectAll().orderBy('term').orderBy('num').execute();
  const counts = await db
    .selectFrom('video_search_terms')
    .selectAll()
    .where('docs', '<>', 0)
    .orderBy('term')
    .orderBy('type')
    .orderBy('bucket')
    .execute();
  return {
    postings: postings.map((p) => ({ ...p, views: Number(p.views), published_at: Number(p.published_at) })),
    counts: counts.map((c) => ({ ...c, bucket: Number(c.bucket), docs: Number(c.docs) })),
  };
}

/** The counts are the postings counted by term, type and bucket. */
async function expectCountsAgree(db: Kysely<Database>) {
  const { postings, counts } = await indexOf(db);
  const expected = new Map<string, number>();
  for (const p of postings) {
    const key = `${p.term}|${p.type}|${Math.floor(p.published_at / SEARCH_BUCKET_MS)}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  expect(new Map(counts.map((c) => [`${c.term}|${c.type}|${c.bucket}`, c.docs]))).toEqual(expected);
}

describe(`video search index (${kind})`, () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
    await upsertVideoRows(store.db, videos);
  });
  afterAll(() => store.close());

  it("holds each video's distinct title and channel-name terms, title terms marked, with its counts", async () => {
    const { postings } = await indexOf(store.db);
    expect(postings.filter((p) => p.num === 2).map((p) => [p.term, p.in_title])).toEqual([
      ['1', 1],
      ['corner', 0],
      ['garlic', 1],
      ['kitchen', 0],
      ['soup', 1],
    ]);
    await expectCountsAgree(store.db);
  });

  it('an upsert replaces a video its postings: a new title is found by its own words only, and counted', async () => {
    await upsertVideoRows(store.db, [{ ...videos[1]!, title: 'Onion broth', published_at: NOW - 400 * DAY }]);
    try {
      expect(await search(store.db, ['onion'])).toEqual(['vid00002']);
      expect(await search(store.db, ['garlic'])).not.toContain('vid00002');
      await expectCountsAgree(store.db);
    } finally {
      await upsertVideoRows(store.db, [videos[1]!]);
    }
    expect(await search(store.db, ['garlic'])).toContain('vid00002');
    await expectCountsAgree(store.db);
  });

  it('a write of some columns (as an import updates views) re-reads the row: the walk ranks by the new views', async () => {
    expect((await search(store.db, ['garlic']))[0]).toBe('vid00012');
    await writeTableRows(store.db, 'video_videos', [{ ...videos[3]!, views: 1_000_000 }], { update: ['views'] });
    try {
      expect((await search(store.db, ['garlic']))[0]).toBe('vid00004');
      await expectCountsAgree(store.db);
    } finally {
      await writeTableRows(store.db, 'video_videos', [videos[3]!], { update: ['views'] });
    }
  });

  it('a rebuild makes the same index from the videos', async () => {
    const before = await indexOf(store.db);
    await store.db.transaction().execute((trx) => rebuildVideoSearch(trx));
    expect(await indexOf(store.db)).toEqual(before);
  });

  it('a store made before the index gets it built by its migration, and loses the full-text index', async () => {
    const target = await createTestStoreAddress({ kind });
    const db = kind === 'sqlite' ? createSqliteDb(':memory:') : createPostgresDb(target.address);
    try {
      const before = await storeMigrator(db).migrateTo('0007-music-episode-precision');
      expect(before.error).toBeUndefined();
      // the columns of that time (0022 added the source's address, pictures and extra)
      const before0022 = videos.map(({ url: _u, thumbnails: _t, extra: _e, ...columns }) => columns);
      // (typed as today's rows: the table of that time has no such columns)
      await db
        .insertInto('video_videos')
        .values(before0022 as VideoVideosTable[])
        .execute();
      // every later migration, 0008-video-search first
      expect(await migrateToLatest(db)).toEqual({
        applied: Object.keys(migrations).filter((name) => name >= '0008'),
      });
      expect(Object.keys(migrations)).toContain('0008-video-search');
      expect(await search(db, ['garlic'])).toEqual([
        'vid00012',
        'vid00010',
        'vid00008',
        'vid00006',
        'vid00004',
        'vid00002',
      ]);
      await expectCountsAgree(db);
      const fullText =
        kind === 'sqlite'
          ? sql`select count(*) as n from sqlite_master where name like 'video_fts%'`
          : sql`select count(*) as n from pg_indexes where indexname = 'video_videos_search'`;
      expect(Number((await fullText.execute(db)).rows.map((row) => (row as { n: unknown }).n)[0])).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
