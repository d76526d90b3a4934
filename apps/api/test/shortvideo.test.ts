import { ErrorBody } from '@socialquery/core';
import {
  type Comment,
  type CommentSort,
  commentSorts,
  CommentsResponse,
  type Reply,
  userPosts,
  UserPostsResponse,
  type Video,
  videoComments,
  VideosByIdsResponse,
  videosByIds,
} from '@socialquery/shortvideo';
import {
  toShortVideoCommentRow,
  toShortVideoRow,
  upsertShortVideoCommentRows,
  upsertShortVideoRows,
} from '@socialquery/store';
import request from 'supertest';
import { NOW, startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
let username: string;
let videoId: string;

beforeAll(async () => {
  service = await startTestService();
  const examples = await service.store.examples();
  username = examples.shortvideo!.username;
  videoId = examples.shortvideo!.videoId;
  await seedTies();
});
afterAll(() => service.close());

// ---------------------------------------------------------------------------------------------
// Ground truth, read from the store's tables, and the documented orders, computed here
// ---------------------------------------------------------------------------------------------

const iso = (ms: unknown) => new Date(Number(ms)).toISOString();

async function videosOf(author: string): Promise<Video[]> {
  const rows = await service.store.db
    .selectFrom('shortvideo_videos')
    .selectAll()
    .where('author_key', '=', author.toLowerCase())
    .execute();
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    author: r.author,
    likeCount: Number(r.like_count),
    commentCount: Number(r.comment_count),
    shareCount: Number(r.share_count),
    viewCount: Number(r.view_count),
    duration: Number(r.duration),
    createdAt: iso(r.created_at),
    videoUrl: r.video_url,
    music: { title: r.music_title, author: r.music_author },
  }));
}

/** A video's top-level comments, each with its first three replies (oldest first, ties by id). */
async function commentsOf(video: string): Promise<Comment[]> {
  const db = service.store.db;
  const rows = await db.selectFrom('shortvideo_comments').selectAll().where('video_id', '=', video).execute();
  const toRecord = (r: (typeof rows)[number]) => ({
    id: r.id,
    text: r.text,
    author: r.author,
    likeCount: Number(r.like_count),
    replyCount: Number(r.reply_count),
    createdAt: iso(r.created_at),
  });
  const replies = new Map<string, Reply[]>();
  for (const r of rows
    .filter((row) => row.parent_id !== '')
    .map((row) => ({ ...toRecord(row), parent: row.parent_id, replies: [] as [] }))) {
    const { parent, ...reply } = r;
    replies.set(parent, [...(replies.get(parent) ?? []), reply]);
  }
  return rows
    .filter((r) => r.parent_id === '')
    .map((r) => ({ ...toRecord(r), replies: (replies.get(r.id) ?? []).sort(orders.oldest).slice(0, 3) }));
}

const ms = (item: { createdAt: string }) => Date.parse(item.createdAt);
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const newest = (a: Video | Comment | Reply, b: Video | Comment | Reply) => cmp(ms(b), ms(a)) || cmp(b.id, a.id);
const orders: Record<CommentSort, (a: Comment | Reply, b: Comment | Reply) => number> = {
  newest,
  oldest: (a, b) => -newest(a, b),
  most_liked: (a, b) => cmp(b.likeCount, a.likeCount) || newest(a, b),
};

/**
 * Rows sharing timestamps and like counts: creator "TieMaker" uploads 25 videos in the same
 * second (plus 5 earlier); video "tie-video" has 30 comments in two seconds with two like counts;
 * "quiet-video" has no comments.
 */
