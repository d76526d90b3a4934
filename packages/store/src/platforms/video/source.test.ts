import type { VideoRecord } from '@socialquery/video/server';
import type { Kysely } from 'kysely';
import type { Database, VideoChartEntriesTable, VideoVideosTable } from '../../schema.js';
import { testStoreKind } from '../../testing.js';
import { upsertVideoChannelRows, upsertVideoChartRows, upsertVideoRows } from './rows.js';
import { openPlannedDb, type PlannedDb, planPatterns } from '../query-plans.case.js';
import { createSqlVideoSource } from './source.js';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let db: Kysely<Database>;
let planned: PlannedDb;
const kind = testStoreKind();

/**
 * Fixture: 45 "pasta" videos of channel A, one an hour (every 3rd a "pasta recipe", every 5th
 * blocked in DE, every 9th a MOVIE), 2,000 filler videos of channels B–E about other things,
 * a few videos sharing "garlic" with A's; a DAILY chart of 5 entries for 20251106 (us).
 */
const videos: VideoVideosTable[] = [];
function video(
  n: number,
  channel: string,
  title: string,
  age: number,
  extra: Partial<VideoVideosTable> = {},
): VideoVideosTable {
  return {
    id: `vid${String(n).padStart(5, '0')}`,
    num: n,
    channel_id: `UC${channel}`,
    channel_name: `${channel} Channel`,
    title,
    views: 1000 + (n % 7) * 10,
    duration: 300,
    published_at: NOW - age,
    type: 'VIDEO',
    blocked_regions: '',
    is_live: 0,
    ...extra,
  };
}
for (let i = 0; i < 45; i++) {
  const title = i % 3 === 0 ? `Garlic pasta recipe number ${i}` : `Pasta night ${i}`;
  videos.push(
    video(i + 1, 'A', title, i * HOUR + 60_000, {
      blocked_regions: i % 5 === 0 ? ',DE,' : '',
      type: i % 9 === 0 ? 'MOVIE' : 'VIDEO',
      views: 5000 - (i % 4) * 100,
    }),
  );
}
for (let i = 0; i < 2000; i++) videos.push(video(1000 + i, 'BCDE'[i % 4]!, `Workout ${i % 50} for legs`, i * 7 * HOUR));
for (let i = 0; i < 5; i++) videos.push(video(5000 + i, 'F', `Garlic bread ${i}`, i * DAY));
const chart: VideoChartEntriesTable[] = Array.from({ length: 5 }, (_, i) => ({
  id: `us:DAILY:20251106:00${5 - i}`,
  country: 'us',
  chart_type: 'DAILY',
  chart_date: '20251106',
  position: 5 - i,
  previous_position: i,
  percent_views_change: i * 3,
  periods_on_chart: i + 1,
  video_id: `vid0000${i + 1}`,
  title: `Song ${i}`,
  artist: 'A Channel',
  songwriters: '["Maya Reyes"]',
  producers: '[]',
  release_date: '2025-10-01',
  published_at: Date.parse('2025-10-01T00:00:00Z'),
}));

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  await upsertVideoChannelRows(
    db,
    ['A', 'B', 'C', 'D', 'E', 'F'].map((c) => ({ id: `UC${c}`, name: `${c} Channel`, verified: c === 'A' ? 1 : 0 })),
  );
  for (let i = 0; i < videos.length; i += 500) await upsertVideoRows(db, videos.slice(i, i + 500));
  await upsertVideoChartRows(db, chart);
  // upserting again changes nothing (and keeps the full-text index in step)
  await upsertVideoRows(db, videos.slice(0, 50));
});
afterAll(() => planned.close());

const source = () => createSqlVideoSource(db);
const query = (over: Partial<Parameters<ReturnType<typeof source>['search']>[0]> = {}) => ({
  terms: ['pasta'],
  since: NOW - 365 * DAY,
  until: NOW,
  type: 'VIDEO' as const,
  geoCode: 'US' as const,
  offset: 0,
  limit: 20,
  ...over,
});
const expectedPasta = (pred: (v: VideoVideosTable) => boolean) =>
  videos
    .filter((v) => /pasta/i.test(v.title) && pred(v))
    .map((v) => v.id)
    .sort();

