import type { Kysely } from 'kysely';
import { assignMusicNums, musicNameColumns, upsertMusicRows } from './rows.js';
import type { Database, MusicGenresTable } from '../../schema.js';
import { openTestStore, testStoreKind } from '../../testing.js';
import type { Store } from '../../store.js';

let store: Store;
let db: Kysely<Database>;
beforeAll(async () => {
  store = await openTestStore();
  db = store.db;
});
afterAll(() => store.close());

const genre = (id: string, name: string): Omit<MusicGenresTable, 'num'> => ({
  id,
  ...musicNameColumns(name),
  kind: 'genre',
  color: '#123456',
  images: '[]',
  extra: '',
});
const names = async () =>
  (await db.selectFrom('music_genres').select(['id', 'num', 'name']).orderBy('id').execute()).map((r) => [
    r.id,
    Number(r.num),
    r.name,
  ]);

describe(`music rows (${testStoreKind()})`, () => {
  it('name columns: the name key and the whole-word terms the source scores with', () => {
    expect(musicNameColumns('Love  Me, Love (feat. DJ-Nova)')).toEqual({
      name: 'Love  Me, Love (feat. DJ-Nova)',
      name_key: 'love me love feat dj nova',
      name_terms: ' love me feat dj nova ',
    });
  });

  it('upserts by id, rewriting only changed rows, and numbers new rows after the largest', async () => {
    const first = await assignMusicNums(db, 'music_genres', [genre('g1', 'Pop'), genre('g2', 'Rock')]);
    expect(first.map((row) => row.num)).toEqual([1, 2]);
    expect(await upsertMusicRows(db, 'music_genres', first)).toBe(2);
    expect(await upsertMusicRows(db, 'music_genres', first)).toBe(0);
    const second = await assignMusicNums(db, 'music_genres', [genre('g3', 'Jazz'), genre('g1', 'Pop Music')]);
    expect(second.map((row) => row.num)).toEqual([3, 1]);
    expect(await upsertMusicRows(db, 'music_genres', second)).toBe(2);
    expect(await names()).toEqual([
      ['g1', 1, 'Pop Music'],
      ['g2', 2, 'Rock'],
      ['g3', 3, 'Jazz'],
    ]);
    // the full-text index follows the update
    expect((await store.music.searchGenres({ terms: ['music'], offset: 0, limit: 5 })).map((g) => g.id)).toEqual([
      'g1',
    ]);
    expect(await store.music.searchGenres({ terms: ['pop'], offset: 0, limit: 5 })).toHaveLength(1);
  });
});
