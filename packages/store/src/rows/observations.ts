import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

/** A page of one record's observations (import/observations.ts writes them). */
export interface ObservationsQuery {
  /** Keep readings strictly after / before (epoch ms). */
  since?: number;
  until?: number;
  /** The last reading of the page before (epoch ms): the page starts after it. */
  after?: number;
  limit: number;
}

/** One reading, its counts under the API's names. */
export interface ObservationRecord {
  observedAt: number;
  counts: Record<string, number>;
}

/**
 * A record's observations, oldest first, one page: its counts renamed from the table's columns to the
 * API's names (`names`), a column the API does not answer left out. The primary key (table, id, time)
 * is the page's index: a page costs its length whatever the series' length.
 */
export async function readObservations(
  db: Kysely<Database>,
  table: string,
  id: string,
  names: Readonly<Record<string, string>>,
  query: ObservationsQuery,
): Promise<ObservationRecord[]> {
  const lower = Math.max(query.since ?? -1, query.after ?? -1);
  const rows = await db
    .selectFrom('observations')
    .select(['observed_at', 'counts'])
    .where('item_table', '=', table)
    .where('item_id', '=', id)
    .$if(lower >= 0, (q) => q.where('observed_at', '>', lower))
    .$if(query.until !== undefined, (q) => q.where('observed_at', '<', query.until!))
    .orderBy('observed_at')
    .limit(query.limit)
    .execute();
  return rows.map((row) => {
    const stored = JSON.parse(row.counts) as Record<string, number>;
    const counts: Record<string, number> = {};
    for (const column in stored) {
      const name = names[column];
      if (name !== undefined) counts[name] = stored[column]!;
    }
    return { observedAt: Number(row.observed_at), counts };
  });
}

/**
 * A page of a record's history as a platform's Source answers it (core's HistorySource): undefined
 * when the page is empty and `table` holds no row `id` (an unknown record, not one without readings).
 */
async function historyOf(
  db: Kysely<Database>,
  table: keyof Database,
  id: string,
  names: Readonly<Record<string, string>>,
  query: ObservationsQuery,
): Promise<ObservationRecord[] | undefined> {
  const page = await readObservations(db, table, id, names, query);
  if (page.length > 0 || query.after !== undefined) return page;
  const { rows } = await sql<{
    found: number;
  }>`select 1 as "found" from ${sql.table(table)} where "id" = ${id}`.execute(db);
  return rows.length > 0 ? page : undefined;
}

/** A platform's Source `history` over its observed kinds (ObservedKind): each kind's table and counts' names. */
export function historyReader<K extends string>(
  db: Kysely<Database>,
  kinds: Readonly<Record<K, { table: keyof Database; counts: Readonly<Record<string, string>> }>>,
) {
  return (kind: K, id: string, query: ObservationsQuery) =>
    historyOf(db, kinds[kind].table, id, kinds[kind].counts, query);
}
