import type { RowWriter } from '../../rows/write-rows.js';

/** A written row: as it was stored before the write (absent for a new row), and as it is now. */
export interface RowChange<Row> {
  before?: Row;
  after: Row;
}

/** Brings one derived table set in step with written rows (each skips the rows whose columns it reads did not change). */
export type Derivation<Row> = (db: RowWriter, changes: readonly RowChange<Row>[]) => Promise<void>;
