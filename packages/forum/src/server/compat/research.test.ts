import { wordsOf } from '@socialquery/core';
import { createCursorCodec } from '@socialquery/core/server';
import {
  arcticShiftAggregateComments,
  arcticShiftAggregatePosts,
  arcticShiftSearchComments,
  arcticShiftSearchPosts,
  arcticShiftUserInteractions,
  pushshiftSearchComments,
  pushshiftSearchSubmissions,
} from '../../compat/contract.js';
import type { AggregateBucket, Comment, Post } from '../../schemas.js';
import { commentRecord } from '../comment.case.js';
import { createInteractionHandlers } from '../interactions-handler.js';
import { postRecord } from '../post.case.js';
import { positionOrder } from '../search-handlers.js';
import type {
  AggregateQuery,
  ForumSource,
  InteractionsQuery,
  SearchCommentsQuery,
  SearchFilters,
  SearchHit,
  UserInteraction,
} from '../source.js';
import { createRedditCompatHandlers } from './handlers.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };
const at = (minute: number) => new Date(Date.UTC(2023, 0, 1, 0, minute)).toISOString();

/** Search hits over fixed records, in the order and from the position the filters ask (the store's searches, in memory). */
function hits<T extends { id: string; createdAt: string; score: number }>(
  items: readonly T[],
  text: (item: T) => string,
  filters: SearchFilters,
): SearchHit<T>[] {
  const byTime = filters.sort === 'new' || filters.sort === 'old';
  const order = positionOrder(filters.sort);
  return items
    .map((item, i) => ({
      item,
      position: { tier: 0, key: byTime ? Date.parse(item.createdAt) : item.score, num: i + 1 },
    }))
    .filter(({ item }) => filters.terms.every((term) => wordsOf(text(item)).includes(term)))
    .filter(({ position }) => !filters.after || order(filters.after, position) < 0)
    .sort((a, b) => order(a.position, b.position))
    .slice(0, filters.limit);
}

const posts = [
  postRecord({ id: 'p1', title: 'galaxy photo', content: 'a mirror', score: 5, createdAt: at(1) }),
  postRecord({ id: 'p2', title: 'mirror polishing', content: 'galaxy', score: 50, createdAt: at(2) }),
  postRecord({
    id: 'p3',
    title: 'galaxy again',
    content: '',
    score: 20,
    createdAt: at(3),
    extra: { distinguished: 'moderator' },
  }),
];
const comments = [
  commentRecord({ id: 'c1', postId: 'p1', body: 'nice galaxy', createdAt: at(4) }),
  commentRecord({ id: 'c2', postId: 'p1', parentId: 'c1', body: 'galaxy indeed', createdAt: at(5) }),
  commentRecord({ id: 'c3', postId: 'p2', body: 'galaxy too', createdAt: at(6), distinguished: 'moderator' }),
];

function fakeSource() {
  const calls = {
    aggregate: [] as AggregateQuery[],
    interactions: [] as InteractionsQuery[],
    comments: [] as SearchCommentsQuery[],
  };
  const buckets: AggregateBucket[] = [
    { key: '2023-01-01T00:00:00.000Z', count: 3 },
    { key: '2023-02-01T00:00:00.000Z', count: 1 },
  ];
  const interactions: UserInteraction[] = [{ username: 'Other', repliesTo: 2, repliesFrom: 1 }];
  const source = {
    searchPosts: async (filters: SearchFilters) => hits<Post>(posts, (p) => `${p.title} ${p.content}`, filters),
    async searchComments(filters: SearchCommentsQuery) {
      calls.comments.push(filters);
      return hits<Comment>(
        comments.filter((c) => filters.postId === undefined || c.postId === filters.postId),
        (c) => c.body,
        filters,
      );
    },
    wordsWithPrefix: async () => [],
    countMatches: async () => 0,
    async aggregate(query: AggregateQuery) {
      calls.aggregate.push(query);
      return buckets;
    },
    async userInteractions(query: InteractionsQuery) {
      calls.interactions.push(query);
      return ['lonely', 'nobody'].includes(query.username) ? [] : interactions;
    },
    userExists: async (name: string) => name !== 'nobody',
  } as unknown as ForumSource;
  return { handlers: createRedditCompatHandlers(source), source, calls };
}

