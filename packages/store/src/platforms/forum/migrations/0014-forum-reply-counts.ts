import type { Kysely, Migration } from 'kysely';
import type { Database } from '../../../schema.js';
import { rebuildReplyCounts } from '../reply-counts.js';

/** Replies per comment (and top-level comments per post): reply-counts.ts. Existing comments are counted here. */
export const forumReplyCounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('forum_reply_counts')
      .addColumn('post_id', 'text', (c) => c.notNull())
      .addColumn('parent_key', 'text', (c) => c.notNull())
      .addColumn('docs', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('forum_reply_counts_pk', ['post_id', 'parent_key'])
      .execute();
    await rebuildReplyCounts(db as Kysely<Database>);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('forum_reply_counts').execute();
  },
};
