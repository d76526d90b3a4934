import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the query shapes of the service are far fewer. */
const CAPACITY = 512;

/**
 * Kysely's `rollback` of a transaction SQLite has already rolled back by itself (it does on
 * SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM and a busy COMMIT): nothing to do. Run, it would fail
 * with "cannot rollback - no transaction is active", and that error would replace the one that
 * failed the transaction (a full disk would read as a bug).
 */
const ROLLED_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/**
 * Kysely's SQLite driver prepares every statement anew. Requests repeat a few query shapes, so
 * prepared statements are kept per SQL text (least recently used dropped first): preparing
 * was a tenth of the service's CPU time under load.
 */
export function withStatementCache(connection: SqliteConnection): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      connection.close();
    },
    prepare(sql: string) {
      if (sql === 'rollback' && !connection.inTransaction) return ROLLED_BACK;
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // re-inserted below: Map order is recency order
      } else {
        statement = connection.prepare(sql);
        if (cache.size >= CAPACITY) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
