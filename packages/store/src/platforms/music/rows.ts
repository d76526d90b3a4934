import { nameKey, termsOf } from '@socialquery/music/server';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../../dialect/index.js';
import type { Database } from '../../schema.js';

type Writer = Kysely<Database> | Transaction<Database>;
type ColumnType = 'text' | 'integer' | 'bigint';

/** Every written music table's columns, in insert order, with their SQL types (PostgreSQL casts the arrays it is sent to them). */
const COLUMNS = {
  music_artists: {
    id: 'text',
    num: 'integer',
    name: 'text',
    name_key: 'text',
    name_terms: 'text',
    genres: 'text',
    images: 'text',
    biography: 'text',
    popularity: 'integer',
    verified: 'integer',
    followers: 'bigint',
    monthly_listeners: 'bigint',
  },
  music_albums: {
    id: 'text',
    num: 'integer',
    name: 'text',
    name_key: 'text',
    name_terms: 'text',
    album_type: 'text',
    artist_id: 'text',
    artists: 'text',
    artist_names: 'text',
    release_date: 'text',
    release_precision: 'text',
    label: 'text',
    images: 'text',
    total_tracks: 'integer',
    popularity: 'integer',
    released_at: 'bigint',
  },
  music_album_artists: {
    id: 'text',
    album_id: 'text',
    artist_id: 'text',
    album_type: 'text',
    position: 'integer',
    released_at: 'bigint',
  },
  music_tracks: {
    id: 'text',
    num: 'integer',
    name: 'text',
    name_key: 'text',
    name_terms: 'text',
    album_id: 'text',
    artists: 'text',
    artist_names: 'text',
    isrc: 'text',
    disc_number: 'integer',
    track_number: 'integer',
    duration_ms: 'integer',
    explicit: 'integer',
    popularity: 'integer',
    play_count: 'bigint',
  },
  music_track_artists: { id: 'text', track_id: 'text', artist_id: 'text', role: 'text', position: 'integer' },
  music_lyrics: { id: 'text', language: 'text', sync_type: 'text', provider: 'text', lines: 'text' },
  music_users: {
    id: 'text',
    num: 'integer',
    name: 'text',
    name_key: 'text',
    name_terms: 'text',
    images: 'text',
    follower_count: 'integer',
    following_count: 'integer',
  },
  music_follows: { id: 'text', user_id: 'text', follower_id: 'text', followed_at: 'bigint' },
  music_playlists: {
    id: 'text',
    num: 'integer',
    name: 'text',
    name_key: 'text',
    name_terms: 'text',
    description: 'text',
    owner_id: 'text',
    owner_name: 'text',
    artist_id: 'text',
    genre_id: 'text',
    images: 'text',
    is_public: 'integer',
    collaborative: 'integer',
    total_tracks: 'integer',
    followers: 'bigint',
    updated_at: 'bigint',
  },
  music_playlist_tracks: {
    id: 'text',
    playlist_id: 'text',
    track_id: 'text',
    artist_id: 'text',
    position: 'integer',
    added_at: 'bigint',
  },
  music_shows: {
    id: 'text',
    num: 'integer',
    name: 'text',
    name_key: 'text',
    name_terms: 'text',
    publisher: 'text',
    description: 'text',
    language: 'text',
    media_type: 'text',
    images: 'text',
    explicit: 'integer',
    total_episodes: 'integer',
  },
  music_episodes: {
    id: 'text',
    show_id: 'text',
    name: 'text',
    description: 'text',
    language: 'text',
    release_date: 'text',
    images: 'text',
    audio_preview_url: 'text',
    duration_ms: 'integer',
    explicit: 'integer',
    released_at: 'bigint',
  },
  music_concerts: {
    id: 'text',
    artist_id: 'text',
    title: 'text',
    venue: 'text',
    city: 'text',
    country: 'text',
    ticket_url: 'text',
    is_festival: 'integer',
    starts_at: 'bigint',
  },
  music_genres: {
    id: 'text',
    num: 'integer',
    name: 'text',
    name_key: 'text',
    name_terms: 'text',
    kind: 'text',
    color: 'text',
    images: 'text',
  },
} as const satisfies { [T in MusicTable]?: { [C in keyof Database[T]]-?: ColumnType } };

type MusicTable = Extract<keyof Database, `music_${string}`>;
/** The music tables rows are written to (the derived ones are computed in SQL). */
export type MusicWrittenTable = keyof typeof COLUMNS;

