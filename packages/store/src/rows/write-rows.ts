import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { type Dialect, dialectOf } from '../dialect/index.js';
import type { Database } from '../schema.js';
import type { ColumnType } from './column-types.js';
import { copyText } from './copy-text.js';

/** A connection or a transaction (a Transaction is a Kysely). */
export type RowWriter = Kysely<Database>;

export interface WriteRowsOptions {
  /** The column (or columns, a composite primary key) a row is matched on (default `id`): a row whose key is stored updates it. */
  key?: string | readonly string[];
  /** The columns a stored row takes (default: all but the key; none: a stored row is left as it is). */
  update?: readonly string[];
  /** Stored rows whose updated columns already hold the values are not rewritten (no index or search-index work). */
  skipUnchanged?: boolean;
  /**
   * The table's column types (its platform's `columns.ts`): with them PostgreSQL gets one statement
   * over `unnest` of one array per column; without, rows of values.
   */
  columns?: Readonly<Record<string, ColumnType>> | undefined;
  /**
   * The caller knows no row's key is stored (it asked, inside the transaction that writes): plain
   * inserts, with no conflict handling (PostgreSQL: COPY straight into the table). A stored key
   * then fails the write as a unique violation (SQLite: after the statement wrote the other rows;
   * see `notInserted`), and the transaction must roll back.
   */
  insertOnly?: boolean;
  /** With `insertOnly`: the rows as `encodeInserts` gave them, encoded ahead (while an earlier write ran). */
  encoded?: string | undefined;
  /**
   * Receives the keys (the first key column's values) of the rows the write inserted or changed, as the statements report them
   * (`returning` the key): a stored row left as it was (`skipUnchanged` found it identical, or no
   * column to update) is not among them. How an import tells updated rows from unchanged ones
   * without reading them back.
   */
  onWritten?: (keys: readonly string[]) => void;
}

/** A row as a statement returns it. */
type Row = Record<string, unknown>;

/** Rows from which a store that copies (PostgreSQL) streams them through COPY rather than binding them. */
const COPY_MIN_ROWS = 200;

/** Parameters per statement: under SQLite's 32 766 and PostgreSQL's 65 535. */
const PARAMETERS_PER_STATEMENT = 30_000;
const ROWS_PER_STATEMENT = 500;

/**
 * Inserts rows by key, a stored row taking the new values of the `update` columns; returns how
 * many rows were inserted or changed. Every row has the columns of the first, and keys are
 * distinct (PostgreSQL refuses to update a row twice in one statement). The SQL is raw text,
 * built once per shape. On PostgreSQL a batch of COPY_MIN_ROWS or more is streamed by `COPY`
 * into a session-private staging table (a temporary copy of the table's columns, emptied first),
 * then upserted from it in one statement; a smaller batch whose column types are known is one
 * statement over `unnest` of one array per column. Otherwise rows of values go in statements
 * under the parameter limit, and on a store that keeps prepared statements per text (SQLite) in
 * a few fixed row counts, so each shape is prepared once.
 */
export async function writeRows<T extends keyof Database>(
  db: RowWriter,
  table: T,
  rows: readonly Database[T][],
  options: WriteRowsOptions = {},
): Promise<number> {
  const first = rows[0];
  if (first === undefined) return 0;
  const columns = Object.keys(first);
  const dialect = dialectOf(db);
  if (dialect.bulkWrite === 'copy' && rows.length >= COPY_MIN_ROWS) return copyRows(db, table, columns, rows, options);
  const types = dialect.bulkWrite === 'tuples' ? undefined : arrayTypes(options.columns, columns);
  if (types) {
    const text = statement(dialect, table, columns, options, 'arrays', () => {
      const arrays = types.map((type, i) => `${dialect.placeholder(i + 1)}::${type}[]`);
      return `select * from unnest(${arrays.join(', ')})`;
    });
    const arrays = columns.map((column) => rows.map((row: object) => (row as Row)[column]));
    return changedRows(await db.executeQuery<Row>(CompiledQuery.raw(text, arrays)), options);
  }
  const full = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(PARAMETERS_PER_STATEMENT / columns.length)));
  let changed = 0;
  for (let start = 0; start < rows.length;) {
    const count = statementRows(rows.length - start, full, dialect);
    const text = statement(dialect, table, columns, options, count, () => {
      const tuples: string[] = [];
      for (let r = 0, p = 1; r < count; r++) tuples.push(`(${columns.map(() => dialect.placeholder(p++)).join(', ')})`);
      return `values ${tuples.join(', ')}`;
    });
    // indexed, not Reflect.get: a global read per value is slow where tests run this (a vm context)
    const parameters: unknown[] = [];
    for (let r = start; r < start + count; r++) {
      const row: object = rows[r]!;
      for (const column of columns) parameters.push((row as Row)[column]);
    }
    const written = changedRows(await db.executeQuery<Row>(CompiledQuery.raw(text, parameters)), options);
    if (options.insertOnly && dialect.journalsStatements && written !== count)
      throw notInserted(table, count - written, count);
    changed += written;
    start += count;
  }
  return changed;
}

