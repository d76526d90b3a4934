import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The postings of items marked over 18, in score order, with their time (docs/forum-search.md, "How a
 * search reads it"): a search for `over18=true` reads the word's few such postings here, never the
 * word's postings everywhere (a broad word in a store with few over-18 posts was a walk of its whole
 * list). Partial, so it holds those postings alone.
 */
export const forumSearchOver18: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('forum_search_over18')
      .on('forum_search')
      .columns(['term', 'kind', 'score', 'id', 'created_at'])
      .where(sql.ref('over18'), '=', 1)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('forum_search_over18').execute();
  },
};
