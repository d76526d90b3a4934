import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import type { Post } from '../schemas.js';
import { createForumHandlers } from './handlers.js';
import { hotScore, risingScore } from './ranking.js';
import type { CommunityPostsQuery, ForumSource, UserPostsQuery } from './source.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };
const post: Post = {
  id: 'a1',
  title: 't',
  content: '',
  author: 'u',
  community: 'c',
  upvotes: 2,
  downvotes: 1,
  score: 1,
  commentCount: 0,
  createdAt: now.toISOString(),
  url: 'https://forum.example.org/c/c/comments/a1',
};

const unused = () => Promise.reject(new Error('not used by these tests'));

/** A source that records its queries and answers from fixed data. */
function fakeSource(posts: Post[], known: { communities: string[]; users: string[] }) {
  const calls: {
    communityPosts: CommunityPostsQuery[];
    userPosts: UserPostsQuery[];
    exists: string[];
    byIds: string[][];
  } = {
    communityPosts: [],
    userPosts: [],
    exists: [],
    byIds: [],
  };
  const source: ForumSource = {
    // histories are core's answerHistory over the store's observations (core and store tests)
    history: async () => undefined,
    async communityPosts(query) {
      calls.communityPosts.push(query);
      return posts;
    },
    async userPosts(query) {
      calls.userPosts.push(query);
      return posts;
    },
    async communityExists(name) {
      calls.exists.push(name);
      return known.communities.includes(name);
    },
    async userExists(name) {
      calls.exists.push(name);
      return known.users.includes(name);
    },
    async postsByIds(ids) {
      calls.byIds.push([...ids]);
      // in store order, not the request's
      return posts.filter((p) => ids.includes(p.id)).reverse();
    },
    // the comment operations have their own tests (comment-tree.test.ts)
    replyPositions: unused,
    replyCounts: unused,
    commentsByIds: unused,
    userComments: unused,
    threadExists: unused,
    threadVersion: unused,
    searchPosts: unused,
    searchComments: unused,
    aggregate: unused,
    wordsWithPrefix: unused,
    countMatches: unused,
    listPosts: unused,
    listComments: unused,
    userInteractions: unused,
  };
  return { source, calls };
}

