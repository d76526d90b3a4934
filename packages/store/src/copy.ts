import { CompiledQuery, type Kysely, sql } from 'kysely';
import { dialectOf, inWriteTransaction } from './dialect/index.js';
import { storePlatforms, writeTableRows } from './platforms/index.js';
import { dropIndexes, type IndexDefinition, secondaryIndexes } from './rows/secondary-indexes.js';
import type { Database } from './schema.js';
import { createSettingsStore } from './settings.js';

/** Every table a store holds, with the key it is copied in order of: each platform's, then the kernel's. */
export const copiedTables: readonly { table: keyof Database; key: string | readonly string[] }[] = [
  ...storePlatforms.flatMap((platform) => platform.tables.map(({ name }) => ({ table: name, key: 'id' }))),
  { table: 'credentials', key: 'id' },
  { table: 'settings', key: 'key' },
  { table: 'sync_targets', key: 'key' },
  { table: 'sync_lease', key: 'name' },
  { table: 'observations', key: ['item_table', 'item_id', 'observed_at'] },
];

/** A table's rows copied so far, or (`table: INDEXES`) the target's secondary indexes built so far. */
export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
}

/** The `table` of the progress of the last step, the target's secondary indexes being built. */
export const INDEXES = '(indexes)';

/** The setting that holds the target's secondary indexes while a copy has them set aside. */
const PENDING_INDEXES = 'copy_pending_indexes';

/** The setting that holds how far a copy has come (`CopyCheckpoint`), written with each batch. */
const CHECKPOINT = 'copy_checkpoint';

/**
 * How far a copy into this store has come: every table before `table` (in `copiedTables` order) is
 * copied whole, and `table` up to the row whose key is `after` (from its start when absent).
 * Written in the transaction that writes the batch it describes, so it is never ahead of the rows.
 */
interface CopyCheckpoint {
  /** The source store, as the copy was told it: a re-run from another source starts over. */
  source: string;
  table: string;
  after?: unknown[];
  /** Rows copied so far, by table. */
  copied: Record<string, number>;
}

const BATCH = 1_000;

/**
 * Copies every row of every table from one store to another (both migrated to the same
 * version), in key order, batch by batch (keyset, so memory stays flat), upserting by key. Each
 * batch is written in one transaction with a checkpoint (`CopyCheckpoint`): a re-run from the same
 * `source` after an interruption goes on after it, without duplicates; `unfinishedCopyOf` tells
 * the service a store is still being filled. Credentials (hashes only) and the
 * paging-token secret come along, so keys and tokens in circulation keep working.
 *
 * The target's secondary indexes (those no constraint needs: every write of the copy finds rows by
 * key) are dropped first and built once at the end, each from sorted rows: at 68,000 forum items
 * into PostgreSQL that made the copy 1.5× faster and the store a fifth smaller (an index grown by
 * random inserts has half-full pages), and the gap grows with the store (BENCHMARKS.md, "Copying a
 * store"). Their definitions are kept in the target's settings meanwhile, so a copy killed before
 * the end leaves them to its re-run, which builds them.
 */
export async function copyStore(
  from: Kysely<Database>,
  to: Kysely<Database>,
  onProgress: (progress: CopyProgress) => void = () => {},
  { source = '' }: { source?: string } = {},
): Promise<Record<string, number>> {
  const indexes = await setIndexesAside(to);
  const resumed = await checkpointOf(to, source);
  const copied: Record<string, number> = { ...resumed?.copied };
  const start = resumed ? copiedTables.findIndex(({ table }) => table === resumed.table) : 0;
  try {
    for (const [at, { table, key }] of copiedTables.entries()) {
      if (at < start) continue;
      const checkpoint = { source, table, copied };
      copied[table] = await copyTable(
        from,
        to,
        { table, key },
        checkpoint,
        at === start ? resumed?.after : undefined,
        onProgress,
      );
    }
  } catch (error) {
    // the copy's own error is the one to see; its settings keep the indexes for the re-run if this fails too
    await buildIndexes(to, indexes, () => {}, { finished: false }).catch(() => {});
    throw error;
  }
  await buildIndexes(to, indexes, onProgress, { finished: true });
  return copied;
}

/**
 * Drops the target's secondary indexes (unique ones stay: upserts rely on them), after recording
 * them, and those an interrupted copy recorded before, in the target's settings.
 */
