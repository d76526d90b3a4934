import type { ForumSort, ForumTimeframe } from '../schemas.js';

/** Reddit's epoch offset in the published hot formula (seconds since 1970 of 2005-12-08). */
const HOT_EPOCH_SECONDS = 1134028003;

/**
 * Reddit's published hot rank: sign(score)·log10(max(|score|, 1)) + (createdAt − epoch)/45000,
 * rounded to 7 decimals. It does not depend on the current time, so the store keeps it in an
 * indexed column and hot listings are index scans.
 */
export function hotScore(score: number, createdAtMs: number): number {
  const order = Math.log10(Math.max(Math.abs(score), 1));
  const sign = Math.sign(score);
  const seconds = createdAtMs / 1000 - HOT_EPOCH_SECONDS;
  return Math.round((sign * order + seconds / 45000) * 1e7) / 1e7;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Length of each `timeframe` window (a month is 30 days, a year 365). */
export const timeframeMs: Record<Exclude<ForumTimeframe, 'all'>, number> = {
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
};

/** `rising` looks at posts of the last 24 hours … */
export const RISING_WINDOW_MS = DAY_MS;
/** … and ranks them by score per hour of age, with age floored at one hour. */
export const RISING_MIN_AGE_MS = HOUR_MS;

/** Rising rank of one post (the store computes the same in SQL). */
export function risingScore(score: number, createdAtMs: number, nowMs: number): number {
  return score / (Math.max(nowMs - createdAtMs, RISING_MIN_AGE_MS) / HOUR_MS);
}

/** Start (exclusive) of the creation-time window a sort looks at, or undefined for all posts. */
export function windowStart(sort: ForumSort, timeframe: ForumTimeframe, now: Date): Date | undefined {
  if (sort === 'rising') return new Date(now.getTime() - RISING_WINDOW_MS);
  if (sort === 'top' && timeframe !== 'all') return new Date(now.getTime() - timeframeMs[timeframe]);
  return undefined;
}

/** The z of an 80% confidence interval, as Reddit's `confidence` takes it. */
const CONFIDENCE_Z = 1.281551565545;

/**
 * Reddit's `best` rank of a comment (`_confidence` of its published sorts): the lower bound of the
 * Wilson score interval of the share of up votes, 0 without votes. It depends on the votes alone, so
 * the store keeps it in an indexed column.
 */
export function confidence(ups: number, downs: number): number {
  const n = ups + downs;
  if (n <= 0) return 0;
  const p = ups / n;
  const z2 = CONFIDENCE_Z * CONFIDENCE_Z;
  const left = p + z2 / (2 * n);
  const right = CONFIDENCE_Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return (left - right) / (1 + z2 / n);
}
