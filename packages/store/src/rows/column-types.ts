import type { Database } from '../schema.js';

/** The SQL types of the store's columns (portable: the same on SQLite and PostgreSQL). */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'double precision';

/** Every column of a table with its SQL type. */
export type ColumnTypes<T extends keyof Database> = { readonly [C in keyof Database[T]]-?: ColumnType };

/**
 * Column types of some tables, by table: a platform declares its written tables' (`columns.ts`,
 * listed in its `platform.ts`), so PostgreSQL writes their rows as one array per column (`unnest`).
 */
export type TableColumnTypes = { readonly [T in keyof Database]?: Readonly<Record<string, ColumnType>> };
