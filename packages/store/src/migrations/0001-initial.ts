import type { Kysely, Migration } from 'kysely';

/** Forum posts with one index per listing order, credentials and settings. */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('forum_posts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('community', 'text', (c) => c.notNull())
      .addColumn('community_key', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('author_key', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('upvotes', 'integer', (c) => c.notNull())
      .addColumn('downvotes', 'integer', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('comment_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('hot', 'double precision', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .execute();
    // Each listing walks one of these backwards (ORDER BY … DESC, id DESC).
    const indexes: Record<string, string[]> = {
      forum_posts_community_hot: ['community_key', 'hot', 'id'],
      forum_posts_community_new: ['community_key', 'created_at', 'id'],
      forum_posts_community_top: ['community_key', 'score', 'id'],
      forum_posts_author_new: ['author_key', 'created_at', 'id'],
    };
    for (const [name, columns] of Object.entries(indexes)) {
      await db.schema.createIndex(name).on('forum_posts').columns(columns).execute();
    }

    await db.schema
      .createTable('credentials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['settings', 'credentials', 'forum_posts']) await db.schema.dropTable(table).execute();
  },
};