const TIE_MS = NOW.getTime() - 3_600_000;
async function seedTies() {
  const video = (id: string, createdAt: number, author = 'TieMaker') =>
    toShortVideoRow({
      id,
      author,
      description: `part ${id} #series`,
      likeCount: 5,
      commentCount: 0,
      shareCount: 0,
      viewCount: 90,
      duration: 12,
      createdAt,
      videoUrl: `https://shortvideo.example.org/@${author}/video/${id}`,
      music: { title: `original sound - ${author}`, author },
    });
  await upsertShortVideoRows(service.store.db, [
    ...Array.from({ length: 25 }, (_, i) => video(`tie-${String((i * 7) % 25).padStart(2, '0')}`, TIE_MS)),
    ...Array.from({ length: 5 }, (_, i) => video(`tie-early-${i}`, TIE_MS - (i + 1) * 1000)),
    video('tie-video', TIE_MS - 86_400_000, 'TieMaker'),
    video('quiet-video', TIE_MS, 'QuietCreator'),
  ]);
  await upsertShortVideoCommentRows(
    service.store.db,
    Array.from({ length: 30 }, (_, i) =>
      toShortVideoCommentRow({
        id: `tc-${String((i * 11) % 30).padStart(2, '0')}`,
        videoId: 'tie-video',
        parentId: '',
        author: `fan${i}`,
        text: `same second ${i}`,
        likeCount: i % 2 === 0 ? 7 : 0,
        replyCount: 0,
        createdAt: TIE_MS - (i < 15 ? 0 : 1000),
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A fresh token: long walks get their own request budget. */
const freshToken = async () => (await service.store.credentials.create('token', 'walker')).secret;

function getPosts(query: Record<string, string>, token = service.token) {
  return request(service.app).get('/api/v1/shortvideo/user/posts').query(query).set('Authorization', `Bearer ${token}`);
}

function getComments(video: string, query: Record<string, string>, token = service.token) {
  return request(service.app)
    .get(`/api/v1/shortvideo/video/${encodeURIComponent(video)}/comments`)
    .query(query)
    .set('Authorization', `Bearer ${token}`);
}

async function postsPage(query: Record<string, string>, token?: string) {
  const res = await getPosts(query, token);
  expect(res.status).toBe(200);
  return UserPostsResponse.parse(res.body);
}

async function commentsPage(video: string, query: Record<string, string>, token?: string) {
  const res = await getComments(video, query, token);
  expect(res.status).toBe(200);
  return CommentsResponse.parse(res.body);
}

/** Walks a listing to its end; checks each page's size and cursor as it goes. */
async function walk<T>(
  fetch: (cursor?: string) => Promise<{ items: T[]; cursor: string; hasMore?: boolean }>,
  limit: number,
) {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await fetch(cursor);
    pages++;
    items.push(...page.items);
    if (page.hasMore !== undefined) expect(page.hasMore).toBe(page.cursor !== '');
    if (page.cursor === '') return { items, pages };
    expect(page.items).toHaveLength(limit);
    cursor = page.cursor;
  }
}

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: status, code });
}

describeOperationRules(
  userPosts,
  () => service,
  () => ({ path: {}, query: { username } }),
);
describeOperationRules(
  videoComments,
  () => service,
  () => ({ path: { videoId } }),
);
describeOperationRules(
  videosByIds,
  () => service,
  () => ({ path: {}, query: { ids: `${videoId},no-such-video` } }),
);

describe('GET /api/v1/shortvideo/user/posts', () => {
  it('has the demo data the tests rely on: a creator with 50+ videos', async () => {
    expect((await videosOf(username)).length).toBeGreaterThanOrEqual(50);
  });

  it('defaults to limit 20, newest first, every field exactly as stored; hasMore and a cursor', async () => {
    const page = await postsPage({ username });
    const expected = (await videosOf(username)).sort(newest).slice(0, 20);
    expect(page.videos).toEqual(expected);
    expect(page.hasMore).toBe(true);
    expect(page.cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const [video] = page.videos;
    expect(video!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof video!.duration).toBe('number');
    expect(Object.keys(video!.music)).toEqual(['title', 'author']);
    expect(Object.keys(video!)).toEqual([
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
    ]);
  });

  it('honours limit: 1 and 100', async () => {
    expect((await postsPage({ username, limit: '1' })).videos).toHaveLength(1);
    expect((await postsPage({ username, limit: '100' })).videos).toHaveLength(100);
  });

  it("pages through all of a creator's videos exactly once, in order; the last page has hasMore false and cursor ''", async () => {
    const token = await freshToken();
    const limit = 9;
    const { items, pages } = await walk(async (cursor) => {
      const page = await postsPage({ username, limit: String(limit), ...(cursor ? { cursor } : {}) }, token);
      return { items: page.videos, cursor: page.cursor, hasMore: page.hasMore };
    }, limit);
    const expected = (await videosOf(username)).sort(newest);
    expect(items.map((v) => v.id)).toEqual(expected.map((v) => v.id));
    expect(pages).toBe(Math.ceil(expected.length / limit));
  });

  it('pages exactly once through videos uploaded in the same second (ties by id, descending)', async () => {
    const { items } = await walk(async (cursor) => {
      const page = await postsPage({ username: 'tiemaker', limit: '4', ...(cursor ? { cursor } : {}) });
      return { items: page.videos, cursor: page.cursor, hasMore: page.hasMore };
    }, 4);
    const expected = (await videosOf('TieMaker')).sort(newest);
    expect(expected.filter((v) => ms(v) === TIE_MS)).toHaveLength(25);
    expect(items.map((v) => v.id)).toEqual(expected.map((v) => v.id));
    expect(items.slice(0, 3).map((v) => v.id)).toEqual(['tie-24', 'tie-23', 'tie-22']);
  });

  it('ends with hasMore false and an empty cursor when the listing holds exactly limit videos', async () => {
    const page = await postsPage({ username: 'TieMaker', limit: '31' });
    expect(page.videos).toHaveLength(31);
    expect(page).toMatchObject({ hasMore: false, cursor: '' });
  });

  it('matches the username case-insensitively; a cursor keeps working with another spelling and another limit', async () => {
    const lower = await postsPage({ username: username.toLowerCase(), limit: '5' });
    const upper = await postsPage({ username: username.toUpperCase(), limit: '5' });
    expect(upper).toEqual(lower);
    const next = await postsPage({ username: username.toUpperCase(), limit: '3', cursor: lower.cursor });
    const expected = (await videosOf(username)).sort(newest).slice(5, 8);
    expect(next.videos.map((v) => v.id)).toEqual(expected.map((v) => v.id));
  });

  it('refuses a cursor of another creator, of another operation, tampered or garbage: 400 invalid_cursor', async () => {
    const mine = await postsPage({ username, limit: '2' });
    const theirs = await postsPage({ username: 'TieMaker', limit: '2' });
    const comments = await commentsPage(videoId, { limit: '2' });
    const [payload, tag] = mine.cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ createdAt: 0, id: '0' })).toString('base64url');
    const flipped = `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}.${tag}`;
    for (const cursor of [
      theirs.cursor,
      comments.cursor,
      `${forged}.${tag}`,
      flipped,
      'garbage',
      `${mine.cursor}.x`,
      '%%%',
    ]) {
      const res = await getPosts({ username, cursor });
      expectError(res, 400, 'invalid_cursor');
    }
  });

  it('treats an empty cursor as the first page', async () => {
    expect(await postsPage({ username, cursor: '' })).toEqual(await postsPage({ username }));
  });

  it('answers 404 not_found for an unknown creator, 400 missing_parameter without a username', async () => {
    expectError(await getPosts({ username: 'nobody_here_42' }), 404, 'not_found');
    expect((await getPosts({ username: 'nobody_here_42' })).body.message).toBe("user 'nobody_here_42' not found");
    expectError(await getPosts({}), 400, 'missing_parameter');
    expectError(await getPosts({ username: '' }), 400, 'invalid_parameter');
  });
});

