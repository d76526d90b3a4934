import type { Contract, HistoryKinds } from '@socialquery/core';
import { bindPlatform, type MountablePlatform, type PlatformDefinition } from '@socialquery/core/server';
import type { Kysely, Migration, Transaction } from 'kysely';
import type { DemoSet } from '../demo/demo-set.js';
import type { Importer } from '../import/types.js';
import type { TableColumnTypes } from '../rows/column-types.js';
import type { RowWriter } from '../rows/write-rows.js';
import type { Database, DerivedTables, PlatformTableName } from '../schema.js';

/** One of a platform's tables, as the kernel writes and copies it. */
export interface PlatformTable {
  name: PlatformTableName;
  /**
   * Rows carry a unique `num` (the search index's document number): a stored row keeps its own, new rows
   * take the next free ones (import/writer.ts assigns them).
   */
  numbered?: boolean;
  /**
   * How the table's rows are written when the store derives tables from them (a search index):
   * given the plain write, it runs it between its own steps (reading what was stored, then deriving
   * from what was written), in the writer's transaction; `how` the rows are written (TableWrite).
   * Every writer of the table goes through it: the import writer and copies by `writeTableRows`,
   * the platform's own demo rows directly.
   */
  write?: (db: RowWriter, rows: readonly never[], how: TableWrite, write: () => Promise<number>) => Promise<number>;
  /**
   * The tables `write` derives rows into. A large SQLite import that loads this table without its
   * secondary indexes (building them once at its end) does the same for these: their indexes are in
   * orders unrelated to the rows' (a search index's score order), where row-by-row inserts land at random.
   */
  derived?: readonly (keyof DerivedTables)[];
}

/**
 * A kind of record with counts over time, as the platform's history operation names it (`post`,
 * `video`…): its table, and its counts by column with the name the API gives each. An import or sync
 * that stores a row new, or with any of these counts changed, records them as a dated observation
 * (import/observations.ts); the history operation answers them renamed (rows/observations.ts). The
 * columns' order is the order a reading stores and answers them in.
 */
export interface ObservedKind<Name extends string = string> {
  table: PlatformTableName;
  counts: Readonly<Record<string, Name>>;
}

/**
 * A platform's observed kinds, checked against its package's history kinds (`K`): every kind, each
 * count named as the package names it. A test (platforms/observed.test.ts) checks that every name is
 * answered.
 */
export type ObservedKinds<K extends HistoryKinds> = { readonly [Kind in keyof K]: ObservedKind<K[Kind][number]> };

/**
 * How rows reached a table: `inserted` (new rows, whole), `upserted` (whole rows that may replace
 * stored ones), `patched` (rows of which only some columns were written: read them back whole).
 */
export type TableWrite = 'inserted' | 'upserted' | 'patched';

/**
 * Everything the store does for one platform, in one value: its Source over the store's SQL, its
 * tables and migrations, importers, demo data and examples. The kernel (store.ts, migrations,
 * seed.ts, copy.ts, the import registry, examples.ts) reads these from the list in
 * `platforms/index.ts` and names no platform itself.
 *
 * `source` and `mount` are methods so that a platform with a precise Source type still fits a list
 * of `StorePlatform`s (the list only hands each platform back the Source it made).
 */
export interface StorePlatform<Name extends string = string, Source = unknown, Example = unknown> {
  /** The platform group's name: the Store's property for its Source, the CLI's and the docs' name. */
  readonly name: Name;
  /** The platform's Source (the port its package's handlers read through) over this store. */
  source(db: Kysely<Database>): Source;
  /** The platform's contract with handlers (and exporters) over a Source `source` made. */
  mount(source: Source): MountablePlatform;
  /**
   * Migrations by name, applied with every other platform's in name order (names are numbered in
   * one sequence across the store, and recorded in every store: never rename or edit a released one).
   */
  readonly migrations: Readonly<Record<string, Migration>>;
  /** Every table, parents first: the order an import writes a batch in and a copy copies in. */
  readonly tables: readonly PlatformTable[];
  /** Its written tables' column types (`columns.ts`): PostgreSQL then writes their rows through `unnest`. */
  readonly columnTypes: TableColumnTypes;
  /** Its kinds of record with counts over time, in the order of their tables (ObservedKind). */
  readonly observed: Readonly<Record<string, ObservedKind>>;
  readonly importers: readonly Importer[];
  readonly demo: DemoSet;
  /**
   * Makes the tables the platform derives from its rows (a search index) anew, in the given
   * transaction, reporting the rows done; returns how many. Writes keep them in step (`write`):
   * this is for a store whose tables were changed by other means, and for checking.
   */
  readonly rebuild?: (trx: Transaction<Database>, onProgress: (done: number) => void) => Promise<number>;
  /** Identifiers that exist in the store, for trying the API; undefined when it holds none of the platform's data. */
  examples(db: Kysely<Database>): Promise<Example | undefined>;
}

export interface StorePlatformOptions<Name extends string, C extends Contract, Source, Example> extends Omit<
  StorePlatform<Name, Source, Example>,
  'mount'
> {
  /** The platform package's declaration (`definePlatform`): contract and handlers over its Source. */
  readonly definition: PlatformDefinition<C, Source>;
}

/**
 * Declares a platform's store side; the compiler checks that `source` makes the Source the
 * package's handlers read through.
 */
export function defineStorePlatform<const Name extends string, C extends Contract, Source, Example>(
  options: StorePlatformOptions<Name, C, Source, Example>,
): StorePlatform<Name, Source, Example> {
  const { definition, ...platform } = options;
  return Object.freeze({ ...platform, mount: (source: Source) => bindPlatform(definition, source) });
}
