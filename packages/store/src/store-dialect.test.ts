import { CompiledQuery, sql } from 'kysely';
import { dialectOf, postgresDialect, sqliteDialect } from './dialect/index.js';
import type { Store } from './store.js';
import { openTestStore, testStoreKind } from './testing.js';

describe('the store dialect (run on each store kind)', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore({ migrate: false });
  });
  afterAll(() => store.close());

  it('is chosen once, at connect time, from the connection; transactions report the same one', async () => {
    expect(store.dialect.kind).toBe(testStoreKind());
    expect(store.dialect).toBe(testStoreKind() === 'sqlite' ? sqliteDialect : postgresDialect);
    await store.db.transaction().execute(async (trx) => {
      expect(dialectOf(trx)).toBe(store.dialect);
    });
  });

  if (testStoreKind() === 'postgres')
    it('runs PostgreSQL statements without JIT compilation, on every connection of the pool', async () => {
      const settings = await Promise.all(
        Array.from({ length: 3 }, () =>
          store.db.transaction().execute((trx) => sql<{ jit: string }>`show jit`.execute(trx)),
        ),
      );
      expect(settings.map(({ rows }) => rows[0]?.jit)).toEqual(['off', 'off', 'off']);
    });

  it('binds a list of ids as one parameter that idIn matches, with placeholders the engine takes', async () => {
    const { dialect } = store;
    await sql`create temporary table dialect_probe (id text primary key, n integer)`.execute(store.db);
    await store.db.executeQuery(
      CompiledQuery.raw(
        `insert into dialect_probe (id, n) values (${dialect.placeholder(1)}, ${dialect.placeholder(2)}), (${dialect.placeholder(3)}, ${dialect.placeholder(4)})`,
        ['a', 1, 'b', 2],
      ),
    );
    const found = await store.db.executeQuery<{ id: string }>(
      CompiledQuery.raw(`select id from dialect_probe where ${dialect.idIn('id', 1)} order by id`, [
        dialect.bindIds(['b', 'zz', 'a']),
      ]),
    );
    expect(found.rows.map((r) => r.id)).toEqual(['a', 'b']);
    const distinct = await store.db.executeQuery<{ d: unknown }>(
      CompiledQuery.raw(`select case when (1, null) ${dialect.isDistinctFrom} (1, null) then 1 else 0 end as d`, []),
    );
    expect(Number(distinct.rows[0]?.d)).toBe(0);
  });

  it('tells an outage from a bug', () => {
    expect(store.dialect.isUnavailable(new Error('syntax error'))).toBe(false);
  });
});