const ids = (answer: { data: { id: string }[] }) => answer.data.map((record) => record.id);

describe('compat searches with words to find', () => {
  it('answers the forum search in time or score order, fields narrowed, checks on the records', async () => {
    const { handlers } = fakeSource();
    const arctic = (params: Record<string, string>) =>
      handlers.arcticShiftSearchPosts(arcticShiftSearchPosts.params.query.parse(params), ctx);
    expect(ids(await arctic({ query: 'galaxy' }))).toEqual(['p3', 'p2', 'p1']);
    expect(ids(await arctic({ query: 'galaxy', sort: 'asc', limit: '2' }))).toEqual(['p1', 'p2']);
    // title: only where the title holds it (p2 has galaxy in its text)
    expect(ids(await arctic({ title: 'galaxy' }))).toEqual(['p3', 'p1']);
    expect(ids(await arctic({ selftext: 'mirror' }))).toEqual(['p1']);
    expect(ids(await arctic({ query: 'galaxy', distinguished: 'moderator' }))).toEqual(['p3']);
    const pushshift = (params: Record<string, string>) =>
      handlers.pushshiftSearchSubmissions(pushshiftSearchSubmissions.params.query.parse(params), ctx);
    expect(ids(await pushshift({ q: 'galaxy', sort_type: 'score' }))).toEqual(['p2', 'p3', 'p1']);
    expect(ids(await pushshift({ q: 'galaxy', num_comments: '>0' }))).toEqual([]);
  });

  it("reads comments by the search, a post's, a parent's checked on each", async () => {
    const { handlers, calls } = fakeSource();
    const arctic = (params: Record<string, string>) =>
      handlers.arcticShiftSearchComments(arcticShiftSearchComments.params.query.parse(params), ctx);
    expect(ids(await arctic({ body: 'galaxy', link_id: 't3_p1' }))).toEqual(['c2', 'c1']);
    expect(calls.comments.at(-1)).toMatchObject({ postId: 'p1', sort: 'new' });
    expect(ids(await arctic({ body: 'galaxy', link_id: 'p1', parent_id: '' }))).toEqual(['c1']);
    expect(ids(await arctic({ body: 'galaxy', parent_id: 't1_c1' }))).toEqual(['c2']);
    expect(ids(await arctic({ body: 'galaxy', distinguished: 'moderator' }))).toEqual(['c3']);
    const pushshift = (params: Record<string, string>) =>
      handlers.pushshiftSearchComments(pushshiftSearchComments.params.query.parse(params), ctx);
    expect(ids(await pushshift({ q: 'galaxy', parent_id: 't3_p1', sort: 'asc' }))).toEqual(['c1']);
  });
});

describe('Pushshift ids with filters', () => {
  it('answers the comments asked that match every filter', async () => {
    const source = {
      commentsByIds: async (asked: readonly string[]) => comments.filter((c) => asked.includes(c.id)),
    } as unknown as ForumSource;
    const handlers = createRedditCompatHandlers(source);
    const pushshift = async (params: Record<string, string>) =>
      ids(
        await handlers.pushshiftSearchComments(
          pushshiftSearchComments.params.query.parse({ ids: 'c3,c2,c1', ...params }),
          ctx,
        ),
      );
    expect(await pushshift({})).toEqual(['c3', 'c2', 'c1']);
    expect(await pushshift({ link_id: 'p1' })).toEqual(['c2', 'c1']);
    expect(await pushshift({ parent_id: 't3_p1' })).toEqual(['c1']);
    expect(await pushshift({ parent_id: 't1_c1' })).toEqual(['c2']);
    expect(await pushshift({ q: 'indeed OR too' })).toEqual(['c3', 'c2']);
    expect(await pushshift({ author: 'U', subreddit: 'C', score: '1' })).toEqual(['c3', 'c2', 'c1']);
    expect(await pushshift({ before: at(5), after: at(3) })).toEqual(['c1']);
  });
});

