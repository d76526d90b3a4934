import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from '../../../dialect/index.js';

/**
 * The video platform: channels, videos and the short-song charts.
 *
 * Full-text search over title + channel name is dialect-specific: this migration asks the dialect
 * whether the store has a full-text engine of its own (`rowidOrderedFullText`):
 * - SQLite: an FTS5 table `video_fts` (rowid = video_videos.num, columns title and channel_name)
 *   kept in step by triggers on video_videos (../search-sqlite.ts matches with it).
 * - PostgreSQL: a GIN expression index over to_tsvector('simple', title || ' ' || channel_name),
 *   (../search-postgres.ts matches with the same expression). Ranking is portable SQL.
 * Both tokenise to lower-cased letter/digit runs without stemming, so both match the same videos.
 */
export const video: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('video_channels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('video_videos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('num', 'integer', (c) => c.notNull().unique())
      .addColumn('channel_id', 'text', (c) => c.notNull())
      .addColumn('channel_name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('views', 'bigint', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('blocked_regions', 'text', (c) => c.notNull())
      .addColumn('is_live', 'integer', (c) => c.notNull())
      .execute();
    // A channel's videos (related videos: same channel, most viewed first).
    await db.schema
      .createIndex('video_videos_channel_views')
      .on('video_videos')
      .columns(['channel_id', 'views', 'id'])
      .execute();

    await db.schema
      .createTable('video_chart_entries')
      // `country:TYPE:YYYYMMDD:position` (a single-column key, as copy.ts walks tables by one key)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('chart_type', 'text', (c) => c.notNull())
      .addColumn('chart_date', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('previous_position', 'integer', (c) => c.notNull())
      .addColumn('percent_views_change', 'integer', (c) => c.notNull())
      .addColumn('periods_on_chart', 'integer', (c) => c.notNull())
      .addColumn('video_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('artist', 'text', (c) => c.notNull())
      .addColumn('songwriters', 'text', (c) => c.notNull())
      .addColumn('producers', 'text', (c) => c.notNull())
      .addColumn('release_date', 'text', (c) => c.notNull())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .execute();
    // One chart is an equality prefix walked in position order.
    await db.schema
      .createIndex('video_chart_entries_chart')
      .on('video_chart_entries')
      .columns(['country', 'chart_type', 'chart_date', 'position'])
      .unique()
      .execute();

    await createVideoFullText(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialectOf(db).rowidOrderedFullText) await sql`drop table if exists video_fts`.execute(db);
    for (const table of ['video_chart_entries', 'video_videos', 'video_channels'])
      await db.schema.dropTable(table).execute();
  },
};

/** The full-text index this migration made (0008-video-search replaces it, and makes it again when undone). */
export async function createVideoFullText(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db).rowidOrderedFullText) {
    await sql`create virtual table video_fts using fts5(title, channel_name, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
    await sql`create trigger video_fts_insert after insert on video_videos begin
      insert into video_fts(rowid, title, channel_name) values (new.num, new.title, new.channel_name); end`.execute(db);
    await sql`create trigger video_fts_update after update on video_videos begin
      delete from video_fts where rowid = old.num;
      insert into video_fts(rowid, title, channel_name) values (new.num, new.title, new.channel_name); end`.execute(db);
    await sql`create trigger video_fts_delete after delete on video_videos begin
      delete from video_fts where rowid = old.num; end`.execute(db);
  } else {
    await sql`create index video_videos_search on video_videos using gin (to_tsvector('simple', title || ' ' || channel_name))`.execute(
      db,
    );
  }
}
