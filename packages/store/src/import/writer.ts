import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { type Dialect, dialectOf, inWriteTransaction } from '../dialect/index.js';
import { derivedTablesOf, storePlatforms, writeTableRows } from '../platforms/index.js';
import type { ObservationsTable } from '../schema.js';
import { countsChanged, countsOf, OBSERVED, writeObservations } from './observations.js';
import { dropIndexes, secondaryIndexes } from '../rows/secondary-indexes.js';
import { encodeInserts, type NumberedTable, numberRows } from '../rows/write-rows.js';
import type { Database } from '../schema.js';
import {
  ImportInputError,
  type ImportItem,
  type ImportPrune,
  type ReadProgress,
  type ImportRow,
  type ImportTable,
} from './types.js';

/** Records buffered before one flush of batched upserts. */
const RECORDS_PER_FLUSH = 5_000;
/**
 * Characters of row text buffered before a flush, whatever the count of records: records that keep
 * whole source items (a YouTube video's `extra`, kilobytes each) flush sooner, so a batch, its
 * encoding and the one being written stay within a bounded memory.
 */
const CHARS_PER_FLUSH = 10_000_000;

/** The characters of a record's text values (the measure of CHARS_PER_FLUSH). */
function textLength(rows: readonly ImportRow[]): number {
  let length = 0;
  for (const row of rows)
    for (const value of Object.values(row.values)) if (typeof value === 'string') length += value.length;
  return length;
}
/** Failures before the first success that mean the input is not in the format at all. */
const WRONG_FORMAT_AFTER = 10;
/** Skipped records kept with their reasons for the summary (the count goes on). */
const SKIPS_KEPT = 1_000;
/** SQLite page cache during an import, in KiB (negative: a size, not a page count). */
const IMPORT_CACHE_KIB = -65_536;
/** Tables written parents first: each platform's in its order. */
const TABLE_ORDER: readonly ImportTable[] = storePlatforms.flatMap((platform) =>
  platform.tables.map(({ name }) => name),
);
/** Tables whose rows carry a unique `num` (the search index's document number): a stored row keeps its own, new rows take the next free ones. */
const NUMBERED: ReadonlySet<ImportTable> = new Set(
  storePlatforms.flatMap((platform) => platform.tables.filter((table) => table.numbered).map(({ name }) => name)),
);

const isNumbered = (table: ImportTable): table is ImportTable & NumberedTable => NUMBERED.has(table);

/**
 * What an import did: `imported` new (inserted), `updated` already stored and changed by it,
 * `unchanged` already stored with the same values (left unwritten). A row a batch meets more
 * than once is written once, with what its mentions carried together: its first mention counts as
 * above, a later one as updated when it changes what the mentions before it carried (and the row
 * was inserted or changed), else as unchanged.
 */
export interface TableCounts {
  imported: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  /** Records read and mapped, counted by their own row (the first): new, changed, or the same as stored. */
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** The first skipped records with where they were read and why (at most SKIPS_KEPT). */
  skips: { location: string; reason: string }[];
  /** Rows per table, including the rows records bring along (authors, channels, companies). */
  tables: Partial<Record<ImportTable, TableCounts>>;
}

export interface WriteOptions {
  /** Abort at the first bad record; the whole import is one transaction, so the store is then as it was. */
  strict?: boolean;
  /** Called after each flush. */
  onProgress?: (summary: ImportSummary) => void;
  /**
   * Runs inside the import's transaction after the last flush (the importer's derived data), with
   * the tables whose stored rows changed (inserted, updated or pruned); not at all when none did.
   */
  afterImport?: (trx: Transaction<Database>, written: ReadonlySet<ImportTable>) => Promise<void>;
  /** Records per flush (default 5,000); small values make tests write several flushes. */
  recordsPerFlush?: number;
  /** Names the format in the wrong-format message. */
  format?: string;
  /** Bytes read of the input so far: lets a large SQLite import rebuild indexes once instead of updating them per row. */
  read?: ReadProgress;
  /** The time its observations of counts are dated (epoch ms; default: when the import starts). */
  observedAt?: number;
}

/** A --strict import met a bad record: nothing was written. */
export class ImportAbortedError extends Error {
  override readonly name = 'ImportAbortedError';
  constructor(
    readonly location: string,
    readonly reason: string,
  ) {
    super(`${location}: ${reason}`);
  }
}

type Executor = Kysely<Database> | Transaction<Database>;

