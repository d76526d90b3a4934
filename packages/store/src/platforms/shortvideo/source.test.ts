import { type Comment, type CommentSort, commentSorts, type Video } from '@socialquery/shortvideo';
import type { CommentPosition, VideoPosition } from '@socialquery/shortvideo/server';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../schema.js';
import {
  type ShortVideoCommentInput,
  type ShortVideoInput,
  toShortVideoCommentRow,
  toShortVideoRow,
  upsertShortVideoCommentRows,
  upsertShortVideoRows,
} from './rows.js';
import { testStoreKind } from '../../testing.js';
import { openPlannedDb, type PlannedDb, planPatterns } from '../query-plans.case.js';
import { createSqlShortVideoSource } from './source.js';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const MINUTE = 60_000;
let db: Kysely<Database>;
let planned: PlannedDb;
const kind = testStoreKind();

/** How each dialect's plan shows an index range scan, a full table scan, and a sort step (the index did not give the order). */
const planRules = {
  // `numbered` is the replies query's window-function subquery
  indexRange: (index: string) =>
    kind === 'sqlite'
      ? planPatterns.sqlite.indexRange(index, '(shortvideo_\\w+|numbered)')
      : planPatterns.postgres.indexRange(index),
  tableScan: planPatterns[kind].tableScan('shortvideo_'),
  sortStep: planPatterns[kind].sortStep,
};

/**
 * Fixture: creator "Maya" has 40 videos, four per timestamp (ties broken by id); 12 other creators
 * have 2,000 videos between them. Video "v-main" has 60 top-level comments, three per timestamp,
 * with like counts drawn from five values (ties everywhere), and replies: comment i has i % 6 of
 * them, pairs of which share a timestamp. Other videos carry 3,000 filler comments and replies.
 */
const videos: ShortVideoInput[] = [];
const comments: ShortVideoCommentInput[] = [];

function video(id: string, author: string, createdAt: number): ShortVideoInput {
  return {
    id,
    author,
    description: `clip ${id} #fyp`,
    likeCount: 10,
    commentCount: 0,
    shareCount: 1,
    viewCount: 3_000_000_000,
    duration: 21,
    createdAt,
    videoUrl: `https://shortvideo.example.org/@${author}/video/${id}`,
    music: { title: `original sound - ${author}`, author },
  };
}

for (let i = 0; i < 40; i++)
  videos.push(video(`m${String((i * 17) % 40).padStart(3, '0')}`, 'Maya', NOW - Math.floor(i / 4) * MINUTE));
for (let i = 0; i < 2000; i++)
  videos.push(video(`x${String(i).padStart(5, '0')}`, `Creator${i % 12}`, NOW - i * 7 * MINUTE));
videos.push(video('v-quiet', 'Quiet', NOW - 5 * MINUTE));
videos.push(video('v-main', 'Maya', NOW - 10_000 * MINUTE));

const LIKES = [0, 3, 3, 12, 0, 250];
for (let i = 0; i < 60; i++) {
  const id = `c${String((i * 7) % 60).padStart(3, '0')}`;
  const createdAt = NOW - 5000 * MINUTE + Math.floor(i / 3) * MINUTE;
  const replyCount = i % 6;
  comments.push({
    id,
    videoId: 'v-main',
    parentId: '',
    author: `fan${i}`,
    text: `comment ${i}`,
    likeCount: LIKES[i % 6]!,
    replyCount,
    createdAt,
  });
  for (let r = 0; r < replyCount; r++) {
    comments.push({
      id: `${id}-r${5 - r}`,
      videoId: 'v-main',
      parentId: id,
      author: `replier${r}`,
      text: `reply ${r} to ${id}`,
      likeCount: r,
      replyCount: 0,
      createdAt: createdAt + 30_000 + Math.floor(r / 2) * 1000,
    });
  }
}
for (let i = 0; i < 3000; i++) {
  const videoId = `x${String((i % 4 === 3 ? i - 1 : i) % 300).padStart(5, '0')}`;
  const parentId = i % 4 === 3 ? `f${String(i - 1).padStart(5, '0')}` : '';
  comments.push({
    id: `f${String(i).padStart(5, '0')}`,
    videoId,
    parentId,
    author: `filler${i % 50}`,
    text: 'nice',
    likeCount: i % 9,
    replyCount: i % 4 === 2 ? 1 : 0,
    createdAt: NOW - i * MINUTE,
  });
}

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  await upsertShortVideoRows(db, videos.slice(0, 1000).map(toShortVideoRow));
  await upsertShortVideoRows(db, videos.slice(1000).map(toShortVideoRow));
  for (let i = 0; i < comments.length; i += 500)
    await upsertShortVideoCommentRows(db, comments.slice(i, i + 500).map(toShortVideoCommentRow));
  await db.executeQuery(CompiledQuery.raw('ANALYZE'));
});
afterAll(() => planned.close());

