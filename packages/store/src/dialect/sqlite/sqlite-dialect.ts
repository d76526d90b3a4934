import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogConfig, SqliteDialect, sql } from 'kysely';
import type { Database } from '../../schema.js';
import type { Dialect, IndexDefinition } from '../dialect.js';
import { causes } from '../causes.js';
import { isSqliteUnavailable } from './sqlite-errors.js';
import { type OpenPurpose, reopeningDatabase } from './reopening-database.js';
import { withStatementCache } from './statement-cache.js';

/**
 * How long a statement waits for a lock another connection holds (a writer's commit, a
 * checkpoint) before it fails as unavailable (503): the longest a request waits on a SQLite store.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * The embedded store: one better-sqlite3 connection in WAL mode (readers never wait for the
 * writer, and a crash leaves the file intact), created with its folder on first use. A file's
 * connection replaces itself after an I/O or corruption failure (reopening-database.ts), so the
 * store heals once its file does.
 */
export function createSqliteDb(path: string, options: { log?: LogConfig } = {}): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const open = (purpose: OpenPurpose = 'first') => {
    // a reopen's pragmas give up on a lock at once (the next reopen retries) instead of holding the
    // requests that wait on it; statements then wait for locks up to the store's busy timeout
    const database = new SQLite(path, { timeout: purpose === 'reopen' ? 0 : SQLITE_BUSY_TIMEOUT_MS });
    try {
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
      database.pragma(`busy_timeout = ${String(SQLITE_BUSY_TIMEOUT_MS)}`);
      database.pragma('foreign_keys = ON');
    } catch (error) {
      database.close();
      throw error;
    }
    return database;
  };
  // an in-memory database is its connection: nothing to reopen
  const database = path === ':memory:' ? withStatementCache(open()) : reopeningDatabase(open);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    ...(options.log ? { log: options.log } : {}),
  });
}

/** SQLite's answers to what the store's SQL asks of a store kind. */
export const sqliteDialect: Dialect = {
  kind: 'sqlite',
  isUnavailable: isSqliteUnavailable,
  isDiskFull: (error) => causes(error).some((cause) => cause.code === 'SQLITE_FULL'),
  placeholder: () => '?',
  bindIds: (ids) => JSON.stringify(ids),
  idIn: (column) => `${column} in (select value from json_each(?))`,
  leastId: () => '(select min(value) from json_each(?))',
  isDistinctFrom: 'is not',
  bulkWrite: 'tuples',
  cachesStatements: true,
  tempSchema: 'temp.',
  tempTableOnCommit: '',
  longTransactionSettings: [],
  rebuildsIndexesOnBulkLoad: true,
  secondaryIndexes: (table, unique) =>
    sql<IndexDefinition>`select name, sql as definition from sqlite_master where type = 'index' and tbl_name = ${table}
        and sql is not null and (${unique ? 1 : 0} or sql not like 'CREATE UNIQUE%')`,
  tunablePageCache: true,
  journalsStatements: true,
  unaryPlusHidesIndex: true,
  byCodePoint: '',
  textInCodePointOrder: true,
  keyOrderedTables: true,
  coveringIndexes: false,
  lateralJoins: false,
  rowidOrderedFullText: true,
  synchronousStatements: true,
};
