import { createCursorCodec, cursorBinding, ServiceError, type TimeWindow } from '@socialquery/core/server';
import { userPosts, videoComments } from '../contract.js';
import type { Comment, CommentSort, Video } from '../schemas.js';
import { createShortVideoHandlers } from './handlers.js';
import type { CommentPosition, ShortVideoSource, VideoPosition } from './source.js';

const ctx = {
  now: new Date('2026-06-15T12:00:00.000Z'),
  cursors: createCursorCodec('0123456789abcdef0123'),
  requestId: 'r1',
};
const T0 = Date.parse('2026-06-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Twelve videos of maya; every timestamp is shared by two of them, so ties are broken by id. */
const videos: Video[] = Array.from({ length: 12 }, (_, i) => ({
  id: `v${String(i).padStart(2, '0')}`,
  description: `video ${i}`,
  author: 'Maya',
  likeCount: i,
  commentCount: 0,
  shareCount: 0,
  viewCount: 10 * i,
  duration: 15 + i,
  createdAt: iso(T0 + Math.floor(i / 2) * 60_000),
  videoUrl: `https://shortvideo.example.org/@Maya/video/v${i}`,
  music: { title: 'original sound - Maya', author: 'Maya' },
}));

/** Eleven comments of video v01 with repeated like counts and timestamps. */
const comments: Comment[] = Array.from({ length: 11 }, (_, i) => ({
  id: `c${String(i).padStart(2, '0')}`,
  text: `comment ${i}`,
  author: `fan${i}`,
  likeCount: [5, 0, 5, 2, 0, 5, 2, 9, 0, 0, 5][i]!,
  replyCount: 0,
  createdAt: iso(T0 + Math.floor(i / 3) * 1000),
  replies: [],
}));

const ms = (item: { createdAt: string }) => Date.parse(item.createdAt);
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const newest = (a: Video | Comment, b: Video | Comment) => cmp(ms(b), ms(a)) || cmp(b.id, a.id);
const orders: Record<CommentSort, (a: Comment, b: Comment) => number> = {
  newest,
  oldest: (a, b) => -newest(a, b),
  most_liked: (a, b) => cmp(b.likeCount, a.likeCount) || newest(a, b),
};

const inWindow = (item: { createdAt: string }, window: TimeWindow | undefined) =>
  (!window?.after || ms(item) > window.after.getTime()) && (!window?.before || ms(item) < window.before.getTime());

/** An in-memory source with the documented orders and keyset semantics; it records what it was asked. */
function fakeSource(
  known: { users: string[]; videos: string[] } = { users: ['maya', 'quiet'], videos: ['v01', 'v02'] },
) {
  const calls = {
    userPosts: [] as { username: string; after?: VideoPosition; window?: TimeWindow; limit: number }[],
    videoComments: [] as {
      videoId: string;
      sort: CommentSort;
      after?: CommentPosition;
      window?: TimeWindow;
      limit: number;
    }[],
    exists: [] as string[],
    byIds: [] as string[][],
  };
  const source: ShortVideoSource = {
    // histories are core's answerHistory over the store's observations (core and store tests)
    history: async () => undefined,
    async userPosts(query) {
      calls.userPosts.push(query);
      const { after } = query;
      return videos
        .filter((v) => v.author.toLowerCase() === query.username.toLowerCase())
        .sort(newest)
        .filter((v) => inWindow(v, query.window))
        .filter((v) => !after || ms(v) < after.createdAt || (ms(v) === after.createdAt && v.id < after.id))
        .slice(0, query.limit);
    },
    async videoComments(query) {
      calls.videoComments.push(query);
      const order = orders[query.sort];
      const { after } = query;
      const afterComment =
        after && ({ ...after, likeCount: after.likeCount ?? 0, createdAt: iso(after.createdAt) } as Comment);
      return (query.videoId === 'v01' ? [...comments] : [])
        .sort(order)
        .filter((c) => inWindow(c, query.window))
        .filter((c) => !afterComment || order(afterComment, c) < 0)
        .slice(0, query.limit);
    },
    async userExists(username) {
      calls.exists.push(username);
      return known.users.includes(username.toLowerCase());
    },
    async videoExists(videoId) {
      calls.exists.push(videoId);
      return known.videos.includes(videoId);
    },
    async videosByIds(ids) {
      calls.byIds.push([...ids]);
      // in store order, not the request's
      return videos.filter((v) => ids.includes(v.id));
    },
  };
  return { source, calls };
}

describe('short-video handlers: user posts', () => {
  it("asks for one more than limit; hasMore and a cursor holding the last video's position", async () => {
    const { source, calls } = fakeSource();
    const page = await createShortVideoHandlers(source).userPosts({ username: 'maya', limit: 5 }, ctx);
    expect(calls.userPosts).toEqual([{ username: 'maya', limit: 6 }]);
    expect(page.videos.map((v) => v.id)).toEqual(['v11', 'v10', 'v09', 'v08', 'v07']);
    expect(page.hasMore).toBe(true);
    const binding = cursorBinding(userPosts.id, { username: 'maya' }, []);
    expect(ctx.cursors.decode(page.cursor, binding)).toEqual({ createdAt: T0 + 3 * 60_000, id: 'v07' });
    expect(calls.exists).toEqual([]);
  });

  it("walks every video exactly once across pages, ties by id; the last page has hasMore false and cursor ''", async () => {
    const { source, calls } = fakeSource();
    const handlers = createShortVideoHandlers(source);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await handlers.userPosts({ username: 'maya', limit: 5, cursor }, ctx);
      pages++;
      seen.push(...page.videos.map((v) => v.id));
      expect(page.cursor === '').toBe(!page.hasMore);
      if (!page.hasMore) break;
      cursor = page.cursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...videos].sort(newest).map((v) => v.id));
    expect(calls.userPosts[1]?.after).toEqual({ createdAt: T0 + 3 * 60_000, id: 'v07' });
  });

  it('ends with hasMore false when the listing holds exactly limit videos', async () => {
    const page = await createShortVideoHandlers(fakeSource().source).userPosts({ username: 'maya', limit: 12 }, ctx);
    expect(page.videos).toHaveLength(12);
    expect(page).toMatchObject({ hasMore: false, cursor: '' });
  });

  it('treats an empty cursor as the first page', async () => {
    const handlers = createShortVideoHandlers(fakeSource().source);
    expect(await handlers.userPosts({ username: 'maya', limit: 3, cursor: '' }, ctx)).toEqual(
      await handlers.userPosts({ username: 'maya', limit: 3 }, ctx),
    );
  });

  it('binds the cursor to the username (ignoring case) but not to limit', async () => {
    const handlers = createShortVideoHandlers(fakeSource().source);
    const { cursor } = await handlers.userPosts({ username: 'maya', limit: 4 }, ctx);
    const upper = await handlers.userPosts({ username: 'MAYA', limit: 2, cursor }, ctx);
    expect(upper.videos.map((v) => v.id)).toEqual(['v07', 'v06']);
    const other = await handlers.userPosts({ username: 'quiet', limit: 4, cursor }, ctx).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ServiceError);
    expect(other).toMatchObject({ code: 'invalid_cursor', status: 400 });
  });

  it('refuses garbage, tampered, and well-signed tokens of the wrong shape: invalid_cursor', async () => {
    const handlers = createShortVideoHandlers(fakeSource().source);
    const { cursor } = await handlers.userPosts({ username: 'maya', limit: 4 }, ctx);
    const [payload, tag] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ createdAt: 0, id: 'v99' })).toString('base64url');
    const binding = cursorBinding(userPosts.id, { username: 'maya' }, []);
    const wrongShapes = [
      { createdAt: 'yesterday', id: 'v1' },
      { createdAt: 1.5, id: 'v1' },
      { createdAt: 1, id: '' },
      { createdAt: 1, id: 'v', extra: 1 },
      [1, 'v1'],
      null,
    ];
    for (const token of [
      'garbage',
      `${forged}.${tag}`,
      `${payload}.${tag}x`,
      payload,
      ...wrongShapes.map((p) => ctx.cursors.encode(p, binding)),
    ]) {
      await expect(handlers.userPosts({ username: 'maya', limit: 4, cursor: token }, ctx)).rejects.toMatchObject({
        code: 'invalid_cursor',
      });
    }
  });

  it('answers not_found for an unknown user, and an empty page for a known one without videos', async () => {
    const { source, calls } = fakeSource();
    const handlers = createShortVideoHandlers(source);
    const error = await handlers.userPosts({ username: 'ghost', limit: 20 }, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: "user 'ghost' not found" });
    expect(await handlers.userPosts({ username: 'Quiet', limit: 20 }, ctx)).toEqual({
      videos: [],
      hasMore: false,
      cursor: '',
    });
    expect(calls.exists).toEqual(['ghost', 'Quiet']);
  });
});

