import { sql } from 'kysely';
import type { MusicSearchDialect } from './search-dialect.js';

/** An FTS5 query: every term as a quoted string (implicit AND). */
function match(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' ');
}

/** SQLite full-text matching: each searchable table's FTS5 table `<table>_fts` (rowid = the row's `num`; migration 0006). */
export const sqliteMusicSearch: MusicSearchDialect = {
  matchAll(table, terms) {
    return sql<boolean>`m.num in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${match(terms)})`;
  },
};
