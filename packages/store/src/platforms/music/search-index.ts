import { termsOf } from '@socialquery/music/server';
import type { Kysely } from 'kysely';
import { addCounts, deleteByKey, eachBatchByNum } from '../../rows/keyed-rows.js';
import { inKeyOrder } from '../../rows/key-order.js';
import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import type { Database, MusicSearchTable } from '../../schema.js';
import type { TableWrite } from '../store-platform.js';

/**
 * The music search index: one posting per (row, distinct term of its searchable text) of every
 * searchable kind in `music_search`, one more per row marking its whole name (`=` and the name's
 * terms), for artists and tracks one per prefix of 1 to 3 characters of the name key (`^` and the
 * prefix: suggestions), and per-(kind, term) row counts in `music_search_terms`. Search (search.ts) walks it in
 * rank order (docs/search.md). Every write of a searchable table keeps it in step
 * (`writeMusicSearchRows`: the demo seed, imports and copies all write through it);
 * `rebuildMusicSearch` makes it anew.
 */

/** Each searchable table: the column searched beside the name, and the popularity its matches rank by. */
export const MUSIC_SEARCHED = {
  music_tracks: { other: 'artist_names', popularity: 'play_count' },
  music_albums: { other: 'artist_names', popularity: 'released_at' },
  music_artists: { other: undefined, popularity: 'followers' },
  music_playlists: { other: undefined, popularity: 'followers' },
  music_shows: { other: 'publisher', popularity: undefined },
  music_users: { other: undefined, popularity: 'follower_count' },
  music_genres: { other: undefined, popularity: undefined },
} as const;
export type MusicSearchedTable = keyof typeof MUSIC_SEARCHED;

/** The term of the posting that marks a row's whole name: `=` (never a term's character) and the name's terms. */
export const wholeName = (terms: readonly string[]) => `=${terms.join(' ')}`;

/** Tables whose names are suggested by prefix, and the longest prefix of `name_key` with a posting of its own. */
export const SUGGESTED: ReadonlySet<MusicSearchedTable> = new Set(['music_artists', 'music_tracks']);
export const SUGGEST_PREFIX_POSTINGS = 3;
/** The term of the posting of a name's prefix (`^` and up to SUGGEST_PREFIX_POSTINGS characters of its `name_key`). */
export const namePrefix = (key: string) => `^${[...key].slice(0, SUGGEST_PREFIX_POSTINGS).join('')}`;

/** A row of a searchable table: the index reads its name's columns and those MUSIC_SEARCHED names for its table. */
type SearchedRow = Database[MusicSearchedTable];
/** A column of a searchable row that MUSIC_SEARCHED names for the row's table. */
const columnOf = (row: SearchedRow, column: string): unknown => row[column as keyof SearchedRow];

const MUSIC_SEARCH_COLUMNS = {
  kind: 'text',
  term: 'text',
  in_name: 'integer',
  popularity: 'bigint',
  num: 'integer',
} as const;
/** A posting's key: every column of the posting table, its primary key in this order. */
export const POSTING_KEY_COLUMNS = Object.keys(MUSIC_SEARCH_COLUMNS);
const POSTING_KEY = Object.entries(MUSIC_SEARCH_COLUMNS);
const MUSIC_SEARCH_TERMS_COLUMNS = { kind: 'text', term: 'text', docs: 'integer' } as const;
const CHUNK = 500;

/** A row's postings (termsOf: lower-cased letter and digit runs). */
export function postingsOf(table: MusicSearchedTable, row: SearchedRow): MusicSearchTable[] {
  const { other, popularity: ranked } = MUSIC_SEARCHED[table];
  const popularity = ranked ? Number(columnOf(row, ranked)) : 0;
  const num = Number(row.num);
  // one object literal for every posting (one shape; a spread of shared columns cost a twentieth of a track import)
  const posting = (term: string, in_name: number): MusicSearchTable => ({
    kind: table,
    popularity,
    num,
    term,
    in_name,
  });
  const name = termsOf(row.name);
  const inName = new Set(name);
  const terms = new Set(name);
  if (other) for (const term of termsOf(String(columnOf(row, other) ?? ''))) terms.add(term);
  const postings = [...terms].map((term) => posting(term, inName.has(term) ? 1 : 0));
  if (name.length > 0) postings.push(posting(wholeName(name), 1));
  const key = [...String(row.name_key ?? '')];
  if (SUGGESTED.has(table))
    for (let length = 1; length <= Math.min(key.length, SUGGEST_PREFIX_POSTINGS); length++)
      postings.push(posting(namePrefix(key.slice(0, length).join('')), 1));
  return postings;
}

