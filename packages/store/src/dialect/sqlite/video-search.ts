import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../schema.js';
import type { VideoSearchDialect } from '../../sources/video-source.js';

/** An FTS5 query: every term as a quoted string (implicit AND), or any of them (OR). */
function match(terms: readonly string[], any: boolean): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(any ? ' OR ' : ' ');
}

/**
 * SQLite full-text search: the FTS5 table `video_fts` (rowid = video_videos.num) ranked with
 * bm25() (lower is better), ties by views descending then id.
 */
export const sqliteVideoSearch: VideoSearchDialect = {
  matchAll(terms) {
    return sql<boolean>`v.num in (select rowid from video_fts where video_fts match ${match(terms, false)})`;
  },
  async search(db: Kysely<Database>, { terms, filters, offset, limit }) {
    const { rows } = await sql<{ id: string }>`
      select v.id from video_fts f join video_videos v on v.num = f.rowid
      where video_fts match ${match(terms, false)} and ${filters}
      order by bm25(video_fts), v.views desc, v.id
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((row) => row.id);
  },
  matchAny(terms): RawBuilder<boolean> {
    return sql<boolean>`v.num in (select rowid from video_fts where video_fts match ${match(terms, true)})`;
  },
};
