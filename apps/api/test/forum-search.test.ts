import { ErrorBody } from '@socialquery/core';
import { searchComments, SearchCommentsResponse, searchPosts, SearchPostsResponse } from '@socialquery/forum';
import {
  type ForumCommentInput,
  type ForumPostInput,
  toForumCommentRow,
  toForumRow,
  upsertForumCommentRows,
  upsertForumRows,
} from '@socialquery/store';
import request from 'supertest';
import { NOW, startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
const HOUR = 3_600_000;

/** Posts and comments with words no demo item has ("zqx…"), at known times, scores and places. */
const posts: ForumPostInput[] = Array.from({ length: 30 }, (_, i) => ({
  id: `zqp${String(i).padStart(2, '0')}`,
  community: i % 2 === 0 ? 'ZqEven' : 'ZqOdd',
  author: `zqauthor${i % 3}`,
  title: i % 4 === 0 ? 'zqxfind zqxother in the title' : 'a title',
  content: i % 4 === 0 ? '' : 'the body says zqxfind &amp; zqxother',
  upvotes: i,
  downvotes: 0,
  score: (i * 7) % 11,
  commentCount: 0,
  createdAt: NOW.getTime() - i * 12 * HOUR,
  url: `https://forum.example.org/zq/${i}`,
  over18: i % 5 === 0,
}));

const comments: ForumCommentInput[] = Array.from({ length: 60 }, (_, i) => ({
  id: `zqc${String(i).padStart(2, '0')}`,
  postId: posts[i % 3]!.id,
  parentId: null,
  community: posts[i % 3]!.community,
  author: `zqauthor${i % 4}`,
  body: i % 3 === 0 ? 'zqxfind here, and zqxother' : 'only zqxfind',
  score: (i * 5) % 13,
  createdAt: NOW.getTime() - i * 6 * HOUR,
  edited: false,
  distinguished: null,
  stickied: false,
  deleted: false,
  removed: false,
  url: `https://forum.example.org/zq/c/${i}`,
}));

beforeAll(async () => {
  service = await startTestService();
  await upsertForumRows(service.store.db, posts.map(toForumRow));
  await upsertForumCommentRows(service.store.db, comments.map(toForumCommentRow));
});
afterAll(() => service.close());

const get = (path: string, query: Record<string, string>) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);

