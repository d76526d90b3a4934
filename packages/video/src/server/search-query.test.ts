import { parseSearchQuery, queryHolds, wordsOf } from '@socialquery/core';
import { planSearch } from '@socialquery/core/server';
import { VIDEO_SEARCH_FIELDS } from '../schemas.js';
import { keywordBinding, keywordSearch, queryPage } from './search-query.js';
import type { SearchPosition, SearchQueryInput, VideoRecord, VideoSource } from './source.js';

const WORDS = ['pasta', 'garlic', 'bake', 'quick', 'soup'];
/** 120 videos of a few title words, two channels, views with ties (broken by num). */
const videos: (VideoRecord & { num: number })[] = Array.from({ length: 120 }, (_, num) => ({
  num,
  id: `v${num}`,
  channelId: num % 2 ? 'UC1' : 'UC2',
  channelName: num % 2 ? 'Quick Kitchen' : 'Soup Place',
  channelVerified: false,
  title: WORDS.filter((_, i) => (num * 7 + i * 3) % 4 < 2).join(' '),
  views: (num * 37) % 11,
  durationSeconds: 60,
  publishedAt: num,
  type: 'VIDEO',
  isLive: false,
}));

const rank = (a: SearchPosition, b: SearchPosition) => b.tier - a.tier || b.views - a.views || b.num - a.num;

/** A source answering as the store's walk does: every term a word of the title or channel name, ranked. */
function sourceOf() {
  const reads: SearchQueryInput[] = [];
  const source = {
    async search(query: SearchQueryInput) {
      reads.push(query);
      const found = videos
        .filter((v) => query.terms.every((t) => wordsOf(`${v.title} ${v.channelName}`).includes(t)))
        .map((v) => ({
          video: v,
          position: {
            tier: query.terms.every((t) => wordsOf(v.title).includes(t)) ? 1 : 0,
            views: v.views,
            num: v.num,
          } satisfies SearchPosition,
        }))
        .sort((a, b) => rank(a.position, b.position));
      const after = query.after;
      const rest = after ? found.filter((f) => rank(f.position, after) > 0) : found;
      const page = rest.slice(0, query.limit);
      return {
        videos: page.map((f) => f.video),
        positions: page.map((f) => f.position),
        next: rest.length > query.limit ? page.at(-1)!.position : undefined,
        total: found.length,
        exact: true,
      };
    },
    async wordsWithPrefix(prefix: string, limit: number) {
      const all = new Set(videos.flatMap((v) => wordsOf(`${v.title} ${v.channelName}`)));
      return [...all]
        .filter((w) => w.startsWith(prefix))
        .sort()
        .slice(0, limit);
    },
  } as unknown as VideoSource;
  return { source, reads };
}

const window = { since: -1, until: 1_000, type: 'VIDEO' as const, geoCode: 'US' as const };

describe('video search in the query language', () => {
  it('tells a keyword of no word, of words and of the language apart, and binds tokens to what it means', () => {
    expect(keywordSearch('?!')).toEqual({ kind: 'none' });
    expect(keywordSearch('  PASTA garlic ')).toEqual({ kind: 'words', terms: ['pasta', 'garlic'] });
    const query = keywordSearch('pasta -garlic');
    expect(query.kind).toBe('query');
    expect(keywordBinding(keywordSearch('?!'))).toBe('');
    expect(keywordBinding(keywordSearch('PASTA  garlic'))).toBe('pasta garlic');
    expect(keywordBinding(query)).toBe(keywordBinding(keywordSearch('pasta   -GARLIC')));
    expect(() => keywordSearch('pasta "open')).toThrow(
      expect.objectContaining({
        code: 'invalid_parameter',
        details: { issues: [{ path: 'keyword', message: expect.any(String) }] },
      }),
    );
  });

  it.each(['pasta OR soup', '"garlic bake"', 'pasta -garlic', 'title:quick', 'channel:quick bake', 'ga* OR so*'])(
    '%j: every match once, in rank order, 20 a page at most; the total estimated, then counted',
    async (keyword) => {
      const query = parseSearchQuery(keyword, { fields: VIDEO_SEARCH_FIELDS });
      const { source } = sourceOf();
      const ids: string[] = [];
      let after: SearchPosition | undefined;
      let first: number | undefined;
      do {
        const page = await queryPage(source, query, window, after, {});
        expect(page.videos.length).toBeLessThanOrEqual(20);
        expect(page.positions).toHaveLength(page.videos.length);
        expect(page.exact).toBe(false);
        first ??= page.total;
        ids.push(...page.videos.map((v) => v.id));
        after = page.next;
      } while (after);
      const matching = videos.filter((v) =>
        queryHolds(query, { title: wordsOf(v.title), channel: wordsOf(v.channelName) }),
      );
      expect(matching.length).toBeGreaterThan(5);
      // relevance: a title holding every word of one of the query's word sets first, then views, then num
      const { branches } = await planSearch(query, (prefix, limit) => source.wordsWithPrefix(prefix, limit));
      const placeOf = (v: VideoRecord & { num: number }): SearchPosition => ({
        tier: branches.some((set) => set.every((w) => wordsOf(v.title).includes(w))) ? 1 : 0,
        views: v.views,
        num: v.num,
      });
      expect(ids).toEqual([...matching].sort((a, b) => rank(placeOf(a), placeOf(b))).map((v) => v.id));
      expect(first).toBeGreaterThanOrEqual(matching.length);
    },
  );

  it('ranks a title holding every word of a side first, then by views and num', async () => {
    const query = parseSearchQuery('garlic OR quick', { fields: VIDEO_SEARCH_FIELDS });
    const page = await queryPage(sourceOf().source, query, window, undefined, {});
    const tiers = page.positions.map((p) => p.tier);
    expect(tiers).toEqual([...tiers].sort((a, b) => b - a));
    for (const [i, video] of page.videos.entries()) {
      const title = wordsOf(video.title);
      expect(page.positions[i]!.tier).toBe(title.includes('garlic') || title.includes('quick') ? 1 : 0);
    }
    expect([...page.positions].sort(rank)).toEqual(page.positions);
  });

  it('answers an empty, counted page for a prefix no word starts, without reading', async () => {
    const { source, reads } = sourceOf();
    const query = parseSearchQuery('zz* pasta', { fields: VIDEO_SEARCH_FIELDS });
    expect(await queryPage(source, query, window, undefined, {})).toEqual({
      videos: [],
      positions: [],
      total: 0,
      exact: true,
    });
    expect(reads).toEqual([]);
  });
});