/**
 * The plan of each query `run` executes. PostgreSQL is asked with sequential and bitmap scans
 * disabled: on small tables it would rightly prefer them (and sort the few rows a bitmap scan
 * finds), while the question here is whether an index serves the listing in its order.
 */
const planOf = (run: () => Promise<unknown>) =>
  planned.plansOf(run, { disable: ['enable_seqscan', 'enable_bitmapscan'] });

// The tests' own orders, computed independently of the SQL.
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  cmp(b.createdAt, a.createdAt) || cmp(b.id, a.id);
const commentOrders: Record<CommentSort, (a: ShortVideoCommentInput, b: ShortVideoCommentInput) => number> = {
  newest: newestFirst,
  oldest: (a, b) => -newestFirst(a, b),
  most_liked: (a, b) => cmp(b.likeCount, a.likeCount) || newestFirst(a, b),
};
const topLevel = comments.filter((c) => c.videoId === 'v-main' && c.parentId === '');
const position = (c: Comment, sort: CommentSort): CommentPosition => ({
  ...(sort === 'most_liked' ? { likeCount: c.likeCount } : {}),
  createdAt: Date.parse(c.createdAt),
  id: c.id,
});

describe('SQL short-video source', () => {
  const source = () => createSqlShortVideoSource(db);

  it("lists a creator's videos newest first, ties by id descending, names matched case-insensitively", async () => {
    const expected = videos.filter((v) => v.author === 'Maya').sort(newestFirst);
    const listed = await source().userPosts({ username: 'MAYA', limit: 100 });
    expect(listed.map((v) => v.id)).toEqual(expected.map((v) => v.id));
    expect(listed[0]!.id).toBe('m034');
  });

  it('returns every field of a video as stored, createdAt in ISO 8601 with milliseconds', async () => {
    const [first] = await source().userPosts({ username: 'quiet', limit: 1 });
    expect(first).toEqual<Video>({
      id: 'v-quiet',
      description: 'clip v-quiet #fyp',
      author: 'Quiet',
      likeCount: 10,
      commentCount: 0,
      shareCount: 1,
      viewCount: 3_000_000_000,
      duration: 21,
      createdAt: new Date(NOW - 5 * MINUTE).toISOString(),
      videoUrl: 'https://shortvideo.example.org/@Quiet/video/v-quiet',
      music: { title: 'original sound - Quiet', author: 'Quiet' },
    });
    expect(first!.createdAt).toBe('2025-12-31T23:55:00.000Z');
  });

  it.each([1, 3, 4, 7])('pages through a creator with equal timestamps exactly once (page size %d)', async (limit) => {
    const seen: string[] = [];
    let after: VideoPosition | undefined;
    for (;;) {
      const page = await source().userPosts({ username: 'maya', after, limit });
      seen.push(...page.map((v) => v.id));
      if (page.length < limit) break;
      const last = page.at(-1)!;
      after = { createdAt: Date.parse(last.createdAt), id: last.id };
    }
    expect(seen).toEqual(
      videos
        .filter((v) => v.author === 'Maya')
        .sort(newestFirst)
        .map((v) => v.id),
    );
  });

  it('starts strictly after the position, inside a group of equal timestamps', async () => {
    const group = videos.filter((v) => v.author === 'Maya' && v.createdAt === NOW - 2 * MINUTE).sort(newestFirst);
    expect(group).toHaveLength(4);
    const page = await source().userPosts({
      username: 'maya',
      after: { createdAt: NOW - 2 * MINUTE, id: group[1]!.id },
      limit: 3,
    });
    expect(page.map((v) => v.id)).toEqual([group[2]!.id, group[3]!.id, expect.any(String)]);
    expect(Date.parse(page[2]!.createdAt)).toBe(NOW - 3 * MINUTE);
  });

  it.each(commentSorts)('lists the top-level comments sorted %s, and pages through them exactly once', async (sort) => {
    const expected = [...topLevel].sort(commentOrders[sort]).map((c) => c.id);
    expect((await source().videoComments({ videoId: 'v-main', sort, limit: 100 })).map((c) => c.id)).toEqual(expected);
    for (const limit of [1, 4, 7]) {
      const seen: string[] = [];
      let after: CommentPosition | undefined;
      for (;;) {
        const page = await source().videoComments({ videoId: 'v-main', sort, after, limit });
        seen.push(...page.map((c) => c.id));
        if (page.length < limit) break;
        after = position(page.at(-1)!, sort);
      }
      expect({ limit, seen }).toEqual({ limit, seen: expected });
    }
  });

  it('most_liked: ties in likes go newest first, then by id; a position inside a tie continues right after it', async () => {
    const page = await source().videoComments({ videoId: 'v-main', sort: 'most_liked', limit: 60 });
    const likes = page.map((c) => c.likeCount);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(new Set(likes).size).toBe(4);
    const threes = page.filter((c) => c.likeCount === 3);
    expect(threes.length).toBeGreaterThan(10);
    const resumed = await source().videoComments({
      videoId: 'v-main',
      sort: 'most_liked',
      after: position(threes[4]!, 'most_liked'),
      limit: 2,
    });
    expect(resumed.map((c) => c.id)).toEqual([threes[5]!.id, threes[6]!.id]);
  });

  it('gives each comment its first three replies, oldest first (ties by id), each without replies; replyCount is the total', async () => {
    const listed = await source().videoComments({ videoId: 'v-main', sort: 'oldest', limit: 60 });
    for (const comment of listed) {
      const all = comments.filter((c) => c.parentId === comment.id).sort(commentOrders.oldest);
      expect(comment.replyCount).toBe(all.length);
      expect({ id: comment.id, replies: comment.replies.map((r) => r.id) }).toEqual({
        id: comment.id,
        replies: all.slice(0, 3).map((r) => r.id),
      });
      for (const reply of comment.replies) expect(reply.replies).toEqual([]);
    }
    const withFive = listed.find((c) => c.replyCount === 5)!;
    // replies r5, r4 share a timestamp, so do r3, r2: id order decides
    expect(withFive.replies.map((r) => r.id)).toEqual([`${withFive.id}-r4`, `${withFive.id}-r5`, `${withFive.id}-r2`]);
    expect(withFive.replies[0]).toEqual({
      id: `${withFive.id}-r4`,
      text: `reply 1 to ${withFive.id}`,
      author: 'replier1',
      likeCount: 1,
      replyCount: 0,
      createdAt: new Date(Date.parse(withFive.createdAt) + 30_000).toISOString(),
      replies: [],
    });
    expect(listed.filter((c) => c.replyCount === 0).every((c) => c.replies.length === 0)).toBe(true);
  });

  it('answers an empty list for a video without comments or past the end, and tells known from unknown', async () => {
    expect(await source().videoComments({ videoId: 'v-quiet', sort: 'newest', limit: 20 })).toEqual([]);
    expect(await source().videoComments({ videoId: 'nope', sort: 'most_liked', limit: 20 })).toEqual([]);
    const last = [...topLevel].sort(commentOrders.oldest).at(-1)!;
    expect(
      await source().videoComments({
        videoId: 'v-main',
        sort: 'oldest',
        after: { createdAt: last.createdAt, id: last.id },
        limit: 5,
      }),
    ).toEqual([]);
    expect(await source().videoExists('v-quiet')).toBe(true);
    expect(await source().videoExists('V-QUIET')).toBe(false);
    expect(await source().userExists('qUIET')).toBe(true);
    expect(await source().userExists('nobody')).toBe(false);
  });

  it('looks videos up by their exact ids (case-sensitively), as the listing renders them; unknown ids are left out', async () => {
    const listed = await source().userPosts({ username: 'maya', limit: 10 });
    const got = await source().videosByIds([
      listed[4]!.id,
      'V-QUIET',
      'v-quiet',
      'nope',
      listed[1]!.id,
      ` ${listed[2]!.id}`,
    ]);
    const byId = new Map(got.map((v) => [v.id, v]));
    expect([...byId.keys()].sort()).toEqual([listed[4]!.id, 'v-quiet', listed[1]!.id].sort());
    expect(byId.get(listed[4]!.id)).toEqual(listed[4]);
    expect(byId.get('v-quiet')).toEqual((await source().userPosts({ username: 'quiet', limit: 1 }))[0]);
    expect(await source().videosByIds([])).toEqual([]);
  });

  describe('query plans: every listing in every order is an index range scan in index order, never a table scan', () => {
    const check = (plan: string[], index: string, { sorted = true } = {}) => {
      const text = plan.join('\n');
      expect(text).toMatch(planRules.indexRange(index));
      expect(text).not.toMatch(planRules.tableScan);
      if (sorted) expect(text).not.toMatch(planRules.sortStep);
    };

    it('user posts, first and later pages; existence checks', async () => {
      const plans = await planOf(async () => {
        await source().userPosts({ username: 'creator3', limit: 21 });
        await source().userPosts({
          username: 'creator3',
          after: { createdAt: NOW - 700 * MINUTE, id: 'x00100' },
          limit: 21,
        });
        await source().userExists('creator3');
        await source().videoExists('x00001');
      });
      expect(plans).toHaveLength(4);
      check(plans[0]!, 'shortvideo_videos_author_new');
      check(plans[1]!, 'shortvideo_videos_author_new');
      check(plans[2]!, 'shortvideo_videos_author_new');
      expect(plans[3]!.join('\n')).not.toMatch(planRules.tableScan);
    });

    it('videos by id: one primary-key query', async () => {
      const plans = await planOf(() => source().videosByIds(['x00001', 'm003', 'nope', 'X00002']));
      expect(plans).toHaveLength(1);
      check(plans[0]!, kind === 'sqlite' ? 'sqlite_autoindex_shortvideo_videos_1' : 'shortvideo_videos_pkey', {
        sorted: false,
      });
    });

    it.each(commentSorts)(
      'comments sorted %s, first and later pages, and the replies of the page in one query',
      async (sort) => {
        // the position a second page starts after
        const third = [...topLevel].sort(commentOrders[sort])[2]!;
        const after: CommentPosition = {
          ...(sort === 'most_liked' ? { likeCount: third.likeCount } : {}),
          createdAt: third.createdAt,
          id: third.id,
        };
        const plans = await planOf(async () => {
          await source().videoComments({ videoId: 'v-main', sort, limit: 21 });
          await source().videoComments({ videoId: 'v-main', sort, after, limit: 21 });
        });
        expect(plans).toHaveLength(4); // each page: its comments, then their replies
        const index = sort === 'most_liked' ? 'shortvideo_comments_video_liked' : 'shortvideo_comments_video_time';
        check(plans[0]!, index);
        check(plans[2]!, index);
        check(plans[1]!, 'shortvideo_comments_replies', { sorted: false });
        check(plans[3]!, 'shortvideo_comments_replies', { sorted: false });
      },
    );
  });
});

