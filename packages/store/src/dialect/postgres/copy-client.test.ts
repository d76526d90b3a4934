import { type Kysely, sql } from 'kysely';
import type { Database } from '../../schema.js';
import type { Store } from '../../store.js';
import { openTestStore } from '../../testing.js';

/** Statements with parameters are prepared once per connection (copy-client.ts `namedStatement`). */
describe('PostgreSQL statements, prepared', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore({ kind: 'postgres' });
  });
  afterAll(async () => {
    await store.close();
  });

  /** The statements of the connection's session prepared under a name, whose text starts with `prefix`. */
  const preparedLike = (db: Kysely<Database>, prefix: string) =>
    sql<{ name: string }>`select name from pg_prepared_statements where statement like ${`${prefix}%`}`.execute(db);

  it('prepares a statement with parameters under one name from its second run, and runs it again by that name', async () => {
    await store.db.connection().execute(async (db) => {
      const run = (n: number) => sql<{ x: number }>`select ${n}::int + 1 as x`.execute(db);
      expect((await run(1)).rows).toEqual([{ x: 2 }]);
      // a text run once stays unprepared: most never come back (an import's batch of an odd size)
      expect((await preparedLike(db, 'select $1::int + 1')).rows).toEqual([]);
      expect((await run(41)).rows).toEqual([{ x: 42 }]);
      const prepared = (await preparedLike(db, 'select $1::int + 1')).rows;
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^sq\d+$/);
      // a statement without parameters goes unprepared
      await sql`select 'no parameters' as x`.execute(db);
      expect((await preparedLike(db, "select 'no parameters'")).rows).toEqual([]);
    });
  });

  it('plans every run of a prepared statement for its own values, never a generic plan', async () => {
    await store.db.connection().execute(async (db) => {
      for (let n = 0; n < 8; n++) await sql`select ${n}::int * 2 as x`.execute(db);
      const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`select generic_plans, custom_plans
        from pg_prepared_statements where statement like ${'select $1::int * 2%'}`.execute(db);
      // named from the second run: seven runs prepared, each planned for its value (PostgreSQL's default would go generic after five)
      expect(rows.map((row) => [Number(row.generic_plans), Number(row.custom_plans)])).toEqual([[0, 7]]);
    });
  });

  it('prepares a statement anew after a schema change altered what it returns', async () => {
    await store.db.connection().execute(async (db) => {
      await sql`create table stale_plan (a int)`.execute(db);
      await sql`insert into stale_plan values (1)`.execute(db);
      const read = () => sql`select * from stale_plan where a = ${1}`.execute(db);
      await read(); // a text is named from its second run on
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`alter table stale_plan add column b int`.execute(db);
      // the run that meets the change fails as PostgreSQL fails it; the next one is prepared anew
      await expect(read()).rejects.toThrow(/cached plan must not change result type/);
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);
    });
  });
});