describe('compat aggregates and interactions', () => {
  it('maps Arctic Shift aggregates onto the forum aggregate, in the order and number asked', async () => {
    const { handlers, calls } = fakeSource();
    const posts = (params: Record<string, string>) =>
      handlers.arcticShiftAggregatePosts(arcticShiftAggregatePosts.params.query.parse(params), ctx);
    expect(await posts({ aggregate: 'created_utc', frequency: 'month', query: 'galaxy', over_18: 'false' })).toEqual({
      data: [
        { created_utc: '2023-01-01T00:00:00.000Z', count: 3 },
        { created_utc: '2023-02-01T00:00:00.000Z', count: 1 },
      ],
    });
    expect(calls.aggregate.at(-1)).toMatchObject({ kind: 'posts', groupBy: 'month', over18: false, minCount: 1 });
    expect((await posts({ aggregate: 'created_utc', frequency: 'month', sort: 'desc', limit: '1' })).data).toEqual([
      { created_utc: '2023-02-01T00:00:00.000Z', count: 1 },
    ]);
    await posts({ aggregate: 'author', subreddit: 'r/c', author: 'u', min_count: '3', limit: '' });
    expect(calls.aggregate.at(-1)).toMatchObject({
      groupBy: 'author',
      community: 'c',
      author: 'u',
      minCount: 3,
      limit: 1000,
    });
    await posts({ aggregate: 'subreddit', limit: '20' });
    expect(calls.aggregate.at(-1)).toMatchObject({ groupBy: 'community', limit: 20 });
    await handlers.arcticShiftAggregateComments(
      arcticShiftAggregateComments.params.query.parse({ aggregate: 'author', link_id: 't3_p1', body: 'galaxy' }),
      ctx,
    );
    expect(calls.aggregate.at(-1)).toMatchObject({ kind: 'comments', postId: 'p1', wordSets: [['galaxy']] });
  });

  it('refuses aggregate parameters that do not go together', () => {
    const query = arcticShiftAggregatePosts.params.query;
    expect(query.safeParse({ aggregate: 'created_utc' }).success).toBe(false);
    expect(query.safeParse({ aggregate: 'author', sort: 'asc' }).success).toBe(false);
    expect(query.safeParse({ aggregate: 'author', limit: '0' }).success).toBe(false);
    expect(query.safeParse({ aggregate: 'author', limit: '10001' }).success).toBe(false);
    expect(query.safeParse({ aggregate: 'author', query: 'a -b' }).success).toBe(false);
    expect(query.parse({ aggregate: 'author', limit: '10000' }).limit).toBe(10000);
  });

  it('answers interactions: the sum both ways, Arctic Shift’s limit default and empty limit, 404 for an unknown user', async () => {
    const { handlers, source, calls } = fakeSource();
    const arctic = (params: Record<string, string>) =>
      handlers.arcticShiftUserInteractions(arcticShiftUserInteractions.params.query.parse(params), ctx);
    expect(await arctic({ author: 'u/me', subreddit: 'c', after: '30d' })).toEqual({
      data: [{ author: 'Other', count: 3 }],
    });
    expect(calls.interactions.at(-1)).toMatchObject({ username: 'me', community: 'c', limit: 100, minCount: 1 });
    expect(calls.interactions.at(-1)!.window?.after).toEqual(new Date(now.getTime() - 30 * 86_400_000));
    await arctic({ author: 'me', limit: '', min_count: '4' });
    expect(calls.interactions.at(-1)).toMatchObject({ limit: 1000, minCount: 4 });
    await arctic({ author: 'me', limit: '5000' });
    expect(calls.interactions.at(-1)).toMatchObject({ limit: 1000 });

    const own = createInteractionHandlers(source);
    const params = { limit: 100, minCount: 1 };
    expect(await own.userInteractions({ username: 'me', ...params }, ctx)).toEqual({
      users: [{ username: 'Other', count: 3, repliesTo: 2, repliesFrom: 1 }],
    });
    expect(await own.userInteractions({ username: 'lonely', community: 'c', ...params }, ctx)).toEqual({ users: [] });
    await expect(own.userInteractions({ username: 'nobody', ...params }, ctx)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
