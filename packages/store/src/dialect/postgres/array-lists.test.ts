import { Kysely, sql } from 'kysely';
import type { Database } from '../../schema.js';
import type { Store } from '../../store.js';
import { openTestStore, type TestStoreKind } from '../../testing.js';
import { inList } from '../in-list.js';
import { ArrayListPostgresDialect } from './array-lists.js';

// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- a type, not an interface: `withTables` takes a record of tables
type Probe = { list_probe: { id: string; n: number } };

/** A PostgreSQL Kysely that only compiles (its pool is never asked for). */
const compiler = new Kysely<Probe>({
  dialect: new ArrayListPostgresDialect({
    pool: () => Promise.reject(new Error('compiling only')),
  }),
});

describe('`in` lists on PostgreSQL: one array parameter (array-lists.ts)', () => {
  it('compiles every length of a list of values to one text, the list as one parameter', () => {
    const compiled = [[1], [1, 2], Array.from({ length: 50 }, (_, i) => i)].map((list) =>
      compiler.selectFrom('list_probe').select('id').where('n', 'in', list).compile(),
    );
    expect(new Set(compiled.map((query) => query.sql))).toEqual(
      new Set(['select "id" from "list_probe" where "n" = any($1)']),
    );
    expect(compiled.map((query) => query.parameters)).toEqual([
      [[1]],
      [[1, 2]],
      [Array.from({ length: 50 }, (_, i) => i)],
    ]);
  });

  it('compiles a list holding expressions, and a subquery, as before', () => {
    const withExpression = compiler
      .selectFrom('list_probe')
      .select('id')
      .where((eb) => eb('n', 'in', [eb.val(1), eb.val(2)]))
      .compile();
    expect(withExpression.sql).toBe('select "id" from "list_probe" where "n" in ($1, $2)');
    const subquery = compiler
      .selectFrom('list_probe')
      .select('id')
      .where('id', 'in', compiler.selectFrom('list_probe').select('id').where('n', '>', 1))
      .compile();
    expect(subquery.sql).toBe(
      'select "id" from "list_probe" where "id" in (select "id" from "list_probe" where "n" > $1)',
    );
  });
});

/** Ids an array literal must quote and escape: its delimiters, quotes, backslashes, blanks, NULL as text, non-ASCII. */
const AWKWARD_IDS = ['plain', 'a,b', '{braced}', 'say "hi"', 'back\\slash', ' padded ', 'NULL', '', 'ünïcødé ✓'];

describe.each<TestStoreKind>(['sqlite', 'postgres'])('reads by a list of values (%s)', (kind) => {
  let store: Store;
  let db: Kysely<Database & Probe>;
  beforeAll(async () => {
    store = await openTestStore({ kind });
    db = store.db.withTables<Probe>();
    await sql`create table list_probe (id text primary key, n integer not null)`.execute(db);
    await db
      .insertInto('list_probe')
      .values([...AWKWARD_IDS, 'other'].map((id, n) => ({ id, n })))
      .execute();
  });
  afterAll(async () => {
    await store.close();
  });

  const ids = async (where: (query: ReturnType<typeof select>) => ReturnType<typeof select>) =>
    (await where(select()).orderBy('n').execute()).map((row) => row.id);
  const select = () => db.selectFrom('list_probe').select('id');

  it('matches text values exactly, whatever characters they hold', async () => {
    expect(await ids((query) => query.where('id', 'in', AWKWARD_IDS))).toEqual(AWKWARD_IDS);
    expect(await ids((query) => query.where('id', 'in', ['a', 'b', 'say "hi']))).toEqual([]);
  });

  it('matches numbers, and an empty list matches nothing', async () => {
    expect(await ids((query) => query.where('n', 'in', [9, 0, 2]))).toEqual(['plain', '{braced}', 'other']);
    expect(await ids((query) => query.where('n', 'in', []))).toEqual([]);
  });

  it('reads the same in raw SQL (`inList`)', async () => {
    const { rows } = await sql<{
      id: string;
    }>`select id from list_probe where ${inList('n', [3, 1])} order by n`.execute(db);
    expect(rows.map((row) => row.id)).toEqual(['a,b', 'say "hi"']);
  });
});
