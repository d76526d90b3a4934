import type { RowWriter } from '../../rows/write-rows.js';

/** A written row: as it was stored before the write (absent for a new row), and as it is now. */
export interface RowChange<Row> {
  before?: Row;
  after: Row;
}

/** Brings one derived table set in step with written rows (each skips the rows whose columns it reads did not change). */
export type Derivation<Row> = (db: RowWriter, changes: readonly RowChange<Row>[]) => Promise<void>;

/**
 * Whether two versions of a row hold the same values in these columns. Compared as text: a row read
 * back from PostgreSQL holds its bigints as strings where the written row holds numbers.
 */
export const sameColumns =
  <Row>(columns: readonly (keyof Row)[]) =>
  (a: Row, b: Row) =>
    columns.every((column) => String(a[column]) === String(b[column]));
