import type { ChartEntryRecord, VideoRecord, VideoSource } from '@socialquery/video/server';
import { termsOf } from '@socialquery/video/server';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { VideoSearchDialect } from './search-dialect.js';
import { postgresVideoSearch } from './search-postgres.js';
import { sqliteVideoSearch } from './search-sqlite.js';
import { dialectOf, type StoreKind } from '../../dialect/index.js';
import type { Database, VideoVideosTable } from '../../schema.js';

/**
 * Rank of a matching video: 2 per term found in its title, 1 per term found in its channel
 * name (lower-cased substring test). The engines' own scores (bm25, ts_rank) differ from each
 * other, so the order is computed the same way on both stores; they still do the matching.
 */
export function relevance(terms: readonly string[]): RawBuilder<number> {
  const points = terms.flatMap((term) => {
    const pattern = `%${term.toLowerCase().replace(/[%_\\]/g, '')}%`;
    return [
      sql`case when lower(v.title) like ${pattern} then 2 else 0 end`,
      sql`case when lower(v.channel_name) like ${pattern} then 1 else 0 end`,
    ];
  });
  return sql<number>`(${sql.join(points, sql` + `)})`;
}

/** Candidates per source of relatedness (shared terms; same channel) before scoring. */
const RELATED_CANDIDATES = 300;
const RELATED_STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'in',
  'on',
  'for',
  'to',
  'with',
  'how',
  'my',
  'your',
  'is',
  'vs',
  'i',
]);

/** Full-text matching by store kind. */
const videoSearches: Record<StoreKind, VideoSearchDialect> = {
  sqlite: sqliteVideoSearch,
  postgres: postgresVideoSearch,
};

export function videoSearchDialectOf(db: Kysely<Database>): VideoSearchDialect {
  return videoSearches[dialectOf(db).kind];
}

export function toVideoRecord(row: Selectable<VideoVideosTable> & { verified?: number | null }): VideoRecord {
  return {
    id: row.id,
    channelId: row.channel_id,
    channelName: row.channel_name,
    channelVerified: Number(row.verified ?? 0) === 1,
    title: row.title,
    views: Number(row.views),
    durationSeconds: Number(row.duration),
    publishedAt: Number(row.published_at),
    type: row.type === 'MOVIE' ? 'MOVIE' : 'VIDEO',
    isLive: Number(row.is_live) === 1,
  };
}

/**
 * The video platform over the store. Search answers an OFFSET into the ranked matches, as ids (the
 * ranking is a computed score, not a column a keyset could follow; the handlers rank a walk once, up
 * to 10,000 ids, and sign offsets into it into query-bound tokens). Related videos are scored here: 2 per shared
 * title term (stopwords aside) + 3 for the same channel, ties by views descending then id, over
 * candidates chosen in a portable order (views, id), so both stores answer identically.
 */
export function createSqlVideoSource(db: Kysely<Database>): VideoSource {
  const dialect = videoSearchDialectOf(db);
  const withChannel = () =>
    db
      .selectFrom('video_videos as v')
      .leftJoin('video_channels as c', 'c.id', 'v.channel_id')
      .selectAll('v')
      .select('c.verified');

  return {
    async search({ terms, since, until, type, geoCode, offset, limit }) {
      const filters = sql`v.type = ${type} and v.published_at >= ${since} and v.published_at <= ${until}
        and v.blocked_regions not like ${`%,${geoCode},%`}`;
      const matches = () =>
        db
          .selectFrom('video_videos as v')
          .where(dialect.matchAll(terms))
          .where(sql<boolean>`${filters}`);
      // the count rides on the page's own pass over the matches (a window over all of them), rather than a second pass
      const page = await matches()
        .select(['v.id', sql<number | string>`count(*) over ()`.as('total')])
        .orderBy(relevance(terms), 'desc')
        .orderBy('v.views', 'desc')
        .orderBy('v.id')
        .limit(limit)
        .offset(offset)
        .execute();
      if (page.length === 0) {
        // past the last match (or none): the page carries no count, so count apart
        const { n } = await matches()
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        return { ids: [], total: Number(n) };
      }
      return { ids: page.map((row) => row.id), total: Number(page[0]!.total) };
    },

    async chart({ country, type, date }) {
      const rows = await db
        .selectFrom('video_chart_entries')
        .selectAll()
        .where('country', '=', country)
        .where('chart_type', '=', type)
        .where('chart_date', '=', date)
        .orderBy('position')
        .execute();
      if (rows.length === 0) return undefined;
      return rows.map((row): ChartEntryRecord => ({
        position: Number(row.position),
        previousPosition: Number(row.previous_position),
        percentViewsChange: Number(row.percent_views_change),
        periodsOnChart: Number(row.periods_on_chart),
        videoId: row.video_id,
        title: row.title,
        artist: row.artist,
        songwriters: JSON.parse(row.songwriters) as string[],
        producers: JSON.parse(row.producers) as string[],
        releaseDate: row.release_date,
        publishedAt: Number(row.published_at),
      }));
    },

    async video(videoId) {
      const row = await withChannel().where('v.id', '=', videoId).executeTakeFirst();
      return row ? toVideoRecord(row) : undefined;
    },

    async videos(videoIds) {
      if (videoIds.length === 0) return [];
      return (await withChannel().where('v.id', 'in', videoIds).execute()).map(toVideoRecord);
    },

    async related(video, limit) {
      const terms = termsOf(video.title).filter((term) => !RELATED_STOPWORDS.has(term) && !/^\d+$/.test(term));
      const sameChannel = await withChannel()
        .where('v.channel_id', '=', video.channelId)
        .where('v.id', '<>', video.id)
        .orderBy('v.views', 'desc')
        .orderBy('v.id')
        .limit(RELATED_CANDIDATES)
        .execute();
      const sharing =
        terms.length === 0
          ? []
          : await withChannel()
              .where(dialect.matchAny(terms))
              .where('v.id', '<>', video.id)
              .orderBy('v.views', 'desc')
              .orderBy('v.id')
              .limit(RELATED_CANDIDATES)
              .execute();
      const own = new Set(terms);
      const scored = new Map<string, { record: VideoRecord; score: number }>();
      for (const row of [...sameChannel, ...sharing]) {
        if (scored.has(row.id)) continue;
        const record = toVideoRecord(row);
        const shared = termsOf(record.title).filter((term) => own.has(term)).length;
        scored.set(row.id, { record, score: 2 * shared + (record.channelId === video.channelId ? 3 : 0) });
      }
      return [...scored.values()]
        .sort(
          (a, b) =>
            b.score - a.score ||
            b.record.views - a.record.views ||
            (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0),
        )
        .slice(0, limit)
        .map((entry) => entry.record);
    },
  };
}
