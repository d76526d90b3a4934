import type { Kysely } from 'kysely';
import { storePlatforms } from './platforms/index.js';
import type { Database } from './schema.js';

/** Every table a store holds, with the key it is copied in order of: each platform's, then the kernel's. */
export const copiedTables: readonly { table: keyof Database; key: string }[] = [
  ...storePlatforms.flatMap((platform) => platform.tables.map(({ name }) => ({ table: name, key: 'id' }))),
  { table: 'credentials', key: 'id' },
  { table: 'settings', key: 'key' },
];

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
}

const BATCH = 1_000;
/** Bound parameters per INSERT: under SQLite's limit (32 766), so wide tables (the professional profiles) copy in smaller batches. */
const MAX_PARAMETERS = 30_000;

/**
 * Copies every row of every table from one store to another (both migrated to the same
 * version), in key order, batch by batch (keyset, so memory stays flat), upserting by key: a
 * re-run after an interruption resumes without duplicates. Credentials (hashes only) and the
 * paging-token secret come along, so keys and tokens in circulation keep working.
 */
export async function copyStore(
  from: Kysely<Database>,
  to: Kysely<Database>,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  for (const { table, key } of copiedTables) {
    // Dynamic table names: one loop serves every table, so the query builder is used untyped here.
    const source = from as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const target = to as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const { n } = await source
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(n);
    let done = 0;
    let after: unknown;
    onProgress({ table, copied: 0, total });
    for (;;) {
      let query = source.selectFrom(table).selectAll().orderBy(key).limit(BATCH);
      if (after !== undefined) query = query.where(key, '>', after);
      const rows = await query.execute();
      if (rows.length === 0) break;
      const columns = Object.keys(rows[0]!).filter((column) => column !== key);
      const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / (columns.length + 1)));
      for (let i = 0; i < rows.length; i += perInsert) {
        await target
          .insertInto(table)
          .values(rows.slice(i, i + perInsert))
          .onConflict((oc) =>
            oc.column(key).doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
          )
          .execute();
      }
      done += rows.length;
      after = rows.at(-1)![key];
      onProgress({ table, copied: done, total });
    }
    copied[table] = done;
  }
  return copied;
}
