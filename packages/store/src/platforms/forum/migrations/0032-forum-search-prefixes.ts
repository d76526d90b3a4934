import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from '../../../dialect/index.js';

/**
 * The search's counted words in code-point order per kind, for the query language's prefixes
 * (`pre*`, docs/query-language.md): a prefix is a range of them. SQLite's key (term, kind) is
 * already in that order (it compares bytes); PostgreSQL's follows the database's collation, in which
 * the words starting with a prefix need not be one range, so it gets an index in "C" order.
 */
export const forumSearchPrefixes: Migration = {
  async up(db: Kysely<unknown>) {
    if (dialectOf(db).textInCodePointOrder) return;
    await sql`create index forum_search_terms_prefix on forum_search_terms (kind, term collate "C")`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialectOf(db).textInCodePointOrder) return;
    await sql`drop index forum_search_terms_prefix`.execute(db);
  },
};
