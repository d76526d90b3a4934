import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../schema.js';
import type { VideoSearchDialect } from '../../sources/video-source.js';

/** The indexed expression (migration 0005 builds its GIN index over exactly this). */
const DOCUMENT = sql`to_tsvector('simple', v.title || ' ' || v.channel_name)`;

/** A tsquery of every term (&) or any (|); terms are letter/digit runs, quoted as lexemes. */
function query(terms: readonly string[], any: boolean): RawBuilder<unknown> {
  const text = terms.map((term) => `'${term.replaceAll("'", "''")}'`).join(any ? ' | ' : ' & ');
  return sql`to_tsquery('simple', ${text})`;
}

/**
 * PostgreSQL full-text search: the GIN-indexed tsvector of title + channel name, ranked with
 * ts_rank (higher is better), ties by views descending then id.
 */
export const postgresVideoSearch: VideoSearchDialect = {
  matchAll(terms) {
    return sql<boolean>`${DOCUMENT} @@ ${query(terms, false)}`;
  },
  async search(db: Kysely<Database>, { terms, filters, offset, limit }) {
    const { rows } = await sql<{ id: string }>`
      select v.id from video_videos v
      where ${DOCUMENT} @@ ${query(terms, false)} and ${filters}
      order by ts_rank(${DOCUMENT}, ${query(terms, false)}) desc, v.views desc, v.id
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((row) => row.id);
  },
  matchAny(terms) {
    return sql<boolean>`${DOCUMENT} @@ ${query(terms, true)}`;
  },
};
