import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Dialect } from './dialect.js';
import { postgresDialect } from './postgres/postgres-dialect.js';
import { sqliteDialect } from './sqlite/sqlite-dialect.js';

export type { Dialect, IndexDefinition, StoreKind } from './dialect.js';
export { postgresDialect, sqliteDialect };

/** The dialect of a connection (or transaction): the one place that looks at Kysely's adapter. */
export function dialectOf(db: { getExecutor(): { readonly adapter: unknown } }): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgresDialect : sqliteDialect;
}

/**
 * Runs `work` in a transaction that first applies the dialect's `longTransactionSettings`. Every
 * write job (a seed's or an import's batches, a copy's index builds, a recompute) runs in one: its
 * statements are bounded by the size of its batch, not by the per-statement timeout that bounds
 * the service's reads, which a batch outlasts on a loaded machine.
 */
export async function inWriteTransaction<Db, T>(
  db: Kysely<Db>,
  work: (trx: Transaction<Db>) => Promise<T>,
): Promise<T> {
  const dialect = dialectOf(db);
  return db.transaction().execute(async (trx) => {
    for (const setting of dialect.longTransactionSettings) await sql.raw(setting).execute(trx);
    return work(trx);
  });
}
