import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from '../../../dialect/index.js';
import type { Database } from '../../../schema.js';
import { rebuildSearch } from '../search-index.js';
import { createForumSearch } from './0034-forum-nums.js';
import { createForumFts, FTS_ORDERS, ftsTable, ftsVocabulary, rebuildForumFts, SEARCH_KINDS } from '../fts-index.js';

/**
 * On SQLite, the forum's search index becomes FTS5 tables walked by rowid (../fts-index.ts;
 * docs/forum-search.md, "On SQLite: FTS5"), made from the stored posts and comments; the posting
 * table and its counts of 0013 go. PostgreSQL keeps its posting table.
 */
export const forumFts: Migration = {
  async up(db: Kysely<unknown>) {
    if (!dialectOf(db).rowidOrderedFullText) return;
    await createForumFts(db);
    await rebuildForumFts(db as Kysely<Database>, () => {});
    await sql`drop table forum_search`.execute(db);
    await sql`drop table forum_search_terms`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (!dialectOf(db).rowidOrderedFullText) return;
    for (const kind of SEARCH_KINDS) {
      await sql`drop table ${sql.id(ftsVocabulary(kind))}`.execute(db);
      for (const order of FTS_ORDERS) await sql`drop table ${sql.id(ftsTable(kind, order))}`.execute(db);
    }
    await createForumSearch(db);
    await sql`create table forum_search_terms (term text not null, kind text not null, docs integer not null,
      constraint forum_search_terms_pk primary key (term, kind))`.execute(db);
    await rebuildSearch(db as Kysely<Database>, () => {});
  },
};
