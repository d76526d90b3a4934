import type { Kysely, Transaction } from 'kysely';
import { inWriteTransaction } from '../dialect/index.js';
import type { Database } from '../schema.js';

/** Keys per statement of a loader's own queries (`in` lists): well under SQLite's (32 766) and PostgreSQL's (65 535) parameter limits. */
export const ROWS_PER_STATEMENT = 500;
/** Rows per transaction. */
const ROWS_PER_TRANSACTION = 20_000;

/**
 * Writes a lazily produced stream of rows in transactions of batched upserts, reporting each
 * transaction's row count. Memory stays flat whatever the volume.
 */
export async function writeInBatches<Row>(
  db: Kysely<Database>,
  rows: Iterable<Row>,
  upsert: (trx: Transaction<Database>, batch: Row[]) => Promise<unknown>,
  onRows: (count: number) => void,
): Promise<number> {
  const iterator = rows[Symbol.iterator]();
  let written = 0;
  for (;;) {
    const batch: Row[] = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      batch.push(next.value);
      if (batch.length === ROWS_PER_TRANSACTION) break;
    }
    if (batch.length === 0) return written;
    await inWriteTransaction(db, (trx) => upsert(trx, batch));
    written += batch.length;
    onRows(batch.length);
  }
}
