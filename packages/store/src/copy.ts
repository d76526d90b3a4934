import { CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from './dialect/index.js';
import { storePlatforms, writeTableRows } from './platforms/index.js';
import type { Database } from './schema.js';

/** Every table a store holds, with the key it is copied in order of: each platform's, then the kernel's. */
export const copiedTables: readonly { table: keyof Database; key: string }[] = [
  ...storePlatforms.flatMap((platform) => platform.tables.map(({ name }) => ({ table: name, key: 'id' }))),
  { table: 'credentials', key: 'id' },
  { table: 'settings', key: 'key' },
  { table: 'sync_targets', key: 'key' },
  { table: 'sync_lease', key: 'name' },
];

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
}

const BATCH = 1_000;

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
  for (const { table, key } of copiedTables) copied[table] = await copyTable(from, to, table, key, onProgress);
  return copied;
}

/** One table, in batches of its rows after the last key copied (raw SQL: one loop serves every table). */
async function copyTable<T extends keyof Database>(
  from: Kysely<Database>,
  to: Kysely<Database>,
  table: T,
  key: string,
  onProgress: (progress: CopyProgress) => void,
): Promise<number> {
  const placeholder = dialectOf(from).placeholder(1);
  const count = await from.executeQuery<{ n: number | string }>(
    CompiledQuery.raw(`select count(*) as "n" from "${table}"`, []),
  );
  const total = Number(count.rows[0]?.n ?? 0);
  const first = `select * from "${table}" order by "${key}" limit ${BATCH}`;
  const next = `select * from "${table}" where "${key}" > ${placeholder} order by "${key}" limit ${BATCH}`;
  let done = 0;
  let after: unknown;
  onProgress({ table, copied: 0, total });
  for (;;) {
    const query = after === undefined ? CompiledQuery.raw(first, []) : CompiledQuery.raw(next, [after]);
    const { rows } = await from.executeQuery<Database[T]>(query);
    const last = rows.at(-1);
    if (last === undefined) break;
    await writeTableRows(to, table, rows, { key });
    done += rows.length;
    after = Reflect.get(last, key);
    onProgress({ table, copied: done, total });
  }
  return done;
}
