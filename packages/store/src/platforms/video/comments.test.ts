import type { CommentOrder } from '@socialquery/video';
import type { CommentThreadsPage, CommentThreadsQueryInput } from '@socialquery/video/server';
import type { Kysely } from 'kysely';
import type { Database, VideoCommentsTable } from '../../schema.js';
import { testStoreKind } from '../../testing.js';
import { openPlannedDb, type PlannedDb, planPatterns } from '../query-plans.case.js';
import { upsertVideoCommentRows } from './rows.js';
import { createSqlVideoSource } from './source.js';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const MINUTE = 60_000;
let db: Kysely<Database>;
let planned: PlannedDb;
const kind = testStoreKind();

/**
 * Fixture: 45 threads on vidA, three published at each moment and their likes in ties of five (so
 * both orders break ties by id); thread 0 has 7 replies, thread 1 two (its source counted 10),
 * thread 2 three read without their thread (its count 0); vidB has 3 threads of its own.
 */
const rows: VideoCommentsTable[] = [];
function comment(id: string, videoId: string, over: Partial<VideoCommentsTable> = {}): VideoCommentsTable {
  return {
    id,
    video_id: videoId,
    channel_id: 'UCchannel',
    parent_id: '',
    author_name: `@${id}`,
    author_channel_id: `UC${id}`,
    author_image: '',
    text: `text of ${id}`,
    like_count: 0,
    published_at: NOW,
    updated_at: NOW,
    reply_count: 0,
    can_reply: 1,
    is_public: 1,
    extra: '',
    ...over,
  };
}
const threadId = (i: number) => `Ugthread${String(i).padStart(2, '0')}`;
for (let i = 0; i < 45; i++) {
  rows.push(
    comment(threadId(i), 'vidA', {
      like_count: Math.floor(i / 5) * 10,
      published_at: NOW - Math.floor(i / 3) * MINUTE,
      updated_at: NOW - Math.floor(i / 3) * MINUTE + 1,
      reply_count: i === 0 ? 7 : i === 1 ? 10 : 0,
      can_reply: i === 4 ? null : 1,
      is_public: i === 4 ? null : 0,
      extra: i === 0 ? JSON.stringify({ etag: 'thread0' }) : '',
    }),
  );
}
const replyCounts: Record<number, number> = { 0: 7, 1: 2, 2: 3 };
for (const [i, count] of Object.entries(replyCounts))
  for (let r = 0; r < count; r++)
    rows.push(
      comment(`${threadId(Number(i))}.r${r}`, 'vidA', {
        parent_id: threadId(Number(i)),
        // stored newest first, published in reverse: the answer orders them
        published_at: NOW + (count - r) * MINUTE,
        like_count: r,
        can_reply: null,
        is_public: null,
        extra: r === 0 ? JSON.stringify({ etag: `reply${i}` }) : '',
      }),
    );
for (let i = 0; i < 3; i++) rows.push(comment(`Ugother${i}`, 'vidB', { published_at: NOW - i }));

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  await upsertVideoCommentRows(db, rows);
});
afterAll(() => planned.close());

const source = () => createSqlVideoSource(db);
const query = (order: CommentOrder, over: Partial<CommentThreadsQueryInput> = {}): CommentThreadsQueryInput => ({
  videoId: 'vidA',
  order,
  limit: 20,
  replies: 5,
  ...over,
});

/** The threads of vidA by brute force, in an order: its value, then id, both descending. */
function reference(order: CommentOrder): string[] {
  const value = (row: VideoCommentsTable) => (order === 'time' ? row.published_at : row.like_count);
  return rows
    .filter((row) => row.video_id === 'vidA' && row.parent_id === '')
    .sort((a, b) => value(b) - value(a) || (a.id < b.id ? 1 : -1))
    .map((row) => row.id);
}

async function walk(q: CommentThreadsQueryInput): Promise<{ ids: string[]; pages: CommentThreadsPage[] }> {
  const pages = [await source().commentThreads(q)];
  while (pages.at(-1)!.next) pages.push(await source().commentThreads({ ...q, after: pages.at(-1)!.next }));
  return { ids: pages.flatMap((page) => page.threads.map((thread) => thread.comment.id)), pages };
}