/** The name columns every searchable music row carries, computed as the source and handlers expect. */
export function musicNameColumns(name: string): { name: string; name_key: string; name_terms: string } {
  return { name, name_key: nameKey(name), name_terms: ` ${termsOf(name).join(' ')} ` };
}

/** Rows per SQLite statement: 500 rows of ≤ 15 columns stay well under its 32 766 parameters. */
const SQLITE_ROWS_PER_STATEMENT = 500;

/**
 * Upserts rows by `id` (every column but `id` takes the new value; rows whose values are all the
 * same are not rewritten). The demo and importers write
 * hundreds of thousands of rows, so this skips the query builder: SQLite gets one fixed multi-row
 * statement (prepared once per shape), PostgreSQL one statement per call over `unnest` of one
 * array per column (a handful of parameters whatever the row count). Returns how many rows were
 * inserted or changed.
 */
export async function upsertMusicRows<T extends MusicWrittenTable>(
  db: Writer,
  table: T,
  rows: readonly Database[T][],
): Promise<number> {
  if (rows.length === 0) return 0;
  const types = COLUMNS[table] as Record<string, ColumnType>;
  const columns = Object.keys(types);
  const updated = columns.filter((c) => c !== 'id');
  const dialect = dialectOf(db);
  // an unchanged row is left alone (no write, no index or full-text work): re-seeding or re-importing the same data is cheap
  const differs = `(${updated.map((c) => `${table}.${c}`).join(', ')}) ${dialect.isDistinctFrom} (${updated.map((c) => `excluded.${c}`).join(', ')})`;
  const conflict = `on conflict (id) do update set ${updated.map((c) => `${c} = excluded.${c}`).join(', ')} where ${differs}`;
  const values = (row: Database[T]) => columns.map((c) => (row as unknown as Record<string, unknown>)[c]);
  if (dialect.bulkWrite === 'arrays') {
    const arrays = columns.map((c) => rows.map((row) => (row as unknown as Record<string, unknown>)[c]));
    const unnest = columns.map((c, i) => `$${i + 1}::${types[c]}[]`).join(', ');
    const result = await db.executeQuery(
      CompiledQuery.raw(
        `insert into ${table} (${columns.join(', ')}) select * from unnest(${unnest}) ${conflict}`,
        arrays,
      ),
    );
    return Number(result.numAffectedRows ?? 0);
  }
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  let changed = 0;
  for (let i = 0; i < rows.length; i += SQLITE_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + SQLITE_ROWS_PER_STATEMENT);
    const text = `insert into ${table} (${columns.join(', ')}) values ${Array.from(chunk, () => tuple).join(', ')} ${conflict}`;
    changed += Number((await db.executeQuery(CompiledQuery.raw(text, chunk.flatMap(values)))).numAffectedRows ?? 0);
  }
  return changed;
}

/** The searchable music tables, whose rows carry a unique `num` (the SQLite full-text rowid). */
export type MusicNumberedTable =
  | 'music_artists'
  | 'music_albums'
  | 'music_tracks'
  | 'music_users'
  | 'music_playlists'
  | 'music_shows'
  | 'music_genres';

/**
 * Gives rows (of one batch, distinct ids) their `num`: the stored one for an id already in the
 * table, else the next free numbers after the table's largest, in the rows' order. For importers,
 * which know ids but not the store's numbering; call it inside the transaction that writes them.
 */
export async function assignMusicNums<T extends MusicNumberedTable, Row extends Omit<Database[T], 'num'>>(
  db: Writer,
  table: T,
  rows: readonly Row[],
): Promise<(Row & { num: number })[]> {
  if (rows.length === 0) return [];
  const untyped = db as unknown as Kysely<{ numbered: { id: string; num: number } }>;
  const numbered = table as unknown as 'numbered';
  const stored = await untyped
    .selectFrom(numbered)
    .select(['id', 'num'])
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const known = new Map(stored.map((row) => [row.id, Number(row.num)]));
  const { top } = await untyped
    .selectFrom(numbered)
    .select((eb) => eb.fn.max('num').as('top'))
    .executeTakeFirstOrThrow();
  let next = Number(top ?? 0) + 1;
  return rows.map((row) => ({ ...row, num: known.get(row.id) ?? next++ }));
}
