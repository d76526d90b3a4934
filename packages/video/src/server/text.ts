import { type Image, termsOf } from '@socialquery/core';

const SECOND = 1000;
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600 * SECOND],
  ['month', 30 * 24 * 3600 * SECOND],
  ['week', 7 * 24 * 3600 * SECOND],
  ['day', 24 * 3600 * SECOND],
  ['hour', 3600 * SECOND],
  ['minute', 60 * SECOND],
];

/**
 * "3 days ago" / "vor 3 Tagen": the age at `now` in the largest whole unit (years of 365 days,
 * months of 30, weeks, days, hours, minutes, else seconds), in `language`, with
 * Intl.RelativeTimeFormat numeric 'always' (so "1 day ago", never "yesterday": stable texts).
 */
export function relativeTime(then: number, now: Date, language: string): string {
  const age = Math.max(0, now.getTime() - then);
  const format = relativeFormatFor(language);
  for (const [unit, ms] of UNITS) {
    if (age >= ms) return format.format(-Math.floor(age / ms), unit);
  }
  return format.format(-Math.floor(age / SECOND), 'second');
}

/** Intl formatters are costly to build: one per language (the language enum is closed), kept. */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormatFor(language: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (!format) relativeFormats.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: 'always' })));
  return format;
}

const viewCountFormat = new Intl.NumberFormat('en-US');

/** `m:ss`, or `h:mm:ss` from an hour up. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** `YYYY-MM-DD` (UTC). */
export function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** "1,234,567 views" (English grouping; the platform's own text). */
export function viewCountText(views: number): string {
  return `${viewCountFormat.format(views)} views`;
}

export function videoUrl(videoId: string): string {
  return `https://video.socialquery.example/watch?v=${encodeURIComponent(videoId)}`;
}

/** The platform's three stills of every video, derived from its id. */
export function thumbnailsOf(videoId: string): Image[] {
  const base = `https://img.socialquery.example/vi/${encodeURIComponent(videoId)}`;
  return [
    { url: `${base}/default.jpg`, width: 120, height: 90 },
    { url: `${base}/mqdefault.jpg`, width: 320, height: 180 },
    { url: `${base}/hqdefault.jpg`, width: 480, height: 360 },
  ];
}

export function avatarsOf(channelId: string): Image[] {
  const base = `https://img.socialquery.example/ch/${encodeURIComponent(channelId)}`;
  return [
    { url: `${base}/s48.jpg`, width: 48, height: 48 },
    { url: `${base}/s88.jpg`, width: 88, height: 88 },
    { url: `${base}/s176.jpg`, width: 176, height: 176 },
  ];
}

/** Search terms: the keyword lower-cased, split on anything but letters and digits, de-duplicated (core's). */
export { termsOf };

const STOPWORDS = new Set([
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
  'at',
  'by',
  'from',
  'vs',
  'i',
  'we',
  'it',
  'this',
  'that',
  'you',
  'official',
  'video',
  'part',
]);

/**
 * Narrower queries: the keyword plus each of the (up to 5) most frequent title terms of `titles`
 * that the keyword lacks (no stopwords, no numbers, at least 3 letters); ties alphabetical.
 */
export function refinementsOf(keyword: string, titles: readonly string[], max = 5): string[] {
  const own = new Set(termsOf(keyword));
  const counts = new Map<string, number>();
  for (const title of titles) {
    for (const term of termsOf(title)) {
      if (own.has(term) || STOPWORDS.has(term) || term.length < 3 || /^\d+$/.test(term)) continue;
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, max)
    .map(([term]) => `${keyword.trim()} ${term}`);
}
