import { Kysely, type LogConfig, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../schema.js';
import type { Dialect, IndexDefinition } from '../dialect.js';
import type { DialectOptions } from '../options.js';
import { ArrayListPostgresDialect } from './array-lists.js';
import { boundedCopyingClient } from './copy-client.js';
import { isPostgresUnavailable } from './postgres-errors.js';
import { causes } from '../causes.js';

type TypeId = Parameters<typeof pg.types.getTypeParser>[0];
const INT8_OID: TypeId = pg.types.builtins.INT8;
/** How long past the statement timeout a query's answer is still waited for, before its connection is given up as dead. */
export const ANSWER_GRACE_MS = 1_000;

/**
 * A pooled PostgreSQL store. `bigint` columns (epoch milliseconds, counts) come back as JS
 * numbers (exact below 2^53, which every value here is). Each statement is cut after
 * `statementTimeoutMs` by the server; a connection that cannot be had within `connectTimeoutMs`
 * (new, or from a busy pool) fails fast; and a query whose answer does not come within
 * ANSWER_GRACE_MS after the statement timeout has its connection closed (copy-client.ts), with TCP
 * keepalive on every connection, so a request never hangs on an unreachable or frozen database.
 * Statements run without JIT compilation, and `in` lists go as one array parameter (array-lists.ts).
 */
export function createPostgresDb(url: string, options: DialectOptions & { log?: LogConfig } = {}): Kysely<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? 10_000;
  const pool = new pg.Pool({
    Client: boundedCopyingClient(statementTimeoutMs === 0 ? 0 : statementTimeoutMs + ANSWER_GRACE_MS),
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    statement_timeout: statementTimeoutMs,
    // JIT compilation is for long analytical statements: ours are index-bounded, and a planner's cost
    // estimate over jit_above_cost (a walk with a selective filter and an offset) had compiling take
    // 4 ms of a 2 ms statement. Every run of a named statement planned for its own values: a generic
    // plan, made for any values, read the index the search had chosen against (copy-client.ts,
    // `namedStatement`). An address's own `options` parameter replaces both.
    options: '-c jit=off -c plan_cache_mode=force_custom_plan',
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: TypeId, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? Number
          : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<Database>({
    dialect: new ArrayListPostgresDialect({ pool }),
    ...(options.log ? { log: options.log } : {}),
  });
}

/** PostgreSQL's answers to what the store's SQL asks of a store kind. */
export const postgresDialect: Dialect = {
  kind: 'postgres',
  isUnavailable: isPostgresUnavailable,
  // SQLSTATE 53100 disk_full; the server's own "could not extend file …: No space left on device" is 53100 too
  isDiskFull: (error) => causes(error).some((cause) => cause.code === '53100'),
  placeholder: (n) => `$${n}`,
  bindIds: (ids) => ids,
  idIn: (column, n) => `${column} = any($${n}::text[])`,
  leastId: (n) => `(select min(id) from unnest($${n}::text[]) as ids(id))`,
  isDistinctFrom: 'is distinct from',
  bulkWrite: 'copy',
  cachesStatements: false,
  tempSchema: '',
  tempTableOnCommit: 'on commit drop ',
  longTransactionSettings: [
    'set local statement_timeout = 0',
    "set local work_mem = '256MB'",
    "set local maintenance_work_mem = '256MB'",
  ],
  rebuildsIndexesOnBulkLoad: false,
  secondaryIndexes: (table, unique) =>
    sql<IndexDefinition>`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = ${table} and indexname not in (select conname from pg_constraint)
        and (${unique} or indexname not in (select c.relname from pg_index i join pg_class c on c.oid = i.indexrelid where i.indisunique))`,
  tunablePageCache: false,
  journalsStatements: false,
  unaryPlusHidesIndex: false,
  byCodePoint: ' collate "C"',
  textInCodePointOrder: false,
  keyOrderedTables: false,
  coveringIndexes: true,
  lateralJoins: true,
  rowidOrderedFullText: false,
  synchronousStatements: false,
};
