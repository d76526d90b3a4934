import { type Kysely, type Migration, sql } from 'kysely';
import { createVideoFullText } from './0005-video.js';
import { dialectOf } from '../../../dialect/index.js';
import type { Database } from '../../../schema.js';
import { rebuildVideoSearch } from '../search-index.js';

/**
 * Video search walked in rank order (../search-index.ts, ../search.ts; docs/search.md): the
 * postings table with its two walk orders, the per-term counts, built from the stored videos; the
 * full-text index of 0005 (FTS5 table and triggers, or the GIN index) goes, as nothing reads it now.
 *
 * `video_search`'s key is the rank order: one term's postings of a type, title matches apart, most
 * viewed first (SQLite keeps the table in that order; on PostgreSQL the key's index includes the
 * filtered columns), so a walk reads that one range. The key also finds one posting of a video
 * (its term, type, views and num are known): the per-term checks of a multi-term search, and
 * replacing a video's postings.
 * `video_search_time` reads one term's postings of a type in a window of publication time, with
 * every column that read needs (SQLite: the key's columns come along; PostgreSQL: included).
 */
export const videoSearch: Migration = {
  async up(db: Kysely<unknown>) {
    const { coveringIndexes, keyOrderedTables, rowidOrderedFullText } = dialectOf(db);
    const tables = coveringIndexes
      ? [
          `create table video_search (term text not null, type text not null, in_title integer not null,
            views bigint not null, num integer not null, published_at bigint not null, blocked_regions text not null,
            primary key (term, type, in_title, views, num) include (published_at, blocked_regions))`,
          `create index video_search_time on video_search (term, type, published_at) include (in_title, views, num, blocked_regions)`,
          `create table video_search_terms (term text not null, type text not null, bucket integer not null,
            docs integer not null, primary key (term, type, bucket))`,
        ]
      : [
          `create table video_search (term text not null, type text not null, in_title integer not null,
            views integer not null, num integer not null, published_at integer not null, blocked_regions text not null,
            primary key (term, type, in_title, views, num))${keyOrderedTables ? ' without rowid' : ''}`,
          `create index video_search_time on video_search (term, type, published_at, blocked_regions)`,
          `create table video_search_terms (term text not null, type text not null, bucket integer not null,
            docs integer not null, primary key (term, type, bucket))${keyOrderedTables ? ' without rowid' : ''}`,
        ];
    // the full-text index of 0005 goes
    const dropFullText = rowidOrderedFullText
      ? [
          `drop trigger video_fts_insert`,
          `drop trigger video_fts_update`,
          `drop trigger video_fts_delete`,
          `drop table video_fts`,
        ]
      : [`drop index video_videos_search`];
    for (const statement of [...tables, ...dropFullText]) await sql.raw(statement).execute(db);
    await rebuildVideoSearch(db as Kysely<Database>);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table video_search`.execute(db);
    await sql`drop table video_search_terms`.execute(db);
    await createVideoFullText(db);
    if (dialectOf(db).rowidOrderedFullText)
      await sql`insert into video_fts (rowid, title, channel_name) select num, title, channel_name from video_videos`.execute(
        db,
      );
  },
};
