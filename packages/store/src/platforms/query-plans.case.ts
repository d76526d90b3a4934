import { CompiledQuery, type Kysely } from 'kysely';
import { createPostgresDb } from '../dialect/postgres/postgres-dialect.js';
import { createSqliteDb } from '../dialect/sqlite/sqlite-dialect.js';
import { migrateToLatest } from '../migrations/index.js';
import type { Database } from '../schema.js';
import { createTestStoreAddress, type TestStoreKind, testStoreKind } from '../testing.js';

/**
 * Test support for the sources' query-plan checks: a migrated database of the run's kind that
 * records every query it runs, and the dialect's way of asking for and reading their plans.
 */
export interface PlannedDb {
  kind: TestStoreKind;
  db: Kysely<Database>;
  /**
   * The plan lines of each query `run` executes. PostgreSQL is asked with the given planner
   * methods off (default: sequential scans): on small test tables it would rightly prefer them,
   * and the question here is whether an index can serve the query. `generic` (PostgreSQL): the plan
   * the server keeps for any parameters of a named statement after its fifth run (PREPARE, then
   * EXPLAIN EXECUTE under `plan_cache_mode = force_generic_plan`), which statistics of the values do not steer.
   */
  plansOf(run: () => Promise<unknown>, options?: { disable?: string[]; generic?: boolean }): Promise<string[][]>;
  close(): Promise<void>;
}

const dialects = {
  sqlite: {
    explain: (sql: string) => `EXPLAIN QUERY PLAN ${sql}`,
    line: (row: Record<string, unknown>) => String(row.detail),
  },
  postgres: {
    explain: (sql: string) => `EXPLAIN ${sql}`,
    line: (row: Record<string, unknown>) => String(row['QUERY PLAN']),
  },
};

/** How each dialect's plan shows an index range scan, a full table scan and a sort step. */
export const planPatterns = {
  sqlite: {
    indexRange: (index: string, table = '\\w+') => new RegExp(`SEARCH ${table} USING (COVERING )?INDEX ${index} \\(`),
    tableScan: (tables: string) => new RegExp(`SCAN ${tables}`),
    sortStep: /USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY|LAST TERM OF ORDER BY)/,
  },
  postgres: {
    indexRange: (index: string) =>
      new RegExp(`(Index (Only )?Scan (Backward )?using|Bitmap Index Scan on) ${index}\\b`),
    tableScan: (tables: string) => new RegExp(`Seq Scan on ${tables}`),
    sortStep: /\bSort\b/,
  },
};

export async function openPlannedDb(): Promise<PlannedDb> {
  const kind = testStoreKind();
  const target = await createTestStoreAddress({ kind });
  const executed: CompiledQuery[] = [];
  const log = (event: { query: CompiledQuery }) => void executed.push(event.query);
  const db = kind === 'sqlite' ? createSqliteDb(':memory:', { log }) : createPostgresDb(target.address, { log });
  await migrateToLatest(db);
  const dialect = dialects[kind];
  return {
    kind,
    db,
    async plansOf(run, { disable = ['enable_seqscan'], generic = false } = {}) {
      executed.length = 0;
      await run();
      const queries = [...executed];
      const settings = kind === 'postgres' ? disable : [];
      return db.connection().execute(async (conn) => {
        for (const setting of settings) await conn.executeQuery(CompiledQuery.raw(`SET ${setting} = off`));
        const plans: string[][] = [];
        for (const query of queries) {
          if (generic && kind === 'postgres') {
            plans.push(await genericPlan(conn, query));
            continue;
          }
          const result = await conn.executeQuery<Record<string, unknown>>(
            CompiledQuery.raw(dialect.explain(query.sql), [...query.parameters]),
          );
          plans.push(result.rows.map(dialect.line));
        }
        for (const setting of settings) await conn.executeQuery(CompiledQuery.raw(`RESET ${setting}`));
        return plans;
      });
    },
    async close() {
      await db.destroy();
      await target.drop();
    },
  };
}

/** A value as an SQL literal, for EXECUTE's arguments. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return literal(`{${value.map((item) => JSON.stringify(item)).join(',')}}`);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** PostgreSQL's generic plan of `query`: prepared, then explained for its own values under force_generic_plan. */
async function genericPlan(conn: Kysely<Database>, query: CompiledQuery): Promise<string[]> {
  const plain = (text: string) => conn.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text));
  await plain(`PREPARE generic_plan AS ${query.sql}`);
  try {
    await plain('SET plan_cache_mode = force_generic_plan');
    const values = query.parameters.map(literal).join(', ');
    const result = await plain(`EXPLAIN EXECUTE generic_plan${values ? `(${values})` : ''}`);
    return result.rows.map(dialects.postgres.line);
  } finally {
    await plain('RESET plan_cache_mode');
    await plain('DEALLOCATE generic_plan');
  }
}
