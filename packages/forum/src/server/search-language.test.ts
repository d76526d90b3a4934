import {
  parseSearchQuery,
  QUERY_CHECKED_PER_PAGE_MAX,
  QUERY_COMBINATIONS_MAX,
  QUERY_PREFIX_WORDS_MAX,
  queryHolds,
  wordsOf,
} from '@socialquery/core';
import { createCursorCodec, planSearch } from '@socialquery/core/server';
import { type Comment, type Post, POST_SEARCH_FIELDS, type SearchSort } from '../schemas.js';
import { commentRecord } from './comment.case.js';
import { postRecord } from './post.case.js';
import { commentPosition, createSearchHandlers, positionOrder, postPosition, postTier } from './search-handlers.js';
import type { ForumResearchSource, SearchCommentsQuery, SearchFilters, SearchPostsQuery } from './source.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };

/** A deterministic pseudo-random sequence (mulberry32). */
function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = ['apple', 'apricot', 'band', 'banana', 'cherry', 'go', 'lang', 'rust'];

function textOf(random: () => number, most: number) {
  return Array.from({ length: Math.floor(random() * most) }, () => VOCABULARY[Math.floor(random() * 8)]!).join(' ');
}

function postsOf(count: number, seed: number): Post[] {
  const random = randomOf(seed);
  return Array.from({ length: count }, (_, i) => {
    return postRecord({
      id: `p${String(i).padStart(4, '0')}`,
      title: textOf(random, 4),
      content: textOf(random, 8),
      score: Math.floor(random() * 5),
      // few distinct moments: ties by time, broken by id
      createdAt: new Date(now.getTime() - Math.floor(random() * 6) * 60_000).toISOString(),
    });
  });
}

/**
 * A source that answers as the store's index does, by words: the items holding every word of
 * `terms`, in the order of their positions for those words, after `after`, `limit` of them.
 */
/** An item's words, split once (the reads below ask for them again and again). */
const wordSets = new WeakMap<object, Set<string>>();
function wordSet<T extends object>(item: T, text: (item: T) => string): Set<string> {
  let words = wordSets.get(item);
  if (!words) wordSets.set(item, (words = new Set(wordsOf(text(item)))));
  return words;
}

const postText = (post: Post) => `${post.title} ${post.content}`;

/** Items numbered as a store numbers them: in the order they were stored (wordSource's lists), from 1. */
const nums = new WeakMap<object, number>();
const numOf = (item: object) => nums.get(item) ?? 0;

function wordSource(posts: readonly Post[], comments: readonly Comment[] = []) {
  for (const items of [posts, comments]) items.forEach((item, i) => nums.set(item, i + 1));
  const reads: SearchFilters[] = [];
  const page = <T extends { id: string }>(
    items: readonly T[],
    query: SearchFilters,
    text: (item: T) => string,
    position: (item: T) => ReturnType<typeof postPosition>,
  ) => {
    reads.push(query);
    const order = positionOrder(query.sort);
    return items
      .filter((item) => query.terms.every((term) => wordSet(item, text).has(term)))
      .map((item) => ({ item, position: position(item) }))
      .filter(({ position }) => !query.after || order(position, query.after) > 0)
      .sort((a, b) => order(a.position, b.position))
      .slice(0, query.limit);
  };
  const source: ForumResearchSource = {
    searchPosts: async (query: SearchPostsQuery) =>
      page(posts, query, postText, (p) => postPosition(p, numOf(p), query.sort, query.terms)),
    searchComments: async (query: SearchCommentsQuery) =>
      page(
        comments,
        query,
        (c) => c.body,
        (c) => commentPosition(c, numOf(c), query.sort),
      ),
    async wordsWithPrefix(kind, prefix, limit) {
      const texts = kind === 'posts' ? posts.map((p) => `${p.title} ${p.content}`) : comments.map((c) => c.body);
      const words = [...new Set(texts.flatMap(wordsOf))].filter((word) => word.startsWith(prefix));
      return words.sort().slice(0, limit);
    },
    aggregate: () => Promise.reject(new Error('unused')),
    // the posts holding every word of one of the sets (the language tests search posts without filters)
    countMatches: async ({ wordSets }, cap) =>
      Math.min(
        cap + 1,
        posts.filter((p) => wordSets.some((set) => set.every((word) => wordSet(p, postText).has(word)))).length,
      ),
  };
  return { source, reads };
}