describe(`video comment threads (${kind})`, () => {
  it.each(['time', 'relevance'] as const)(
    'order %s: every thread of the video once, in order, ties by id; the count on every page',
    async (order) => {
      const { ids, pages } = await walk(query(order));
      expect(ids).toEqual(reference(order));
      expect(pages.map((page) => [page.threads.length, page.total])).toEqual([
        [20, 45],
        [20, 45],
        [5, 45],
      ]);
      expect(pages.at(-1)!.next).toBeUndefined();
    },
  );

  it('a page continues after the last thread of the page before: a comment added mid-walk neither skips nor repeats one', async () => {
    const first = await source().commentThreads(query('time'));
    await upsertVideoCommentRows(db, [comment('Ugnewest', 'vidA', { published_at: NOW + 1 })]);
    try {
      const rest = await walk({ ...query('time'), after: first.next });
      expect([...first.threads.map((t) => t.comment.id), ...rest.ids]).toEqual(reference('time'));
    } finally {
      await db.deleteFrom('video_comments').where('id', '=', 'Ugnewest').execute();
    }
  });

  it('each thread: its comment, flags, first replies oldest first (at most `replies`), and its reply count', async () => {
    const { pages } = await walk(query('time'));
    const threads = new Map(pages.flatMap((page) => page.threads).map((thread) => [thread.comment.id, thread]));
    const zero = threads.get(threadId(0))!;
    expect(zero.comment).toEqual({
      id: threadId(0),
      authorName: `@${threadId(0)}`,
      authorChannelId: `UC${threadId(0)}`,
      authorImage: '',
      text: `text of ${threadId(0)}`,
      likeCount: 0,
      publishedAt: NOW,
      updatedAt: NOW + 1,
      extra: undefined,
    });
    expect([zero.videoId, zero.canReply, zero.isPublic, zero.totalReplyCount]).toEqual(['vidA', true, false, 7]);
    expect(zero.replies.map((reply) => reply.id)).toEqual(
      ['r6', 'r5', 'r4', 'r3', 'r2'].map((r) => `${threadId(0)}.${r}`),
    );
    expect(threads.get(threadId(1))!.totalReplyCount).toBe(10);
    expect(threads.get(threadId(1))!.replies.map((reply) => reply.id)).toEqual([
      `${threadId(1)}.r1`,
      `${threadId(1)}.r0`,
    ]);
    expect(threads.get(threadId(2))!.totalReplyCount).toBe(3);
    expect(threads.get(threadId(3))).toMatchObject({ totalReplyCount: 0, replies: [] });
    expect([threads.get(threadId(4))!.canReply, threads.get(threadId(4))!.isPublic]).toEqual([undefined, undefined]);
  });

  it('reads extra only when asked, for threads and replies', async () => {
    // the three newest threads: 02, 01, 00 (published at the same moment, by id descending)
    const asked = (await source().commentThreads(query('time', { limit: 3 }), { extra: true })).threads[2]!;
    expect(asked.comment.id).toBe(threadId(0));
    expect(asked.comment.extra).toEqual({ etag: 'thread0' });
    const answered = (await source().commentThreads(query('time', { limit: 3 }), { extra: true })).threads[1]!;
    expect(answered.replies.map((reply) => reply.extra)).toEqual([undefined, { etag: 'reply1' }]);
    const plain = (await source().commentThreads(query('time', { limit: 3 }))).threads[2]!;
    expect(plain.comment.extra).toBeUndefined();
    expect(plain.replies.every((reply) => reply.extra === undefined)).toBe(true);
  });

  it('another video’s threads only; a video without comments: an empty page', async () => {
    expect((await walk(query('time', { videoId: 'vidB' }))).ids).toEqual(['Ugother0', 'Ugother1', 'Ugother2']);
    expect(await source().commentThreads(query('relevance', { videoId: 'none' }))).toEqual({
      threads: [],
      next: undefined,
      total: 0,
    });
  });

  it.each([
    ['time', 'video_comments_video_time'],
    ['relevance', 'video_comments_video_likes'],
  ] as const)('order %s reads one range of %s without sorting, and the replies by parent', async (order, index) => {
    const first = await source().commentThreads(query(order));
    for (const over of [{}, { after: first.next }]) {
      const plans = await planned.plansOf(() => source().commentThreads(query(order, over)), {
        disable: ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'],
      });
      if (process.env.SHOW_PLANS) console.log(`${kind} commentThreads ${order}:\n  ${plans.join('\n  ')}`);
      expect(plans).toHaveLength(3);
      const [page, count, replies] = plans.map((lines) => lines.join('\n'));
      expect(page).toMatch(planPatterns[kind].indexRange(index));
      expect(page).not.toMatch(planPatterns[kind].sortStep);
      expect(count).toMatch(planPatterns[kind].indexRange('video_comments_video_(time|likes)'));
      expect(replies).toMatch(planPatterns[kind].indexRange('video_comments_replies'));
      for (const text of [page, count, replies])
        expect(text).not.toMatch(planPatterns[kind].tableScan('(c|video_comments)\\b'));
    }
  });
});