async function copyRows<T extends keyof Database>(
  db: RowWriter,
  table: T,
  columns: readonly string[],
  rows: readonly Database[T][],
  options: WriteRowsOptions,
): Promise<number> {
  if (options.insertOnly) {
    const text = options.encoded ?? copyText(rows, columns);
    await db.executeQuery(CompiledQuery.raw(`copy ${id(table)} (${columns.map(id).join(', ')}) from stdin`, [text]));
    options.onWritten?.(rows.map((row) => String(Reflect.get(row, keyColumns(options.key)[0]!))));
    return rows.length;
  }
  const staging = id(`staging_${table}`);
  const list = columns.map(id).join(', ');
  // `like` takes the columns and their not-null constraints, not the keys or indexes: a plain heap
  // to fill and empty. Two statements without parameters go in one round trip (pg's simple query).
  await db.executeQuery(
    CompiledQuery.raw(
      `create temporary table if not exists ${staging} (like ${id(table)} including defaults); truncate ${staging}`,
      [],
    ),
  );
  await db.executeQuery(CompiledQuery.raw(`copy ${staging} (${list}) from stdin`, [copyText(rows, columns)]));
  const dialect = dialectOf(db);
  const text = statement(dialect, table, columns, options, 'staged', () => `select ${list} from ${staging}`);
  return changedRows(await db.executeQuery<Row>(CompiledQuery.raw(text, [])), options);
}

/**
 * New rows as `writeRows` with `insertOnly` streams them where it does (a store that copies, a
 * batch of COPY_MIN_ROWS or more), encoded now, for its `encoded` option: a caller can encode a
 * batch while the write before it runs. Undefined where writeRows binds the rows instead.
 */
export function encodeInserts(dialect: Dialect, rows: readonly object[]): string | undefined {
  const first = rows[0];
  if (first === undefined || dialect.bulkWrite !== 'copy' || rows.length < COPY_MIN_ROWS) return undefined;
  return copyText(rows, Object.keys(first));
}

/** Rows of the next statement: a full one, else (where statements are prepared per text) the largest power of two left. */
export function statementRows(left: number, full: number, dialect: Dialect): number {
  if (left >= full) return full;
  return dialect.cachesStatements ? 2 ** Math.floor(Math.log2(left)) : left;
}

/** The SQL types of the columns, when all are declared. */
function arrayTypes(
  declared: Readonly<Record<string, ColumnType>> | undefined,
  columns: readonly string[],
): string[] | undefined {
  if (!declared) return undefined;
  const types: string[] = [];
  for (const column of columns) {
    const type = declared[column];
    if (type === undefined) return undefined;
    types.push(type);
  }
  return types;
}

/**
 * Rows a statement inserted or changed: the keys it returned when asked for them (`onWritten`;
 * SQLite then reports no count), else its count.
 */
function changedRows(result: QueryResult<Row>, { key, onWritten }: WriteRowsOptions): number {
  if (!onWritten) return Number(result.numAffectedRows ?? 0);
  const first = keyColumns(key)[0]!;
  onWritten(result.rows.map((row) => String(row[first])));
  return result.rows.length;
}

/** SQL texts by shape; the shapes are few (tables × column sets × row counts), the bound only guards a runaway caller. */
const texts = new Map<string, string>();
const TEXTS_KEPT = 2_000;

