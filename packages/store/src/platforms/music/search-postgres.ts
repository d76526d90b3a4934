import { type RawBuilder, sql } from 'kysely';
import { MUSIC_SEARCHED_COLUMNS, type MusicSearchDialect } from './search-dialect.js';

/** A tsquery of every term (&); terms are letter/digit runs, quoted as lexemes. */
function query(terms: readonly string[]): RawBuilder<unknown> {
  return sql`to_tsquery('simple', ${terms.map((term) => `'${term.replaceAll("'", "''")}'`).join(' & ')})`;
}

/** PostgreSQL full-text matching: the GIN-indexed tsvector of each table's searchable columns (migration 0006 indexes exactly this expression). */
export const postgresMusicSearch: MusicSearchDialect = {
  matchAll(table, terms) {
    const document = sql.raw(MUSIC_SEARCHED_COLUMNS[table].map((column) => `m.${column}`).join(" || ' ' || "));
    return sql<boolean>`to_tsvector('simple', ${document}) @@ ${query(terms)}`;
  },
};