async function setIndexesAside(to: Kysely<Database>): Promise<IndexDefinition[]> {
  const tables = (await to.introspection.getTables()).map(({ name }) => name);
  const present = (await Promise.all(tables.map((table) => secondaryIndexes(to, table, { unique: false })))).flat();
  const recorded = await createSettingsStore(to).get(PENDING_INDEXES);
  const byName = new Map<string, IndexDefinition>(
    (recorded ? (JSON.parse(recorded) as IndexDefinition[]) : []).map((index) => [index.name, index]),
  );
  for (const index of present) byName.set(index.name, index);
  const indexes = [...byName.values()];
  if (indexes.length === 0) return indexes;
  await createSettingsStore(to).set(PENDING_INDEXES, JSON.stringify(indexes));
  await dropIndexes(to, present);
  return indexes;
}

/**
 * Builds the indexes set aside and forgets them, and once the copy is `finished` its checkpoint,
 * in one transaction (without the statement timeout: a build can take minutes).
 */
async function buildIndexes(
  to: Kysely<Database>,
  indexes: readonly IndexDefinition[],
  onProgress: (progress: CopyProgress) => void,
  { finished }: { finished: boolean },
) {
  const forget = (db: Kysely<Database>) => (finished ? createSettingsStore(db).remove(CHECKPOINT) : Promise.resolve());
  if (indexes.length === 0) {
    await forget(to);
    return;
  }
  onProgress({ table: INDEXES, copied: 0, total: indexes.length });
  await inWriteTransaction(to, async (trx) => {
    await forget(trx);
    for (const [n, { definition }] of indexes.entries()) {
      await sql.raw(definition).execute(trx);
      onProgress({ table: INDEXES, copied: n + 1, total: indexes.length });
    }
    await createSettingsStore(trx).remove(PENDING_INDEXES);
  });
}

/** The checkpoint an interrupted copy from `source` left in the target; none when it came from elsewhere. */
async function checkpointOf(to: Kysely<Database>, source: string): Promise<CopyCheckpoint | undefined> {
  const recorded = await createSettingsStore(to).get(CHECKPOINT);
  const checkpoint = recorded === undefined ? undefined : (JSON.parse(recorded) as CopyCheckpoint);
  const known = copiedTables.some(({ table }) => table === checkpoint?.table);
  return checkpoint?.source === source && known ? checkpoint : undefined;
}

/**
 * The source of a copy into this store that has not finished (killed, or failed), if any: the
 * store then holds part of its source's rows, and the same `migrate-store` run again finishes it.
 */
export async function unfinishedCopyOf(db: Kysely<Database>): Promise<string | undefined> {
  const settings = createSettingsStore(db);
  const recorded = await settings.get(CHECKPOINT);
  if (recorded !== undefined) return (JSON.parse(recorded) as CopyCheckpoint).source;
  return (await settings.get(PENDING_INDEXES)) === undefined ? undefined : '';
}

/**
 * One table, in batches of its rows after the last key copied (raw SQL: one loop serves every
 * table), from the row after `resumeAfter` when a checkpoint names one. Each batch is written in
 * one transaction with the checkpoint that it moves on.
 */
async function copyTable<T extends keyof Database>(
  from: Kysely<Database>,
  to: Kysely<Database>,
  { table, key }: { table: T; key: string | readonly string[] },
  checkpoint: CopyCheckpoint,
  resumeAfter: unknown[] | undefined,
  onProgress: (progress: CopyProgress) => void,
): Promise<number> {
  const dialect = dialectOf(from);
  // a composite key is compared as a row value: (a, b, c) > ($1, $2, $3)
  const keys = typeof key === 'string' ? [key] : key;
  const order = keys.map((column) => `"${column}"`).join(', ');
  const lastKey = keys.map((_, i) => dialect.placeholder(i + 1)).join(', ');
  const count = await from.executeQuery<{ n: number | string }>(
    CompiledQuery.raw(`select count(*) as "n" from "${table}"`, []),
  );
  const total = Number(count.rows[0]?.n ?? 0);
  const first = `select * from "${table}" order by ${order} limit ${BATCH}`;
  const next = `select * from "${table}" where (${order}) > (${lastKey}) order by ${order} limit ${BATCH}`;
  let done = resumeAfter === undefined ? 0 : (checkpoint.copied[table] ?? 0);
  let after = resumeAfter;
  onProgress({ table, copied: done, total });
  for (;;) {
    const query = after === undefined ? CompiledQuery.raw(first, []) : CompiledQuery.raw(next, after);
    const { rows } = await from.executeQuery<Database[T]>(query);
    const last = rows.at(-1);
    if (last === undefined) break;
    done += rows.length;
    after = keys.map((column) => Reflect.get(last, column));
    const moved: CopyCheckpoint = { ...checkpoint, after, copied: { ...checkpoint.copied, [table]: done } };
    await inWriteTransaction(to, async (trx) => {
      await writeTableRows(trx, table, rows, { key });
      await createSettingsStore(trx).set(CHECKPOINT, JSON.stringify(moved));
    });
    onProgress({ table, copied: done, total });
  }
  return done;
}
