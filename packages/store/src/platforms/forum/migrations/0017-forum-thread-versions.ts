import type { Kysely, Migration } from 'kysely';

/** A version per thread, moved on by every write of its comments: thread-versions.ts. Starts empty (every thread at 0). */
export const forumThreadVersions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('forum_thread_versions')
      .addColumn('post_id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('forum_thread_versions').execute();
  },
};