function statement(
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  { key, update, skipUnchanged = false, insertOnly = false, onWritten }: WriteRowsOptions,
  rows: number | 'arrays' | 'staged',
  source: () => string,
): string {
  const keys = keyColumns(key);
  const shape = [
    dialect.kind,
    table,
    columns.join(','),
    keys.join(','),
    update?.join(',') ?? '*',
    skipUnchanged,
    insertOnly,
    onWritten !== undefined,
    rows,
  ].join('\u0000');
  let text = texts.get(shape);
  if (text === undefined) {
    const updated = (update ?? columns).filter((column) => !keys.includes(column));
    const target = keys.map(id).join(', ');
    let conflict = insertOnly ? '' : `on conflict (${target}) do nothing`;
    if (updated.length > 0 && !insertOnly) {
      conflict = `on conflict (${target}) do update set ${updated.map((c) => `${id(c)} = excluded.${id(c)}`).join(', ')}`;
      // a row value compared at once: one null-safe test of every column
      if (skipUnchanged)
        conflict += ` where (${updated.map((c) => `${id(table)}.${id(c)}`).join(', ')}) ${dialect.isDistinctFrom} (${updated.map((c) => `excluded.${id(c)}`).join(', ')})`;
    }
    // only the rows the statement inserted or updated come back: none for a conflict it left alone
    const returning = onWritten ? ` returning ${id(keys[0]!)}` : '';
    const verb = insertOnly && dialect.journalsStatements ? 'insert or ignore' : 'insert';
    text = `${verb} into ${id(table)} (${columns.map(id).join(', ')}) ${source()} ${conflict}`.trimEnd() + returning;
    if (texts.size >= TEXTS_KEPT) texts.clear();
    texts.set(shape, text);
  }
  return text;
}

/**
 * An `insert or ignore` of new rows (Dialect.journalsStatements) that left some out: a key already
 * stored, or a value a constraint refuses. The statement wrote the others, so the caller's
 * transaction must not commit: the error goes up through it as a plain insert's would.
 */
function notInserted(table: string, missing: number, count: number): Error {
  return new Error(
    `${table}: ${String(missing)} of ${String(count)} new rows not inserted (a unique key already stored, or a value a NOT NULL or CHECK constraint refuses)`,
  );
}

const id = (name: string) => `"${name}"`;
const keyColumns = (key: WriteRowsOptions['key']): readonly string[] =>
  key === undefined ? ['id'] : typeof key === 'string' ? [key] : key;

/** Tables whose rows carry a unique `num` beside their `id` (the search index's document number). */
export type NumberedTable = {
  [T in keyof Database]: Database[T] extends { id: string; num: number } ? T : never;
}[keyof Database];

/**
 * Gives rows (distinct ids) their `num`: the stored one for an id already in the table, else the
 * next free numbers after the table's largest, in the rows' order. `stored` spares the lookup
 * when the caller has read the rows' stored nums already. Call it inside the transaction that
 * writes the rows.
 */
export async function numberRows<R extends { id: string }>(
  db: RowWriter,
  table: NumberedTable,
  rows: readonly R[],
  stored?: ReadonlyMap<string, number>,
): Promise<(R & { num: number })[]> {
  if (rows.length === 0) return [];
  const dialect = dialectOf(db);
  const known = stored ?? (await storedNums(db, dialect, table, rows));
  const top = await db.executeQuery<{ top: number | null }>(
    CompiledQuery.raw(`select max("num") as "top" from ${id(table)}`, []),
  );
  let next = Number(top.rows[0]?.top ?? 0) + 1;
  return rows.map((row) => ({ ...row, num: known.get(row.id) ?? next++ }));
}

async function storedNums(
  db: RowWriter,
  dialect: Dialect,
  table: NumberedTable,
  rows: readonly { id: string }[],
): Promise<Map<string, number>> {
  const found = await db.executeQuery<{ id: string; num: number }>(
    CompiledQuery.raw(`select "id", "num" from ${id(table)} where ${dialect.idIn('"id"', 1)}`, [
      dialect.bindIds(rows.map((row) => row.id)),
    ]),
  );
  return new Map(found.rows.map((row) => [row.id, Number(row.num)]));
}
