import { PostgresAdapter } from 'kysely';
import type { Dialect } from './dialect.js';
import { postgresDialect } from './postgres/postgres-dialect.js';
import { sqliteDialect } from './sqlite/sqlite-dialect.js';

export type { Dialect, StoreKind } from './dialect.js';
export { postgresDialect, sqliteDialect };

/** The dialect of a connection (or transaction): the one place that looks at Kysely's adapter. */
export function dialectOf(db: { getExecutor(): { readonly adapter: unknown } }): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgresDialect : sqliteDialect;
}
