import { sql } from 'kysely';
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
 * Adds each row's `docs` to the stored count of its key (`keys`: the table's key columns), inserting
 * the keys not yet counted. Rows are distinct by key.
 */
export async function addCounts(
  db: RowWriter,
  table: string,
  keys: readonly string[],
  rows: readonly object[],
): Promise<void> {
  const columns = [...keys, 'docs'];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT * 5) {
    const values = rows
      .slice(start, start + ROWS_PER_STATEMENT * 5)
      .map((row) => sql`(${sql.join(columns.map((column) => sql`${Reflect.get(row, column)}`))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values ${sql.join(values)}
      on conflict (${sql.join(keys.map((key) => sql.ref(key)))})
      do update set docs = ${sql.ref(`${table}.docs`)} + excluded.docs`.execute(db);
  }
}