/** SQL texts of the writer's own statements (rows themselves are written by `writeRows`). */
const sqlTexts = (dialect: Dialect) => ({
  /** Deletes an owner's rows from a position on. */
  prune: (table: string, column: string) =>
    `delete from "${table}" where "${column}" = ${dialect.placeholder(1)} and "position" >= ${dialect.placeholder(2)}`,
  /** Deletes owners' rows from a position on, one owner and position per element of two arrays (PostgreSQL). */
  pruneAll: (table: string, column: string) =>
    `delete from "${table}" using unnest(${dialect.placeholder(1)}::text[], ${dialect.placeholder(2)}::integer[]) as "p"("owner", "start")
      where "${table}"."${column}" = "p"."owner" and "${table}"."position" >= "p"."start"`,
  /** Whether every given id sorts after the table's largest (none of them can be stored; null: an empty table). */
  allAbove: (table: string) => `select ${dialect.leastId(1)} > (select max("id") from "${table}") as "above"`,
  /** Selects the given ids that exist (with `extra` columns): one parameter, bound by `dialect.bindIds`. */
  existing: (table: string, extra: string[]) =>
    `select ${['id', ...extra].map((c) => `"${c}"`).join(', ')} from "${table}" where ${dialect.idIn('"id"', 1)}`,
});

/**
 * Writes mapped records in batched upserts (by id: re-importing updates, never duplicates),
 * counting new, changed and unchanged rows, and skipping (or, strict, aborting on) records that failed to map.
 */
