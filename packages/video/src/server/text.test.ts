import { durationText, isoDate, refinementsOf, relativeTime, termsOf } from './text.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ago = (ms: number) => now.getTime() - ms;
const MIN = 60_000;
const DAY = 86_400_000;

describe('texts', () => {
  it.each([
    [30_000, 'en', '30 seconds ago'],
    [5 * MIN, 'en', '5 minutes ago'],
    [3 * 60 * MIN, 'en', '3 hours ago'],
    [DAY, 'en', '1 day ago'],
    [3 * DAY, 'en', '3 days ago'],
    [3 * DAY, 'de', 'vor 3 Tagen'],
    [14 * DAY, 'en', '2 weeks ago'],
    [65 * DAY, 'en', '2 months ago'],
    [400 * DAY, 'de', 'vor 1 Jahr'],
  ])('%d ms ago in %s is %s', (age, language, text) => {
    expect(relativeTime(ago(age), now, language)).toBe(text);
  });

  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [61, '1:01'],
    [600, '10:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36_000, '10:00:00'],
  ])('duration %d s is %s', (s, text) => expect(durationText(s)).toBe(text));

  it('dates are YYYY-MM-DD in UTC', () => {
    expect(isoDate(Date.parse('2025-11-06T23:59:59Z'))).toBe('2025-11-06');
  });

  it('terms are lower-cased letter/digit runs, de-duplicated', () => {
    expect(termsOf('Easy PASTA-recipe, pasta!  4K')).toEqual(['easy', 'pasta', 'recipe', '4k']);
    expect(termsOf('  ')).toEqual([]);
  });

  it('refinements add the most frequent other title terms to the keyword', () => {
    const titles = [
      'Easy pasta recipe',
      'Pasta recipe for beginners',
      'Crispy chicken recipe',
      'Easy curry recipe',
      'Pasta bake',
    ];
    expect(refinementsOf('recipe', titles, 3)).toEqual(['recipe pasta', 'recipe easy', 'recipe bake']);
    expect(refinementsOf('recipe', [])).toEqual([]);
  });
});
