import {
  CHART_COUNTRIES,
  CHART_SIZE,
  chartDateOf,
  videoDemoChannels,
  videoDemoCharts,
  videoDemoSize,
  videoDemoVideos,
} from './demo.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const videos = [...videoDemoVideos({ now, scale: 1 })];
const channels = [...videoDemoChannels({ now, scale: 1 })];
const charts = [...videoDemoCharts({ now, scale: 1 })];

describe('video demo data', () => {
  it('below scale 1: fewer channels and videos, and the charts rank only those videos', () => {
    const smallVideos = [...videoDemoVideos({ now, scale: 0.2 })];
    const smallChannels = [...videoDemoChannels({ now, scale: 0.2 })];
    expect(smallVideos).toHaveLength(10_000);
    expect(smallChannels).toHaveLength(200);
    expect(new Set(smallVideos.map((v) => v.channel_id)).size).toBe(200);
    const stored = new Set(smallVideos.map((v) => v.id));
    const smallCharts = [...videoDemoCharts({ now, scale: 0.2 })];
    expect(smallCharts.every((entry) => stored.has(entry.video_id))).toBe(true);
    // every chart date still lists CHART_SIZE songs
    const perChart = new Map<string, number>();
    for (const e of smallCharts)
      perChart.set(
        `${e.country}:${e.chart_type}:${e.chart_date}`,
        (perChart.get(`${e.country}:${e.chart_type}:${e.chart_date}`) ?? 0) + 1,
      );
    expect(new Set(perChart.values())).toEqual(new Set([CHART_SIZE]));
    expect(videoDemoSize(0.2)).toBe(10_200 + 36_000);
  });

  it("meets the issue's volumes: 50,000 videos over two years across 1,000 channels", () => {
    expect(videos).toHaveLength(50_000);
    expect(channels).toHaveLength(1_000);
    expect(new Set(videos.map((v) => v.id)).size).toBe(50_000);
    expect(new Set(videos.map((v) => v.num)).size).toBe(50_000);
    expect(new Set(videos.map((v) => v.channel_id)).size).toBe(1_000);
    expect(new Set(channels.map((c) => c.id)).size).toBe(1_000);
    for (const v of videos) {
      expect(v.published_at).toBeLessThan(now.getTime());
      expect(v.published_at).toBeGreaterThan(now.getTime() - 730 * DAY);
      expect(v.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    }
    expect(videoDemoSize(1)).toBeGreaterThanOrEqual(videos.length + channels.length + charts.length - 5_000);
  });

  it('has common keywords with several pages this year, fresh videos, movies and region blocks', () => {
    const yearAgo = now.getTime() - 365 * DAY;
    const recipe = videos.filter((v) => / recipe\b|^recipe/i.test(v.title) && v.published_at >= yearAgo);
    expect(recipe.length).toBeGreaterThan(100);
    expect(videos.filter((v) => v.published_at >= now.getTime() - 3_600_000).length).toBeGreaterThan(5);
    expect(videos.filter((v) => v.type === 'MOVIE').length).toBeGreaterThan(500);
    expect(videos.filter((v) => v.blocked_regions.includes(',DE,')).length).toBeGreaterThan(1000);
  });

  it('is deterministic, and only timestamps follow now', () => {
    const later = new Date(now.getTime() + DAY);
    const again = [...videoDemoVideos({ now: later, scale: 1 })].slice(0, 500);
    expect(again.map(({ published_at, ...rest }) => rest)).toEqual(
      videos.slice(0, 500).map(({ published_at, ...rest }) => rest),
    );
    expect(again.map((v) => v.published_at)).toEqual(videos.slice(0, 500).map((v) => v.published_at + DAY));
  });

  it('charts every country, DAILY and WEEKLY, for the last 60 days and around 2025-11-06, 20 entries each', () => {
    const byChart = new Map<string, number[]>();
    for (const e of charts) {
      const key = `${e.country}:${e.chart_type}:${e.chart_date}`;
      byChart.set(key, [...(byChart.get(key) ?? []), e.position]);
    }
    for (const positions of byChart.values())
      expect(positions).toEqual(Array.from({ length: CHART_SIZE }, (_, i) => i + 1));
    const today = Math.floor(now.getTime() / DAY);
    for (const country of CHART_COUNTRIES) {
      expect(byChart.has(`${country}:DAILY:20251106`)).toBe(true);
      expect(byChart.has(`${country}:WEEKLY:20251106`)).toBe(true);
      for (let d = today - 59; d <= today; d++) expect(byChart.has(`${country}:DAILY:${chartDateOf(d)}`)).toBe(true);
    }
  });

  it('previous positions and periods on chart agree across consecutive chart dates', () => {
    const at = new Map(charts.map((e) => [`${e.country}:${e.chart_type}:${e.chart_date}:${e.video_id}`, e]));
    let checked = 0;
    for (const e of charts) {
      const day =
        Date.UTC(
          Number(e.chart_date.slice(0, 4)),
          Number(e.chart_date.slice(4, 6)) - 1,
          Number(e.chart_date.slice(6, 8)),
        ) / DAY;
      const before = chartDateOf(day - (e.chart_type === 'WEEKLY' ? 7 : 1));
      if (!charts.some((x) => x.country === e.country && x.chart_type === e.chart_type && x.chart_date === before))
        continue;
      const prev = at.get(`${e.country}:${e.chart_type}:${before}:${e.video_id}`);
      expect(e.previous_position).toBe(prev?.position ?? 0);
      if (prev) expect(e.periods_on_chart).toBe(prev.periods_on_chart + 1);
      if (++checked > 3000) break;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