/** Postings in key order (by term, then popularity; kind and in_name left to the B-tree), the order they are written in. */
export const inPostingKeyOrder = (postings: readonly MusicSearchTable[]) =>
  inKeyOrder(
    postings,
    (posting) => posting.term,
    (a, b) => a.popularity - b.popularity,
  );

const sameIndexed = (table: MusicSearchedTable, a: SearchedRow, b: SearchedRow) =>
  ['num', 'name', MUSIC_SEARCHED[table].other, MUSIC_SEARCHED[table].popularity].every(
    (column) => column === undefined || String(columnOf(a, column)) === String(columnOf(b, column)),
  );

/**
 * Writes rows of a searchable table (`write`, the plain write) and brings the index in step, in the
 * caller's transaction: the postings of the rows as stored before go, those of the rows as written
 * come (none for a row whose name, searched text, popularity and num did not change), and the
 * counts follow. The table's `PlatformTable.write` (imports, copies) and the demo's upserts.
 */
export function writeMusicSearchRows(table: MusicSearchedTable) {
  return async (db: RowWriter, rows: readonly SearchedRow[], how: TableWrite, write: () => Promise<number>) => {
    if (rows.length === 0) return 0;
    const before = how === 'inserted' ? new Map<string, SearchedRow>() : await storedRows(db, table, rows);
    const written = await write();
    const after = how === 'patched' ? [...(await storedRows(db, table, rows)).values()] : rows;
    const gone: MusicSearchTable[] = [];
    const come: MusicSearchTable[] = [];
    for (const row of after) {
      const old = before.get(row.id);
      if (old && sameIndexed(table, old, row)) continue;
      if (old) gone.push(...postingsOf(table, old));
      come.push(...postingsOf(table, row));
    }
    await deleteByKey(db, 'music_search', POSTING_KEY, gone);
    // in key order: the b-tree takes its inserts along a few paths rather than at random
    await writeRows(db, 'music_search', inPostingKeyOrder(come), {
      insertOnly: true,
      columns: MUSIC_SEARCH_COLUMNS,
    });
    await addTermCounts(db, table, gone, come);
    return written;
  };
}

async function storedRows(
  db: RowWriter,
  table: MusicSearchedTable,
  rows: readonly SearchedRow[],
): Promise<Map<string, SearchedRow>> {
  const stored = new Map<string, SearchedRow>();
  for (let start = 0; start < rows.length; start += CHUNK) {
    const ids = rows.slice(start, start + CHUNK).map((row) => row.id);
    for (const row of await db.selectFrom(table).selectAll().where('id', 'in', ids).execute()) stored.set(row.id, row);
  }
  return stored;
}

/** The counts of real terms (not whole names) of `table`: plus those that come, minus those that go. */
async function addTermCounts(
  db: RowWriter,
  table: MusicSearchedTable,
  gone: readonly MusicSearchTable[],
  come: readonly MusicSearchTable[],
): Promise<void> {
  const counts = new Map<string, number>();
  for (const [postings, delta] of [
    [gone, -1],
    [come, 1],
  ] as const)
    for (const { term } of postings)
      if (!term.startsWith('=') && !term.startsWith('^')) counts.set(term, (counts.get(term) ?? 0) + delta);
  const changes = [...counts].filter(([, docs]) => docs !== 0).map(([term, docs]) => ({ kind: table, term, docs }));
  await addCounts(db, 'music_search_terms', MUSIC_SEARCH_TERMS_COLUMNS, changes);
}

/**
 * Makes the music search index anew from the searchable tables, in the caller's transaction (run
 * it in one: readers then see the old index or the new one). Returns the rows indexed.
 */
export async function rebuildMusicSearch(
  db: Kysely<Database>,
  onProgress: (indexed: number) => void = () => {},
): Promise<number> {
  await db.deleteFrom('music_search').execute();
  await db.deleteFrom('music_search_terms').execute();
  let indexed = 0;
  for (const table of Object.keys(MUSIC_SEARCHED) as MusicSearchedTable[]) {
    const write = writeMusicSearchRows(table);
    await eachBatchByNum(db, table, async (batch) => {
      await write(db, batch, 'inserted', async () => batch.length);
      onProgress((indexed += batch.length));
    });
  }
  return indexed;
}
