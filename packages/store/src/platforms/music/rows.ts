import { nameKey, termsOf } from '@socialquery/music/server';
import { type NumberedTable, numberRows, type RowWriter, writeRows } from '../../rows/write-rows.js';
import type { Database } from '../../schema.js';
import { MUSIC_COLUMNS, type MusicWrittenTable } from './columns.js';
import { MUSIC_SEARCHED, type MusicSearchedTable, writeMusicSearchRows } from './search-index.js';

export type { MusicWrittenTable } from './columns.js';

/** The name columns every searchable music row carries, computed as the source and handlers expect. */
export function musicNameColumns(name: string): { name: string; name_key: string; name_terms: string } {
  return { name, name_key: nameKey(name), name_terms: ` ${termsOf(name).join(' ')} ` };
}

/**
 * Upserts rows by `id` (every column but `id` takes the new value; rows whose values are all the
 * same are not rewritten, so re-seeding or re-importing the same data is cheap), and a searchable
 * table's postings in the search index. Returns how many rows were inserted or changed.
 */
export function upsertMusicRows<T extends MusicWrittenTable>(
  db: RowWriter,
  table: T,
  rows: readonly Database[T][],
): Promise<number> {
  const write = () => writeRows(db, table, rows, { skipUnchanged: true, columns: MUSIC_COLUMNS[table] });
  // a searchable table (MUSIC_SEARCHED), so its rows are a searchable table's
  return table in MUSIC_SEARCHED
    ? writeMusicSearchRows(table as MusicSearchedTable)(
        db,
        rows as readonly Database[MusicSearchedTable][],
        'upserted',
        write,
      )
    : write();
}

/** The searchable music tables, whose rows carry a unique `num` (the search index's document number). */
export type MusicNumberedTable = Extract<NumberedTable, `music_${string}`>;

/**
 * Gives rows (of one batch, distinct ids) their `num`: the stored one for an id already in the
 * table, else the next free numbers after the table's largest, in the rows' order. For importers,
 * which know ids but not the store's numbering; call it inside the transaction that writes them.
 */
export function assignMusicNums<T extends MusicNumberedTable, Row extends Omit<Database[T], 'num'>>(
  db: RowWriter,
  table: T,
  rows: readonly Row[],
): Promise<(Row & { num: number })[]> {
  return numberRows(db, table, rows);
}