export async function writeImport(
  db: Kysely<Database>,
  items: AsyncIterable<ImportItem | readonly ImportItem[]>,
  options: WriteOptions = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { imported: 0, updated: 0, unchanged: 0, skipped: 0, skips: [], tables: {} };
  const observedAt = options.observedAt ?? Date.now();
  const dialect = dialectOf(db);
  const sql = sqlTexts(dialect);
  /** Tables whose stored rows changed: rows inserted, updated or pruned. */
  const written = new Set<ImportTable>();
  let firstFailure: { location: string; reason: string } | undefined;

  /**
   * One row to write: its values, the columns a stored row takes (undefined: all), and whether a
   * later mention in the batch changed what an earlier one carried.
   */
  interface Pending {
    values: Database[ImportTable];
    update: Set<string> | undefined;
    changedLater: boolean;
  }

  /** A row's mention in a batch: its first, or a later one that `changes` what the ones before carried or is the `same`. */
  type Mention = 'first' | 'changes' | 'same';

  /**
   * A batch made ready to write: its rows by table and id, each row's mention (parallel to
   * `batch`), and (where the store copies) its tables' rows encoded as new.
   */
  interface Prepared {
    batch: ImportRow[][];
    prunes: ImportPrune[];
    byTable: Map<ImportTable, Map<string, Pending>>;
    mentions: Mention[][];
    encoded: Map<ImportTable, string | undefined>;
  }

  /** Pure work on a batch, no SQL: run while the batch before it is written. */
  function prepare(batch: ImportRow[][], prunes: ImportPrune[]): Prepared {
    // rows by table and id; a later row of the same id applies over the earlier one as a second upsert would
    const byTable = new Map<ImportTable, Map<string, Pending>>();
    const mentions: Mention[][] = [];
    for (const rows of batch) {
      const kinds: Mention[] = [];
      mentions.push(kinds);
      for (const { table: name, values, update } of rows) {
        let table = byTable.get(name);
        if (!table) byTable.set(name, (table = new Map<string, Pending>()));
        const before = table.get(values.id);
        if (!before) {
          table.set(values.id, { values, update: update ? new Set(update) : undefined, changedLater: false });
          kinds.push('first');
          continue;
        }
        const changes = (update ?? Object.keys(values)).some(
          (column) => Reflect.get(values, column) !== Reflect.get(before.values, column),
        );
        kinds.push(changes ? 'changes' : 'same');
        const changedLater = before.changedLater || changes;
        if (!update) table.set(values.id, { values, update: undefined, changedLater });
        else {
          const taken = Object.fromEntries(
            update.map((column): [string, unknown] => [column, Reflect.get(values, column)]),
          );
          table.set(values.id, {
            values: { ...before.values, ...taken },
            update: before.update ? new Set([...before.update, ...update]) : undefined,
            changedLater,
          });
        }
      }
    }
    // Encoded as if every row were new, which the common case is (a table's numbered rows get their nums only once written)
    const encoded = new Map<ImportTable, string | undefined>();
    if (dialect.bulkWrite === 'copy')
      for (const [table, rows] of byTable)
        if (!NUMBERED.has(table))
          encoded.set(
            table,
            encodeInserts(
              dialect,
              [...rows.values()].map((row) => row.values),
            ),
          );
    return { batch, prunes, byTable, mentions, encoded };
  }

  async function flush(trx: Executor, { batch, prunes, byTable, mentions, encoded }: Prepared) {
    const existing = new Map<ImportTable, Set<string>>();
    const storedNums = new Map<ImportTable, Map<string, number>>();
    /** The stored rows' counts, of the tables that keep observations. */
    const storedCounts = new Map<ImportTable, Map<string, Record<string, unknown>>>();
    for (const [table, rows] of byTable) {
      const numbered = NUMBERED.has(table);
      const observed = OBSERVED.get(table) ?? [];
      const ids = dialect.bindIds([...rows.keys()]);
      // Records newer than everything stored (a later dump, a first import) have larger ids: one
      // index probe for the table's largest id then stands for a probe per record.
      const above = await trx.executeQuery<{ above: unknown }>(CompiledQuery.raw(sql.allAbove(table), [ids]));
      const check = above.rows[0]?.above;
      // null: the table is empty; SQLite answers 1 / 0, PostgreSQL true / false
      if (check === null || Boolean(check)) {
        existing.set(table, new Set());
        if (numbered) storedNums.set(table, new Map());
        continue;
      }
      const found = await trx.executeQuery<{ id: string; num?: number }>(
        CompiledQuery.raw(sql.existing(table, [...(numbered ? ['num'] : []), ...observed]), [ids]),
      );
      existing.set(table, new Set(found.rows.map((row) => String(row.id))));
      if (numbered) storedNums.set(table, new Map(found.rows.map((row) => [String(row.id), Number(row.num)])));
      if (observed.length > 0) storedCounts.set(table, new Map(found.rows.map((row) => [String(row.id), row])));
    }
    for (const [table, rows] of byTable) if (isNumbered(table)) await number(trx, table, rows, storedNums.get(table)!);
    /** The stored rows each table's upserts changed, as the statements reported them. */
    const changed = new Map<ImportTable, ReadonlySet<string>>();
    for (const table of TABLE_ORDER) {
      const rows = byTable.get(table);
      if (rows) {
        const changedRows = await upsert(trx, table, [...rows.values()], existing.get(table)!, encoded.get(table));
        changed.set(table, changedRows);
        if (changedRows.size > 0 || [...rows.keys()].some((id) => !existing.get(table)!.has(id))) written.add(table);
      }
    }
    await observe(trx, byTable, storedCounts);
    await prune(trx, prunes);
    batch.forEach((rows, record) => {
      rows.forEach(({ table, values: { id } }, index) => {
        const stored = existing.get(table)!.has(id);
        const rowChanged = changed.get(table)!.has(id);
        let outcome: keyof TableCounts;
        if (mentions[record]![index] === 'first')
          // a later mention that changed the row may be all that changed it: the change is counted there
          outcome = !stored
            ? 'imported'
            : rowChanged && !byTable.get(table)!.get(id)!.changedLater
              ? 'updated'
              : 'unchanged';
        else outcome = mentions[record]![index] === 'changes' && (!stored || rowChanged) ? 'updated' : 'unchanged';
        (summary.tables[table] ??= { imported: 0, updated: 0, unchanged: 0 })[outcome] += 1;
        if (index === 0) summary[outcome] += 1;
      });
    });
  }

  /** Dated observations of the counts of the rows the batch stored new, or whose counts it changed (observations.ts). */
  async function observe(
    trx: Executor,
    byTable: Map<ImportTable, Map<string, Pending>>,
    storedCounts: Map<ImportTable, Map<string, Record<string, unknown>>>,
  ) {
    const observations: ObservationsTable[] = [];
    for (const [table, rows] of byTable) {
      const observed = OBSERVED.get(table);
      if (!observed) continue;
      const stored = storedCounts.get(table);
      for (const [id, { values, update }] of rows) {
        const counts = countsOf(values, update, observed);
        if (!counts) continue;
        const before = stored?.get(id);
        if (before && !countsChanged(counts, before)) continue;
        observations.push({ item_table: table, item_id: id, observed_at: observedAt, counts: JSON.stringify(counts) });
      }
    }
    if (observations.length > 0) await writeObservations(trx, observations);
  }

  /**
   * Deletes each prune's rows (an owner's from a position on). The deletes' union is what runs,
   * whatever their order: PostgreSQL takes a table's prunes of a batch in one statement over
   * arrays (a statement per track was most of a Spotify import's time there: a round trip each);
   * SQLite runs one prepared statement per prune, in process.
   */
  async function prune(trx: Executor, prunes: readonly ImportPrune[]) {
    const byTarget = new Map<string, ImportPrune[]>();
    for (const one of prunes) {
      const target = `${one.table}\u0000${one.column}`;
      const group = byTarget.get(target);
      if (group) group.push(one);
      else byTarget.set(target, [one]);
    }
    for (const group of byTarget.values()) {
      const { table, column } = group[0]!;
      let deleted = 0n;
      if (dialect.bulkWrite === 'tuples') {
        for (const one of group)
          deleted +=
            (await trx.executeQuery(CompiledQuery.raw(sql.prune(table, column), [one.owner, one.from])))
              .numAffectedRows ?? 0n;
      } else {
        const owners = group.map((one) => one.owner);
        const starts = group.map((one) => one.from);
        deleted =
          (await trx.executeQuery(CompiledQuery.raw(sql.pruneAll(table, column), [owners, starts]))).numAffectedRows ??
          0n;
      }
      if (deleted > 0n) written.add(table);
    }
  }

  /** A row keeps its `num` (the search index's document number); new rows take the next free ones. */
  async function number(trx: Executor, table: NumberedTable, rows: Map<string, Pending>, stored: Map<string, number>) {
    const pending = [...rows.values()];
    const numbered = await numberRows(
      trx,
      table,
      pending.map((row) => row.values),
      stored,
    );
    pending.forEach((row, i) => (row.values = numbered[i]!));
  }

  /**
   * Rows whose id is not stored are plain inserts (PostgreSQL: COPY straight into the table, the
   * floor's own way), the others upserts; the flush asked which ids exist, inside this
   * transaction. (On PostgreSQL another writer committing one of those ids in between fails the
   * import with a unique violation, and it can be run again.) `encoded`: all of `pending` encoded
   * as new rows ahead of time, used when none is stored. Returns the ids of the stored rows the
   * upserts changed (the statements return them; a row found identical is not written).
   */
  async function upsert(
    trx: Executor,
    table: ImportTable,
    pending: Pending[],
    stored: ReadonlySet<string>,
    encoded: string | undefined,
  ): Promise<ReadonlySet<string>> {
    const fresh = pending.filter(({ values }) => !stored.has(values.id)).map(({ values }) => values);
    await writeTableRows(trx, table, fresh, { insertOnly: true, encoded: stored.size === 0 ? encoded : undefined });
    // one statement shape per set of updated columns
    const groups = new Map<string, { update: string[] | undefined; rows: Database[ImportTable][] }>();
    for (const { values, update } of pending) {
      if (!stored.has(values.id)) continue;
      const columns = update ? [...update].filter((c) => c !== 'num').sort() : undefined;
      const key = columns?.join(',') ?? '*';
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { update: columns, rows: [] }));
      group.rows.push(values);
    }
    const changed = new Set<string>();
    // re-imported records that changed nothing leave their rows (and indexes) unwritten
    for (const { update, rows } of groups.values())
      await writeTableRows(trx, table, rows, {
        update,
        skipUnchanged: true,
        onWritten: (ids) => ids.forEach((id) => changed.add(id)),
      });
    return changed;
  }

  /**
   * Reads records into batches and writes each full batch while the next is read: the write of
   * batch N runs (on PostgreSQL, in the server) while this thread parses and maps batch N + 1.
   * Writes stay in order, one at a time, so each flush sees the rows of the ones before it.
   */
  async function consume(trx: Transaction<Database>) {
    let batch: ImportRow[][] = [];
    let batchText = 0;
    let prunes: ImportPrune[] = [];
    /** Records taken into batches (written or being written). */
    let accepted = 0;
    let writing: Promise<void> = Promise.resolve();
    const bulk = new BulkLoad(trx, dialect.rebuildsIndexesOnBulkLoad, options.read);
    const write = async (prepared: Prepared) => {
      await flush(trx, prepared);
      await bulk.afterFlush(Object.keys(summary.tables) as ImportTable[], recordsOf(summary));
      options.onProgress?.(summary);
    };
    try {
      for await (const read of items)
        for (const item of itemsOf(read)) {
          if ('error' in item) {
            if (options.strict) throw new ImportAbortedError(item.location, item.error);
            firstFailure ??= { location: item.location, reason: item.error };
            summary.skipped += 1;
            if (summary.skips.length < SKIPS_KEPT) summary.skips.push({ location: item.location, reason: item.error });
            if (summary.skipped >= WRONG_FORMAT_AFTER && accepted === 0) throw wrongFormat();
            continue;
          }
          batch.push(item.rows);
          batchText += textLength(item.rows);
          accepted += 1;
          if (item.prune) prunes.push(...item.prune);
          if (batch.length >= (options.recordsPerFlush ?? RECORDS_PER_FLUSH) || batchText >= CHARS_PER_FLUSH) {
            const prepared = prepare(batch, prunes);
            // the previous write is done before this one starts: at most one batch is written while the next is read
            await writing;
            writing = write(prepared);
            // a failure is taken at the next await; until then it must not count as unhandled
            writing.catch(() => {});
            batch = [];
            batchText = 0;
            prunes = [];
          }
        }
    } finally {
      // never leave a write running on the transaction's connection (a failure then rolls back after it)
      await writing.catch(() => {});
    }
    await writing;
    if (batch.length > 0) await flush(trx, prepare(batch, prunes));
    if (recordsOf(summary) === 0 && summary.skipped > 0) throw wrongFormat();
    await bulk.finish();
    if (written.size > 0) await options.afterImport?.(trx, written);
    options.onProgress?.(summary);
  }

  function wrongFormat() {
    const first = firstFailure!;
    return new ImportInputError(
      `no record could be read as ${options.format ?? 'this format'} (is it the right format?); first failure at ${first.location}: ${first.reason}`,
    );
  }

  // SQLite's default page cache (2 MB) thrashes on the listing indexes' random inserts: a larger one for the import's length
  const cacheSize = dialect.tunablePageCache ? await pragma(db, 'cache_size') : undefined;
  if (cacheSize !== undefined) await pragma(db, `cache_size = ${IMPORT_CACHE_KIB}`);
  try {
    // One transaction: an aborted, failed or killed import leaves the store as it was (and re-running it is safe).
    await inWriteTransaction(db, (trx) => consume(trx));
  } finally {
    if (cacheSize !== undefined) await pragma(db, `cache_size = ${Number(cacheSize)}`);
  }
  return summary;
}

