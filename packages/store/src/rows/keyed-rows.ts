import { CompiledQuery, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect/index.js';
import type { Database } from '../schema.js';
import type { ColumnType } from './column-types.js';
import { type NumberedTable, type RowWriter, statementRows } from './write-rows.js';

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

/** Rows per statement of SQLite's count upserts (a few parameters each); fewer go as `statementRows` counts them. */
const COUNTS_PER_STATEMENT = 512;

/** Statement texts of addCounts by shape (table, count column, rows): few, each built once. */
const countTexts = new Map<string, string>();

/**
 * Adds each row's `count` column (`docs` unless named) to the stored count of its key (every other
 * column of `types`: the table's columns with their SQL types, from its platform's columns.ts),
 * inserting the keys not counted yet. Rows are distinct by key and written in the order given (a
 * caller that sorts them makes concurrent writers lock the rows they share in one order). Raw SQL
 * of a few shapes: PostgreSQL one statement over `unnest` of one array per column; SQLite rows of
 * values in a few fixed row counts, so each shape is prepared once (the statement cache).
 */
export async function addCounts(
  db: RowWriter,
  table: string,
  types: Readonly<Record<string, ColumnType>>,
  rows: readonly object[],
  count = 'docs',
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(types);
  const dialect = dialectOf(db);
  const text = (shape: number | 'arrays') => {
    const id = `${dialect.kind}\u0000${table}\u0000${count}\u0000${shape}`;
    let text = countTexts.get(id);
    if (text === undefined) {
      const keys = columns.filter((column) => column !== count);
      const source =
        shape === 'arrays'
          ? `select * from unnest(${columns.map((column, i) => `${dialect.placeholder(i + 1)}::${types[column]}[]`).join(', ')})`
          : `values ${Array<string>(shape)
              .fill(`(${columns.map(() => '?').join(', ')})`)
              .join(', ')}`;
      text = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) ${source}
        on conflict (${keys.map((key) => `"${key}"`).join(', ')}) do update set "${count}" = "${table}"."${count}" + excluded."${count}"`;
      countTexts.set(id, text);
    }
    return text;
  };
  if (dialect.bulkWrite !== 'tuples') {
    const arrays = columns.map((column) => rows.map((row) => (row as Record<string, unknown>)[column]));
    await db.executeQuery(CompiledQuery.raw(text('arrays'), arrays));
    return;
  }
  for (let start = 0; start < rows.length;) {
    const shape = statementRows(rows.length - start, COUNTS_PER_STATEMENT, dialect);
    const parameters: unknown[] = [];
    for (let r = start; r < start + shape; r++)
      for (const column of columns) parameters.push((rows[r] as Record<string, unknown>)[column]);
    await db.executeQuery(CompiledQuery.raw(text(shape), parameters));
    start += shape;
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
