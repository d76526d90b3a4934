import {
  commentsByIds,
  communityPosts,
  forumContract,
  postComments,
  postsByIds,
  userComments,
  userPosts,
} from './contract.js';

describe('forum contract', () => {
  it('declares both operations exactly as the API gives them, and the extensions beside them', () => {
    expect(Object.keys(forumContract)).toEqual([
      'communityPosts',
      'userPosts',
      'postsByIds',
      'postComments',
      'userComments',
      'commentsByIds',
      'searchPosts',
      'searchComments',
      'aggregate',
      'userInteractions',
      'history',
    ]);
    expect(forumContract.userInteractions).toMatchObject({
      id: 'forum.userInteractions',
      path: '/api/v1/forum/user/{username}/interactions',
      auth: 'bearer',
      heavy: true,
    });
    expect(forumContract.history).toMatchObject({
      id: 'forum.history',
      path: '/api/v1/forum/history',
      auth: 'bearer',
      paging: { param: 'cursor', next: ['cursor'] },
    });
    expect(postsByIds).toMatchObject({
      id: 'forum.postsByIds',
      method: 'GET',
      path: '/api/v1/forum/posts',
      auth: 'bearer',
      pathParams: [],
    });
    expect(communityPosts).toMatchObject({
      method: 'GET',
      path: '/api/v1/forum/community/{community}/posts',
      auth: 'bearer',
      pathParams: ['community'],
    });
    expect(userPosts).toMatchObject({
      method: 'GET',
      path: '/api/v1/forum/user/{username}/posts',
      auth: 'bearer',
      pathParams: ['username'],
    });
  });

  it('applies the defaults: limit 25, sort hot, timeframe day', () => {
    expect(communityPosts.params.query.parse({})).toEqual({ limit: 25, sort: 'hot', timeframe: 'day' });
    expect(userPosts.params.query.parse({})).toEqual({ limit: 25 });
  });

  it('bounds limit to 1..1000 and takes exactly the documented enums', () => {
    const query = communityPosts.params.query;
    expect(query.safeParse({ limit: '1000' }).success).toBe(true);
    expect(query.safeParse({ limit: '1001' }).success).toBe(false);
    expect(query.safeParse({ limit: '0' }).success).toBe(false);
    expect(query.shape.sort.unwrap().options).toEqual(['hot', 'new', 'top', 'rising']);
    expect(query.shape.timeframe.unwrap().options).toEqual(['hour', 'day', 'week', 'month', 'year', 'all']);
  });
});

describe('forum listings: cursor', () => {
  it.each([communityPosts, userPosts])(
    '$id pages by a cursor that iterate and export follow, and answers it beside the posts',
    (operation) => {
      expect(operation.paging).toEqual({
        kind: 'token',
        param: 'cursor',
        next: ['cursor'],
        limitParam: 'limit',
        exportPageSize: 1000,
      });
      expect(operation.params.query.parse({ cursor: 'abc.def' })).toMatchObject({ cursor: 'abc.def' });
      expect(operation.params.query.parse({}).cursor).toBeUndefined();
      const post = {
        id: 'a',
        title: '',
        content: '',
        author: 'u',
        community: 'c',
        upvotes: 0,
        downvotes: 0,
        score: 0,
        commentCount: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        url: '',
      };
      expect(operation.response.parse({ posts: [post], cursor: '' })).toEqual({ posts: [post], cursor: '' });
      expect(operation.response.safeParse({ posts: [post] }).success).toBe(false);
    },
  );
});

describe('forum listings: after, before, minScore', () => {
  it.each([communityPosts, userPosts])(
    '$id takes exclusive time bounds as Dates and an inclusive signed minScore',
    (operation) => {
      const query = operation.params.query;
      expect(query.parse({ after: '2024-05-01', before: '1714608000', minScore: '-12' })).toMatchObject({
        after: new Date('2024-05-01T00:00:00.000Z'),
        before: new Date('2024-05-02T00:00:00.000Z'),
        minScore: -12,
      });
      const parsed = query.parse({});
      expect([parsed.after, parsed.before, parsed.minScore]).toEqual([undefined, undefined, undefined]);
      for (const bad of [
        { after: 'yesterday' },
        { before: '2024-02-30' },
        { minScore: '1.5' },
        { minScore: '+1' },
        { minScore: '1000000001' },
      ]) {
        expect(query.safeParse(bad).success).toBe(false);
      }
    },
  );
});

describe('forum postsByIds parameters', () => {
  const query = postsByIds.params.query;
  it('takes 1 to 500 distinct ids, comma-separated, kept once in the order first given', () => {
    expect(query.parse({ ids: 'b,a,b' })).toEqual({ ids: ['b', 'a'] });
    expect(query.safeParse({ ids: Array.from({ length: 500 }, (_, i) => `p${i}`).join(',') }).success).toBe(true);
    expect(query.safeParse({ ids: Array.from({ length: 501 }, (_, i) => `p${i}`).join(',') }).success).toBe(false);
    for (const bad of [undefined, '', 'a,,b', ',a', 'x'.repeat(101)])
      expect(query.safeParse({ ids: bad }).success).toBe(false);
  });

  it('declares the comment operations: a tree per post, a user listing, a batch lookup', () => {
    expect(postComments).toMatchObject({
      path: '/api/v1/forum/post/{postId}/comments',
      auth: 'bearer',
      pathParams: ['postId'],
      paging: { kind: 'token', param: 'cursor', next: ['cursor'] },
    });
    expect(userComments).toMatchObject({ path: '/api/v1/forum/user/{username}/comments', pathParams: ['username'] });
    expect(commentsByIds).toMatchObject({ path: '/api/v1/forum/comments', pathParams: [] });
    expect(postComments.params.query.parse({})).toEqual({ sort: 'best', depth: 10, limit: 100 });
    expect(postComments.params.query.shape.sort.unwrap().options).toEqual(['best', 'top', 'new', 'old']);
    for (const [limit, ok] of [
      ['500', true],
      ['501', false],
      ['0', false],
    ] as const)
      expect(postComments.params.query.safeParse({ limit }).success).toBe(ok);
    for (const [depth, ok] of [
      ['1', true],
      ['10', true],
      ['11', false],
      ['0', false],
    ] as const)
      expect(postComments.params.query.safeParse({ depth }).success).toBe(ok);
    expect(userComments.params.query.parse({})).toEqual({ limit: 25 });
  });
});
