import { FORUM_COLUMNS } from '../platforms/forum/columns.js';
import { MICROBLOG_COLUMNS } from '../platforms/microblog/columns.js';
import { MUSIC_COLUMNS } from '../platforms/music/columns.js';
import { PROFESSIONAL_COLUMNS } from '../platforms/professional/columns.js';
import { SHORTVIDEO_COLUMNS } from '../platforms/shortvideo/columns.js';
import { VIDEO_COLUMNS } from '../platforms/video/columns.js';
import type { Database } from '../schema.js';

/** The SQL types of the store's columns (portable: the same on SQLite and PostgreSQL). */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'double precision';

/** Every column of a table with its SQL type. */
export type ColumnTypes<T extends keyof Database> = { readonly [C in keyof Database[T]]-?: ColumnType };

/**
 * The tables whose column types are declared: PostgreSQL writes their rows as one array per
 * column (`unnest`), a few parameters whatever the row count; other tables go as rows of values.
 */
const COLUMN_TYPES: { readonly [T in keyof Database]?: Readonly<Record<string, ColumnType>> } = {
  ...FORUM_COLUMNS,
  ...MICROBLOG_COLUMNS,
  ...SHORTVIDEO_COLUMNS,
  ...PROFESSIONAL_COLUMNS,
  ...VIDEO_COLUMNS,
  ...MUSIC_COLUMNS,
};

export function columnTypesOf(table: keyof Database): Readonly<Record<string, ColumnType>> | undefined {
  return COLUMN_TYPES[table];
}