describe('GET /api/v1/shortvideo/video/{videoId}/comments', () => {
  let stored: Comment[];
  beforeAll(async () => {
    stored = await commentsOf(videoId);
  });

  it('has the demo data the tests rely on: a video with 50+ comments, some with more than three replies', () => {
    expect(stored.length).toBeGreaterThanOrEqual(50);
    expect(stored.filter((c) => c.replyCount > 3).length).toBeGreaterThan(0);
  });

  it('defaults to sort newest, limit 20: top-level comments with every field as stored', async () => {
    const page = await commentsPage(videoId, {});
    expect(page.comments).toEqual([...stored].sort(orders.newest).slice(0, 20));
    expect(page.cursor).not.toBe('');
    expect(Object.keys(page.comments[0]!)).toEqual([
      'id',
      'text',
      'author',
      'likeCount',
      'replyCount',
      'createdAt',
      'replies',
    ]);
  });

  it('gives each comment its first replies: up to 3, oldest first, each a comment record with no replies; replyCount is the total', async () => {
    const page = await commentsPage(videoId, { sort: 'oldest', limit: '100' });
    const withMany = page.comments.filter((c) => c.replyCount > 3);
    expect(withMany.length).toBeGreaterThan(0);
    for (const comment of withMany) expect(comment.replies).toHaveLength(3);
    for (const comment of page.comments) {
      expect(comment.replies.length).toBe(Math.min(3, comment.replyCount));
      expect([...comment.replies].sort(orders.oldest)).toEqual(comment.replies);
      for (const reply of comment.replies) {
        expect(reply.replies).toEqual([]);
        expect(reply.replyCount).toBe(0);
        expect(ms(reply)).toBeGreaterThan(ms(comment));
      }
    }
    expect(page.comments).toEqual([...stored].sort(orders.oldest).slice(0, 100));
  });

  it.each(commentSorts)('sort=%s pages through every top-level comment exactly once, in order', async (sort) => {
    const token = await freshToken();
    const limit = 23;
    const { items } = await walk(async (cursor) => {
      const page = await commentsPage(videoId, { sort, limit: String(limit), ...(cursor ? { cursor } : {}) }, token);
      return { items: page.comments, cursor: page.cursor };
    }, limit);
    expect(items).toEqual([...stored].sort(orders[sort]));
  });

  it('most_liked: likeCount descending, ties newest first', async () => {
    const { comments } = await commentsPage(videoId, { sort: 'most_liked', limit: '100' });
    const likes = comments.map((c) => c.likeCount);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    const ties = comments.filter((c, i) => i > 0 && c.likeCount === comments[i - 1]!.likeCount);
    expect(ties.length).toBeGreaterThan(0);
    for (let i = 1; i < comments.length; i++) {
      if (comments[i]!.likeCount === comments[i - 1]!.likeCount)
        expect(newest(comments[i - 1]!, comments[i]!)).toBeLessThan(0);
    }
  });

  it.each(commentSorts)(
    'sort=%s pages exactly once through comments sharing timestamps and like counts',
    async (sort) => {
      const { items } = await walk(async (cursor) => {
        const page = await commentsPage('tie-video', { sort, limit: '4', ...(cursor ? { cursor } : {}) });
        return { items: page.comments, cursor: page.cursor };
      }, 4);
      const expected = (await commentsOf('tie-video')).sort(orders[sort]);
      expect(expected).toHaveLength(30);
      expect(items.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    },
  );

  it('ends with an empty cursor when the listing holds exactly limit comments', async () => {
    const page = await commentsPage('tie-video', { limit: '30' });
    expect(page.comments).toHaveLength(30);
    expect(page.cursor).toBe('');
  });

  it('refuses a cursor of another sort, another video, another operation, tampered or garbage: 400 invalid_cursor', async () => {
    const newestPage = await commentsPage(videoId, { limit: '2' });
    const otherVideo = await commentsPage('tie-video', { limit: '2' });
    const posts = await postsPage({ username, limit: '2' });
    const [payload, tag] = newestPage.cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ createdAt: 0, id: '0' })).toString('base64url');
    const cases: [Record<string, string>, string][] = [
      [{ sort: 'oldest' }, newestPage.cursor],
      [{ sort: 'most_liked' }, newestPage.cursor],
      [{}, otherVideo.cursor],
      [{}, posts.cursor],
      [{}, `${forged}.${tag}`],
      [{}, `${payload}.${tag.slice(0, -2)}`],
      [{}, 'not-a-cursor'],
    ];
    for (const [query, cursor] of cases)
      expectError(await getComments(videoId, { ...query, cursor }), 400, 'invalid_cursor');
    // the untouched cursor still works
    expect((await commentsPage(videoId, { cursor: newestPage.cursor })).comments[0]!.id).toBe(
      [...stored].sort(orders.newest)[2]!.id,
    );
  });

  it('rejects a sort outside the enumeration, naming the accepted values', async () => {
    for (const sort of ['top', 'NEWEST', 'most-liked', '']) {
      const res = await getComments(videoId, { sort });
      expectError(res, 400, 'invalid_parameter');
      expect(res.body.message).toContain('must be one of: newest, oldest, most_liked');
    }
  });

  it("answers 404 not_found for an unknown video, and 200 with no comments and cursor '' for a video without comments", async () => {
    const res = await getComments('0000000000000000000', {});
    expectError(res, 404, 'not_found');
    expect(res.body.message).toBe("video '0000000000000000000' not found");
    expect(await commentsPage('quiet-video', { sort: 'most_liked' })).toEqual({ comments: [], cursor: '' });
  });
});

