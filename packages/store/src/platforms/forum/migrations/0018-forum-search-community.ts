import type { Kysely, Migration } from 'kysely';

/**
 * The postings of one word in one community, in score order (docs/forum-search.md, "How a search
 * reads it"): a search of a broad word within a large community walks them instead of the word's
 * postings everywhere, where the community's share may be a few in a hundred. `created_at` rides
 * along, so a time window is checked in the index, not in each posting's row.
 */
export const forumSearchCommunity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('forum_search_community_score')
      .on('forum_search')
      .columns(['term', 'kind', 'community_key', 'score', 'id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('forum_search_community_score').execute();
  },
};