describe('short-video handlers: after and before', () => {
  // videos share timestamps in pairs: T0 + k minutes holds v(2k) and v(2k+1)
  const after = new Date(T0 + 60_000); // v02, v03 sit on it: excluded
  const before = new Date(T0 + 5 * 60_000); // v10, v11 sit on it: excluded

  it('walks exactly the videos strictly inside the window, the cursor bound to it', async () => {
    const { source, calls } = fakeSource();
    const handlers = createShortVideoHandlers(source);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await handlers.userPosts({ username: 'maya', limit: 3, cursor, after, before }, ctx);
      seen.push(...page.videos.map((v) => v.id));
      if (!page.hasMore) break;
      cursor = page.cursor;
    }
    expect(seen).toEqual(['v09', 'v08', 'v07', 'v06', 'v05', 'v04']);
    expect(calls.userPosts[0]).toEqual({ username: 'maya', after: undefined, window: { after, before }, limit: 4 });
    const binding = cursorBinding(userPosts.id, { username: 'maya', after, before }, []);
    const first = await handlers.userPosts({ username: 'maya', limit: 3, after, before }, ctx);
    expect(ctx.cursors.decode(first.cursor, binding)).toEqual({ createdAt: T0 + 3 * 60_000, id: 'v07' });
  });

  it('refuses a cursor with another window, or none, and one made without a window when a window is given: invalid_cursor', async () => {
    const handlers = createShortVideoHandlers(fakeSource().source);
    const { cursor } = await handlers.userPosts({ username: 'maya', limit: 2, after, before }, ctx);
    // the same moments in another spelling are the same window
    expect(
      (await handlers.userPosts({ username: 'maya', limit: 2, cursor, after: new Date(after.getTime()), before }, ctx))
        .videos,
    ).toHaveLength(2);
    for (const window of [{}, { after }, { before }, { after: new Date(after.getTime() + 1), before }]) {
      await expect(handlers.userPosts({ username: 'maya', limit: 2, cursor, ...window }, ctx)).rejects.toMatchObject({
        code: 'invalid_cursor',
      });
    }
    const plain = await handlers.userPosts({ username: 'maya', limit: 2 }, ctx);
    await expect(
      handlers.userPosts({ username: 'maya', limit: 2, cursor: plain.cursor, after }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_cursor' });
    const comments = await handlers.videoComments(
      { videoId: 'v01', limit: 2, sort: 'most_liked', after: new Date(T0) },
      ctx,
    );
    await expect(
      handlers.videoComments({ videoId: 'v01', limit: 2, sort: 'most_liked', cursor: comments.cursor }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_cursor' });
  });

  it('refuses after >= before: 400 invalid_parameter, before asking the source', async () => {
    const { source, calls } = fakeSource();
    const handlers = createShortVideoHandlers(source);
    await expect(
      handlers.userPosts({ username: 'maya', limit: 2, after: before, before: after }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_parameter', status: 400 });
    await expect(
      handlers.videoComments({ videoId: 'v01', limit: 2, sort: 'newest', after, before: after }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_parameter' });
    expect(calls.userPosts).toEqual([]);
    expect(calls.videoComments).toEqual([]);
  });
});

describe('short-video handlers: video comments', () => {
  it.each(['newest', 'oldest', 'most_liked'] as const)(
    'walks every comment exactly once sorted %s, ties newest first',
    async (sort) => {
      const { source, calls } = fakeSource();
      const handlers = createShortVideoHandlers(source);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await handlers.videoComments({ videoId: 'v01', sort, limit: 3, cursor }, ctx);
        expect(page.comments.length).toBeLessThanOrEqual(3);
        seen.push(...page.comments.map((c) => c.id));
        cursor = page.cursor;
      } while (cursor !== '');
      expect(seen).toEqual([...comments].sort(orders[sort]).map((c) => c.id));
      expect(calls.videoComments).toHaveLength(4);
      expect(calls.videoComments.every((q) => q.limit === 4 && q.sort === sort && q.videoId === 'v01')).toBe(true);
    },
  );

  it('keeps the like count in most_liked positions only', async () => {
    const { source, calls } = fakeSource();
    const handlers = createShortVideoHandlers(source);
    const liked = await handlers.videoComments({ videoId: 'v01', sort: 'most_liked', limit: 2 }, ctx);
    await handlers.videoComments({ videoId: 'v01', sort: 'most_liked', limit: 2, cursor: liked.cursor }, ctx);
    // c07 (9 likes), then the 5-like comments newest first: c10, c05, c02, c00
    expect(liked.comments.map((c) => c.id)).toEqual(['c07', 'c10']);
    expect(calls.videoComments[1]?.after).toEqual({ likeCount: 5, createdAt: T0 + 3000, id: 'c10' });
    const recent = await handlers.videoComments({ videoId: 'v01', sort: 'newest', limit: 2 }, ctx);
    await handlers.videoComments({ videoId: 'v01', sort: 'newest', limit: 2, cursor: recent.cursor }, ctx);
    expect(calls.videoComments[3]?.after).toEqual({ createdAt: T0 + 3000, id: 'c09' });
  });

  it('binds the cursor to the video and the sort', async () => {
    const handlers = createShortVideoHandlers(fakeSource().source);
    const { cursor } = await handlers.videoComments({ videoId: 'v01', sort: 'newest', limit: 2 }, ctx);
    for (const query of [
      { videoId: 'v01', sort: 'oldest' as const },
      { videoId: 'v02', sort: 'newest' as const },
    ]) {
      await expect(handlers.videoComments({ ...query, limit: 2, cursor }, ctx)).rejects.toMatchObject({
        code: 'invalid_cursor',
        status: 400,
      });
    }
    // a most_liked position without its like count is refused even when signed for the right query
    const binding = cursorBinding(videoComments.id, { videoId: 'v01', sort: 'most_liked' }, []);
    const token = ctx.cursors.encode({ createdAt: T0, id: 'c01' }, binding);
    await expect(
      handlers.videoComments({ videoId: 'v01', sort: 'most_liked', limit: 2, cursor: token }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_cursor' });
    const withLikes = ctx.cursors.encode({ likeCount: 5, createdAt: T0, id: 'c00' }, binding);
    const page = await handlers.videoComments({ videoId: 'v01', sort: 'most_liked', limit: 2, cursor: withLikes }, ctx);
    expect(page.comments.map((c) => c.id)).toEqual(['c06', 'c03']);
  });

  it('answers not_found for an unknown video, and no comments with an empty cursor for a known one', async () => {
    const { source, calls } = fakeSource();
    const handlers = createShortVideoHandlers(source);
    await expect(handlers.videoComments({ videoId: 'v404', sort: 'newest', limit: 20 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
      message: "video 'v404' not found",
    });
    expect(await handlers.videoComments({ videoId: 'v02', sort: 'oldest', limit: 20 }, ctx)).toEqual({
      comments: [],
      cursor: '',
    });
    await handlers.videoComments({ videoId: 'v01', sort: 'oldest', limit: 20 }, ctx);
    expect(calls.exists).toEqual(['v404', 'v02']);
  });
});

describe('short-video handlers: videosByIds', () => {
  it('puts the videos found in the order asked and lists the others as notFound, in one source call', async () => {
    const { source, calls } = fakeSource();
    const [a, b] = [videos[5]!, videos[2]!];
    const body = await createShortVideoHandlers(source).videosByIds(
      { ids: [a.id, 'nope', b.id, a.id.toUpperCase()] },
      ctx,
    );
    expect(body).toEqual({ videos: [a, b], notFound: ['nope', a.id.toUpperCase()] });
    expect(calls.byIds).toEqual([[a.id, 'nope', b.id, a.id.toUpperCase()]]);
    expect(calls.exists).toEqual([]);
  });

  it('answers no videos and every id in notFound when nothing is found (never 404)', async () => {
    expect(await createShortVideoHandlers(fakeSource().source).videosByIds({ ids: ['x', 'y'] }, ctx)).toEqual({
      videos: [],
      notFound: ['x', 'y'],
    });
  });
});

describe('short-video history', () => {
  it('answers the source’s readings, bare; an unknown record is a 404', async () => {
    const reading = { observedAt: Date.parse('2026-06-01T00:00:00Z'), counts: { likeCount: 3 } };
    const handlers = createShortVideoHandlers({ ...fakeSource().source, history: async () => [reading] });
    expect(await handlers.history({ record: 'video', id: 'v1', limit: 10 }, ctx)).toEqual({
      record: 'video',
      id: 'v1',
      observations: [{ observedAt: '2026-06-01T00:00:00.000Z', counts: { likeCount: 3 } }],
      cursor: '',
    });
    const none = createShortVideoHandlers({ ...fakeSource().source, history: async () => undefined });
    await expect(none.history({ record: 'comment', id: 'c', limit: 10 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
