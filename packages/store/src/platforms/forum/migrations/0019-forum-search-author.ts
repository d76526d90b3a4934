import type { Kysely, Migration } from 'kysely';

/**
 * The postings of one word by one author, in score order, with their time (docs/forum-search.md,
 * "How a search reads it"): a search of a word by an author with many items reads that author's
 * postings of the word, never the word's postings everywhere (an author who never wrote the word,
 * `[deleted]` among them, is an empty range instead of a walk of the whole list).
 */
export const forumSearchAuthor: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('forum_search_author_score')
      .on('forum_search')
      .columns(['term', 'kind', 'author_key', 'score', 'id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('forum_search_author_score').execute();
  },
};
