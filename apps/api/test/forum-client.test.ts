import type { Server } from 'node:http';
import { ApiResponseError, NoResponseError, RequestSetupError } from '@socialquery/core';
import { CommentTreeResponse, createForumClient, PostsByIdsResponse, PostsResponse } from '@socialquery/forum';
import { closedPortUrl, largestThread, listen, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let community: string;

beforeAll(async () => {
  service = await startTestService();
  community = (await service.store.examples()).forum!.community;
  ({ server, baseUrl } = await listen(service.app));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

describe('forum client against the real service', () => {
  it('communityPosts returns the posts, validated by the response schema', async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const body = await client.communityPosts({ community, sort: 'new', limit: 5 });
    expect(PostsResponse.parse(body).posts).toHaveLength(5);
    const dates = body.posts.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('fields trims the posts on the wire, and the result is typed with the selected fields only', async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const full = await client.communityPosts({ community, sort: 'new', limit: 3 });
    const trimmed = await client.communityPosts({ community, sort: 'new', limit: 3, fields: ['id', 'score'] });
    expect(trimmed.posts).toEqual(full.posts.map(({ id, score }) => ({ id, score })));
    const ids: string[] = trimmed.posts.map((post) => post.id);
    // @ts-expect-error title was not selected
    expect(trimmed.posts[0]?.title).toBeUndefined();
    expect(ids).toHaveLength(3);
    const asText = await client.communityPosts({ community, sort: 'new', limit: 3, fields: 'id,title' });
    expect(Object.keys(asText.posts[0] ?? {})).toEqual(['id', 'title']);
  });

  it("userPosts returns the user's posts", async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const username = (await service.store.examples()).forum!.username;
    const { posts } = await client.userPosts({ username, limit: 2 });
    expect(posts).toHaveLength(2);
    expect(posts.every((p) => p.author === username)).toBe(true);
  });

  it('postsByIds takes a list of ids and answers the posts found in that order, and the ids not found', async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const listed = await client.communityPosts({ community, sort: 'new', limit: 3 });
    const ids = [listed.posts[2]!.id, 'no-such-post', listed.posts[0]!.id, listed.posts[2]!.id];
    const body = await client.postsByIds({ ids });
    expect(PostsByIdsResponse.parse(body)).toEqual({
      posts: [listed.posts[2], listed.posts[0]],
      notFound: ['no-such-post'],
    });
    const trimmed = await client.postsByIds({ ids, fields: ['id'] });
    expect(trimmed).toEqual({
      posts: [{ id: listed.posts[2]!.id }, { id: listed.posts[0]!.id }],
      notFound: ['no-such-post'],
    });
    await expect(client.postsByIds({ ids: [] })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.postsByIds({ ids: Array.from({ length: 501 }, (_, i) => `p${i}`) })).rejects.toBeInstanceOf(
      RequestSetupError,
    );
  });

  it("takes after/before as Dates or wire strings and minScore as a number; after >= before is the server's 400", async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const newest = (await client.communityPosts({ community, sort: 'new', limit: 30 })).posts;
    const [upper, lower] = [newest[2]!, newest[25]!];
    const byDate = await client.communityPosts({
      community,
      sort: 'new',
      limit: 100,
      after: new Date(lower.createdAt),
      before: new Date(upper.createdAt),
      minScore: -1000,
    });
    expect(byDate.posts).toEqual(newest.filter((p) => p.createdAt > lower.createdAt && p.createdAt < upper.createdAt));
    const byText = await client.communityPosts({
      community,
      sort: 'new',
      limit: 100,
      after: lower.createdAt,
      before: upper.createdAt,
      minScore: '-1000',
    });
    expect(byText).toEqual(byDate);
    await expect(client.communityPosts({ community, after: 'yesterday' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.communityPosts({ community, minScore: 1.5 })).rejects.toBeInstanceOf(RequestSetupError);
    const reversed = await client
      .communityPosts({ community, after: new Date(upper.createdAt), before: new Date(lower.createdAt) })
      .catch((e: unknown) => e);
    expect(reversed).toMatchObject({
      kind: 'api_response',
      status: 400,
      body: { code: 'invalid_parameter', issues: [{ path: 'after' }] },
    });
  });

  it('raises ApiResponseError with status and parsed body on 404', async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const error = await client.communityPosts({ community: 'no-such-place' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ kind: 'api_response', status: 404, body: { code: 'not_found' } });
  });

  it('raises ApiResponseError 401 for a bad token', async () => {
    const client = createForumClient({ baseUrl, token: 'sqt_wrong' });
    await expect(client.communityPosts({ community })).rejects.toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
  });

  it('raises RequestSetupError and sends nothing when an argument is missing or invalid', async () => {
    let requests = 0;
    const count = () => requests++;
    server.on('request', count);
    try {
      const client = createForumClient({ baseUrl, token: service.token });
      const missing = await client.communityPosts({} as never).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(RequestSetupError);
      expect(missing).toMatchObject({
        kind: 'request_setup',
        message: expect.stringContaining('community is required'),
      });
      await expect(client.communityPosts({ community, limit: 1001 })).rejects.toBeInstanceOf(RequestSetupError);
      await expect(client.communityPosts({ community, sort: 'best' as never })).rejects.toBeInstanceOf(
        RequestSetupError,
      );
      const badField = await client.communityPosts({ community, fields: ['id', 'titel'] }).catch((e: unknown) => e);
      expect(badField).toMatchObject({
        kind: 'request_setup',
        message: expect.stringContaining("unknown field 'titel'; valid fields: id, title"),
      });
      await expect(client.communityPosts({ community, fields: [] })).rejects.toBeInstanceOf(RequestSetupError);
      expect(requests).toBe(0);
    } finally {
      server.off('request', count);
    }
  });

  it('raises NoResponseError when nothing listens on the port', async () => {
    const closedUrl = await closedPortUrl(service.app);
    const client = createForumClient({ baseUrl: closedUrl, token: service.token, timeout: 2000 });
    const error = await client.userPosts({ username: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoResponseError);
    expect(error).toMatchObject({ kind: 'no_response', code: 'ECONNREFUSED' });
  });
});

describe('forum client: paging the post listings', () => {
  it("iterate('communityPosts') follows the cursor through every page: the export's posts, in the same order", async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    for (const args of [
      { community, sort: 'top', timeframe: 'all', limit: 40 },
      { community, sort: 'rising', limit: 3 },
      { community, sort: 'hot', minScore: 2, limit: 25 },
    ] as const) {
      const iterated: string[] = [];
      for await (const post of client.iterate('communityPosts', args)) iterated.push(post.id);
      const exported: string[] = [];
      for await (const post of client.exportAll('communityPosts', args)) exported.push(post.id);
      expect(iterated).toEqual(exported);
      expect(new Set(iterated).size).toBe(iterated.length);
      const first = await client.communityPosts(args);
      expect(iterated.slice(0, args.limit)).toEqual(first.posts.map((p) => p.id));
      expect(iterated.length).toBeGreaterThan(args.limit);
    }
    const stored = await service.store.db
      .selectFrom('forum_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('community_key', '=', community.toLowerCase())
      .executeTakeFirstOrThrow();
    let count = 0;
    for await (const _post of client.iterate('communityPosts', { community, sort: 'new', limit: 100 })) count++;
    expect(count).toBe(Number(stored.n));
  });

  it("iterate('userPosts') walks the user's posts newest first, and a page's cursor continues it by hand", async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const username = (await service.store.examples()).forum!.username;
    const all: PostsResponse['posts'] = [];
    for await (const post of client.iterate('userPosts', { username, limit: 7 })) all.push(post);
    expect(all.length).toBeGreaterThan(7);
    const dates = all.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = await client.userPosts({ username, limit: 7 });
    const second = await client.userPosts({ username, limit: 7, cursor: first.cursor });
    expect([...first.posts, ...second.posts]).toEqual(all.slice(0, 14));
    const forged = await client.userPosts({ username, cursor: `${first.cursor}x` }).catch((e: unknown) => e);
    expect(forged).toMatchObject({ kind: 'api_response', status: 400, body: { code: 'invalid_cursor' } });
  });
});

describe('forum client: comments', () => {
  it('postComments pages a tree, iterate walks its top level, and a moreReplies cursor continues a comment', async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const postId = await largestThread(service);
    const page = await client.postComments({ postId, sort: 'top', depth: 1, limit: 5 });
    expect(CommentTreeResponse.parse(page).comments).toHaveLength(5);
    const withReplies = page.comments.find((c) => c.moreReplies !== null)!;
    const replies = await client.postComments({ postId, sort: 'top', cursor: withReplies.moreReplies!.cursor });
    expect(replies.comments[0]!.parentId).toBe(withReplies.id);
    const topLevel: string[] = [];
    for await (const comment of client.iterate('postComments', { postId, sort: 'top', depth: 1, limit: 200 })) {
      topLevel.push(comment.id);
      if (topLevel.length === 450) break;
    }
    expect(new Set(topLevel).size).toBe(topLevel.length);
    expect(topLevel.slice(0, 5)).toEqual(page.comments.map((c) => c.id));
  });

  it('userComments and commentsByIds answer typed comments', async () => {
    const client = createForumClient({ baseUrl, token: service.token });
    const postId = await largestThread(service);
    const first = (await client.postComments({ postId, limit: 20, depth: 1 })).comments.find(
      (c) => c.author !== '[deleted]',
    );
    const mine = await client.userComments({ username: first!.author, limit: 3 });
    expect(mine.comments.every((c) => c.author.toLowerCase() === first!.author.toLowerCase())).toBe(true);
    const found = await client.commentsByIds({ ids: [first!.id, 'nope'] });
    const { moreReplies: _more, ...plain } = first!;
    expect(found).toEqual({ comments: [plain], notFound: ['nope'] });
  });
});
