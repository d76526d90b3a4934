import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The forum search index (docs/forum-search.md): postings keyed (term, kind, id), walked in score
 * order, in time order, or (posts whose title holds the term) in score order, and a count per term. Posts are
 * marked NSFW in a new column (imports read `over_18`). Existing posts and comments are indexed by
 * 0034, which makes the table anew (it indexed them here once, with the code of its time).
 */
export const forumSearch: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('forum_posts')
      .addColumn('over18', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // keyed by item (ids grow with time: a dump's postings are appended, not inserted at random); the orders
    // are secondary indexes, which a large import builds once at its end (PlatformTable.derived)
    await db.schema
      .createTable('forum_search')
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('in_title', 'integer', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('community_key', 'text', (c) => c.notNull())
      .addColumn('author_key', 'text', (c) => c.notNull())
      .addColumn('post_id', 'text', (c) => c.notNull())
      .addColumn('over18', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('forum_search_pk', ['term', 'kind', 'id'])
      .execute();
    await db.schema
      .createIndex('forum_search_score')
      .on('forum_search')
      .columns(['term', 'kind', 'score', 'id'])
      .execute();
    await db.schema
      .createIndex('forum_search_time')
      .on('forum_search')
      .columns(['term', 'kind', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('forum_search_title')
      .on('forum_search')
      .columns(['term', 'kind', 'score', 'id'])
      .where(sql.ref('in_title'), '=', 1)
      .execute();
    await db.schema
      .createTable('forum_search_terms')
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('docs', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('forum_search_terms_pk', ['term', 'kind'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('forum_search_terms').execute();
    await db.schema.dropTable('forum_search').execute();
    await db.schema.alterTable('forum_posts').dropColumn('over18').execute();
  },
};
