import { MUSIC_COLUMNS } from '../platforms/music/columns.js';
import type { Database } from '../schema.js';

/** The SQL types of the store's columns (portable: the same on SQLite and PostgreSQL). */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'double precision';

/** Every column of a table with its SQL type. */
export type ColumnTypes<T extends keyof Database> = { readonly [C in keyof Database[T]]-?: ColumnType };

/**
 * The tables whose column types are declared: PostgreSQL writes their rows as one array per
 * column (`unnest`), a few parameters whatever the row count; other tables go as rows of values.
 */
const COLUMN_TYPES: { readonly [T in keyof Database]?: Readonly<Record<string, ColumnType>> } = MUSIC_COLUMNS;

export function columnTypesOf(table: keyof Database): Readonly<Record<string, ColumnType>> | undefined {
  return COLUMN_TYPES[table];
}