/** Every post a search answers, following its cursors; and the pages' sizes. */
async function allPages(source: ForumResearchSource, q: string, sort: SearchSort, limit: number) {
  const handlers = createSearchHandlers(source);
  const ids: string[] = [];
  const sizes: number[] = [];
  const totals: unknown[] = [];
  let cursor = '';
  do {
    const page = await handlers.searchPosts({ q, sort, limit, ...(cursor ? { cursor } : {}) }, ctx);
    ids.push(...page.posts.map((p) => p.id));
    sizes.push(page.posts.length);
    totals.push([page.total, page.totalExact]);
    cursor = page.cursor;
  } while (cursor && sizes.length < 1_000);
  return { ids, sizes, totals };
}

/** What a search must answer: the posts the query holds for, in the order of their positions. */
async function expected(posts: readonly Post[], source: ForumResearchSource, q: string, sort: SearchSort) {
  const query = parseSearchQuery(q, { fields: POST_SEARCH_FIELDS });
  const plan = await planSearch(query, (prefix, limit) => source.wordsWithPrefix('posts', prefix, limit));
  const order = positionOrder(sort);
  return posts
    .filter((p) => queryHolds(query, { title: wordsOf(p.title), body: wordsOf(p.content) }))
    .map((p) => ({
      id: p.id,
      position: { ...postPosition(p, numOf(p), sort, []), tier: postTier(p, sort, plan.branches) },
    }))
    .sort((a, b) => order(a.position, b.position))
    .map((p) => p.id);
}