describe(`video source (${kind})`, () => {
  it('search: every term must match; filters by type, region and window; total counts all matches', async () => {
    const all = await source().search(query({ limit: 100 }));
    expect([...all.ids].sort()).toEqual(expectedPasta((v) => v.type === 'VIDEO'));
    expect(all.total).toBe(all.ids.length);
    const de = await source().search(query({ geoCode: 'DE', limit: 100 }));
    expect([...de.ids].sort()).toEqual(expectedPasta((v) => v.type === 'VIDEO' && v.blocked_regions === ''));
    const movies = await source().search(query({ type: 'MOVIE', limit: 100 }));
    expect([...movies.ids].sort()).toEqual(expectedPasta((v) => v.type === 'MOVIE'));
    const day = await source().search(query({ since: NOW - DAY, limit: 100 }));
    expect([...day.ids].sort()).toEqual(expectedPasta((v) => v.type === 'VIDEO' && v.published_at >= NOW - DAY));
    const both = await source().search(query({ terms: ['pasta', 'recipe'], limit: 100 }));
    expect(both.ids.every((id) => /pasta recipe/i.test(videos.find((v) => v.id === id)!.title))).toBe(true);
    expect(both.total).toBe(expectedPasta((v) => v.type === 'VIDEO' && /recipe/.test(v.title)).length);
    expect((await source().search(query({ terms: ['channel', 'a'] }))).total).toBeGreaterThan(0);
    expect(await source().search(query({ terms: ['nothinglikethis'] }))).toEqual({ ids: [], total: 0 });
    // a page past the last match still counts them
    expect(await source().search(query({ offset: all.total }))).toEqual({ ids: [], total: all.total });
  });

  it('search pages by offset return every match exactly once, in one stable order', async () => {
    const whole = (await source().search(query({ limit: 100 }))).ids;
    const paged: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 7)
      paged.push(...(await source().search(query({ offset, limit: 7 }))).ids);
    expect(paged).toEqual(whole);
  });

  it("search ranks by the engine's score; equal texts tie by views descending, then id", async () => {
    const { ids } = await source().search(query({ terms: ['garlic'], limit: 100 }));
    const records = new Map((await source().videos(ids)).map((video) => [video.id, video]));
    const found = ids.map((id) => records.get(id)!);
    expect(found.length).toBe(videos.filter((v) => /garlic/i.test(v.title) && v.type === 'VIDEO').length);
    const byShape = (v: VideoRecord) => v.title.replace(/\d+/g, '#') + v.channelName;
    for (let i = 1; i < found.length; i++) {
      const [a, b] = [found[i - 1]!, found[i]!];
      if (byShape(a) === byShape(b) && a.title.length === b.title.length) {
        expect(a.views > b.views || (a.views === b.views && a.id < b.id)).toBe(true);
      }
    }
  });

  it('video: every field, channel verification joined; undefined when unknown', async () => {
    expect(await source().video('vid00001')).toEqual({
      id: 'vid00001',
      channelId: 'UCA',
      channelName: 'A Channel',
      channelVerified: true,
      title: 'Garlic pasta recipe number 0',
      views: 5000,
      durationSeconds: 300,
      publishedAt: NOW - 60_000,
      type: 'MOVIE',
      isLive: false,
    });
    expect(await source().video('nope')).toBeUndefined();
  });

  it('videos: the existing videos of a list of ids, each once; nothing for unknown ids', async () => {
    const found = await source().videos(['vid05001', 'nope', 'vid00001']);
    expect(found.map((v) => v.id).sort()).toEqual(['vid00001', 'vid05001']);
    expect(found.find((v) => v.id === 'vid00001')).toEqual(await source().video('vid00001'));
    expect(await source().videos(['nope'])).toEqual([]);
    expect(await source().videos([])).toEqual([]);
  });

  it('related: same channel and shared title terms, scored, never the video itself', async () => {
    const self = (await source().video('vid00004'))!; // "Garlic pasta recipe number 3", channel A
    const related = await source().related(self, 20);
    expect(related).toHaveLength(20);
    expect(related.map((v) => v.id)).not.toContain(self.id);
    const score = (v: VideoRecord) =>
      2 * ['garlic', 'pasta', 'recipe', 'number'].filter((t) => v.title.toLowerCase().split(' ').includes(t)).length +
      (v.channelId === 'UCA' ? 3 : 0);
    const scores = related.map(score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBe(2 * 4 + 3);
    const bread = await source().related((await source().video('vid05000'))!, 20);
    expect(bread.slice(0, 4).every((v) => v.channelId === 'UCF')).toBe(true);
    expect(bread.some((v) => v.channelId === 'UCA' && /garlic/i.test(v.title))).toBe(true);
  });

  it('chart: entries by position; undefined for a date without a chart', async () => {
    const entries = await source().chart({ country: 'us', type: 'DAILY', date: '20251106' });
    expect(entries?.map((e) => e.position)).toEqual([1, 2, 3, 4, 5]);
    expect(entries?.[0]).toMatchObject({
      videoId: 'vid00005',
      previousPosition: 4,
      percentViewsChange: 12,
      periodsOnChart: 5,
      songwriters: ['Maya Reyes'],
      producers: [],
    });
    expect(await source().chart({ country: 'us', type: 'WEEKLY', date: '20251106' })).toBeUndefined();
    expect(await source().chart({ country: 'de', type: 'DAILY', date: '20251106' })).toBeUndefined();
  });

  describe('query plans', () => {
    const plan = (run: () => Promise<unknown>) => planned.plansOf(run, { disable: ['enable_seqscan'] });
    it('search uses the full-text index', async () => {
      const plans = await plan(() => source().search(query()));
      const text = plans
        .slice(0, 2)
        .map((p) => p.join('\n'))
        .join('\n');
      if (kind === 'sqlite') expect(text).toMatch(/VIRTUAL TABLE INDEX/);
      else expect(text).toMatch(/Bitmap Index Scan on video_videos_search/);
    });
    it('search with a narrowed window (after/before, as the handler narrows uploadDate) still uses the full-text index', async () => {
      // the handler turns exclusive after/before into these inclusive millisecond bounds
      const [after, before] = [NOW - 10 * HOUR - 60_000, NOW - 2 * HOUR - 60_000];
      const run = () => source().search(query({ since: after + 1, until: before - 1, limit: 100 }));
      const plans = await plan(run);
      const text = plans
        .slice(0, 2)
        .map((p) => p.join('\n'))
        .join('\n');
      if (process.env.SHOW_PLANS)
        console.log(`${kind} video search, narrowed window:\n  ${text.split('\n').join('\n  ')}`);
      if (kind === 'sqlite') expect(text).toMatch(/VIRTUAL TABLE INDEX/);
      else expect(text).toMatch(/Bitmap Index Scan on video_videos_search/);
      expect(text).not.toMatch(planPatterns[kind].tableScan('video_videos\\b'));
      // the pasta videos are published i hours + 1 minute ago: i = 2 and i = 10 sit on the bounds and are left out
      const found = await source().videos((await run()).ids);
      expect(found.map((v) => (NOW - v.publishedAt - 60_000) / HOUR).sort((a, b) => a - b)).toEqual(
        [3, 4, 5, 6, 7, 8, 9].filter((i) => i % 9 !== 0),
      );
    });

    it('chart reads one index range in position order', async () => {
      const [chartPlan] = await plan(() => source().chart({ country: 'us', type: 'DAILY', date: '20251106' }));
      const text = chartPlan!.join('\n');
      expect(text).toMatch(planPatterns[kind].indexRange('video_chart_entries_chart'));
      expect(text).not.toMatch(planPatterns[kind].sortStep);
    });
    it('videos is one query by primary key, no table scan', async () => {
      const plans = await plan(() =>
        source().videos(Array.from({ length: 100 }, (_, i) => `vid${String(1000 + i * 7).padStart(5, '0')}`)),
      );
      expect(plans).toHaveLength(1);
      expect(plans[0]!.join('\n')).not.toMatch(planPatterns[kind].tableScan('(v|video_videos)\\b'));
    });
    it('related reads the channel index', async () => {
      const self = (await source().video('vid00004'))!;
      const plans = await plan(() => source().related(self, 20));
      expect(plans[0]!.join('\n')).toMatch(planPatterns[kind].indexRange('video_videos_channel_views'));
    });
  });
});
