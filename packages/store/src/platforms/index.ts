import { forumStorePlatform } from './forum/platform.js';
import { microblogStorePlatform } from './microblog/platform.js';
import { musicStorePlatform } from './music/platform.js';
import { professionalStorePlatform } from './professional/platform.js';
import { shortvideoStorePlatform } from './shortvideo/platform.js';
import type { ColumnType } from '../rows/column-types.js';
import { type RowWriter, writeRows, type WriteRowsOptions } from '../rows/write-rows.js';
import type { Database } from '../schema.js';
import type { PlatformTable, StorePlatform } from './store-platform.js';
import { videoStorePlatform } from './video/platform.js';

/**
 * Every platform the store holds, in the order the kernel visits them (demo seeding, copying,
 * `cli examples`, the service's mounts). A new platform is one folder beside these and one line
 * here (and its tables' type in schema.ts).
 */
export const storePlatforms = [
  forumStorePlatform,
  microblogStorePlatform,
  shortvideoStorePlatform,
  professionalStorePlatform,
  videoStorePlatform,
  musicStorePlatform,
] as const satisfies readonly StorePlatform[];

type StorePlatforms = (typeof storePlatforms)[number];

export type PlatformName = StorePlatforms['name'];

export const platformNames: readonly PlatformName[] = storePlatforms.map((platform) => platform.name);

/** Each platform's Source, under its name: the Store's properties `forum`, `music`… */
export type PlatformSources = { readonly [P in StorePlatforms as P['name']]: ReturnType<P['source']> };

/** Per platform present in the store, identifiers that exist there (each platform's `examples`). */
export type Examples = {
  [P in StorePlatforms as P['name']]?: NonNullable<Awaited<ReturnType<P['examples']>>> & {
    /** A record with a history (examples.ts historyExample), for the history operations. */
    record?: string;
    id?: string;
  };
};

const columnTypes = new Map<string, Readonly<Record<string, ColumnType>> | undefined>(
  storePlatforms.flatMap((platform) => Object.entries(platform.columnTypes)),
);

/** A table's column types, as its platform declares them (undefined: not declared, or a kernel table). */
export function columnTypesOf(table: keyof Database) {
  return columnTypes.get(table);
}

const tableWriters = new Map<string, NonNullable<PlatformTable['write']>>(
  storePlatforms.flatMap((platform) =>
    platform.tables.flatMap((table: PlatformTable) => (table.write ? [[table.name, table.write]] : [])),
  ),
);

/**
 * `writeRows` into a platform's table with its declared column types, through the table's own
 * `write` where it has one (what the store derives from the rows, such as a search index): how the
 * kernel's writers (imports, copies) write. `insertOnly` writes are `inserted`, writes of some
 * columns `patched`, the rest `upserted`.
 */
export async function writeTableRows<T extends keyof Database>(
  db: RowWriter,
  table: T,
  rows: readonly Database[T][],
  options: Omit<WriteRowsOptions, 'columns'> = {},
): Promise<number> {
  const write = () => writeRows(db, table, rows, { ...options, columns: columnTypesOf(table) });
  const how = options.insertOnly ? 'inserted' : options.update ? 'patched' : 'upserted';
  const own = tableWriters.get(table);
  return own ? own(db, rows as readonly never[], how, write) : write();
}

const derivedTables = new Map<string, readonly string[]>(
  storePlatforms.flatMap((platform) =>
    platform.tables.flatMap((table: PlatformTable) => (table.derived ? [[table.name, table.derived]] : [])),
  ),
);

/** The tables a platform table's `write` derives rows into (none for most). */
export function derivedTablesOf(table: string): readonly string[] {
  return derivedTables.get(table) ?? [];
}
