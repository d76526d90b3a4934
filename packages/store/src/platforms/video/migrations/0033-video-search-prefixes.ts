import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from '../../../dialect/index.js';

/**
 * The video search's counted words in code-point order, for the query language's prefixes (`pre*`,
 * docs/query-language.md): a prefix is a range of them. SQLite's key (term, type, bucket) is already
 * in that order (it compares bytes); PostgreSQL's follows the database's collation, in which the words
 * starting with a prefix need not be one range, so it gets an index in "C" order (as the forum's, 0032).
 */
export const videoSearchPrefixes: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db).textInCodePointOrder) return;
    await sql`create index video_search_terms_prefix on video_search_terms (term collate "C")`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialectOf(db).textInCodePointOrder) return;
    await sql`drop index video_search_terms_prefix`.execute(db);
  },
};