describe('after and before (exclusive time bounds, an extension)', () => {
  const isoOf = (ms: number) => new Date(ms).toISOString();

  it('user posts: walks exactly the videos strictly inside the window, its bounds left out, the cursor kept with the window', async () => {
    const all = (await videosOf(username)).sort(newest);
    const [upper, lower] = [all[4]!, all[40]!];
    const expected = all.filter((v) => ms(v) > ms(lower) && ms(v) < ms(upper));
    expect(expected.length).toBeGreaterThan(20);
    const window = { after: lower.createdAt, before: upper.createdAt };
    const { items } = await walk(async (cursor) => {
      const page = await postsPage({ username, limit: '7', ...window, ...(cursor ? { cursor } : {}) });
      return { items: page.videos, cursor: page.cursor, hasMore: page.hasMore };
    }, 7);
    expect(items.map((v) => v.id)).toEqual(expected.map((v) => v.id));
    expect(items.map((v) => v.id)).not.toContain(upper.id);
    expect(items.map((v) => v.id)).not.toContain(lower.id);
  });

  it('user posts: bounds on a shared second (epoch seconds, a date-time with an offset) and a walk through its ties', async () => {
    // 25 videos at TIE_MS, one each at TIE_MS − 1…5 s, tie-video a day earlier
    const before = await postsPage({
      username: 'TieMaker',
      limit: '100',
      before: String(TIE_MS / 1000),
      after: isoOf(TIE_MS - 3000),
    });
    expect(before.videos.map((v) => v.id)).toEqual(['tie-early-0', 'tie-early-1']);
    const offset = new Date(TIE_MS - 1000 + 2 * 3_600_000).toISOString().replace('Z', '+02:00').replace('.000', '');
    const { items } = await walk(async (cursor) => {
      const page = await postsPage({ username: 'tiemaker', limit: '4', after: offset, ...(cursor ? { cursor } : {}) });
      return { items: page.videos, cursor: page.cursor, hasMore: page.hasMore };
    }, 4);
    const ties = (await videosOf('TieMaker')).filter((v) => ms(v) === TIE_MS).sort(newest);
    expect(items.map((v) => v.id)).toEqual(ties.map((v) => v.id));
    expect(items).toHaveLength(25);
  });

  it('a cursor is bound to the window: another window, or none, is 400 invalid_cursor; the same moments spelled otherwise are fine', async () => {
    const window = { after: isoOf(TIE_MS - 1000), before: isoOf(TIE_MS + 1) };
    const first = await postsPage({ username: 'TieMaker', limit: '5', ...window });
    expect(first.hasMore).toBe(true);
    const again = await postsPage({
      username: 'TieMaker',
      limit: '5',
      after: String((TIE_MS - 1000) / 1000),
      before: window.before,
      cursor: first.cursor,
    });
    expect(again.videos).toHaveLength(5);
    for (const other of [
      {},
      { after: window.after },
      { before: window.before },
      { ...window, after: isoOf(TIE_MS - 999) },
    ] as Record<string, string>[]) {
      expectError(
        await getPosts({ username: 'TieMaker', limit: '5', ...other, cursor: first.cursor }),
        400,
        'invalid_cursor',
      );
    }
    const plain = await postsPage({ username: 'TieMaker', limit: '5' });
    expectError(
      await getPosts({ username: 'TieMaker', limit: '5', ...window, cursor: plain.cursor }),
      400,
      'invalid_cursor',
    );
    const comments = await commentsPage('tie-video', { sort: 'most_liked', limit: '4', after: isoOf(TIE_MS - 1000) });
    expectError(
      await getComments('tie-video', { sort: 'most_liked', limit: '4', cursor: comments.cursor }),
      400,
      'invalid_cursor',
    );
    expectError(
      await getComments('tie-video', {
        sort: 'newest',
        limit: '4',
        after: isoOf(TIE_MS - 1000),
        cursor: comments.cursor,
      }),
      400,
      'invalid_cursor',
    );
  });

  it.each(commentSorts)(
    'comments sorted %s: walks exactly the comments strictly inside the window, through equal timestamps and likes',
    async (sort) => {
      // tie-video: 15 comments at TIE_MS and 15 a second earlier, on the after bound
      const { items } = await walk(async (cursor) => {
        const page = await commentsPage('tie-video', {
          sort,
          limit: '4',
          after: isoOf(TIE_MS - 1000),
          ...(cursor ? { cursor } : {}),
        });
        return { items: page.comments, cursor: page.cursor };
      }, 4);
      const expected = (await commentsOf('tie-video')).filter((c) => ms(c) > TIE_MS - 1000).sort(orders[sort]);
      expect(expected).toHaveLength(15);
      expect(items.map((c) => c.id)).toEqual(expected.map((c) => c.id));
      // the demo video, with both bounds on comments of its own
      const stored = (await commentsOf(videoId)).sort(orders.newest);
      const [upper, lower] = [stored[3]!, stored[stored.length - 4]!];
      const window = { after: lower.createdAt, before: upper.createdAt };
      const walked = await walk(async (cursor) => {
        const page = await commentsPage(videoId, { sort, limit: '9', ...window, ...(cursor ? { cursor } : {}) });
        return { items: page.comments, cursor: page.cursor };
      }, 9);
      const inside = stored.filter((c) => ms(c) > ms(lower) && ms(c) < ms(upper)).sort(orders[sort]);
      expect(inside.length).toBeGreaterThan(30);
      expect(walked.items).toEqual(inside);
    },
  );
});