/** Whether words alone decide the query (no phrase, field or exclusion): its searches count their matches. */
const counted = (q: string) => !/["\-:]/.test(q);

async function postIds(query: Record<string, string>): Promise<string[]> {
  const res = await get('/api/v1/forum/search/posts', query);
  expect(res.status).toBe(200);
  const body = SearchPostsResponse.parse(res.body);
  // a page holding every match: the hit count is theirs, exactly
  if (body.cursor === '' && counted(query.q!)) expect([body.total, body.totalExact]).toEqual([body.posts.length, true]);
  if (!counted(query.q!)) expect([body.total, body.totalExact]).toEqual([null, false]);
  return body.posts.map((p) => p.id);
}

async function commentIds(query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  const totals = new Set<number | null>();
  let cursor = '';
  do {
    const res = await get('/api/v1/forum/search/comments', { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    const body = SearchCommentsResponse.parse(res.body);
    ids.push(...body.comments.map((c) => c.id));
    totals.add(body.totalExact ? body.total : null);
    cursor = body.cursor;
  } while (cursor);
  // every page counts the whole query
  expect([...totals]).toEqual([counted(query.q!) ? ids.length : null]);
  return ids;
}

const byScoreThenId = <T extends { id: string; score: number }>(a: T, b: T) =>
  b.score - a.score || (a.id < b.id ? 1 : -1);

describeOperationRules(
  searchPosts,
  () => service,
  () => ({ path: {}, query: { q: 'zqxfind' } }),
);
describeOperationRules(
  searchComments,
  () => service,
  () => ({ path: {}, query: { q: 'zqxfind' } }),
);

describe('GET /api/v1/forum/search/posts', () => {
  it('relevance: posts whose title holds every word first, then by score; whole words only', async () => {
    const titled = posts.filter((p) => p.title.includes('zqxfind')).sort(byScoreThenId);
    const rest = posts.filter((p) => !p.title.includes('zqxfind')).sort(byScoreThenId);
    expect(await postIds({ q: 'ZQXFIND zqxother', limit: '100' })).toEqual([...titled, ...rest].map((p) => p.id));
    expect(await postIds({ q: 'zqxfin' })).toEqual([]);
  });

  it('top, new and old', async () => {
    expect(await postIds({ q: 'zqxfind', sort: 'top', limit: '100' })).toEqual(
      [...posts].sort(byScoreThenId).map((p) => p.id),
    );
    expect(await postIds({ q: 'zqxfind', sort: 'new', limit: '100' })).toEqual(posts.map((p) => p.id));
    expect(await postIds({ q: 'zqxfind', sort: 'old', limit: '100' })).toEqual([...posts].reverse().map((p) => p.id));
  });

  it('filters by community, author, over18, minScore and a relative window', async () => {
    const expected = (keep: (p: ForumPostInput) => boolean) => posts.filter(keep).map((p) => p.id);
    expect(await postIds({ q: 'zqxfind', sort: 'new', community: 'zqeven', limit: '100' })).toEqual(
      expected((p) => p.community === 'ZqEven'),
    );
    expect(await postIds({ q: 'zqxfind', sort: 'new', author: 'ZQAUTHOR1', limit: '100' })).toEqual(
      expected((p) => p.author === 'zqauthor1'),
    );
    expect(await postIds({ q: 'zqxfind', sort: 'new', over18: 'true', limit: '100' })).toEqual(
      expected((p) => !!p.over18),
    );
    expect(await postIds({ q: 'zqxfind', sort: 'new', over18: 'false', limit: '100' })).toEqual(
      expected((p) => !p.over18),
    );
    expect(await postIds({ q: 'zqxfind', sort: 'new', minScore: '6', limit: '100' })).toEqual(
      expected((p) => p.score >= 6),
    );
    expect(await postIds({ q: 'zqxfind', sort: 'new', maxScore: '3', limit: '100' })).toEqual(
      expected((p) => p.score <= 3),
    );
    expect(await postIds({ q: 'zqxfind', sort: 'top', minScore: '2', maxScore: '5', limit: '100' })).toEqual(
      [...posts]
        .filter((p) => p.score >= 2 && p.score <= 5)
        .sort(byScoreThenId)
        .map((p) => p.id),
    );
    // an empty range (maxScore equal to minScore is one score)
    expect(await postIds({ q: 'zqxfind', sort: 'new', minScore: '4', maxScore: '4', limit: '100' })).toEqual(
      expected((p) => p.score === 4),
    );
    // 3d before the pinned now: posts 0..5 (every 12 hours), the bound exclusive
    expect(await postIds({ q: 'zqxfind', sort: 'new', after: '3d', limit: '100' })).toEqual(
      expected((p) => p.createdAt > NOW.getTime() - 72 * HOUR),
    );
    expect(await postIds({ q: 'zqxfind', sort: 'new', after: '7d', before: '2d', limit: '100' })).toEqual(
      expected((p) => p.createdAt > NOW.getTime() - 168 * HOUR && p.createdAt < NOW.getTime() - 48 * HOUR),
    );
  });

  it('refuses a q without a word, a bad sort, a bad relative bound, and after >= before', async () => {
    for (const [query, path] of [
      [{ q: '!!!' }, 'q'],
      [{ q: 'x', sort: 'hot' }, 'sort'],
      [{ q: 'x', after: '7 days' }, 'after'],
      [{ q: 'x', after: '1d', before: '2d' }, 'after'],
      [{ q: 'x', minScore: '5', maxScore: '4' }, 'maxScore'],
      [{ q: 'x', maxScore: '1.5' }, 'maxScore'],
      [{}, 'q'],
    ] as const) {
      const res = await get('/api/v1/forum/search/posts', query);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).issues?.map((i) => i.path)).toContain(path);
    }
  });
});

describe('GET /api/v1/forum/search/comments', () => {
  it.each(['relevance', 'top', 'new', 'old'])('sort=%s pages every match once, in order', async (sort) => {
    const sorted =
      sort === 'new' ? comments : sort === 'old' ? [...comments].reverse() : [...comments].sort(byScoreThenId);
    expect(await commentIds({ q: 'zqxfind', sort, limit: '7' })).toEqual(sorted.map((c) => c.id));
  });

  it('holds every word, and filters by post, author and window; the cursor is bound to them', async () => {
    const both = comments.filter((c) => c.body.includes('zqxother'));
    expect(await commentIds({ q: 'zqxother zqxfind', sort: 'new' })).toEqual(both.map((c) => c.id));
    expect(await commentIds({ q: 'zqxfind', sort: 'new', postId: posts[1]!.id })).toEqual(
      comments.filter((c) => c.postId === posts[1]!.id).map((c) => c.id),
    );
    expect(await commentIds({ q: 'zqxfind', sort: 'new', author: 'zqauthor2', before: '5d' })).toEqual(
      comments.filter((c) => c.author === 'zqauthor2' && c.createdAt < NOW.getTime() - 120 * HOUR).map((c) => c.id),
    );
    const first = await get('/api/v1/forum/search/comments', { q: 'zqxfind', sort: 'new', limit: '2' });
    const cursor = SearchCommentsResponse.parse(first.body).cursor;
    const other = await get('/api/v1/forum/search/comments', { q: 'zqxfind', sort: 'old', limit: '2', cursor });
    expect(other.status).toBe(400);
    expect(ErrorBody.parse(other.body).code).toBe('invalid_cursor');
  });

  it('exports every match as NDJSON', async () => {
    const res = await get('/api/v1/forum/search/comments', { q: 'zqxfind', sort: 'old', format: 'ndjson' });
    expect(res.status).toBe(200);
    const ids = res.text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual([...comments].reverse().map((c) => c.id));
  });
});

describe('the query language (docs/query-language.md)', () => {
  /** A post whose title holds 51 words starting with `zqw`: more than a prefix may stand for. */
  const wordy = {
    ...posts[1]!,
    id: 'zqwordy',
    content: '',
    title: Array.from({ length: 51 }, (_, i) => `zqw${i}`).join(' '),
  };
  beforeAll(() => upsertForumRows(service.store.db, [toForumRow(wordy)]));

  const titled = (p: ForumPostInput) => p.title.includes('zqxfind');

  it('phrases, fields, prefixes and exclusions in posts', async () => {
    const newest = (keep: (p: ForumPostInput) => boolean) => posts.filter(keep).map((p) => p.id);
    // the bodies' words are "says zqxfind amp zqxother" (the entity is text here)
    expect(await postIds({ q: '"zqxfind zqxother"', sort: 'new', limit: '100' })).toEqual(newest(titled));
    expect(await postIds({ q: '"zqxother zqxfind"', sort: 'new', limit: '100' })).toEqual([]);
    expect(await postIds({ q: 'title:zqxfind', sort: 'new', limit: '100' })).toEqual(newest(titled));
    expect(await postIds({ q: 'body:"says zqxfind"', sort: 'new', limit: '100' })).toEqual(newest((p) => !titled(p)));
    expect(await postIds({ q: 'zqxfind -title:zqxother', sort: 'new', limit: '100' })).toEqual(
      newest((p) => !titled(p)),
    );
    expect(await postIds({ q: 'ZQXFI*', sort: 'new', limit: '100' })).toEqual(newest(() => true));
  });

  it('relevance over an OR: a title holding either side first, then by score', async () => {
    const order = [...posts.filter(titled).sort(byScoreThenId), ...posts.filter((p) => !titled(p)).sort(byScoreThenId)];
    expect(await postIds({ q: 'title:zqxfind OR body:zqxother', limit: '100' })).toEqual(order.map((p) => p.id));
  });

  it.each(['relevance', 'top', 'new', 'old'])('sort=%s: an OR of comments pages every match once', async (sort) => {
    const sorted =
      sort === 'new' ? comments : sort === 'old' ? [...comments].reverse() : [...comments].sort(byScoreThenId);
    // every comment holds zqxfind, a third of them zqxother: the two sides' reads overlap
    expect(await commentIds({ q: 'zqxother OR zqxfind', sort, limit: '7' })).toEqual(sorted.map((c) => c.id));
    expect(await commentIds({ q: '"and zqxother" OR "only zqxfind"', sort, limit: '5' })).toEqual(
      sorted.map((c) => c.id),
    );
    expect(await commentIds({ q: 'zqxfind -"here and"', sort, limit: '6' })).toEqual(
      sorted.filter((c) => c.body.startsWith('only')).map((c) => c.id),
    );
  });

  it('refuses a malformed query with the fault and its character, and a prefix standing for too many words', async () => {
    for (const [q, message] of [
      ['zqxfind "open', 'q is not a valid query: this quote is not closed (at character 9)'],
      ['zqxfind OR', 'q is not a valid query: OR needs a word or a phrase after it (at character 9)'],
      [
        '-zqxfind',
        'q is not a valid query: the query needs a word to find (excluded terms alone find nothing) (at character 1)',
      ],
      ['zqw*', 'q is not a valid query: zqw* stands for more than 50 words: make it longer'],
    ]) {
      const res = await get('/api/v1/forum/search/posts', { q: q! });
      expect(res.status).toBe(400);
      const body = ErrorBody.parse(res.body);
      expect([body.code, body.message]).toEqual(['invalid_parameter', message]);
      expect(body.issues?.map((i) => i.path)).toEqual(['q']);
    }
    expect(await postIds({ q: 'zqw1*' })).toEqual(['zqwordy']);
  });
});
