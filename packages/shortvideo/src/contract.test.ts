import { shortvideoContract, userPosts, videoComments, videosByIds } from './contract.js';
import { Comment, CommentsResponse, Reply, UserPostsResponse, Video } from './schemas.js';

describe('short-video contract', () => {
  it('declares both operations exactly as the API gives them, with the bearer token', () => {
    expect(Object.keys(shortvideoContract)).toEqual(['userPosts', 'videoComments', 'videosByIds', 'history']);
    expect(shortvideoContract.history).toMatchObject({
      id: 'shortvideo.history',
      path: '/api/v1/shortvideo/history',
      auth: 'bearer',
      paging: { param: 'cursor', next: ['cursor'] },
    });
    expect(videosByIds).toMatchObject({
      id: 'shortvideo.videosByIds',
      method: 'GET',
      path: '/api/v1/shortvideo/videos',
      auth: 'bearer',
      pathParams: [],
    });
    expect(userPosts).toMatchObject({
      method: 'GET',
      path: '/api/v1/shortvideo/user/posts',
      auth: 'bearer',
      pathParams: [],
    });
    expect(videoComments).toMatchObject({
      method: 'GET',
      path: '/api/v1/shortvideo/video/{videoId}/comments',
      auth: 'bearer',
      pathParams: ['videoId'],
    });
    // the documented parameters, then the after/before extension
    expect(Object.keys(userPosts.params.query.shape)).toEqual(['username', 'limit', 'cursor', 'after', 'before']);
    expect(Object.keys(videoComments.params.query.shape)).toEqual(['limit', 'cursor', 'sort', 'after', 'before']);
  });

  it('applies the defaults: limit 20 on both, sort newest, no cursor', () => {
    expect(userPosts.params.query.parse({ username: 'maya' })).toEqual({ username: 'maya', limit: 20 });
    expect(videoComments.params.query.parse({})).toEqual({ limit: 20, sort: 'newest' });
  });

  it('requires username and videoId', () => {
    expect(userPosts.params.query.safeParse({}).success).toBe(false);
    expect(userPosts.params.query.safeParse({ username: '' }).success).toBe(false);
    expect(videoComments.params.path.safeParse({ videoId: '' }).success).toBe(false);
  });

  it.each([
    ['userPosts', userPosts.params.query, { username: 'maya' }],
    ['videoComments', videoComments.params.query, {}],
  ] as const)('%s bounds limit to 1..100', (_, query, base) => {
    expect(query.safeParse({ ...base, limit: '100' }).success).toBe(true);
    expect(query.safeParse({ ...base, limit: '1' }).success).toBe(true);
    expect(query.safeParse({ ...base, limit: '101' }).success).toBe(false);
    expect(query.safeParse({ ...base, limit: '0' }).success).toBe(false);
    expect(query.safeParse({ ...base, limit: '2.5' }).success).toBe(false);
  });

  it('takes exactly the documented sorts, spelled as documented', () => {
    const query = videoComments.params.query;
    expect(query.shape.sort.unwrap().options).toEqual(['newest', 'oldest', 'most_liked']);
    expect(query.safeParse({ sort: 'most-liked' }).success).toBe(false);
    expect(query.safeParse({ sort: 'Newest' }).success).toBe(false);
  });

  it('gives every documented field of a video and a comment, and replies without replies of their own', () => {
    expect(Object.keys(Video.shape)).toEqual([
      'id',
      'description',
      'author',
      'likeCount',
      'commentCount',
      'shareCount',
      'viewCount',
      'duration',
      'createdAt',
      'videoUrl',
      'music',
      // the source's other fields: answered only when `fields` names it
      'extra',
    ]);
    expect(Object.keys(Comment.shape)).toEqual([
      'id',
      'text',
      'author',
      'likeCount',
      'replyCount',
      'createdAt',
      'replies',
    ]);
    expect(Object.keys(UserPostsResponse.shape)).toEqual(['videos', 'cursor', 'hasMore']);
    expect(Object.keys(CommentsResponse.shape)).toEqual(['comments', 'cursor']);
    const reply = {
      id: 'r',
      text: 't',
      author: 'a',
      likeCount: 0,
      replyCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      replies: [],
    };
    expect(Reply.safeParse(reply).success).toBe(true);
    expect(Reply.safeParse({ ...reply, replies: [reply] }).success).toBe(false);
    expect(Comment.safeParse({ ...reply, replies: [reply, reply, reply] }).success).toBe(true);
    expect(Comment.safeParse({ ...reply, replies: [reply, reply, reply, reply] }).success).toBe(false);
    expect(Comment.safeParse({ ...reply, createdAt: '2026-01-01 00:00' }).success).toBe(false);
  });
});

describe('short-video videosByIds parameters', () => {
  const query = videosByIds.params.query;
  it('takes 1 to 100 distinct ids, comma-separated, kept once in the order first given', () => {
    expect(query.parse({ ids: 'v2,v1,v2' })).toEqual({ ids: ['v2', 'v1'] });
    expect(query.safeParse({ ids: Array.from({ length: 100 }, (_, i) => `v${i}`).join(',') }).success).toBe(true);
    expect(query.safeParse({ ids: Array.from({ length: 101 }, (_, i) => `v${i}`).join(',') }).success).toBe(false);
    for (const bad of [undefined, '', 'a,,b', ',a', 'x'.repeat(101)])
      expect(query.safeParse({ ids: bad }).success).toBe(false);
  });
});
