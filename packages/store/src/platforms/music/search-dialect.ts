import type { RawBuilder } from 'kysely';

/** Each searchable table and the columns of its searchable text (SearchRequest in @socialquery/music/server; migration 0006 indexes them). */
export const MUSIC_SEARCHED_COLUMNS = {
  music_tracks: ['name', 'artist_names'],
  music_albums: ['name', 'artist_names'],
  music_artists: ['name'],
  music_playlists: ['name'],
  music_shows: ['name', 'publisher'],
  music_users: ['name'],
  music_genres: ['name'],
} as const;
export type MusicSearchedTable = keyof typeof MUSIC_SEARCHED_COLUMNS;

/**
 * The dialect-specific half of music search: which rows match, answered by each store's own
 * full-text index (search-sqlite.ts: FTS5; search-postgres.ts: tsvector + GIN). The score is portable (`musicScore`), so both stores answer identically.
 */
export interface MusicSearchDialect {
  /** A predicate on alias `m` (the table): its searchable text holds every term as a whole word. */
  matchAll(table: MusicSearchedTable, terms: readonly string[]): RawBuilder<boolean>;
}
