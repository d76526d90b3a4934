import type { Kysely, Migration } from 'kysely';

/**
 * Short videos and their comments. Top-level comments have `parent_id` '' (not NULL), so that
 * every listing is an equality prefix followed by its order columns in one index.
 */
export const shortvideo: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('shortvideo_videos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('author_key', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('like_count', 'integer', (c) => c.notNull())
      .addColumn('comment_count', 'integer', (c) => c.notNull())
      .addColumn('share_count', 'integer', (c) => c.notNull())
      .addColumn('view_count', 'bigint', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('video_url', 'text', (c) => c.notNull())
      .addColumn('music_title', 'text', (c) => c.notNull())
      .addColumn('music_author', 'text', (c) => c.notNull())
      .execute();
    // A creator's videos, walked backwards (ORDER BY created_at DESC, id DESC).
    await db.schema
      .createIndex('shortvideo_videos_author_new')
      .on('shortvideo_videos')
      .columns(['author_key', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('shortvideo_comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('video_id', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('like_count', 'integer', (c) => c.notNull())
      .addColumn('reply_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    const indexes: Record<string, string[]> = {
      // top-level comments (parent_id = ''): newest walks it backwards, oldest forwards
      shortvideo_comments_video_time: ['video_id', 'parent_id', 'created_at', 'id'],
      // top-level comments, most_liked (backwards)
      shortvideo_comments_video_liked: ['video_id', 'parent_id', 'like_count', 'created_at', 'id'],
      // the replies of a comment, oldest first
      shortvideo_comments_replies: ['parent_id', 'created_at', 'id'],
    };
    for (const [name, columns] of Object.entries(indexes)) {
      await db.schema.createIndex(name).on('shortvideo_comments').columns(columns).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['shortvideo_comments', 'shortvideo_videos']) await db.schema.dropTable(table).execute();
  },
};
