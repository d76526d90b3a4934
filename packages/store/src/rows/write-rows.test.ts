import { CompiledQuery, type Kysely } from 'kysely';
import { columnTypesOf } from '../platforms/index.js';
import { numberRows, writeRows } from './write-rows.js';
import { copiedTables } from '../copy.js';
import type { Database, ForumPostsTable, MusicGenresTable } from '../schema.js';
import type { Store } from '../store.js';
import { openTestStore, testStoreKind } from '../testing.js';

let store: Store;
let db: Kysely<Database>;
beforeAll(async () => {
  store = await openTestStore();
  db = store.db;
});
afterAll(() => store.close());

const post = (n: number, title = `post ${n}`): ForumPostsTable => ({
  id: `p${String(n).padStart(5, '0')}`,
  num: n,
  community: 'c',
  community_key: 'c',
  author: 'a',
  author_key: 'a',
  title,
  content: '',
  upvotes: n,
  downvotes: 0,
  score: n,
  comment_count: 0,
  created_at: 1_700_000_000_000 + n,
  hot: n / 3,
  url: '',
  over18: 0,
  extra: '',
});
const genre = (id: string, num: number, name: string): MusicGenresTable => ({
  id,
  num,
  name,
  name_key: name.toLowerCase(),
  name_terms: ` ${name.toLowerCase()} `,
  kind: 'genre',
  color: '#000000',
  images: '[]',
  extra: '',
});
const titles = async () =>
  (await db.selectFrom('forum_posts').select(['id', 'title', 'upvotes', 'hot']).orderBy('id').execute()).map((r) => [
    r.id,
    r.title,
    Number(r.upvotes),
    Number(r.hot),
  ]);