describe('forum handlers', () => {
  it('turns sort and timeframe into a source query with the window ending now', async () => {
    const { source, calls } = fakeSource([post], { communities: [], users: [] });
    const handlers = createForumHandlers(source);
    expect(await handlers.communityPosts({ community: 'c', limit: 7, sort: 'top', timeframe: 'week' }, ctx)).toEqual({
      posts: [post],
      cursor: '',
    });
    // one post more than the page: whether another page follows
    expect(calls.communityPosts[0]).toEqual({
      community: 'c',
      order: 'top',
      limit: 8,
      createdUntil: now,
      createdAfter: new Date(now.getTime() - 7 * 86_400_000),
    });
    await handlers.communityPosts({ community: 'c', limit: 25, sort: 'hot', timeframe: 'hour' }, ctx);
    expect(calls.communityPosts[1]).toMatchObject({ order: 'hot', createdAfter: undefined });
    expect(calls.exists).toEqual([]);
  });

  it('checks existence only for an empty listing: empty and known → 200 with no posts', async () => {
    const { source, calls } = fakeSource([], { communities: ['quiet'], users: [] });
    const handlers = createForumHandlers(source);
    expect(
      await handlers.communityPosts({ community: 'quiet', limit: 25, sort: 'top', timeframe: 'hour' }, ctx),
    ).toEqual({ posts: [], cursor: '' });
    expect(calls.exists).toEqual(['quiet']);
  });

  it('answers not_found for an unknown community or user', async () => {
    const { source } = fakeSource([], { communities: [], users: [] });
    const handlers = createForumHandlers(source);
    const community = await handlers
      .communityPosts({ community: 'gone', limit: 25, sort: 'new', timeframe: 'day' }, ctx)
      .catch((e: unknown) => e);
    expect(community).toBeInstanceOf(ServiceError);
    expect(community).toMatchObject({ code: 'not_found', status: 404, message: "community 'gone' not found" });
    await expect(handlers.userPosts({ username: 'ghost', limit: 25 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
      message: "user 'ghost' not found",
    });
  });

  it('passes the username and limit through for user posts', async () => {
    const { source, calls } = fakeSource([post], { communities: [], users: [] });
    await createForumHandlers(source).userPosts({ username: 'u', limit: 3 }, ctx);
    expect(calls.userPosts).toEqual([{ username: 'u', limit: 4 }]);
  });
});

describe('forum handlers: after, before, minScore', () => {
  const after = new Date('2026-06-10T00:00:00.000Z');
  const before = new Date('2026-06-14T00:00:00.000Z');

  it("hands the window and minScore to the source beside the sort's own window, and nothing without them", async () => {
    const { source, calls } = fakeSource([post], { communities: [], users: [] });
    const handlers = createForumHandlers(source);
    await handlers.communityPosts(
      { community: 'c', limit: 5, sort: 'top', timeframe: 'week', after, before, minScore: -3 },
      ctx,
    );
    expect(calls.communityPosts[0]).toEqual({
      community: 'c',
      order: 'top',
      limit: 6,
      createdUntil: now,
      createdAfter: new Date(now.getTime() - 7 * 86_400_000),
      window: { after, before },
      minScore: -3,
    });
    await handlers.communityPosts({ community: 'c', limit: 5, sort: 'new', timeframe: 'day', before }, ctx);
    expect(calls.communityPosts[1]).toEqual({
      community: 'c',
      order: 'new',
      limit: 6,
      createdUntil: now,
      createdAfter: undefined,
      window: { before },
    });
    await handlers.userPosts({ username: 'u', limit: 3, after, minScore: 0 }, ctx);
    await handlers.userPosts(
      { username: 'u', limit: 3, after: undefined, before: undefined, minScore: undefined },
      ctx,
    );
    expect(calls.userPosts).toEqual([
      { username: 'u', limit: 4, window: { after }, minScore: 0 },
      { username: 'u', limit: 4 },
    ]);
    expect(Object.keys(calls.userPosts[1]!)).toEqual(['username', 'limit']);
  });

  it('refuses after >= before with 400 invalid_parameter, before asking the source', async () => {
    const { source, calls } = fakeSource([post], { communities: [], users: [] });
    const handlers = createForumHandlers(source);
    for (const run of [
      () =>
        handlers.communityPosts(
          { community: 'c', limit: 5, sort: 'hot', timeframe: 'day', after: before, before: after },
          ctx,
        ),
      () => handlers.userPosts({ username: 'u', limit: 5, after, before: after }, ctx),
    ]) {
      await expect(run()).rejects.toMatchObject({
        code: 'invalid_parameter',
        status: 400,
        details: { issues: [{ path: 'after', message: 'must be earlier than before' }] },
      });
    }
    expect(calls.communityPosts).toEqual([]);
    expect(calls.userPosts).toEqual([]);
  });
});

describe('forum postsByIds handler', () => {
  const posts = ['a1', 'b2', 'c3'].map((id) => ({ ...post, id }));

  it('puts the posts found in the order asked and lists the others as notFound, in one source call', async () => {
    const { source, calls } = fakeSource(posts, { communities: [], users: [] });
    const body = await createForumHandlers(source).postsByIds({ ids: ['c3', 'zz', 'a1', 'A1'] }, ctx);
    expect(body).toEqual({ posts: [posts[2], posts[0]], notFound: ['zz', 'A1'] });
    expect(calls.byIds).toEqual([['c3', 'zz', 'a1', 'A1']]);
    expect(calls.exists).toEqual([]);
  });

  it('answers an empty list and every id in notFound when nothing is found (never 404)', async () => {
    const { source } = fakeSource(posts, { communities: [], users: [] });
    expect(await createForumHandlers(source).postsByIds({ ids: ['x', 'y'] }, ctx)).toEqual({
      posts: [],
      notFound: ['x', 'y'],
    });
  });
});

describe('forum listings: keyset cursors', () => {
  const HOUR = 3_600_000;
  /** 40 posts of community C: created in pairs sharing a moment, scores repeating (ties everywhere). */
  const posts: Post[] = Array.from({ length: 40 }, (_, i) => ({
    ...post,
    id: `p${String(i).padStart(2, '0')}`,
    community: 'C',
    author: i % 2 === 0 ? 'Ann' : 'Bob',
    score: (i * 7) % 5,
    createdAt: new Date(now.getTime() - Math.floor(i / 2) * 2 * HOUR).toISOString(),
  }));
  const ms = (p: Pick<Post, 'createdAt'>) => Date.parse(p.createdAt);
  const keyOf = (order: CommunityPostsQuery['order'], p: Pick<Post, 'score' | 'createdAt'>, at: number) =>
    order === 'hot'
      ? hotScore(p.score, ms(p))
      : order === 'new'
        ? ms(p)
        : order === 'top'
          ? p.score
          : risingScore(p.score, ms(p), at);

  /** An in-memory source that answers as the store does (the store's own tests prove the SQL). */
  function memorySource() {
    const { source, calls } = fakeSource([], { communities: ['c'], users: ['ann'] });
    const page = (
      rows: Post[],
      key: (p: Pick<Post, 'score' | 'createdAt'>) => number,
      q: { startAfter?: Pick<Post, 'id' | 'score' | 'createdAt'>; limit: number },
    ) => {
      const sorted = [...rows].sort((a, b) => key(b) - key(a) || (a.id < b.id ? 1 : -1));
      const { startAfter } = q;
      const after = startAfter
        ? sorted.filter((p) => key(p) < key(startAfter) || (key(p) === key(startAfter) && p.id < startAfter.id))
        : sorted;
      return after.slice(0, q.limit);
    };
    source.communityPosts = async (q) => {
      calls.communityPosts.push(q);
      const until = q.createdUntil.getTime();
      const rows = posts.filter(
        (p) =>
          p.community.toLowerCase() === q.community.toLowerCase() &&
          (q.createdAfter === undefined || (ms(p) > q.createdAfter.getTime() && ms(p) <= until)) &&
          (q.minScore === undefined || p.score >= q.minScore),
      );
      return page(rows, (p) => keyOf(q.order, p, until), q);
    };
    source.userPosts = async (q) => {
      calls.userPosts.push(q);
      return page(
        posts.filter((p) => p.author.toLowerCase() === q.username.toLowerCase()),
        (p) => ms(p),
        q,
      );
    };
    return { handlers: createForumHandlers(source), calls };
  }

  type Community = Parameters<ReturnType<typeof createForumHandlers>['communityPosts']>[0];
  /** Every page of a community listing, each asked at `clock(page)`, and the posts in order. */
  async function walk(params: Community, clock: (page: number) => Date = () => now) {
    const { handlers, calls } = memorySource();
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let n = 0; ; n++) {
      const body = await handlers.communityPosts(
        { ...params, ...(cursor ? { cursor } : {}) },
        { ...ctx, now: clock(n) },
      );
      ids.push(...body.posts.map((p) => p.id));
      if (body.cursor === '') return { ids, calls, pages: n + 1 };
      expect(body.posts).toHaveLength(params.limit);
      cursor = body.cursor;
    }
  }

  it.each([
    ['hot', 'day'],
    ['new', 'day'],
    ['top', 'all'],
    ['top', 'week'],
    ['rising', 'day'],
  ] as const)(
    '%s (timeframe %s): pages of 3 give the one big page, ties by id, the last cursor empty',
    async (sort, timeframe) => {
      const whole = await walk({ community: 'c', sort, timeframe, limit: 100 });
      expect(whole.pages).toBe(1);
      expect(whole.ids.length).toBeGreaterThan(6);
      const paged = await walk({ community: 'C', sort, timeframe, limit: 3 });
      expect(paged.ids).toEqual(whole.ids);
      expect(paged.pages).toBe(Math.ceil(whole.ids.length / 3));
      // each later page continued after the last post of the one before
      for (const [n, query] of paged.calls.communityPosts.entries())
        if (n > 0) expect(query.startAfter?.id).toBe(paged.ids[3 * n - 1]);
    },
  );

  it('top over a timeframe and rising keep the moment of the first page while the clock moves on', async () => {
    for (const [sort, timeframe] of [
      ['top', 'day'],
      ['rising', 'day'],
    ] as const) {
      const still = await walk({ community: 'c', sort, timeframe, limit: 4 });
      const moving = await walk(
        { community: 'c', sort, timeframe, limit: 4 },
        (n) => new Date(now.getTime() + n * 5 * HOUR),
      );
      expect(moving.ids).toEqual(still.ids);
      for (const query of moving.calls.communityPosts) expect(query.createdUntil).toEqual(now);
      // the test can fail: asked 10 hours later, the listing is another
      const later = await walk(
        { community: 'c', sort, timeframe, limit: 100 },
        () => new Date(now.getTime() + 10 * HOUR),
      );
      expect(later.ids).not.toEqual(still.ids);
    }
  });

  it('hot, new and top over all time carry no moment: the same page at another moment has the same cursor', async () => {
    for (const [sort, timeframe] of [
      ['hot', 'day'],
      ['new', 'day'],
      ['top', 'all'],
    ] as const) {
      const { handlers } = memorySource();
      const params = { community: 'c', sort, timeframe, limit: 5 };
      const first = await handlers.communityPosts(params, ctx);
      const later = await handlers.communityPosts(params, { ...ctx, now: new Date(now.getTime() + HOUR) });
      expect(later.cursor).toBe(first.cursor);
      expect(first.cursor).not.toBe('');
    }
    const { handlers } = memorySource();
    const params = { community: 'c', sort: 'top' as const, timeframe: 'year' as const, limit: 5 };
    const first = await handlers.communityPosts(params, ctx);
    const later = await handlers.communityPosts(params, { ...ctx, now: new Date(now.getTime() + HOUR) });
    expect(later.cursor).not.toBe(first.cursor);
  });

  it('user posts: pages of 3 give the one big page, newest first, ties by id', async () => {
    const { handlers } = memorySource();
    const whole = await handlers.userPosts({ username: 'ann', limit: 100 }, ctx);
    expect(whole.cursor).toBe('');
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const body = await handlers.userPosts({ username: 'ANN', limit: 3, ...(cursor ? { cursor } : {}) }, ctx);
      ids.push(...body.posts.map((p) => p.id));
      cursor = body.cursor;
    } while (cursor !== '');
    expect(ids).toEqual(whole.posts.map((p) => p.id));
    expect(ids).toHaveLength(20);
  });

  it('a cursor is bound to the listing: another community, sort, timeframe, filter or user → 400 invalid_cursor; limit and case may change', async () => {
    const { handlers } = memorySource();
    const params: Community = { community: 'c', sort: 'top', timeframe: 'week', limit: 3, minScore: 1 };
    const { cursor } = await handlers.communityPosts(params, ctx);
    expect(cursor).not.toBe('');
    const next = await handlers.communityPosts({ ...params, community: 'C', limit: 10, cursor }, ctx);
    expect(next.posts.length).toBeGreaterThan(0);
    const after = new Date(now.getTime() - 30 * 86_400_000);
    for (const other of [
      { community: 'd' },
      { sort: 'hot' as const },
      { timeframe: 'month' as const },
      { minScore: 2 },
      { minScore: undefined },
      { after },
      { before: now },
    ]) {
      await expect(handlers.communityPosts({ ...params, ...other, cursor }, ctx)).rejects.toMatchObject({
        code: 'invalid_cursor',
        status: 400,
      });
    }
    const user = await handlers.userPosts({ username: 'ann', limit: 3 }, ctx);
    for (const [run, token] of [
      [() => handlers.userPosts({ username: 'bob', limit: 3, cursor: user.cursor }, ctx), user.cursor],
      [() => handlers.userPosts({ username: 'ann', limit: 3, minScore: 0, cursor: user.cursor }, ctx), user.cursor],
      // another operation's token, though the position would fit
      [() => handlers.userPosts({ username: 'ann', limit: 3, cursor }, ctx), cursor],
      [() => handlers.communityPosts({ ...params, cursor: user.cursor }, ctx), user.cursor],
    ] as const) {
      expect(token).not.toBe('');
      await expect(run()).rejects.toMatchObject({ code: 'invalid_cursor' });
    }
  });

  it('a tampered or forged cursor → 400 invalid_cursor, before the source is asked', async () => {
    const { handlers, calls } = memorySource();
    const params: Community = { community: 'c', sort: 'new', timeframe: 'day', limit: 3 };
    const { cursor } = await handlers.communityPosts(params, ctx);
    const [payload, tag] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ score: 0, createdAt: 0, id: 'p00' })).toString('base64url');
    const otherSecret = createCursorCodec('another-secret-0123456789');
    for (const bad of [
      `${payload}x.${tag}`,
      `${forged}.${tag}`,
      `${payload}`,
      'garbage',
      otherSecret.encode({ score: 0, createdAt: 0, id: 'p00' }, 'x'),
    ]) {
      await expect(handlers.communityPosts({ ...params, cursor: bad }, ctx)).rejects.toMatchObject({
        code: 'invalid_cursor',
      });
    }
    expect(calls.communityPosts).toHaveLength(1);
  });

  it('a validly signed token of the wrong shape is refused like a forged one', async () => {
    const { handlers } = memorySource();
    const params: Community = { community: 'c', sort: 'rising', timeframe: 'day', limit: 3 };
    const { cursor } = await handlers.communityPosts(params, ctx);
    const [payload] = cursor.split('.');
    const position = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(position).toEqual({
      score: expect.any(Number),
      createdAt: expect.any(Number),
      id: expect.any(String),
      now: now.getTime(),
    });
    // the binding is the operation's: re-sign what the handler would bind, without the moment a rising walk needs
    const { now: _dropped, ...withoutMoment } = position;
    const binding = JSON.stringify([
      'forum.communityPosts',
      [
        ['community', 'c'],
        ['sort', 'rising'],
        ['timeframe', 'day'],
      ],
    ]);
    expect(ctx.cursors.encode(position, binding)).toBe(cursor);
    await expect(
      handlers.communityPosts({ ...params, cursor: ctx.cursors.encode(withoutMoment, binding) }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_cursor' });
  });

  it('a later page that comes back empty is an empty page, not a 404', async () => {
    const { source, calls } = fakeSource([], { communities: [], users: [] });
    const handlers = createForumHandlers(source);
    const { handlers: real } = memorySource();
    const { cursor } = await real.communityPosts({ community: 'c', sort: 'new', timeframe: 'day', limit: 3 }, ctx);
    expect(
      await handlers.communityPosts({ community: 'c', sort: 'new', timeframe: 'day', limit: 3, cursor }, ctx),
    ).toEqual({ posts: [], cursor: '' });
    expect(calls.exists).toEqual([]);
  });
});
