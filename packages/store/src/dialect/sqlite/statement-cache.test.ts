import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('prepares each SQL text once, evicts the least recently used past its capacity, and closes the connection', () => {
    const connection = new SQLite(':memory:');
    const original = connection.prepare.bind(connection);
    let prepared = 0;
    connection.prepare = (sql: string) => (prepared++, original(sql));
    const cached = withStatementCache(connection);
    const first = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(first);
    expect(prepared).toBe(1);
    expect(cached.prepare('select 1 as one').all([])).toEqual([{ one: 1 }]);

    for (let i = 0; i < 600; i++) cached.prepare(`select ${i} as n`);
    expect(prepared).toBe(601);
    cached.prepare('select 599 as n'); // recent: still cached
    expect(prepared).toBe(601);
    expect(cached.prepare('select 1 as one')).not.toBe(first); // the oldest was evicted
    expect(prepared).toBe(602);

    cached.close();
    expect(connection.open).toBe(false);
  });

  it("a transaction SQLite rolled back by itself fails with its own error, not with the rollback's", async () => {
    const db = new Kysely<{ t: { id: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(new SQLite(':memory:')) }),
    });
    await sql`create table t (id integer primary key)`.execute(db);
    const cause = new Error('database or disk is full');
    // as SQLite does on SQLITE_FULL or an I/O error: the transaction is gone before Kysely rolls it back
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 1 }).execute();
      await sql`rollback`.execute(trx);
      throw cause;
    });
    await expect(failed).rejects.toBe(cause);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);
    // a rollback inside a transaction still rolls back
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 2 }).execute();
      await sql`rollback`.execute(trx);
      await sql`begin`.execute(trx);
    });
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});
