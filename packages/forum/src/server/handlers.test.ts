import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import type { Post } from '../schemas.js';
import { createForumHandlers } from './handlers.js';
import type { CommunityPostsQuery, ForumSource, UserPostsQuery } from './source.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };
const post: Post = {
  id: 'a1', title: 't', content: '', author: 'u', community: 'c', upvotes: 2, downvotes: 1, score: 1,
  commentCount: 0, createdAt: now.toISOString(), url: 'https://forum.example.org/c/c/comments/a1',
};

/** A source that records its queries and answers from fixed data. */
function fakeSource(posts: Post[], known: { communities: string[]; users: string[] }) {
  const calls: { communityPosts: CommunityPostsQuery[]; userPosts: UserPostsQuery[]; exists: string[] } = {
    communityPosts: [], userPosts: [], exists: [],
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
  };
  return { source, calls };
}

describe('forum handlers', () => {
  it('turns sort and timeframe into a source query with the window ending now', async () => {
    const { source, calls } = fakeSource([post], { communities: [], users: [] });
    const handlers = createForumHandlers(source);
    expect(await handlers.communityPosts({ community: 'c', limit: 7, sort: 'top', timeframe: 'week' }, ctx)).toEqual({ posts: [post] });
    expect(calls.communityPosts[0]).toEqual({
      community: 'c', order: 'top', limit: 7, createdUntil: now, createdAfter: new Date(now.getTime() - 7 * 86_400_000),
    });
    await handlers.communityPosts({ community: 'c', limit: 25, sort: 'hot', timeframe: 'hour' }, ctx);
    expect(calls.communityPosts[1]).toMatchObject({ order: 'hot', createdAfter: undefined });
    expect(calls.exists).toEqual([]);
  });

  it('checks existence only for an empty listing: empty and known → 200 with no posts', async () => {
    const { source, calls } = fakeSource([], { communities: ['quiet'], users: [] });
    const handlers = createForumHandlers(source);
    expect(await handlers.communityPosts({ community: 'quiet', limit: 25, sort: 'top', timeframe: 'hour' }, ctx)).toEqual({ posts: [] });
    expect(calls.exists).toEqual(['quiet']);
  });

  it('answers not_found for an unknown community or user', async () => {
    const { source } = fakeSource([], { communities: [], users: [] });
    const handlers = createForumHandlers(source);
    const community = await handlers.communityPosts({ community: 'gone', limit: 25, sort: 'new', timeframe: 'day' }, ctx).catch((e: unknown) => e);
    expect(community).toBeInstanceOf(ServiceError);
    expect(community).toMatchObject({ code: 'not_found', status: 404, message: "community 'gone' not found" });
    await expect(handlers.userPosts({ username: 'ghost', limit: 25 }, ctx)).rejects.toMatchObject({ code: 'not_found', message: "user 'ghost' not found" });
  });

  it('passes the username and limit through for user posts', async () => {
    const { source, calls } = fakeSource([post], { communities: [], users: [] });
    await createForumHandlers(source).userPosts({ username: 'u', limit: 3 }, ctx);
    expect(calls.userPosts).toEqual([{ username: 'u', limit: 3 }]);
  });
});