describe('GET /api/v1/shortvideo/videos?ids=… (batch lookup)', () => {
  const lookup = (ids: string, query: Record<string, string> = {}) =>
    request(service.app)
      .get('/api/v1/shortvideo/videos')
      .query({ ids, ...query })
      .set('Authorization', `Bearer ${service.token}`);
  const found = async (ids: string) => {
    const res = await lookup(ids);
    expect(res.status).toBe(200);
    return VideosByIdsResponse.parse(res.body);
  };
  const listPosts = async (name: string, limit = 20) => {
    const res = await request(service.app)
      .get('/api/v1/shortvideo/user/posts')
      .query({ username: name, limit: String(limit) })
      .set('Authorization', `Bearer ${service.token}`);
    expect(res.status).toBe(200);
    return UserPostsResponse.parse(res.body).videos;
  };

  it('answers the videos in the order of the ids, each once, exactly as the creator listing renders them', async () => {
    const listed = await listPosts(username, 10);
    const ids = [listed[6]!.id, listed[0]!.id, listed[6]!.id, listed[9]!.id];
    expect(await found(ids.join(','))).toEqual({ videos: [listed[6], listed[0], listed[9]], notFound: [] });
    const truth = await videosOf(username);
    expect((await found(listed.map((v) => v.id).join(','))).videos).toEqual(
      listed.map((v) => truth.find((t) => t.id === v.id)),
    );
  });

  it('lists unknown ids in notFound, in request order, beside the videos found; ids match exactly', async () => {
    const [a, b] = await listPosts(username, 2);
    const upper = a!.id.toUpperCase() === a!.id ? `${a!.id}X` : a!.id.toUpperCase();
    const body = await found(['nope-1', b!.id, upper, a!.id, 'nope-2', 'nope-1', `${a!.id} `].join(','));
    expect(body.videos).toEqual([b, a]);
    expect(body.notFound).toEqual(['nope-1', upper, 'nope-2', `${a!.id} `]);
  });

  it('answers 200 with no videos and every id in notFound when none is known (never 404)', async () => {
    expect(await found('gone1,gone2,gone1')).toEqual({ videos: [], notFound: ['gone1', 'gone2'] });
  });

  it('takes 100 distinct ids, refuses 101 and empty entries with 400 invalid_parameter', async () => {
    const rows = await service.store.db.selectFrom('shortvideo_videos').select('id').orderBy('id').limit(100).execute();
    const hundred = rows.map((r) => r.id).reverse();
    expect(hundred).toHaveLength(100);
    const body = await found(hundred.join(','));
    expect(body.videos.map((v) => v.id)).toEqual(hundred);
    expect(body.notFound).toEqual([]);
    for (const bad of [[...hundred, 'one-more'].join(','), '', 'a,,b', ',a', 'a,', 'x'.repeat(101)]) {
      const res = await lookup(bad);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body)).toMatchObject({
        code: 'invalid_parameter',
        issues: [{ path: 'ids', message: expect.any(String) }],
      });
    }
    const missing = await request(service.app)
      .get('/api/v1/shortvideo/videos')
      .set('Authorization', `Bearer ${service.token}`);
    expect(ErrorBody.parse(missing.body)).toMatchObject({ statusCode: 400, code: 'missing_parameter' });
  });

  it('does not shadow the other routes, and trims the videos with fields, notFound kept', async () => {
    const [first] = await listPosts(username, 1);
    const res = await lookup(`${first!.id},nope`, { fields: 'id,music.title' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ videos: [{ id: first!.id, music: { title: first!.music.title } }], notFound: ['nope'] });
    const comments = await request(service.app)
      .get(`/api/v1/shortvideo/video/${encodeURIComponent(videoId)}/comments`)
      .set('Authorization', `Bearer ${service.token}`);
    expect(comments.status).toBe(200);
  });
});