describe('SQL short-video source: time windows (after, before: exclusive)', () => {
  const source = () => createSqlShortVideoSource(db);
  const show = (name: string, plan: string[]) => {
    if (process.env.SHOW_PLANS) console.log(`${kind} ${name}:\n  ${plan.join('\n  ')}`);
  };
  // Maya's videos come four to a timestamp, NOW − k minutes for k = 0…9: the bounds sit on whole groups
  const videoWindow = { after: new Date(NOW - 8 * MINUTE), before: new Date(NOW - MINUTE) };
  const mayaInWindow = videos
    .filter((v) => v.author === 'Maya' && v.createdAt > NOW - 8 * MINUTE && v.createdAt < NOW - MINUTE)
    .sort(newestFirst);
  // v-main's top-level comments come three to a timestamp, T + k minutes for k = 0…19
  const T = NOW - 5000 * MINUTE;
  const commentWindow = { after: new Date(T + 3 * MINUTE), before: new Date(T + 15 * MINUTE) };
  const commentsInWindow = topLevel.filter((c) => c.createdAt > T + 3 * MINUTE && c.createdAt < T + 15 * MINUTE);

  it.each([1, 4, 5, 24])(
    "walks a creator's videos strictly inside the window exactly once (page size %d)",
    async (limit) => {
      expect(mayaInWindow).toHaveLength(24);
      const seen: string[] = [];
      let after: VideoPosition | undefined;
      for (;;) {
        const page = await source().userPosts({ username: 'maya', after, window: videoWindow, limit });
        seen.push(...page.map((v) => v.id));
        if (page.length < limit) break;
        const last = page.at(-1)!;
        after = { createdAt: Date.parse(last.createdAt), id: last.id };
      }
      expect(seen).toEqual(mayaInWindow.map((v) => v.id));
    },
  );

  it('takes either bound alone', async () => {
    const maya = videos.filter((v) => v.author === 'Maya').sort(newestFirst);
    const ids = async (window: { after?: Date; before?: Date }) =>
      (await source().userPosts({ username: 'maya', window, limit: 100 })).map((v) => v.id);
    expect(await ids({ after: new Date(NOW - 2 * MINUTE) })).toEqual(
      maya.filter((v) => v.createdAt > NOW - 2 * MINUTE).map((v) => v.id),
    );
    expect(await ids({ before: new Date(NOW - 9 * MINUTE) })).toEqual(['v-main']);
    expect(await ids({ after: new Date(NOW) })).toEqual([]);
  });

  it.each(commentSorts)('walks the comments strictly inside the window exactly once, sorted %s', async (sort) => {
    expect(commentsInWindow).toHaveLength(33);
    const seen: string[] = [];
    let after: CommentPosition | undefined;
    for (;;) {
      const page = await source().videoComments({ videoId: 'v-main', sort, after, window: commentWindow, limit: 4 });
      seen.push(...page.map((c) => c.id));
      if (page.length < 4) break;
      after = position(page.at(-1)!, sort);
    }
    expect(seen).toEqual([...commentsInWindow].sort(commentOrders[sort]).map((c) => c.id));
  });

  describe("query plans: the window stays inside the listing's index range, never a table scan", () => {
    it('user posts with a window, first and later pages: a range on (author_key, created_at), in index order', async () => {
      const plans = await planOf(async () => {
        await source().userPosts({
          username: 'creator3',
          window: { after: new Date(NOW - 5000 * MINUTE), before: new Date(NOW - 100 * MINUTE) },
          limit: 21,
        });
        await source().userPosts({
          username: 'creator3',
          after: { createdAt: NOW - 700 * MINUTE, id: 'x00100' },
          window: { after: new Date(NOW - 5000 * MINUTE) },
          limit: 21,
        });
      });
      expect(plans).toHaveLength(2);
      for (const [i, plan] of plans.entries()) {
        show(`userPosts, window, page ${i + 1}`, plan);
        const text = plan.join('\n');
        expect(text).toMatch(planRules.indexRange('shortvideo_videos_author_new'));
        expect(text).toMatch(
          kind === 'sqlite'
            ? /\(author_key=\? AND created_at>\?/
            : /Index Cond: \(\(author_key = '\w+'::text\) AND \(created_at > '\d+'::bigint\)/,
        );
        expect(text).not.toMatch(planRules.tableScan);
        expect(text).not.toMatch(planRules.sortStep);
      }
    });

    it.each(commentSorts)('comments sorted %s with a window, first and later pages', async (sort) => {
      const third = [...commentsInWindow].sort(commentOrders[sort])[2]!;
      const after: CommentPosition = {
        ...(sort === 'most_liked' ? { likeCount: third.likeCount } : {}),
        createdAt: third.createdAt,
        id: third.id,
      };
      const plans = await planOf(async () => {
        await source().videoComments({ videoId: 'v-main', sort, window: commentWindow, limit: 21 });
        await source().videoComments({ videoId: 'v-main', sort, after, window: commentWindow, limit: 21 });
      });
      expect(plans).toHaveLength(4); // each page: its comments, then their replies
      for (const plan of [plans[0]!, plans[2]!]) {
        show(`videoComments ${sort}, window`, plan);
        const text = plan.join('\n');
        expect(text).toMatch(planRules.indexRange('shortvideo_comments_video_\\w+'));
        expect(text).not.toMatch(planRules.tableScan);
        if (sort !== 'most_liked') {
          expect(text).toMatch(planRules.indexRange('shortvideo_comments_video_time'));
          expect(text).not.toMatch(planRules.sortStep);
        }
      }
      if (sort === 'most_liked') return;
      // the first page is the window's range; a later one starts at its position, not at the window's far end
      const [first, later] = [plans[0]!.join('\n'), plans[2]!.join('\n')];
      if (kind === 'sqlite') {
        expect(first).toMatch(/\(video_id=\? AND parent_id=\? AND created_at>\? AND created_at<\?\)/);
        expect(later).toMatch(
          sort === 'newest'
            ? /\(video_id=\? AND parent_id=\? AND created_at>\? AND \(created_at,id\)<\(\?,\?\)\)/
            : /\(video_id=\? AND parent_id=\? AND \(created_at,id\)>\(\?,\?\) AND created_at<\?\)/,
        );
      } else {
        expect(first).toMatch(/Index Cond: .*\(created_at > '\d+'::bigint\) AND \(created_at < '\d+'::bigint\)/);
        expect(later).toMatch(/Index Cond: .*ROW\(created_at, id\) [<>] ROW/);
      }
    });

    it("a later page of a creator's videos starts at its position, not at the window's end", async () => {
      const window = { after: new Date(NOW - 5000 * MINUTE), before: new Date(NOW - 100 * MINUTE) };
      const plans = await planOf(() =>
        source().userPosts({
          username: 'creator3',
          after: { createdAt: NOW - 700 * MINUTE, id: 'x00100' },
          window,
          limit: 21,
        }),
      );
      const text = plans.flat().join('\n');
      show('userPosts, window, later page', plans.flat());
      expect(text).toMatch(
        kind === 'sqlite'
          ? /\(author_key=\? AND created_at>\? AND \(created_at,id\)<\(\?,\?\)\)/
          : /Index Cond: .*ROW\(created_at, id\) < ROW/,
      );
      expect(text).not.toMatch(planRules.sortStep);
    });
  });
});
