import { type RawBuilder, sql } from 'kysely';
import type { VideoSearchDialect } from './search-dialect.js';

/** An FTS5 query: every term as a quoted string (implicit AND), or any of them (OR). */
function match(terms: readonly string[], any: boolean): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(any ? ' OR ' : ' ');
}

/** SQLite full-text matching: the FTS5 table `video_fts` (rowid = video_videos.num). */
export const sqliteVideoSearch: VideoSearchDialect = {
  matchAll(terms) {
    return sql<boolean>`v.num in (select rowid from video_fts where video_fts match ${match(terms, false)})`;
  },
  matchAny(terms): RawBuilder<boolean> {
    return sql<boolean>`v.num in (select rowid from video_fts where video_fts match ${match(terms, true)})`;
  },
};
