import type { Image } from '@socialquery/core';
import type {
  ChannelPosition,
  ChartEntryRecord,
  ReadOptions,
  VideoRecord,
  VideoSource,
} from '@socialquery/video/server';
import { termsOf } from '@socialquery/video/server';
import { type Kysely, type Selectable, sql } from 'kysely';
import { dialectOf } from '../../dialect/index.js';
import { historyReader } from '../../rows/observations.js';
import { videoObserved } from './observed.js';
import { recordedJson } from '../../rows/recorded-json.js';
import { VIDEO_COLUMNS } from './columns.js';
import { readCommentThreads } from './comments.js';
import { walkVideoSearch } from './search.js';
import type { Database, VideoVideosTable } from '../../schema.js';

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

/** A video row as the handlers read it: every column (`extra` when asked for), and its channel's flag and pictures. */
type VideoRow = Omit<Selectable<VideoVideosTable>, 'extra'> & {
  extra?: string;
  verified?: number | null;
  channel_thumbnails?: string | null;
};

export function toVideoRecord(row: VideoRow): VideoRecord {
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
    url: row.url || undefined,
    thumbnails: recordedJson<Image[]>(row.thumbnails),
    channelThumbnails: recordedJson<Image[]>(row.channel_thumbnails),
    extra: recordedJson<Record<string, unknown>>(row.extra),
  };
}

type AnsweredColumn = Exclude<keyof VideoVideosTable, 'extra'>;
/** What the answers read of a video: every column of the table (columns.ts) but `extra`, read only when asked for (ReadOptions). */
const ANSWERED_COLUMNS = (Object.keys(VIDEO_COLUMNS.video_videos) as (keyof VideoVideosTable)[])
  .filter((column): column is AnsweredColumn => column !== 'extra')
  .map((column) => `v.${column}` as const);

/**
 * The video platform over the store. Search walks the search index in rank order (search.ts).
 * Related videos are scored here: 2 per shared title term (stopwords aside) + 3 for the same
 * channel, ties by views descending then id, over candidates chosen in a portable order (views,
 * id), so both stores answer identically.
 * A channel's uploads are one range of `video_videos_channel_uploads` (channel_id, published_at, num),
 * walked backwards from the keyset position (a row-value comparison on the index's order columns),
 * one row more than the page to know whether another follows; the total counts the same range.
 */
export function createSqlVideoSource(db: Kysely<Database>): VideoSource {
  // the channel's columns by a lookup per row, not a join: PostgreSQL hashed the whole channels table to
  // join a page of 20 videos (0.21 against 0.08 ms at 1,000 channels, and growing with them)
  const withChannel = (options?: ReadOptions) =>
    db
      .selectFrom('video_videos as v')
      .select(ANSWERED_COLUMNS)
      .$if(options?.extra === true, (query) => query.select('v.extra'))
      .select((eb) => {
        const channel = eb.selectFrom('video_channels as c').whereRef('c.id', '=', 'v.channel_id');
        return [channel.select('c.verified').as('verified'), channel.select('c.thumbnails').as('channel_thumbnails')];
      });

  return {
    history: historyReader(db, videoObserved),
    async search(query, options) {
      const walk = await walkVideoSearch(db, query);
      const nums = walk.matches.map((match) => match.num);
      const rows = nums.length === 0 ? [] : await withChannel(options).where('v.num', 'in', nums).execute();
      const byNum = new Map(rows.map((row) => [Number(row.num), toVideoRecord(row)]));
      const found = walk.matches.filter((match) => byNum.has(match.num));
      return {
        videos: found.map((match) => byNum.get(match.num)!),
        positions: found.map(({ tier, views, num }) => ({ tier, views, num })),
        next: walk.next,
        total: walk.total,
        exact: walk.exact,
      };
    },

    async wordsWithPrefix(prefix, limit) {
      // a range of the counts' words in code-point order (migration 0033 on PostgreSQL)
      const term = sql`term${sql.raw(dialectOf(db).byCodePoint)}`;
      const { rows } = await sql<{ term: string }>`select term from video_search_terms
        where ${term} >= ${prefix} and ${term} < ${prefix + '\u{10FFFF}'} and docs > 0
        group by term order by ${term} limit ${limit}`.execute(db);
      return rows.map((row) => row.term);
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

    async videos(videoIds, options) {
      if (videoIds.length === 0) return [];
      return (await withChannel(options).where('v.id', 'in', videoIds).execute()).map(toVideoRecord);
    },

    async channelVideos({ channelId, since, until, after, limit }, options) {
      let page = withChannel(options).where('v.channel_id', '=', channelId);
      let count = db
        .selectFrom('video_videos as v')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('v.channel_id', '=', channelId);
      if (since !== undefined) {
        page = page.where('v.published_at', '>=', since);
        count = count.where('v.published_at', '>=', since);
      }
      if (until !== undefined) {
        // a position inside the window bounds the walk more tightly than `until` (one upper bound for the range)
        if (!after || after.publishedAt > until) page = page.where('v.published_at', '<=', until);
        count = count.where('v.published_at', '<=', until);
      }
      if (after)
        page = page.where((eb) =>
          eb(eb.refTuple('v.published_at', 'v.num'), '<', eb.tuple(after.publishedAt, after.num)),
        );
      const rows = await page
        .orderBy('v.published_at', 'desc')
        .orderBy('v.num', 'desc')
        .limit(limit + 1)
        .execute();
      const { n } = await count.executeTakeFirstOrThrow();
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      const next: ChannelPosition | undefined =
        rows.length > limit && last ? { publishedAt: Number(last.published_at), num: Number(last.num) } : undefined;
      return { videos: shown.map(toVideoRecord), next, total: Number(n) };
    },

    async channelExists(channelId) {
      const channel = await db.selectFrom('video_channels').select('id').where('id', '=', channelId).executeTakeFirst();
      if (channel) return true;
      const video = await db
        .selectFrom('video_videos')
        .select('id')
        .where('channel_id', '=', channelId)
        .limit(1)
        .executeTakeFirst();
      return video !== undefined;
    },

    commentThreads: (query, options) => readCommentThreads(db, query, options),

    async related(video, limit, options) {
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
              .where('v.num', 'in', db.selectFrom('video_search').select('num').where('term', 'in', terms))
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
      const chosen = [...scored.values()]
        .sort(
          (a, b) =>
            b.score - a.score ||
            b.record.views - a.record.views ||
            (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0),
        )
        .slice(0, limit)
        .map((entry) => entry.record);
      if (!options?.extra || chosen.length === 0) return chosen;
      // the extras of the chosen few only, not of every candidate
      const extras = await db
        .selectFrom('video_videos')
        .select(['id', 'extra'])
        .where(
          'id',
          'in',
          chosen.map((record) => record.id),
        )
        .execute();
      const byId = new Map(extras.map((row) => [row.id, row.extra]));
      return chosen.map((record) => ({ ...record, extra: recordedJson<Record<string, unknown>>(byId.get(record.id)) }));
    },
  };
}