describe(`writeRows (${testStoreKind()})`, () => {
  beforeEach(async () => {
    await db.deleteFrom('forum_posts').execute();
    await db.deleteFrom('music_genres').execute();
  });

  it('inserts, then updates by key; a row count past one statement lands whole', async () => {
    const rows = Array.from({ length: 1_337 }, (_, i) => post(i));
    expect(await writeRows(db, 'forum_posts', rows)).toBe(1_337);
    expect(await writeRows(db, 'forum_posts', [post(5, 'five'), post(2_000)])).toBe(2);
    const stored = await titles();
    expect(stored).toHaveLength(1_338);
    expect(stored[5]).toEqual(['p00005', 'five', 5, 5 / 3]);
    expect(stored.at(-1)).toEqual(['p02000', 'post 2000', 2_000, 2_000 / 3]);
  });

  it('a large batch (PostgreSQL: through COPY and a staging table) keeps every value exactly, twice in a row', async () => {
    const awkward = ['tab\there', 'line\nbreak\r\n', 'back\\slash', '\\N', '', 'naïve — 日本 🎉', 'quote \' " '];
    const rows = Array.from({ length: 450 }, (_, i) => ({
      ...post(i, awkward[i % awkward.length]),
      hot: i === 0 ? 0.1 + 0.2 : -i / 7,
      created_at: 2 ** 52 + i,
    }));
    for (let round = 0; round < 2; round++) {
      const changed = await writeRows(db, 'forum_posts', rows, { skipUnchanged: true });
      expect(changed).toBe(round === 0 ? 450 : 0);
    }
    const stored = await db.selectFrom('forum_posts').selectAll().orderBy('id').execute();
    expect(stored.map((row) => ({ ...row, created_at: Number(row.created_at), hot: Number(row.hot) }))).toEqual(rows);
    await writeRows(
      db,
      'forum_posts',
      rows.map((row) => ({ ...row, title: `${row.title}!` })),
      { update: ['title'] },
    );
    expect((await titles()).slice(0, 2).map(([, title]) => title)).toEqual(['tab\there!', 'line\nbreak\r\n!']);
  });

  it('a large batch that the store refuses fails whole inside its transaction, and the connection goes on', async () => {
    const rows: ForumPostsTable[] = Array.from({ length: 300 }, (_, i) => post(i));
    Reflect.set(rows[250]!, 'title', null);
    // a native driver's error is not an Error of the test's realm: matched by its message
    await expect(db.transaction().execute((trx) => writeRows(trx, 'forum_posts', rows))).rejects.toMatchObject({
      message: expect.stringMatching(/null/i),
    });
    expect(await titles()).toEqual([]);
    expect(await writeRows(db, 'forum_posts', rows.slice(0, 250))).toBe(250);
  });

  it.each([10, 450])(
    'insertOnly writes %i new rows exactly (PostgreSQL: a large batch COPYed straight into the table) and refuses a stored key whole',
    async (count) => {
      const rows = Array.from({ length: count }, (_, i) => post(i, i === 1 ? 'tab\there' : `post ${i}`));
      expect(
        await writeRows(db, 'forum_posts', rows, { insertOnly: true, columns: columnTypesOf('forum_posts') }),
      ).toBe(count);
      expect(await titles()).toEqual(rows.map((row) => [row.id, row.title, row.upvotes, row.hot]));
      // one stored key among new ones: nothing of the batch is written, no row is updated
      const again = [post(count + 1), { ...post(0), title: 'changed' }, post(count + 2)];
      const refused = await db
        .transaction()
        .execute((trx) => writeRows(trx, 'forum_posts', [...again, ...rows.slice(1)], { insertOnly: true }))
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ message: expect.stringMatching(/unique|duplicate/i) });
      expect(await titles()).toEqual(rows.map((row) => [row.id, row.title, row.upvotes, row.hot]));
    },
  );

  it.each([false, true])(
    'insertOnly refuses a value a constraint refuses, whatever else the statement wrote (keys handed on: %s)',
    async (handKeys) => {
      // SQLite writes new rows as `insert or ignore` (no statement journal): the count it inserted is checked instead
      const rows = [post(1), post(2), post(3)];
      Reflect.set(rows[1]!, 'title', null);
      const refused = await db
        .transaction()
        .execute((trx) =>
          writeRows(trx, 'forum_posts', rows, { insertOnly: true, ...(handKeys ? { onWritten: () => {} } : {}) }),
        )
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ message: expect.stringMatching(/null/i) });
      expect(await titles()).toEqual([]);
    },
  );

  it('a stored row takes only the update columns; none: it is left as it is', async () => {
    await writeRows(db, 'forum_posts', [post(1), post(2)]);
    await writeRows(db, 'forum_posts', [{ ...post(1, 'new title'), upvotes: 99 }], { update: ['title'] });
    await writeRows(db, 'forum_posts', [post(2, 'ignored'), post(3)], { update: [] });
    expect(await titles()).toEqual([
      ['p00001', 'new title', 1, 1 / 3],
      ['p00002', 'post 2', 2, 2 / 3],
      ['p00003', 'post 3', 3, 1],
    ]);
  });

  it('skipUnchanged counts (and rewrites) only the rows that differ', async () => {
    const rows = [post(1), post(2), post(3)];
    expect(await writeRows(db, 'forum_posts', rows, { skipUnchanged: true })).toBe(3);
    expect(await writeRows(db, 'forum_posts', rows, { skipUnchanged: true })).toBe(0);
    expect(await writeRows(db, 'forum_posts', [post(1), post(2, 'changed')], { skipUnchanged: true })).toBe(1);
    // typed columns (PostgreSQL's arrays) behave alike
    const genres = [genre('g1', 1, 'Pop'), genre('g2', 2, 'Rock')];
    expect(await writeRows(db, 'music_genres', genres, { skipUnchanged: true })).toBe(2);
    expect(await writeRows(db, 'music_genres', genres, { skipUnchanged: true })).toBe(0);
    expect(await writeRows(db, 'music_genres', [genre('g2', 2, 'Jazz')], { skipUnchanged: true })).toBe(1);
    expect(await writeRows(db, 'music_genres', [])).toBe(0);
  });

  it.each([3, 450])(
    'onWritten hands on the keys of the %i rows a write inserted or changed, from the statement, never those it left alone',
    async (count) => {
      const written = async (rows: ForumPostsTable[], options: Parameters<typeof writeRows>[3] = {}) => {
        const keys: string[] = [];
        const changed = await writeRows(db, 'forum_posts', rows, { ...options, onWritten: (k) => keys.push(...k) });
        expect(changed).toBe(keys.length);
        return keys.sort();
      };
      const rows = Array.from({ length: count }, (_, i) => post(i));
      const ids = rows.map((row) => row.id);
      const columns = columnTypesOf('forum_posts');
      // new rows (PostgreSQL: a large batch COPYed straight into the table, a small one over arrays)
      expect(await written(rows, { insertOnly: true, columns })).toEqual(ids);
      // identical: none comes back, typed columns or not
      expect(await written(rows, { skipUnchanged: true, columns })).toEqual([]);
      expect(await written(rows, { skipUnchanged: true })).toEqual([]);
      // one changed among the identical, and one new
      const next = rows.map((row, i) => (i === 1 ? { ...row, upvotes: 1_000 } : row));
      expect(await written([...next, post(count + 1)], { skipUnchanged: true, columns })).toEqual(
        [ids[1]!, post(count + 1).id].sort(),
      );
      // a column the write does not take does not count, one it takes does
      expect(await written([{ ...post(0), title: 'other' }], { update: ['upvotes'], skipUnchanged: true })).toEqual([]);
      expect(await written([{ ...post(0), title: 'other' }], { update: ['title'], skipUnchanged: true })).toEqual([
        ids[0]!,
      ]);
      // no column to take: a stored row is left as it is
      expect(await written([post(0, 'ignored')], { update: [] })).toEqual([]);
    },
  );

  it('matches on another key column', async () => {
    await writeRows(db, 'settings', [{ key: 'write-rows-test', value: 'a' }], { key: 'key' });
    await writeRows(db, 'settings', [{ key: 'write-rows-test', value: 'b' }], { key: 'key' });
    const stored = await db.selectFrom('settings').selectAll().where('key', '=', 'write-rows-test').execute();
    expect(stored).toEqual([{ key: 'write-rows-test', value: 'b' }]);
  });

  it('numberRows: a stored row keeps its num, new rows take the next after the largest', async () => {
    await writeRows(db, 'music_genres', [genre('g1', 4, 'Pop'), genre('g2', 7, 'Rock')]);
    const numbered = await numberRows(db, 'music_genres', [{ id: 'g3' }, { id: 'g2' }, { id: 'g4' }]);
    expect(numbered).toEqual([
      { id: 'g3', num: 8 },
      { id: 'g2', num: 7 },
      { id: 'g4', num: 9 },
    ]);
    // nums the caller read already are taken as they are
    const given = await numberRows(db, 'music_genres', [{ id: 'g1' }, { id: 'g5' }], new Map([['g1', 4]]));
    expect(given).toEqual([
      { id: 'g1', num: 4 },
      { id: 'g5', num: 8 },
    ]);
    expect(await numberRows(db, 'music_genres', [])).toEqual([]);
  });
});

describe(`declared column types (${testStoreKind()})`, () => {
  it("are the store's own, column for column", async () => {
    const query =
      testStoreKind() === 'postgres'
        ? `select column_name as "name", data_type as "type" from information_schema.columns where table_schema = current_schema() and table_name = $1`
        : `select "name", lower("type") as "type" from pragma_table_info(?)`;
    let declared = 0;
    for (const { table } of copiedTables) {
      const types = columnTypesOf(table);
      if (!types) continue;
      declared += 1;
      const stored = await db.executeQuery<{ name: string; type: string }>(CompiledQuery.raw(query, [table]));
      expect(Object.fromEntries(stored.rows.map((column) => [column.name, column.type]))).toEqual({ ...types });
    }
    expect(declared).toBeGreaterThan(20);
  });
});
