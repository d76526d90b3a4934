import type { Kysely } from 'kysely';
import { writeObservations } from '../import/observations.js';
import { storePlatforms } from '../platforms/index.js';
import type { Database, ObservationsTable } from '../schema.js';

/** Records of each observed table that get a demo history, the first by id. */
const RECORDS_PER_TABLE = 20;
const DAY = 86_400_000;
/** The readings: two and one day before the demo's moment at these shares of today's counts, then today's. */
const READINGS = [
  { ago: 2 * DAY, share: 0.5 },
  { ago: DAY, share: 0.8 },
  { ago: 0, share: 1 },
] as const;

/**
 * A short history for a few demo records of each kind (the first by id of every observed table of the
 * seeded platforms): their counts two days and one day before the demo's moment, growing to today's, so
 * the history operations have something to show and their examples something to page. A reading that
 * would repeat the one before it is left out, as imports leave it out.
 */
export async function seedDemoObservations(db: Kysely<Database>, platforms: readonly string[], now: Date) {
  const rows: ObservationsTable[] = [];
  for (const platform of storePlatforms.filter((candidate) => platforms.includes(candidate.name)))
    for (const observed of Object.values(platform.observed)) {
      const table = observed.table;
      const counts = Object.keys(observed.counts);
      // the columns are named at run time: dynamic references
      const records: Record<string, unknown>[] = await db
        .selectFrom(table)
        .select(['id', ...counts].map((column) => db.dynamic.ref(column)))
        .orderBy(db.dynamic.ref('id'))
        .limit(RECORDS_PER_TABLE)
        .execute();
      for (const record of records) {
        let before: string | undefined;
        for (const { ago, share } of READINGS) {
          const reading = JSON.stringify(
            Object.fromEntries(counts.map((column) => [column, Math.round(Number(record[column]) * share)])),
          );
          if (reading === before) continue;
          before = reading;
          rows.push({
            item_table: table,
            item_id: String(record.id),
            observed_at: now.getTime() - ago,
            counts: reading,
          });
        }
      }
    }
  await writeObservations(db, rows);
}
