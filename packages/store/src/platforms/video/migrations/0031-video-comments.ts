import type { Kysely, Migration } from 'kysely';

/**
 * `video_comments`: YouTube comments (the top-level comment of each thread, and replies), as the
 * `video youtube-v3` importer maps `commentThreads.list` and `comments.list` items (tables.ts says
 * what each column holds). Portable DDL: the same on SQLite and PostgreSQL.
 *
 * Indexes (each ends in `id`, the unique tiebreak of every order):
 * - `video_comments_video_time`: a video's threads newest first (`order=time`): equality on video
 *   and `parent_id = ''`, then one range walked backwards by (published_at, id);
 * - `video_comments_video_likes`: the same by (like_count, id) (`order=relevance`);
 * - `video_comments_replies`: a thread's replies, oldest first; partial (replies only), so that no
 *   planner takes it for a walk of a video's threads (every thread shares `parent_id = ''`).
 */
export const videoComments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('video_comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('video_id', 'text', (c) => c.notNull())
      .addColumn('channel_id', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text', (c) => c.notNull())
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('author_channel_id', 'text', (c) => c.notNull())
      .addColumn('author_image', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('like_count', 'bigint', (c) => c.notNull())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('reply_count', 'integer', (c) => c.notNull())
      .addColumn('can_reply', 'integer')
      .addColumn('is_public', 'integer')
      .addColumn('extra', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('video_comments_video_time')
      .on('video_comments')
      .columns(['video_id', 'parent_id', 'published_at', 'id'])
      .execute();
    await db.schema
      .createIndex('video_comments_video_likes')
      .on('video_comments')
      .columns(['video_id', 'parent_id', 'like_count', 'id'])
      .execute();
    await db.schema
      .createIndex('video_comments_replies')
      .on('video_comments')
      .columns(['parent_id', 'published_at', 'id'])
      .where('parent_id', '<>', '')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('video_comments').execute();
  },
};
