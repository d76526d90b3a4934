import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from '../../../dialect/index.js';
import type { Database } from '../../../schema.js';
import { rebuildActivity } from '../activity.js';

/**
 * The forum's activity counts (docs/forum-aggregate.md): `forum_activity` per (kind, community, unit,
 * start), read by one community's key range or, with `forum_activity_time`, by a stretch of time
 * over every community; `forum_activity_authors` per (kind, unit, start, community, author). Both
 * are narrow rows in key order: on SQLite the table is that b-tree itself (without rowid). The items
 * get the indexes that read a stretch of time exactly (the partial hours at a window's ends): over
 * every community `(created_at, id)`, in one community `(community_key, created_at, id)` (posts had
 * it). Existing posts and comments are counted here.
 */
export const forumActivity: Migration = {
  async up(db: Kysely<unknown>) {
    // where indexes carry columns outside their key, the counts ride in them (include), so reads
    // are index-only scans; where not, the tables are kept in key order and the time index ends in them
    const { coveringIndexes, keyOrderedTables } = dialectOf(db);
    const include = coveringIndexes ? 'include (docs)' : '';
    const clustered = keyOrderedTables ? 'without rowid' : '';
    const statements = [
      `create table forum_activity (kind text not null, community_key text not null, unit text not null,
        start bigint not null, docs integer not null,
        primary key (kind, community_key, unit, start) ${include}) ${clustered}`,
      `create index forum_activity_time on forum_activity (kind, unit, start, community_key${coveringIndexes ? ') include (docs)' : ', docs)'}`,
      `create table forum_activity_authors (kind text not null, unit text not null, start bigint not null,
        community_key text not null, author_key text not null, docs integer not null,
        primary key (kind, unit, start, community_key, author_key) ${include}) ${clustered}`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    const indexes: Record<string, [table: string, columns: string[]]> = {
      forum_posts_new: ['forum_posts', ['created_at', 'id']],
      forum_comments_new: ['forum_comments', ['created_at', 'id']],
      forum_comments_community_new: ['forum_comments', ['community_key', 'created_at', 'id']],
    };
    for (const [name, [table, columns]] of Object.entries(indexes))
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    await rebuildActivity(db as Kysely<Database>, () => {});
  },
  async down(db: Kysely<unknown>) {
    for (const index of ['forum_comments_community_new', 'forum_comments_new', 'forum_posts_new'])
      await db.schema.dropIndex(index).execute();
    await db.schema.dropTable('forum_activity_authors').execute();
    await db.schema.dropTable('forum_activity').execute();
  },
};
