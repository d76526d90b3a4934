import { type Kysely, type Migration, sql } from 'kysely';
import { createMusicFullText, SEARCHED } from './0006-music.js';
import { dialectOf } from '../../../dialect/index.js';
import type { Database } from '../../../schema.js';
import { rebuildMusicSearch } from '../search-index.js';

/**
 * Music search walked in rank order (../search-index.ts, ../search.ts; docs/search.md): the
 * postings table keyed in rank order (kind, term, in_name, popularity, num) — one term's postings
 * of a kind, name matches apart, most popular first, one index range — and the per-term counts,
 * built from the stored rows; the full-text index of 0006 (FTS5 tables and triggers, or the GIN
 * indexes) goes, as nothing reads it now.
 */
export const musicSearch: Migration = {
  async up(db: Kysely<unknown>) {
    const { keyOrderedTables, rowidOrderedFullText } = dialectOf(db);
    await sql
      .raw(
        `create table music_search (kind text not null, term text not null, in_name integer not null,
          popularity bigint not null, num integer not null, primary key (kind, term, in_name, popularity, num))${keyOrderedTables ? ' without rowid' : ''}`,
      )
      .execute(db);
    await sql
      .raw(
        `create table music_search_terms (kind text not null, term text not null, docs integer not null,
          primary key (kind, term))${keyOrderedTables ? ' without rowid' : ''}`,
      )
      .execute(db);
    for (const { table, fts } of SEARCHED)
      if (rowidOrderedFullText) {
        for (const trigger of ['insert', 'update', 'delete'])
          await sql.raw(`drop trigger ${fts}_${trigger}`).execute(db);
        await sql.raw(`drop table ${fts}`).execute(db);
      } else await sql.raw(`drop index ${table}_search`).execute(db);
    await rebuildMusicSearch(db as Kysely<Database>);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table music_search`.execute(db);
    await sql`drop table music_search_terms`.execute(db);
    await createMusicFullText(db);
    if (dialectOf(db).rowidOrderedFullText)
      for (const { table, fts, columns } of SEARCHED)
        await sql
          .raw(`insert into ${fts} (rowid, ${columns.join(', ')}) select num, ${columns.join(', ')} from ${table}`)
          .execute(db);
  },
};
