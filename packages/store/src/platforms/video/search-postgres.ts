import { type RawBuilder, sql } from 'kysely';
import type { VideoSearchDialect } from './search-dialect.js';

/** The indexed expression (migration 0005 builds its GIN index over exactly this). */
const DOCUMENT = sql`to_tsvector('simple', v.title || ' ' || v.channel_name)`;

/** A tsquery of every term (&) or any (|); terms are letter/digit runs, quoted as lexemes. */
function query(terms: readonly string[], any: boolean): RawBuilder<unknown> {
  const text = terms.map((term) => `'${term.replaceAll("'", "''")}'`).join(any ? ' | ' : ' & ');
  return sql`to_tsquery('simple', ${text})`;
}

/** PostgreSQL full-text matching: the GIN-indexed tsvector of title + channel name. */
export const postgresVideoSearch: VideoSearchDialect = {
  matchAll(terms) {
    return sql<boolean>`${DOCUMENT} @@ ${query(terms, false)}`;
  },
  matchAny(terms) {
    return sql<boolean>`${DOCUMENT} @@ ${query(terms, true)}`;
  },
};
