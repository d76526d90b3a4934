import type { Kysely, Transaction } from 'kysely';
import { storePlatforms } from '../platforms/index.js';
import type { Database, ObservationsTable } from '../schema.js';
import type { ImportTable } from './types.js';

/**
 * Metrics over time. Each platform names its tables' counts (`StorePlatform.observed`: a post's score
 * and comment count, a video's views, a user's followers); the import writer gives every row it stores
 * new, and every stored row whose counts it changes, a dated observation of the counts it carried
 * (table `observations`, migration 0028). A record seen again with the same counts adds nothing: the
 * cost is one small row per change.
 *
 * The counts are those the mention carried: a whole row's every count, a partial one's (a row that
 * updates only some columns, such as an artist seen inside a track) only the counts among its
 * columns, none when it updates none (its other counts are a placeholder, not a reading).
 */
export const OBSERVED: ReadonlyMap<ImportTable, readonly string[]> = new Map(
  storePlatforms.flatMap((platform) =>
    Object.values(platform.observed).map(({ table, counts }) => [table, Object.keys(counts)] as const),
  ),
);

/** The counts a row's mention carries (by column), or undefined when it carries none. */
export function countsOf(
  values: object,
  update: ReadonlySet<string> | undefined,
  observed: readonly string[],
): Record<string, number> | undefined {
  let counts: Record<string, number> | undefined;
  for (const column of observed) {
    if (update && !update.has(column)) continue;
    const value: unknown = Reflect.get(values, column);
    if (value === null || value === undefined) continue;
    (counts ??= {})[column] = Number(value);
  }
  return counts;
}

/** Whether `counts` differ from what the stored row holds (PostgreSQL answers bigint columns as text). */
export function countsChanged(counts: Readonly<Record<string, number>>, stored: Readonly<Record<string, unknown>>) {
  for (const column in counts) if (Number(stored[column]) !== counts[column]) return true;
  return false;
}

/** Rows per insert statement: 4 parameters each, far under both stores' limits. */
const ROWS_PER_STATEMENT = 1_000;

/** Writes observations; one of the same record at the same time replaces its counts (the later mention wins). */
export async function writeObservations(
  db: Kysely<Database> | Transaction<Database>,
  rows: readonly ObservationsTable[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    await db
      .insertInto('observations')
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc
          .columns(['item_table', 'item_id', 'observed_at'])
          .doUpdateSet((eb) => ({ counts: eb.ref('excluded.counts') })),
      )
      .execute();
}
