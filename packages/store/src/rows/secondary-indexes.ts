import { type Kysely, sql } from 'kysely';
import { dialectOf, type IndexDefinition } from '../dialect/index.js';
import type { Database } from '../schema.js';

export type { IndexDefinition } from '../dialect/index.js';

/**
 * Runs `load` with the tables' secondary indexes dropped, and builds them again afterwards (also when
 * the load fails): one sorted build is several times cheaper than as many random index inserts. For
 * loads into empty tables (a demo seed), where nothing reads them meanwhile. Unique indexes stay: they
 * enforce their constraint, and the load may read them (the next free `num` of a numbered table).
 */
export async function withoutSecondaryIndexes<T>(
  db: Kysely<Database>,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const indexes = (await Promise.all(tables.map((table) => secondaryIndexes(db, table, { unique: false })))).flat();
  await dropIndexes(db, indexes);
  try {
    return await load();
  } finally {
    for (const { definition } of indexes) await sql.raw(definition).execute(db);
  }
}

/** Whether a table holds no row. */
export async function isEmpty(db: Kysely<Database>, table: string): Promise<boolean> {
  return (await sql`select 1 from ${sql.table(table)} limit 1`.execute(db)).rows.length === 0;
}

/**
 * The table's indexes that no constraint (primary key, unique column) owns, with the statements that
 * create them. `unique: false` leaves out unique indexes made by CREATE UNIQUE INDEX too: writes that
 * upsert on them (ON CONFLICT) need them in place.
 */
export async function secondaryIndexes(
  db: Kysely<Database>,
  table: string,
  { unique = true }: { unique?: boolean } = {},
): Promise<IndexDefinition[]> {
  return (await dialectOf(db).secondaryIndexes(table, unique).execute(db)).rows;
}

export async function dropIndexes(db: Kysely<Database>, indexes: readonly IndexDefinition[]) {
  for (const { name } of indexes) await sql`drop index ${sql.id(name)}`.execute(db);
}
