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
   * and the question here is whether an index can serve the query.
   */
  plansOf(run: () => Promise<unknown>, options?: { disable?: string[] }): Promise<string[][]>;
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
    async plansOf(run, { disable = ['enable_seqscan'] } = {}) {
      executed.length = 0;
      await run();
      const queries = [...executed];
      const settings = kind === 'postgres' ? disable : [];
      return db.connection().execute(async (conn) => {
        for (const setting of settings) await conn.executeQuery(CompiledQuery.raw(`SET ${setting} = off`));
        const plans: string[][] = [];
        for (const query of queries) {
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
