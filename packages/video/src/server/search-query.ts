import { isPlainWords, queryHolds, type SearchQuery, termsOf, wordsOf } from '@socialquery/core';
import { parseQueryParam, planSearch, readMergedPage } from '@socialquery/core/server';
import { SEARCH_PAGE_SIZE, VIDEO_SEARCH_FIELDS } from '../schemas.js';
import type { ReadOptions, SearchPage, SearchPosition, SearchQueryInput, VideoRecord, VideoSource } from './source.js';

/**
 * Video search's `keyword` in the query language (docs/query-language.md): words as before, and
 * `"phrases"`, `pre*`, `-exclusions`, `a OR b`, `title:` and `channel:` (the channel's name). A query
 * of words is the source's own walk; any other is the merged page of core's merged-search.ts over one
 * walk per set of words it stands for, checked on the videos' text where words do not decide.
 */

/** How a keyword is searched: no word at all (an empty answer, as before), words, or a query of the language. */
export type KeywordSearch =
  { kind: 'none' } | { kind: 'words'; terms: string[] } | { kind: 'query'; query: SearchQuery };

export function keywordSearch(keyword: string): KeywordSearch {
  if (wordsOf(keyword).length === 0) return { kind: 'none' };
  const query = parseQueryParam('keyword', keyword, { fields: VIDEO_SEARCH_FIELDS });
  return isPlainWords(query) ? { kind: 'words', terms: termsOf(keyword) } : { kind: 'query', query };
}

/** What a paging token is bound to: the words as before (so `  PASTA ` and `pasta` share tokens), else the parsed query. */
export function keywordBinding(search: KeywordSearch): string {
  if (search.kind === 'none') return '';
  return search.kind === 'words' ? search.terms.join(' ') : JSON.stringify(search.query);
}

/** Rank order: tier, views, num, each descending (negative when `a` comes first). */
const rankOrder = (a: SearchPosition, b: SearchPosition) => b.tier - a.tier || b.views - a.views || b.num - a.num;

/**
 * A page of a query of the language: the merged walks of its word sets after `after`. Its total is
 * estimated (the sum of each set's first total) until a page reaches the last match; `exact` is never
 * claimed, so the handler counts what it answered when no page follows.
 */
export async function queryPage(
  source: VideoSource,
  query: SearchQuery,
  window: Omit<SearchQueryInput, 'terms' | 'after' | 'limit'>,
  after: SearchPosition | undefined,
  options: ReadOptions,
): Promise<SearchPage> {
  const plan = await planSearch(query, (prefix, limit) => source.wordsWithPrefix(prefix, limit), 'keyword');
  if (plan.branches.length === 0) return { videos: [], positions: [], total: 0, exact: true };
  const totals = new Map<string, number>();
  const tierOf = (video: VideoRecord): 0 | 1 => {
    const title = new Set(wordsOf(video.title));
    return plan.branches.some((set) => set.every((word) => title.has(word))) ? 1 : 0;
  };
  const page = await readMergedPage<VideoRecord, SearchPosition>(
    {
      wordSets: plan.branches,
      async read(terms, position, limit) {
        const read = await source.search({ ...window, terms: [...terms], after: position, limit }, options);
        if (!totals.has(terms.join(' '))) totals.set(terms.join(' '), read.total);
        return read.videos.map((item, i) => ({ item, position: read.positions[i]! }));
      },
      placeOf: (video, inRead) => ({ ...inRead, tier: tierOf(video) }),
      order: rankOrder,
      idOf: (video) => video.id,
      check: plan.checked
        ? (video) => queryHolds(query, { title: wordsOf(video.title), channel: wordsOf(video.channelName) })
        : undefined,
    },
    after,
    SEARCH_PAGE_SIZE,
  );
  return {
    videos: page.found.map((found) => found.item),
    positions: page.found.map((found) => found.position),
    next: page.next,
    total: [...totals.values()].reduce((sum, total) => sum + total, 0),
    exact: false,
  };
}
