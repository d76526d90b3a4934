import { openStore, type Store } from './store.js';
import { openTestStore } from './testing.js';

/**
 * The same demo data in SQLite and in PostgreSQL must answer every query identically — including
 * video search, where each store matches with its own full-text engine.
 */
describe('SQLite and PostgreSQL answer identically', () => {
  const now = new Date('2026-06-15T12:00:00.000Z');
  let sqlite: Store;
  let postgres: Store;
  beforeAll(async () => {
    sqlite = await openStore('sqlite::memory:');
    postgres = await openTestStore({ kind: 'postgres' });
    for (const store of [sqlite, postgres]) await store.seedDemo({ now, only: ['video'] });
  });
  afterAll(async () => {
    await sqlite.close();
    await postgres.close();
  });

  it.each([
    [['recipe'], 0],
    [['recipe'], 20],
    [['easy', 'recipe'], 0],
    [['review'], 40],
    [['music'], 0],
  ])('video search %j from offset %d: same page, same order, same total', async (terms, offset) => {
    const query = { terms, since: now.getTime() - 365 * 86_400_000, until: now.getTime(), type: 'VIDEO' as const, geoCode: 'US' as const, offset, limit: 20 };
    const [a, b] = [await sqlite.video.search(query), await postgres.video.search(query)];
    expect(a.total).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it('related videos and examples agree', async () => {
    const { video } = await sqlite.examples();
    expect(await postgres.examples()).toMatchObject({ video });
    const record = await sqlite.video.video(video!.videoId);
    expect(await postgres.video.related(record!, 20)).toEqual(await sqlite.video.related(record!, 20));
  });
});
