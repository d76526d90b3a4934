import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import type { Post } from '../schemas.js';
import { createForumHandlers } from './handlers.js';
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
    searchPosts: unused,
    searchComments: unused,
    aggregate: unused,
  };
  return { source, calls };
}

describe('forum handlers', () => {
  it('turns sort and timeframe into a source query with the window ending now', async () => {
    const { source, calls } = fakeSource([post], { communities: [], users: [] });
    const handlers = createForumHandlers(source);
    expect(await handlers.communityPosts({ community: 'c', limit: 7, sort: 'top', timeframe: 'week' }, ctx)).toEqual({
      posts: [post],
    });
    expect(calls.communityPosts[0]).toEqual({
      community: 'c',
      order: 'top',
      limit: 7,
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
    ).toEqual({ posts: [] });
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
    expect(calls.userPosts).toEqual([{ username: 'u', limit: 3 }]);
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
      limit: 5,
      createdUntil: now,
      createdAfter: new Date(now.getTime() - 7 * 86_400_000),
      window: { after, before },
      minScore: -3,
    });
    await handlers.communityPosts({ community: 'c', limit: 5, sort: 'new', timeframe: 'day', before }, ctx);
    expect(calls.communityPosts[1]).toEqual({
      community: 'c',
      order: 'new',
      limit: 5,
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
      { username: 'u', limit: 3, window: { after }, minScore: 0 },
      { username: 'u', limit: 3 },
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