/** Records read and mapped (written, or found already stored as they are). */
const recordsOf = (summary: ImportSummary) => summary.imported + summary.updated + summary.unchanged;

function itemsOf(read: ImportItem | readonly ImportItem[]): readonly ImportItem[] {
  return 'location' in read ? [read] : read;
}

async function pragma(db: Kysely<Database>, statement: string): Promise<unknown> {
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`pragma ${statement}`, []));
  const row = result.rows[0];
  return row === undefined ? undefined : Object.values(row)[0];
}

/** Records an import must be expected to bring, at least, before its table's indexes are rebuilt rather than kept up to date. */
const BULK_MIN_RECORDS = 20_000;

/**
 * SQLite updates each secondary index row by row (the forum's four listing indexes are most of an
 * import's time); building an index once from sorted data is several times faster. When an import
 * is expected (from the bytes read so far) to bring at least as many records as the tables hold,
 * their non-unique indexes are dropped after the first flush and re-created before commit, inside
 * the import's transaction: a failure or a kill rolls back to the store as it was, indexes included.
 * Unique indexes stay (they enforce constraints); PostgreSQL is left as it is.
 */
class BulkLoad {
  private decided = false;
  private readonly dropped: string[] = [];

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly rebuildsIndexes: boolean,
    private readonly read: ReadProgress | undefined,
  ) {}

  async afterFlush(tables: ImportTable[], records: number) {
    if (this.decided || !this.rebuildsIndexes || !this.read || this.read.bytesRead === 0) return;
    this.decided = true;
    const expected = (records * this.read.totalBytes) / this.read.bytesRead;
    if (expected < BULK_MIN_RECORDS) return;
    for (const table of tables) {
      const count = await this.trx.executeQuery<{ n: number }>(
        CompiledQuery.raw(`select count(*) as "n" from "${table}"`, []),
      );
      if (Number(count.rows[0]?.n ?? 0) > expected) continue;
      for (const indexed of [table, ...derivedTablesOf(table)]) {
        const indexes = await secondaryIndexes(this.trx, indexed, { unique: false });
        await dropIndexes(this.trx, indexes);
        this.dropped.push(...indexes.map(({ definition }) => definition));
      }
    }
  }

  async finish() {
    for (const statement of this.dropped.splice(0)) await this.trx.executeQuery(CompiledQuery.raw(statement, []));
  }
}
