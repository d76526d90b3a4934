import { communityPosts, forumContract, userPosts } from './contract.js';

describe('forum contract', () => {
  it('declares both operations exactly as SPEC.md gives them', () => {
    expect(Object.keys(forumContract)).toEqual(['communityPosts', 'userPosts']);
    expect(communityPosts).toMatchObject({ method: 'GET', path: '/api/v1/forum/community/{community}/posts', auth: 'bearer', pathParams: ['community'] });
    expect(userPosts).toMatchObject({ method: 'GET', path: '/api/v1/forum/user/{username}/posts', auth: 'bearer', pathParams: ['username'] });
  });

  it('applies the defaults: limit 25, sort hot, timeframe day', () => {
    expect(communityPosts.params.query.parse({})).toEqual({ limit: 25, sort: 'hot', timeframe: 'day' });
    expect(userPosts.params.query.parse({})).toEqual({ limit: 25 });
  });

  it('bounds limit to 1..100 and takes exactly the documented enums', () => {
    const query = communityPosts.params.query;
    expect(query.safeParse({ limit: '100' }).success).toBe(true);
    expect(query.safeParse({ limit: '101' }).success).toBe(false);
    expect(query.safeParse({ limit: '0' }).success).toBe(false);
    expect(query.shape.sort.unwrap().options).toEqual(['hot', 'new', 'top', 'rising']);
    expect(query.shape.timeframe.unwrap().options).toEqual(['hour', 'day', 'week', 'month', 'year', 'all']);
  });
});
