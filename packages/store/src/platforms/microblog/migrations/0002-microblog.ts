import type { Kysely, Migration } from 'kysely';

/**
 * Microblog users, messages and follows. Every listing is one index range scan in its own order:
 * - a user's messages, newest first by id, under each combination of the reply/repost filters:
 *   (author_key, id_key), (author_key, is_reply, id_key), (author_key, is_repost, id_key),
 *   (author_key, is_reply, is_repost, id_key);
 * - a message's direct replies, oldest first: (reply_to_id, id_key);
 * - a user's followers, most recent first: (user_key, followed_at, follower_id).
 * Single messages (existence, reposted records) are found by primary key: ids are stored canonical.
 */
export const microblog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('microblog_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('username_key', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('bio', 'text', (c) => c.notNull())
      .addColumn('follower_count', 'integer', (c) => c.notNull())
      .addColumn('following_count', 'integer', (c) => c.notNull())
      .addColumn('message_count', 'integer', (c) => c.notNull())
      .addColumn('like_count', 'integer', (c) => c.notNull())
      .addColumn('is_verified', 'integer', (c) => c.notNull())
      .addColumn('is_protected', 'integer', (c) => c.notNull())
      .addColumn('profile_image_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('microblog_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('id_key', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('author_key', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('like_count', 'integer', (c) => c.notNull())
      .addColumn('repost_count', 'integer', (c) => c.notNull())
      .addColumn('reply_count', 'integer', (c) => c.notNull())
      .addColumn('quote_count', 'integer', (c) => c.notNull())
      .addColumn('view_count', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('is_reply', 'integer', (c) => c.notNull())
      .addColumn('reply_to_id', 'text')
      .addColumn('is_repost', 'integer', (c) => c.notNull())
      .addColumn('reposted_id', 'text')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('media', 'text', (c) => c.notNull())
      .execute();
    const messageIndexes: Record<string, string[]> = {
      microblog_messages_author: ['author_key', 'id_key'],
      microblog_messages_author_reply: ['author_key', 'is_reply', 'id_key'],
      microblog_messages_author_repost: ['author_key', 'is_repost', 'id_key'],
      microblog_messages_author_reply_repost: ['author_key', 'is_reply', 'is_repost', 'id_key'],
      microblog_messages_reply_to: ['reply_to_id', 'id_key'],
    };
    for (const [name, columns] of Object.entries(messageIndexes)) {
      await db.schema.createIndex(name).on('microblog_messages').columns(columns).execute();
    }

    await db.schema
      .createTable('microblog_follows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('user_key', 'text', (c) => c.notNull())
      .addColumn('follower_id', 'text', (c) => c.notNull())
      .addColumn('followed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('microblog_follows_user_recent')
      .on('microblog_follows')
      .columns(['user_key', 'followed_at', 'follower_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['microblog_follows', 'microblog_messages', 'microblog_users'])
      await db.schema.dropTable(table).execute();
  },
};
