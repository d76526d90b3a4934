import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import type { NumberedTable } from './write-rows.js';
import type { ColumnType } from './column-types.js';
import type { RowWriter } from './write-rows.js';

/**
 * Statements over rows of a table addressed by their key columns, for the tables the store derives
 * (search postings and their counts): deletes by key and counts added to. Values go as parameters,
 * typed where a VALUES list needs it (PostgreSQL types a VALUES list's parameters as text).
 */

/** Rows per statement (a few columns each: far under both stores' parameter limits). */
const ROWS_PER_STATEMENT = 100;

/** Deletes the rows whose key (`columns`, with their SQL types) equals one of `keys`. */
export async function deleteByKey(
  db: RowWriter,
  table: string,
  columns: readonly (readonly [name: string, type: ColumnType])[],
  keys: readonly object[],
): Promise<void> {
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  for (let start = 0; start < keys.length; start += ROWS_PER_STATEMENT) {
    const rows = keys
      .slice(start, start + ROWS_PER_STATEMENT)
      .map(
        (key) =>
          sql`(${sql.join(columns.map(([name, type]) => (type === 'text' ? sql`${Reflect.get(key, name)}` : sql`cast(${Reflect.get(key, name)} as ${sql.raw(type)})`)))})`,
      );
    await sql`delete from ${sql.table(table)} where (${names}) in (values ${sql.join(rows)})`.execute(db);
  }
}

/**
 * Adds each row's `count` column (`docs` unless named) to the stored count of its key (`keys`: the
 * table's key columns), inserting the keys not yet counted. Rows are distinct by key.
 */
export async function addCounts(
  db: RowWriter,
  table: string,
  keys: readonly string[],
  rows: readonly object[],
  count = 'docs',
): Promise<void> {
  const columns = [...keys, count];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT * 5) {
    const values = rows
      .slice(start, start + ROWS_PER_STATEMENT * 5)
      .map((row) => sql`(${sql.join(columns.map((column) => sql`${Reflect.get(row, column)}`))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values ${sql.join(values)}
      on conflict (${sql.join(keys.map((key) => sql.ref(key)))})
      do update set ${sql.ref(count)} = ${sql.ref(`${table}.${count}`)} + ${sql.ref(`excluded.${count}`)}`.execute(db);
  }
}

/** Rows read per step of `eachBatchByNum`. */
const BATCH_BY_NUM = 5_000;

/**
 * Reads a numbered table whole, in `num` order, a batch at a time (keyset: memory stays flat),
 * handing each batch to `visit`; returns the rows read. Rebuilding what the store derives from a
 * table reads it this way.
 */
export async function eachBatchByNum<T extends NumberedTable>(
  db: Kysely<Database>,
  table: T,
  visit: (batch: Database[T][]) => Promise<void>,
): Promise<number> {
  let read = 0;
  let after: number | undefined;
  for (;;) {
    const { rows } = await sql<Database[T]>`select * from ${sql.table(table)}
      ${after === undefined ? sql`` : sql`where num > ${after}`} order by num limit ${BATCH_BY_NUM}`.execute(db);
    const last = rows.at(-1);
    if (last === undefined) return read;
    await visit(rows);
    read += rows.length;
    after = Number(last.num);
  }
}
