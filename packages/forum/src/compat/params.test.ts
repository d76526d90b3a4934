import { ArcticShiftCommentSearchQuery, ArcticShiftPostSearchQuery, PushshiftSubmissionQuery } from './schemas.js';
import { parseCompatDate } from './params.js';

const DAY = 86_400_000;

describe('compat dates', () => {
  it.each([
    ['1577836800', '2020-01-01T00:00:00.000Z'],
    ['1577836800123', '2020-01-01T00:00:00.123Z'],
    ['2020-01-01', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01 06:30:00', '2020-01-01T06:30:00.000Z'],
    ['2020-01-01T06:30', '2020-01-01T06:30:00.000Z'],
    ['2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01T02:00:00+02:00', '2020-01-01T00:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseCompatDate(text)).toEqual({ bound: new Date(iso) });
  });

  it.each([
    ['30d', 30 * DAY],
    ['24h', DAY],
    ['1hour', 3_600_000],
    ['60m', 3_600_000],
    ['5min', 300_000],
    ['10s', 10_000],
    ['2w', 14 * DAY],
    ['3mo', 90 * DAY],
    ['1year', 365 * DAY],
    ['2 days', 2 * DAY],
  ])('reads the offset %s as a time before now', (text, ago) => {
    expect(parseCompatDate(text)).toEqual({ bound: { ago } });
  });

  it('reads a bare m as minutes for Pushshift and as months for Arctic Shift (whose docs list 3m beside 5min)', () => {
    expect(parseCompatDate('60m', 'minutes')).toEqual({ bound: { ago: 3_600_000 } });
    expect(parseCompatDate('3m', 'months')).toEqual({ bound: { ago: 90 * DAY } });
    expect(parseCompatDate('5min', 'months')).toEqual({ bound: { ago: 300_000 } });
  });

  it.each(['yesterday', '2020-13-01', '2020-01-01T25:00', '-5d', '1e9', ''])('refuses %j', (text) => {
    expect(parseCompatDate(text)).toHaveProperty('error');
  });
});

describe('compat parameters', () => {
  it('drops the r/ and u/ prefixes, the t3_/t1_ prefixes, and reads booleans as Arctic Shift does', () => {
    const parsed = ArcticShiftPostSearchQuery.parse({
      subreddit: 'r/AskScience',
      author: 'u/Someone',
      crosspost_parent_id: 't3_abc',
      over_18: 'yes',
      spoiler: '0',
      limit: 'auto',
    });
    expect(parsed).toMatchObject({
      subreddit: 'AskScience',
      author: 'Someone',
      crosspost_parent_id: 'abc',
      over_18: true,
      spoiler: false,
      limit: 1000,
      sort: 'desc',
    });
    expect(ArcticShiftPostSearchQuery.parse({}).limit).toBe(25);
    expect(ArcticShiftPostSearchQuery.safeParse({ limit: '1001' }).success).toBe(false);
    expect(ArcticShiftPostSearchQuery.safeParse({ over_18: 'maybe' }).success).toBe(false);
  });

  it("reads parent_id: empty or the post's t3_ id is the top level, t1_ optional", () => {
    expect(ArcticShiftCommentSearchQuery.parse({ parent_id: '' }).parent_id).toBeNull();
    expect(ArcticShiftCommentSearchQuery.parse({ parent_id: 't3_abc' }).parent_id).toBeNull();
    expect(ArcticShiftCommentSearchQuery.parse({ parent_id: 't1_xyz' }).parent_id).toBe('xyz');
    expect(ArcticShiftCommentSearchQuery.parse({ parent_id: 'xyz' }).parent_id).toBe('xyz');
  });

  it.each([
    ['100', { min: 100, max: 100 }],
    ['>100', { min: 101 }],
    ['>=100', { min: 100 }],
    ['<10', { max: 9 }],
    ['<=-5', { max: -5 }],
  ])("reads Pushshift's comparison %s", (score, range) => {
    expect(PushshiftSubmissionQuery.parse({ score }).score).toEqual(range);
  });

  it('refuses malformed comparisons, ids lists and texts without a word', () => {
    expect(PushshiftSubmissionQuery.safeParse({ score: '>>1' }).success).toBe(false);
    expect(PushshiftSubmissionQuery.safeParse({ num_comments: 'many' }).success).toBe(false);
    expect(PushshiftSubmissionQuery.safeParse({ ids: 'a,,b' }).success).toBe(false);
    expect(
      PushshiftSubmissionQuery.safeParse({ ids: Array.from({ length: 501 }, (_, i) => `p${i}`).join(',') }).success,
    ).toBe(false);
    expect(PushshiftSubmissionQuery.parse({ ids: 't3_a,b,a' }).ids).toEqual(['a', 'b']);
    expect(PushshiftSubmissionQuery.safeParse({ q: '!!!' }).success).toBe(false);
    expect(PushshiftSubmissionQuery.safeParse({ q: 'rust "async' }).success).toBe(false);
  });
});
