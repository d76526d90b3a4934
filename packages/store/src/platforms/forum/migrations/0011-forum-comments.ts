import type { Kysely, Migration } from 'kysely';

/**
 * Forum comments. A top-level comment has `parent_key` '' (not NULL), a reply its parent comment's id,
 * so that the replies of any comment in any order are one equality prefix of an index followed by
 * the order's columns: the comment tree reads a few of them at a time (packages/forum/src/server/comment-tree.ts).
 * No depth is stored: it is counted from the parents (a reply may arrive before its parent).
 */
export const forumComments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('forum_comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('post_id', 'text', (c) => c.notNull())
      .addColumn('parent_key', 'text', (c) => c.notNull())
      .addColumn('community', 'text', (c) => c.notNull())
      .addColumn('community_key', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('author_key', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('ups', 'integer', (c) => c.notNull())
      .addColumn('downs', 'integer', (c) => c.notNull())
      .addColumn('best', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('edited', 'integer', (c) => c.notNull())
      .addColumn('edited_at', 'bigint')
      .addColumn('distinguished', 'text')
      .addColumn('stickied', 'integer', (c) => c.notNull())
      .addColumn('deleted', 'integer', (c) => c.notNull())
      .addColumn('removed', 'integer', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .execute();
    const indexes: Record<string, string[]> = {
      // the replies of a comment (or a post's top-level comments) in each tree order, walked either way
      forum_comments_tree_best: ['post_id', 'parent_key', 'best', 'id'],
      forum_comments_tree_top: ['post_id', 'parent_key', 'score', 'id'],
      forum_comments_tree_time: ['post_id', 'parent_key', 'created_at', 'id'],
      // a user's comments, newest first (walked backwards)
      forum_comments_author_new: ['author_key', 'created_at', 'id'],
    };
    for (const [name, columns] of Object.entries(indexes)) {
      await db.schema.createIndex(name).on('forum_comments').columns(columns).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('forum_comments').execute();
  },
};
