import { ErrorBody } from '@socialquery/core';
import type { Express } from 'express';
import {
  communityPosts,
  type Post,
  PostsByIdsResponse,
  postsByIds,
  PostsResponse,
  userPosts,
} from '@socialquery/forum';
import { hotScore, risingScore, timeframeMs } from '@socialquery/forum/server';
import { toForumRow, upsertForumRows } from '@socialquery/store';
import request from 'supertest';
import { platformsOf } from '../src/app.js';
import { appWith, NOW, startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
let community: string;
let username: string;
let stored: Post[];

beforeAll(async () => {
  service = await startTestService();
  const examples = await service.store.examples();
  community = examples.forum!.community;
  username = examples.forum!.username;
  stored = await allPostsOf({ community });
});
afterAll(() => service.close());

/** Every stored post of a community or author, straight from the store (the test's ground truth). */
async function allPostsOf(where: { community?: string; author?: string }): Promise<Post[]> {
  let query = service.store.db.selectFrom('forum_posts').selectAll();
  if (where.community) query = query.where('community_key', '=', where.community.toLowerCase());
  if (where.author) query = query.where('author_key', '=', where.author.toLowerCase());
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    author: r.author,
    community: r.community,
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    score: r.score,
    commentCount: r.comment_count,
    createdAt: new Date(Number(r.created_at)).toISOString(),
    url: r.url,
  }));
}

const ms = (post: Post) => Date.parse(post.createdAt);
const byIdDesc = (a: Post, b: Post) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const descending = (key: (p: Post) => number) => (a: Post, b: Post) => key(b) - key(a) || byIdDesc(a, b);

async function listCommunity(query: Record<string, string>, name = community) {
  const res = await request(service.app)
    .get(`/api/v1/forum/community/${encodeURIComponent(name)}/posts`)
    .query(query)
    .set('Authorization', `Bearer ${service.token}`);
  expect(res.status).toBe(200);
  return PostsResponse.parse(res.body).posts;
}

describeOperationRules(
  communityPosts,
  () => service,
  () => ({ path: { community } }),
);
describeOperationRules(
  userPosts,
  () => service,
  () => ({ path: { username } }),
);
describeOperationRules(
  postsByIds,
  () => service,
  () => ({
    path: {},
    query: {
      ids: stored
        .slice(0, 3)
        .map((p) => p.id)
        .join(','),
    },
  }),
);