describe('search in the query language, over a source of words', () => {
  const posts = postsOf(300, 7);
  const { source } = wordSource(posts);
  const queries = [
    'rust',
    'rust lang',
    'rust OR go',
    'apple OR banana OR cherry',
    '"rust lang"',
    '"lang rust" go',
    'title:rust',
    'title:"rust lang" OR body:go',
    'rust -go',
    'band -"rust lang"',
    'ap*',
    'ap* OR ban*',
    'title:ba* -cherry',
    '-title:apple rust OR cherry apricot',
  ];
  it.each(queries.flatMap((q) => (['relevance', 'top', 'new', 'old'] as const).map((sort) => [q, sort] as const)))(
    '%j sort=%s: every match once, in order, on pages of any size',
    async (q, sort) => {
      const want = await expected(posts, source, q, sort);
      expect(want.length).toBeGreaterThan(0);
      // every page counts the whole query: words alone decide (no phrase, field or exclusion), or no count
      const counted = !/["\-:]/.test(q);
      for (const limit of [1, 3, 25]) {
        const { ids, sizes, totals } = await allPages(source, q, sort, limit);
        expect(ids).toEqual(want);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(limit);
        expect(new Set(totals.map((total) => JSON.stringify(total)))).toEqual(
          new Set([JSON.stringify(counted ? [want.length, true] : [null, false])]),
        );
      }
    },
  );

  it('asks the source once for a query of words, with its words', async () => {
    const { source, reads } = wordSource(posts);
    await createSearchHandlers(source).searchPosts({ q: 'Rust, rust LANG', sort: 'top', limit: 5 }, ctx);
    expect(reads).toEqual([{ terms: ['rust', 'lang'], sort: 'top', limit: 6 }]);
  });

  it('reads each combination of an OR once a page, with the words it needs', async () => {
    const { source, reads } = wordSource(posts);
    await createSearchHandlers(source).searchPosts({ q: '"go lang" OR rust cherry', sort: 'new', limit: 5 }, ctx);
    expect(reads.map((read) => read.terms)).toEqual([
      ['go', 'lang', 'cherry'],
      ['rust', 'cherry'],
    ]);
  });

  it('answers nothing for a prefix no stored word has', async () => {
    const { source, reads } = wordSource(posts);
    const page = await createSearchHandlers(source).searchPosts({ q: 'zz* rust', sort: 'new', limit: 5 }, ctx);
    expect(page).toEqual({ posts: [], cursor: '', total: 0, totalExact: true });
    expect(reads).toEqual([]);
  });

  it('searches comments with body: and exclusions', async () => {
    const random = randomOf(3);
    const comments = Array.from({ length: 120 }, (_, i) =>
      commentRecord({ id: `c${String(i).padStart(3, '0')}`, body: textOf(random, 6), score: i % 4 }),
    );
    const { source } = wordSource([], comments);
    const handlers = createSearchHandlers(source);
    const ids: string[] = [];
    let cursor = '';
    do {
      const page = await handlers.searchComments(
        { q: 'body:"rust lang" -go', sort: 'top', limit: 4, ...(cursor ? { cursor } : {}) },
        ctx,
      );
      ids.push(...page.comments.map((c) => c.id));
      cursor = page.cursor;
    } while (cursor);
    const query = parseSearchQuery('body:"rust lang" -go', { fields: ['body'] });
    const order = positionOrder('top');
    const want = comments
      .filter((c) => queryHolds(query, { body: wordsOf(c.body) }))
      .sort((a, b) => order(commentPosition(a, numOf(a), 'top'), commentPosition(b, numOf(b), 'top')))
      .map((c) => c.id);
    expect(want.length).toBeGreaterThan(0);
    expect(ids).toEqual(want);
  });

  it(`checks at most ${QUERY_CHECKED_PER_PAGE_MAX} results a page: a shorter page, and a cursor that reads on`, async () => {
    const many = Array.from({ length: QUERY_CHECKED_PER_PAGE_MAX + 500 }, (_, i) => ({
      ...postsOf(1, i)[0]!,
      id: `q${String(i).padStart(5, '0')}`,
      title: 'rust',
      content: i >= QUERY_CHECKED_PER_PAGE_MAX + 400 ? 'found' : 'go',
      score: 0,
      createdAt: now.toISOString(),
    }));
    const { source } = wordSource(many);
    const handlers = createSearchHandlers(source);
    const first = await handlers.searchPosts({ q: 'rust -go', sort: 'top', limit: 10 }, ctx);
    // ids descending: the last 100 (not holding go) come first, so the page is full
    expect(first.posts.map((p) => p.id)).toEqual(
      many
        .slice(-10)
        .reverse()
        .map((p) => p.id),
    );
    const old = await handlers.searchPosts({ q: 'rust -go', sort: 'old', limit: 10 }, ctx);
    // oldest first, ties by id ascending: every result the page checks holds go
    expect(old.posts).toEqual([]);
    expect(old.cursor).not.toBe('');
    const { ids } = await allPages(source, 'rust -go', 'old', 10);
    expect(ids).toEqual(await expected(many, source, 'rust -go', 'old'));
  });

  it('refuses a prefix that stands for too many words, and too many combinations', async () => {
    const words = Array.from({ length: QUERY_PREFIX_WORDS_MAX + 1 }, (_, i) => `pre${i}`);
    const { source } = wordSource([{ ...postsOf(1, 1)[0]!, title: words.join(' ') }]);
    const handlers = createSearchHandlers(source);
    await expect(handlers.searchPosts({ q: 'pre*', sort: 'top', limit: 5 }, ctx)).rejects.toMatchObject({
      code: 'invalid_parameter',
      details: { issues: [{ path: 'q' }] },
    });
    const ors = Array.from({ length: 3 }, () => 'a OR b OR c OR d').join(' ');
    expect(4 ** 3).toBe(QUERY_COMBINATIONS_MAX);
    await expect(handlers.searchPosts({ q: `${ors} OR e`, sort: 'top', limit: 5 }, ctx)).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(handlers.searchPosts({ q: ors, sort: 'top', limit: 5 }, ctx)).resolves.toEqual({
      posts: [],
      cursor: '',
      total: 0,
      totalExact: true,
    });
  });
});
