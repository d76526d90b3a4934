import { confidence, hotScore, RISING_WINDOW_MS, risingScore, timeframeMs, windowStart } from './ranking.js';

const EPOCH_MS = 1134028003 * 1000;

describe("hotScore (Reddit's published formula)", () => {
  it.each([
    [1, EPOCH_MS, 0],
    [10, EPOCH_MS, 1],
    [100, EPOCH_MS + 45_000_000, 3],
    [-10, EPOCH_MS + 45_000_000, 0],
    [0, EPOCH_MS + 90_000_000, 2],
    [-1000, EPOCH_MS, -3],
  ])('score %d at %d ms → %d', (score, at, expected) => {
    expect(hotScore(score, at)).toBeCloseTo(expected, 7);
  });

  it('rounds to 7 decimals and ranks a newer post above an older one of the same score', () => {
    const value = hotScore(1234, Date.UTC(2026, 0, 1));
    expect(Number(value.toFixed(7))).toBe(value);
    expect(hotScore(5, Date.UTC(2026, 0, 2))).toBeGreaterThan(hotScore(5, Date.UTC(2026, 0, 1)));
    // 12.5 hours of age are worth one order of magnitude of score
    expect(hotScore(100, Date.UTC(2026, 0, 1))).toBeCloseTo(hotScore(10, Date.UTC(2026, 0, 1) + 45_000_000), 6);
  });
});

describe('risingScore', () => {
  const now = Date.UTC(2026, 5, 1);
  it('is score per hour of age, with age floored at one hour', () => {
    expect(risingScore(100, now - 4 * 3_600_000, now)).toBe(25);
    expect(risingScore(100, now - 60_000, now)).toBe(100);
    expect(risingScore(100, now + 60_000, now)).toBe(100);
    expect(risingScore(-6, now - 2 * 3_600_000, now)).toBe(-3);
  });
});

describe('windowStart', () => {
  const now = new Date('2026-06-15T12:00:00.000Z');
  it('gives top its timeframe window ending now, and all no window', () => {
    for (const [timeframe, ms] of Object.entries(timeframeMs)) {
      expect(windowStart('top', timeframe as keyof typeof timeframeMs, now)?.getTime()).toBe(now.getTime() - ms);
    }
    expect(windowStart('top', 'all', now)).toBeUndefined();
    expect(timeframeMs).toEqual({
      hour: 3_600_000,
      day: 86_400_000,
      week: 604_800_000,
      month: 2_592_000_000,
      year: 31_536_000_000,
    });
  });

  it('gives rising the last 24 hours whatever the timeframe, and hot/new no window', () => {
    expect(windowStart('rising', 'year', now)?.getTime()).toBe(now.getTime() - RISING_WINDOW_MS);
    expect(RISING_WINDOW_MS).toBe(86_400_000);
    expect(windowStart('hot', 'hour', now)).toBeUndefined();
    expect(windowStart('new', 'hour', now)).toBeUndefined();
  });
});

describe('confidence (best)', () => {
  it("is Reddit's Wilson lower bound: 0 without votes, rising with the share and the number of up votes", () => {
    expect(confidence(0, 0)).toBe(0);
    expect(confidence(0, 5)).toBe(0);
    // worked from the published formula: n = 1, p = 1 → (1 + z²/2 − z·sqrt(z²/4)) / (1 + z²) = 1 / (1 + z²)
    expect(confidence(1, 0)).toBeCloseTo(1 / (1 + 1.281551565545 ** 2), 12);
    expect(confidence(100, 0)).toBeGreaterThan(confidence(10, 0));
    expect(confidence(10, 0)).toBeGreaterThan(confidence(10, 5));
    expect(confidence(60, 40)).toBeGreaterThan(confidence(6, 4));
  });
});