describe('GET /api/v1/forum/community/{community}/posts', () => {
  it('has the demo data the tests rely on', () => {
    expect(stored.length).toBeGreaterThanOrEqual(300);
  });

  it('defaults to sort=hot, limit=25: Reddit hot formula recomputed here, ties by id', async () => {
    const posts = await listCommunity({});
    const expected = [...stored].sort(descending((p) => hotScore(p.score, ms(p)))).slice(0, 25);
    expect(posts.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(posts).toHaveLength(25);
  });

  it('sort=new: newest first', async () => {
    const posts = await listCommunity({ sort: 'new', limit: '100' });
    const expected = [...stored].sort(descending(ms)).slice(0, 100);
    expect(posts.map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  it.each(['hour', 'day', 'week', 'month', 'year'] as const)(
    'sort=top&timeframe=%s: top score within the window ending now',
    async (timeframe) => {
      const posts = await listCommunity({ sort: 'top', timeframe, limit: '100' });
      const since = NOW.getTime() - timeframeMs[timeframe];
      const inWindow = stored.filter((p) => ms(p) > since && ms(p) <= NOW.getTime());
      expect(inWindow.length).toBeGreaterThan(0);
      const expected = inWindow.sort(descending((p) => p.score)).slice(0, 100);
      expect(posts.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      for (const post of posts) expect(ms(post)).toBeGreaterThan(since);
    },
  );

  it('sort=top&timeframe=all: the whole community by score; default timeframe is day', async () => {
    const all = await listCommunity({ sort: 'top', timeframe: 'all', limit: '50' });
    expect(all.map((p) => p.id)).toEqual(
      [...stored]
        .sort(descending((p) => p.score))
        .slice(0, 50)
        .map((p) => p.id),
    );
    const byDefault = await listCommunity({ sort: 'top', limit: '100' });
    const day = await listCommunity({ sort: 'top', timeframe: 'day', limit: '100' });
    expect(byDefault).toEqual(day);
    expect(day.length).toBeLessThan(all.length + 50);
  });

  it('sort=rising: score per hour of age among posts of the last 24 hours', async () => {
    const posts = await listCommunity({ sort: 'rising', limit: '100' });
    const recent = stored.filter((p) => ms(p) > NOW.getTime() - 86_400_000);
    expect(recent.length).toBeGreaterThan(1);
    const expected = recent.sort(descending((p) => risingScore(p.score, ms(p), NOW.getTime())));
    expect(posts.map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  it('timeframe does not change non-top sorts', async () => {
    expect(await listCommunity({ sort: 'new', timeframe: 'hour' })).toEqual(await listCommunity({ sort: 'new' }));
  });

  it('limit: default 25, 1 gives one post, 100 gives 100, 1000 the whole order up to 1,000; 1001 is refused', async () => {
    expect(await listCommunity({ sort: 'new' })).toHaveLength(25);
    expect(await listCommunity({ sort: 'new', limit: '1' })).toHaveLength(1);
    expect(await listCommunity({ sort: 'new', limit: '100' })).toHaveLength(100);
    for (const sort of ['new', 'hot'] as const) {
      const key = sort === 'new' ? ms : (p: Post) => hotScore(p.score, ms(p));
      const expected = [...stored].sort(descending(key)).slice(0, 1000);
      expect((await listCommunity({ sort, limit: '1000' })).map((p) => p.id)).toEqual(expected.map((p) => p.id));
    }
    const refused = await request(service.app)
      .get(`/api/v1/forum/community/${community}/posts`)
      .query({ limit: '1001' })
      .set('Authorization', `Bearer ${service.token}`);
    expect(refused.status).toBe(400);
    expect(ErrorBody.parse(refused.body).issues).toEqual([{ path: 'limit', message: 'must be at most 1000' }]);
  });

  it('returns every field of a post exactly as stored', async () => {
    const [post] = await listCommunity({ sort: 'new', limit: '1' });
    expect(post).toEqual(stored.find((p) => p.id === post!.id));
    expect(post!.score).toBe(post!.upvotes - post!.downvotes);
    expect(post!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('matches the community name case-insensitively', async () => {
    expect(await listCommunity({ sort: 'new' }, community.toUpperCase())).toEqual(await listCommunity({ sort: 'new' }));
  });

  it('rejects a bogus sort or timeframe with the accepted values', async () => {
    for (const query of [{ sort: 'best' }, { sort: 'HOT' }, { timeframe: 'decade' }, { sort: '' }]) {
      const res = await request(service.app)
        .get(`/api/v1/forum/community/${community}/posts`)
        .query(query)
        .set('Authorization', `Bearer ${service.token}`);
      expect(res.status).toBe(400);
      const body = ErrorBody.parse(res.body);
      expect(body.code).toBe('invalid_parameter');
      expect(body.message).toMatch(/must be one of: (hot, new, top, rising|hour, day, week, month, year, all)/);
    }
  });

  it('answers 404 not_found for an unknown community', async () => {
    const res = await request(service.app)
      .get('/api/v1/forum/community/no-such-community-xyz/posts')
      .set('Authorization', `Bearer ${service.token}`);
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body)).toMatchObject({
      code: 'not_found',
      message: "community 'no-such-community-xyz' not found",
    });
  });

  it('answers 200 with no posts for a known community whose window is empty', async () => {
    const old = NOW.getTime() - 400 * 86_400_000;
    await upsertForumRows(service.store.db, [
      toForumRow({
        id: 'quiet1',
        community: 'QuietPlace',
        author: 'someone_quiet',
        title: 't',
        content: '',
        upvotes: 3,
        downvotes: 1,
        score: 2,
        commentCount: 0,
        createdAt: old,
        url: 'https://forum.example.org/c/QuietPlace/comments/quiet1',
      }),
    ]);
    expect(await listCommunity({ sort: 'top', timeframe: 'hour' }, 'quietplace')).toEqual([]);
    expect(await listCommunity({ sort: 'rising' }, 'quietplace')).toEqual([]);
    expect((await listCommunity({ sort: 'top', timeframe: 'all' }, 'quietplace')).map((p) => p.id)).toEqual(['quiet1']);
  });
});

describe('GET /api/v1/forum/user/{username}/posts', () => {
  const listUser = async (name: string, query: Record<string, string> = {}) => {
    const res = await request(service.app)
      .get(`/api/v1/forum/user/${encodeURIComponent(name)}/posts`)
      .query(query)
      .set('Authorization', `Bearer ${service.token}`);
    return res;
  };

  it("lists the user's posts newest first, across communities, limit default 25", async () => {
    const res = await listUser(username);
    expect(res.status).toBe(200);
    const { posts } = PostsResponse.parse(res.body);
    const all = await allPostsOf({ author: username });
    expect(all.length).toBeGreaterThan(25);
    expect(posts.map((p) => p.id)).toEqual(
      [...all]
        .sort(descending(ms))
        .slice(0, 25)
        .map((p) => p.id),
    );
    expect(new Set(all.map((p) => p.community)).size).toBeGreaterThan(1);
    for (const post of posts) expect(post.author.toLowerCase()).toBe(username.toLowerCase());
  });

  it('honours limit', async () => {
    const { posts } = PostsResponse.parse((await listUser(username, { limit: '3' })).body);
    expect(posts).toHaveLength(3);
  });

  it('answers 404 not_found for an unknown user', async () => {
    const res = await listUser('nobody-at-all-42');
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body)).toMatchObject({
      code: 'not_found',
      message: "user 'nobody-at-all-42' not found",
    });
  });
});

describe('after, before (exclusive) and minScore (inclusive): extensions of both listings', () => {
  const DAY = 86_400_000;
  /** The posts a sort looks at: its own window (top: timeframe before now; rising: the last 24 hours) or all. */
  const sortWindow: Record<string, ((p: Post) => boolean) | undefined> = {
    top: (p) => ms(p) > NOW.getTime() - 7 * DAY && ms(p) <= NOW.getTime(),
    rising: (p) => ms(p) > NOW.getTime() - DAY && ms(p) <= NOW.getTime(),
  };
  const orderOf: Record<string, (a: Post, b: Post) => number> = {
    hot: descending((p) => hotScore(p.score, ms(p))),
    new: descending(ms),
    top: descending((p) => p.score),
    rising: descending((p) => risingScore(p.score, ms(p), NOW.getTime())),
  };

  it.each(['hot', 'new', 'top', 'rising'] as const)(
    "sort=%s keeps exactly the posts strictly inside the window with score >= minScore, in the sort's order",
    async (sort) => {
      // bounds on posts of the community: both are left out
      const candidates = [...stored].filter(sortWindow[sort] ?? (() => true)).sort(descending(ms));
      const [upper, lower] = [candidates[2]!, candidates[Math.min(candidates.length - 3, 60)]!];
      const inside = candidates.filter((p) => ms(p) > ms(lower) && ms(p) < ms(upper));
      expect(inside.length).toBeGreaterThan(5);
      const windowed = await listCommunity({
        sort,
        timeframe: 'week',
        limit: '100',
        after: lower.createdAt,
        before: upper.createdAt,
      });
      expect(windowed.map((p) => p.id)).toEqual([...inside].sort(orderOf[sort]).map((p) => p.id));
      const minScore = [...inside].sort((a, b) => a.score - b.score)[Math.floor(inside.length / 2)]!.score;
      const scored = await listCommunity({
        sort,
        timeframe: 'week',
        limit: '100',
        after: lower.createdAt,
        before: upper.createdAt,
        minScore: String(minScore),
      });
      const expected = inside.filter((p) => p.score >= minScore).sort(orderOf[sort]);
      expect(scored.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      expect(scored.some((p) => p.score === minScore)).toBe(true);
      expect(scored.length).toBeLessThan(inside.length);
    },
  );

  it('takes after/before relative to the request (5d, 1d): the moments they name, on every page', async () => {
    const iso = (ago: number) => new Date(NOW.getTime() - ago).toISOString();
    for (const sort of ['hot', 'new', 'top'] as const) {
      const query = { sort, timeframe: 'week', limit: '100' };
      const relative = await listCommunity({ ...query, after: '5d', before: '1d' });
      expect(relative).toEqual(await listCommunity({ ...query, after: iso(5 * DAY), before: iso(DAY) }));
      expect(relative.length).toBeGreaterThan(3);
      // paged by cursors, the walk keeps its moment: the same posts
      const paged: Post[] = [];
      let cursor = '';
      do {
        const res = await request(service.app)
          .get(`/api/v1/forum/community/${encodeURIComponent(community)}/posts`)
          .query({ ...query, limit: '3', after: '5d', before: '1d', ...(cursor ? { cursor } : {}) })
          .set('Authorization', `Bearer ${service.token}`);
        expect(res.status).toBe(200);
        const page = PostsResponse.parse(res.body);
        paged.push(...page.posts);
        cursor = page.cursor;
      } while (cursor);
      expect(paged.map((p) => p.id)).toEqual(relative.map((p) => p.id));
    }
  });

  it('after/before intersect with the window of top: the narrower bound holds on each side', async () => {
    const week = NOW.getTime() - 7 * DAY;
    const inWeek = stored.filter((p) => ms(p) > week && ms(p) <= NOW.getTime());
    // after a month ago: the week's start holds
    const wide = await listCommunity({
      sort: 'top',
      timeframe: 'week',
      limit: '100',
      after: new Date(NOW.getTime() - 30 * DAY).toISOString(),
    });
    expect(wide).toEqual(await listCommunity({ sort: 'top', timeframe: 'week', limit: '100' }));
    // after two days ago, before one day ago (as epoch seconds): that window holds
    const [from, to] = [NOW.getTime() - 2 * DAY, NOW.getTime() - DAY];
    const narrow = await listCommunity({
      sort: 'top',
      timeframe: 'week',
      limit: '100',
      after: String(from / 1000),
      before: String(to / 1000),
    });
    expect(narrow.map((p) => p.id)).toEqual(
      inWeek
        .filter((p) => ms(p) > from && ms(p) < to)
        .sort(descending((p) => p.score))
        .map((p) => p.id),
    );
    expect(narrow.length).toBeGreaterThan(0);
    // a window wholly before the hour: nothing, and still a 200
    expect(
      await listCommunity({
        sort: 'top',
        timeframe: 'hour',
        before: new Date(NOW.getTime() - 2 * 3_600_000).toISOString(),
      }),
    ).toEqual([]);
  });

  it('minScore alone, on every sort; one below every score changes nothing, one above every score leaves nothing', async () => {
    const lowest = Math.min(...stored.map((p) => p.score));
    const highest = Math.max(...stored.map((p) => p.score));
    for (const sort of ['hot', 'new', 'top', 'rising']) {
      const plain = await request(service.app)
        .get(`/api/v1/forum/community/${community}/posts`)
        .query({ sort })
        .set('Authorization', `Bearer ${service.token}`);
      const below = await request(service.app)
        .get(`/api/v1/forum/community/${community}/posts`)
        .query({ sort, minScore: String(lowest) })
        .set('Authorization', `Bearer ${service.token}`);
      // the same posts (the cursor differs: it is bound to minScore)
      expect(below.body.posts).toEqual(plain.body.posts);
      expect(below.body.posts.length).toBeGreaterThan(0);
      expect(await listCommunity({ sort, minScore: String(highest + 1) })).toEqual([]);
    }
    const top = await listCommunity({ sort: 'top', timeframe: 'all', limit: '100', minScore: '50' });
    expect(top.map((p) => p.id)).toEqual(
      stored
        .filter((p) => p.score >= 50)
        .sort(descending((p) => p.score))
        .slice(0, 100)
        .map((p) => p.id),
    );
  });

  it('maxScore, alone and with minScore, on every sort and on user posts; below minScore is a 400', async () => {
    const scores = stored.map((p) => p.score).sort((a, b) => a - b);
    const [low, high] = [scores[Math.floor(scores.length / 4)]!, scores[Math.floor(scores.length / 2)]!];
    for (const sort of ['hot', 'new', 'top', 'rising']) {
      const plain = await listCommunity({ sort, timeframe: 'all', limit: '1000' });
      const capped = await listCommunity({ sort, timeframe: 'all', limit: '1000', maxScore: String(high) });
      expect(capped.map((p) => p.id)).toEqual(plain.filter((p) => p.score <= high).map((p) => p.id));
      const range = await listCommunity({
        sort,
        timeframe: 'all',
        limit: '1000',
        minScore: String(low),
        maxScore: String(high),
      });
      expect(range.map((p) => p.id)).toEqual(plain.filter((p) => p.score >= low && p.score <= high).map((p) => p.id));
    }
    // the range keeps some posts and leaves some out
    const some = await listCommunity({ sort: 'new', limit: '1000', minScore: String(low), maxScore: String(high) });
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(stored.length);
    const all = (await allPostsOf({ author: username })).sort(descending(ms));
    const mine = await request(service.app)
      .get(`/api/v1/forum/user/${encodeURIComponent(username)}/posts`)
      .query({ limit: '1000', maxScore: String(high) })
      .set('Authorization', `Bearer ${service.token}`);
    expect(PostsResponse.parse(mine.body).posts.map((p) => p.id)).toEqual(
      all.filter((p) => p.score <= high).map((p) => p.id),
    );
    const empty = await request(service.app)
      .get(`/api/v1/forum/community/${community}/posts`)
      .query({ minScore: '5', maxScore: '4' })
      .set('Authorization', `Bearer ${service.token}`);
    expect(empty.status).toBe(400);
    expect(ErrorBody.parse(empty.body).issues).toEqual([{ path: 'maxScore', message: 'must not be below minScore' }]);
  });

  it('user posts: the window and minScore, newest first', async () => {
    const all = (await allPostsOf({ author: username })).sort(descending(ms));
    const [upper, lower] = [all[1]!, all[all.length - 2]!];
    const res = await request(service.app)
      .get(`/api/v1/forum/user/${encodeURIComponent(username)}/posts`)
      .query({ limit: '100', after: lower.createdAt, before: upper.createdAt, minScore: '0' })
      .set('Authorization', `Bearer ${service.token}`);
    expect(res.status).toBe(200);
    const expected = all.filter((p) => ms(p) > ms(lower) && ms(p) < ms(upper) && p.score >= 0).slice(0, 100);
    expect(PostsResponse.parse(res.body).posts.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(expected.length).toBeGreaterThan(5);
  });

  it('refuses a minScore that is not an integer in range: 400 invalid_parameter naming minScore', async () => {
    for (const bad of ['1.5', '+1', '1e3', ' 5', 'ten', '', '-1000000001', '1000000001', '--1']) {
      for (const path of [
        `/api/v1/forum/community/${community}/posts`,
        `/api/v1/forum/user/${encodeURIComponent(username)}/posts`,
      ]) {
        const res = await request(service.app)
          .get(path)
          .query({ minScore: bad })
          .set('Authorization', `Bearer ${service.token}`);
        expect(res.status).toBe(400);
        expect(ErrorBody.parse(res.body)).toMatchObject({
          code: 'invalid_parameter',
          issues: [{ path: 'minScore', message: expect.any(String) }],
        });
      }
    }
    // a negative minScore, on the wire with its sign
    const expected = stored
      .filter((p) => p.score >= -5)
      .sort(descending(ms))
      .slice(0, 100);
    expect((await listCommunity({ sort: 'new', limit: '100', minScore: '-5' })).map((p) => p.id)).toEqual(
      expected.map((p) => p.id),
    );
  });
});

describe('GET /api/v1/forum/posts?ids=… (batch lookup)', () => {
  const lookup = (ids: string) =>
    request(service.app).get('/api/v1/forum/posts').query({ ids }).set('Authorization', `Bearer ${service.token}`);
  const found = async (ids: string) => {
    const res = await lookup(ids);
    expect(res.status).toBe(200);
    return PostsByIdsResponse.parse(res.body);
  };
  const byId = (id: string) => stored.find((p) => p.id === id)!;

  it('answers the posts in the order of the ids, each once, exactly as the listings render them', async () => {
    const listed = await listCommunity({ sort: 'new', limit: '5' });
    const ids = [listed[3]!.id, listed[0]!.id, listed[4]!.id, listed[0]!.id];
    const body = await found(ids.join(','));
    expect(body).toEqual({ posts: [listed[3], listed[0], listed[4]], notFound: [] });
    // the user listing renders the same records
    const mine = (
      await request(service.app)
        .get(`/api/v1/forum/user/${encodeURIComponent(username)}/posts`)
        .set('Authorization', `Bearer ${service.token}`)
    ).body as { posts: Post[] };
    expect((await found(mine.posts.map((p) => p.id).join(','))).posts).toEqual(mine.posts);
  });

  it('lists unknown ids in notFound, in request order, beside the posts found; ids match exactly', async () => {
    const [a, b] = [stored[10]!, stored[20]!];
    const upper = a.id.toUpperCase() === a.id ? `${a.id}x` : a.id.toUpperCase();
    const body = await found(['nope-1', b.id, upper, a.id, 'nope-2', 'nope-1', ` ${a.id}`].join(','));
    expect(body.posts).toEqual([b, a].map((p) => byId(p.id)));
    expect(body.notFound).toEqual(['nope-1', upper, 'nope-2', ` ${a.id}`]);
  });

  it('answers 200 with no posts and every id in notFound when none is known (never 404)', async () => {
    expect(await found('gone1,gone2,gone1')).toEqual({ posts: [], notFound: ['gone1', 'gone2'] });
  });

  it('takes 500 distinct ids, refuses 501 and empty entries with 400 invalid_parameter', async () => {
    const known = stored.slice(0, 100).map((p) => p.id);
    const unknown = Array.from({ length: 400 }, (_, i) => `none${i}`);
    // the known ids spread among the unknown ones, each answered in the order asked
    const asked = unknown.flatMap((id, i) => (i % 4 === 0 ? [known[i / 4]!, id] : [id]));
    expect(asked).toHaveLength(500);
    const body = await found(asked.join(','));
    expect(body.posts.map((p) => p.id)).toEqual(known);
    expect(body.notFound).toEqual(unknown);
    // repeats do not count against the bound
    expect((await found([...asked, ...asked.slice(0, 200)].join(','))).posts).toHaveLength(100);
    for (const bad of [[...asked, 'one-more'].join(','), '', 'a,,b', ',a', 'a,']) {
      const res = await lookup(bad);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body)).toMatchObject({
        code: 'invalid_parameter',
        issues: [{ path: 'ids', message: expect.any(String) }],
      });
    }
    const missing = await request(service.app)
      .get('/api/v1/forum/posts')
      .set('Authorization', `Bearer ${service.token}`);
    expect(missing.status).toBe(400);
    expect(ErrorBody.parse(missing.body).code).toBe('missing_parameter');
  });

  it('does not shadow the listings, and trims the posts with fields, notFound kept', async () => {
    expect((await listCommunity({ sort: 'new', limit: '1' })).length).toBe(1);
    const [post] = stored;
    const res = await request(service.app)
      .get('/api/v1/forum/posts')
      .query({ ids: `${post!.id},nope`, fields: 'id,score' })
      .set('Authorization', `Bearer ${service.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ posts: [{ id: post!.id, score: post!.score }], notFound: ['nope'] });
  });
});

describe('cursor: keyset paging of both listings', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const auth = () => ({ Authorization: `Bearer ${service.token}` });
  const communityPath = (name: string) => `/api/v1/forum/community/${encodeURIComponent(name)}/posts`;
  const userPath = (name: string) => `/api/v1/forum/user/${encodeURIComponent(name)}/posts`;

  /**
   * Every page of a listing, following its cursor with page sizes cycling through `sizes` (limit
   * may change between pages); `before(n)` runs before page n is asked.
   */
  async function walk(
    path: string,
    query: Record<string, string>,
    {
      sizes = [7, 19, 11],
      app = service.app,
      before = (_page: number): unknown => undefined,
    }: { sizes?: number[]; app?: Express; before?: (page: number) => unknown } = {},
  ) {
    const ids: string[] = [];
    let cursor = '';
    for (let page = 0; ; page++) {
      await before(page);
      const limit = sizes[page % sizes.length]!;
      const res = await request(app)
        .get(path)
        .query({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) })
        .set(auth());
      expect(res.status).toBe(200);
      const body = PostsResponse.parse(res.body);
      ids.push(...body.posts.map((p) => p.id));
      if (body.cursor === '') return { ids, pages: page + 1 };
      // a page with a cursor is a full page
      expect(body.posts).toHaveLength(limit);
      cursor = body.cursor;
    }
  }

  /** The posts a sort looks at at `now` (top: the timeframe before now; rising: the last 24 hours), in its order. */
  const referenceOf = (
    posts: Post[],
    sort: string,
    timeframe: keyof typeof timeframeMs | 'all',
    now = NOW.getTime(),
  ): string[] => {
    const span = sort === 'rising' ? DAY : sort === 'top' && timeframe !== 'all' ? timeframeMs[timeframe] : undefined;
    const kept = span === undefined ? posts : posts.filter((p) => ms(p) > now - span && ms(p) <= now);
    const key: Record<string, (p: Post) => number> = {
      hot: (p) => hotScore(p.score, ms(p)),
      new: ms,
      top: (p) => p.score,
      rising: (p) => risingScore(p.score, ms(p), now),
    };
    return [...kept].sort(descending(key[sort]!)).map((p) => p.id);
  };

  const CASES = [
    ['hot', 'day'],
    ['new', 'day'],
    ...(['hour', 'day', 'week', 'month', 'year', 'all'] as const).map((timeframe) => ['top', timeframe] as const),
    ['rising', 'day'],
  ] as const;

  it.each(CASES)(
    'sort=%s&timeframe=%s: walking every page gives the whole listing in order, the last cursor empty',
    async (sort, timeframe) => {
      const expected = referenceOf(stored, sort, timeframe);
      expect(expected.length).toBeGreaterThan(0);
      const { ids, pages } = await walk(communityPath(community), { sort, timeframe });
      expect(ids).toEqual(expected);
      expect(pages).toBeGreaterThanOrEqual(expected.length > 7 ? 2 : 1);
      if (expected.length <= 100) {
        const whole = await listCommunity({ sort, timeframe, limit: '100' });
        expect(whole.map((p) => p.id)).toEqual(ids);
      }
    },
  );

  it.each(CASES)('sort=%s&timeframe=%s with after, before and minScore: the same', async (sort, timeframe) => {
    const [from, to] = [NOW.getTime() - 200 * DAY, NOW.getTime() - HOUR / 2];
    const minScore = [...stored].sort((a, b) => a.score - b.score)[Math.floor(stored.length / 3)]!.score;
    const kept = stored.filter((p) => ms(p) > from && ms(p) < to && p.score >= minScore);
    const expected = referenceOf(kept, sort, timeframe);
    const { ids } = await walk(communityPath(community), {
      sort,
      timeframe,
      after: new Date(from).toISOString(),
      before: String(to / 1000),
      minScore: String(minScore),
    });
    expect(ids).toEqual(expected);
    if (timeframe !== 'hour') expect(expected.length).toBeGreaterThan(0);
  });

  describe('posts sharing createdAt and score', () => {
    const TIED = 'TiedPages';
    let tied: Post[];
    beforeAll(async () => {
      // 80 posts in groups of four created at the same moment, k² hours before NOW for group k (the
      // first three groups within the day), scores 0 … 4 repeating: ties in every order
      await upsertForumRows(
        service.store.db,
        Array.from({ length: 80 }, (_, i) => {
          const group = Math.floor(i / 4);
          const score = (i * 7) % 5;
          return toForumRow({
            id: `tied${String((i * 29) % 80).padStart(3, '0')}`,
            community: TIED,
            author: 'tied_author',
            title: `tied ${i}`,
            content: '',
            upvotes: score,
            downvotes: 0,
            score,
            commentCount: 0,
            createdAt: NOW.getTime() - group * group * HOUR,
            url: `https://forum.example.org/c/${TIED}/comments/${i}`,
          });
        }),
      );
      tied = await allPostsOf({ community: TIED });
    });

    it.each(CASES)('sort=%s&timeframe=%s: ties by id across page boundaries', async (sort, timeframe) => {
      expect(new Set(tied.map(ms)).size).toBe(20);
      const expected = referenceOf(tied, sort, timeframe);
      const { ids } = await walk(communityPath(TIED), { sort, timeframe }, { sizes: [3, 2, 5] });
      expect(ids).toEqual(expected);
      expect((await listCommunity({ sort, timeframe, limit: '100' }, TIED)).map((p) => p.id)).toEqual(ids);
    });

    it('user posts: newest first, ties by id, across pages', async () => {
      const { ids, pages } = await walk(userPath('Tied_Author'), {}, { sizes: [3, 6] });
      expect(ids).toEqual(referenceOf(tied, 'new', 'all'));
      expect(pages).toBeGreaterThan(10);
    });
  });

  it('user posts: every page of the user, with and without the filters', async () => {
    const all = await allPostsOf({ author: username });
    expect((await walk(userPath(username), {})).ids).toEqual(referenceOf(all, 'new', 'all'));
    const [from, minScore] = [NOW.getTime() - 300 * DAY, 2];
    const { ids } = await walk(userPath(username.toUpperCase()), {
      after: String(from / 1000),
      minScore: String(minScore),
    });
    const expected = referenceOf(
      all.filter((p) => ms(p) > from && p.score >= minScore),
      'new',
      'all',
    );
    expect(ids).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);
  });

  it("top over a timeframe and rising: later pages asked while time passes keep the first page's moment", async () => {
    let clock = NOW;
    const app = appWith(service.store, platformsOf(service.store), { clock: () => clock });
    for (const [sort, timeframe] of [
      ['top', 'day'],
      ['top', 'week'],
      ['rising', 'day'],
    ] as const) {
      const expected = referenceOf(stored, sort, timeframe);
      const { ids, pages } = await walk(
        communityPath(community),
        { sort, timeframe },
        { app, sizes: [5], before: (page) => (clock = new Date(NOW.getTime() + page * 3 * HOUR)) },
      );
      expect(pages).toBeGreaterThan(2);
      expect(ids).toEqual(expected);
      // the test can fail: a walk begun 3 hours later is another listing
      clock = new Date(NOW.getTime() + 3 * HOUR);
      const later = await walk(communityPath(community), { sort, timeframe }, { app, sizes: [100] });
      expect(later.ids).toEqual(referenceOf(stored, sort, timeframe, clock.getTime()));
      expect(later.ids).not.toEqual(expected);
    }
  });

  it('an import that changes scores between pages: the post that fell comes again, the one that rose is missed, the rest once (docs/forum-listings.md)', async () => {
    const MOVING = 'MovingScores';
    const row = (i: number, score = 100 - i) =>
      toForumRow({
        id: `moving${String(i).padStart(3, '0')}`,
        community: MOVING,
        author: 'moving_author',
        title: `moving ${i}`,
        content: '',
        upvotes: Math.max(score, 0),
        downvotes: Math.max(-score, 0),
        score,
        commentCount: 0,
        createdAt: NOW.getTime() - (i + 1) * 60_000,
        url: `https://forum.example.org/c/${MOVING}/comments/${i}`,
      });
    for (const sort of ['top', 'new'] as const) {
      await upsertForumRows(
        service.store.db,
        Array.from({ length: 30 }, (_, i) => row(i)),
      );
      const { ids } = await walk(
        communityPath(MOVING),
        { sort, timeframe: 'all' },
        {
          sizes: [10],
          // between the first and second pages: a post read falls to the bottom, one not read yet rises to the top
          before: (page) => page === 1 && upsertForumRows(service.store.db, [row(2, -50), row(25, 500)]),
        },
      );
      const everyPost = Array.from({ length: 30 }, (_, i) => row(i).id);
      if (sort === 'new') expect(ids).toEqual(everyPost);
      else {
        expect(ids.filter((id) => id === row(2).id)).toHaveLength(2);
        expect(ids).not.toContain(row(25).id);
        expect(ids.filter((id) => id !== row(2).id)).toEqual(
          everyPost.filter((id) => id !== row(2).id && id !== row(25).id),
        );
      }
    }
  });

  it('a tampered or forged cursor → 400 invalid_cursor', async () => {
    const first = await request(service.app)
      .get(communityPath(community))
      .query({ sort: 'top', timeframe: 'week', limit: '5' })
      .set(auth());
    const { cursor } = PostsResponse.parse(first.body);
    expect(cursor).not.toBe('');
    const [payload, tag] = cursor.split('.');
    const flipped = `${payload!.slice(0, -1)}${payload!.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [`${flipped}.${tag}`, `${payload}.${tag}x`, payload!, 'garbage', `${cursor}.x`]) {
      const res = await request(service.app)
        .get(communityPath(community))
        .query({ sort: 'top', timeframe: 'week', limit: '5', cursor: bad })
        .set(auth());
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body)).toMatchObject({ code: 'invalid_cursor' });
    }
  });

  it('a cursor reused on another community, sort, timeframe, filters or user → 400 invalid_cursor; any limit is fine', async () => {
    const query = { sort: 'top', timeframe: 'week', minScore: '0' };
    const first = await request(service.app)
      .get(communityPath(community))
      .query({ ...query, limit: '5' })
      .set(auth());
    const { cursor } = PostsResponse.parse(first.body);
    const next = await request(service.app)
      .get(communityPath(community.toUpperCase()))
      .query({ ...query, limit: '9', cursor })
      .set(auth());
    expect(next.status).toBe(200);
    expect(PostsResponse.parse(next.body).posts.map((p) => p.id)).toEqual(
      referenceOf(
        stored.filter((p) => p.score >= 0),
        'top',
        'week',
      ).slice(5, 14),
    );
    const others: [string, Record<string, string>][] = [
      [communityPath('QuietPlace'), query],
      [communityPath(community), { ...query, sort: 'hot' }],
      [communityPath(community), { ...query, timeframe: 'month' }],
      [communityPath(community), { ...query, minScore: '1' }],
      [communityPath(community), { sort: 'top', timeframe: 'week' }],
      [communityPath(community), { ...query, after: new Date(NOW.getTime() - 3 * DAY).toISOString() }],
      [communityPath(community), { ...query, before: new Date(NOW.getTime() - HOUR).toISOString() }],
      [userPath(username), {}],
    ];
    for (const [path, other] of others) {
      const res = await request(service.app)
        .get(path)
        .query({ ...other, cursor })
        .set(auth());
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body)).toMatchObject({ code: 'invalid_cursor' });
    }
    // a user cursor on another user
    const mine = PostsResponse.parse(
      (await request(service.app).get(userPath(username)).query({ limit: '2' }).set(auth())).body,
    );
    const res = await request(service.app).get(userPath('tied_author')).query({ cursor: mine.cursor }).set(auth());
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).code).toBe('invalid_cursor');
  });

  it("the last page's cursor is '' (also when the listing ends exactly at a page's end)", async () => {
    const all = await listCommunity({ sort: 'top', timeframe: 'day', limit: '100' });
    expect(all.length).toBeGreaterThan(1);
    expect(all.length).toBeLessThan(100);
    const exact = await request(service.app)
      .get(communityPath(community))
      .query({ sort: 'top', timeframe: 'day', limit: String(all.length) })
      .set(auth());
    expect(PostsResponse.parse(exact.body)).toEqual({ posts: all, cursor: '' });
    const short = await request(service.app)
      .get(communityPath(community))
      .query({ sort: 'top', timeframe: 'day', limit: String(all.length - 1) })
      .set(auth());
    expect(PostsResponse.parse(short.body).cursor).not.toBe('');
  });
});
