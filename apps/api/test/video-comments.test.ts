import { ErrorBody } from '@socialquery/core';
import { importDocuments } from '@socialquery/store';
import {
  type CommentOrder,
  commentThreads,
  CommentThreadsResponse,
  history,
  REPLIES_PER_THREAD,
} from '@socialquery/video';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
/** The demo video with the most comment threads (more than a page), and one without comments. */
let videoId: string;
let quietVideoId: string;

interface StoredComment {
  id: string;
  video_id: string;
  parent_id: string;
  like_count: number;
  published_at: number;
  reply_count: number;
}

/** The video's comments from the table (ground truth). */
async function commentsOf(id: string): Promise<StoredComment[]> {
  const threads = await service.store.db
    .selectFrom('video_comments')
    .select(['id', 'video_id', 'parent_id', 'like_count', 'published_at', 'reply_count'])
    .where('video_id', '=', id)
    .execute();
  return threads.map((row) => ({
    ...row,
    like_count: Number(row.like_count),
    published_at: Number(row.published_at),
    reply_count: Number(row.reply_count),
  }));
}

beforeAll(async () => {
  service = await startTestService();
  const busiest = await service.store.db
    .selectFrom('video_comments')
    .select(['video_id', (eb) => eb.fn.countAll().as('n')])
    .where('parent_id', '=', '')
    .groupBy('video_id')
    .orderBy('n', 'desc')
    .orderBy('video_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  videoId = busiest.video_id;
  const quiet = await service.store.db
    .selectFrom('video_videos')
    .select('id')
    .where('id', 'not in', (eb) => eb.selectFrom('video_comments').select('video_id'))
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  quietVideoId = quiet.id;
});
afterAll(() => service.close());

const get = (query: Record<string, string>) =>
  request(service.app).get(commentThreads.path).query(query).set('X-API-Key', service.apiKey);

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: status, code });
}

/** Every page of a video's threads: the threads in order, every page's total. */
async function walk(query: Record<string, string>) {
  const threads: CommentThreadsResponse['data']['threads'] = [];
  const totals: number[] = [];
  let token = '';
  do {
    const res = await get({ ...query, ...(token ? { paginationToken: token } : {}) });
    expect(res.status).toBe(200);
    const body = CommentThreadsResponse.parse(res.body);
    expect(body).toMatchObject({ message: 'Request successful', statusCode: 200 });
    if (body.pagination.hasMore) expect(body.data.threads).toHaveLength(20);
    expect(body.pagination.hasMore).toBe(body.pagination.paginationToken !== '');
    threads.push(...body.data.threads);
    totals.push(body.pagination.total);
    token = body.pagination.paginationToken;
  } while (token && totals.length < 100);
  return { threads, totals };
}

/** The threads of the video by brute force, in an order: its value, then id, both descending. */
function threadOrder(comments: StoredComment[], order: CommentOrder): string[] {
  const value = (c: StoredComment) => (order === 'time' ? c.published_at : c.like_count);
  return comments
    .filter((c) => c.parent_id === '')
    .sort((a, b) => value(b) - value(a) || (a.id < b.id ? 1 : -1))
    .map((c) => c.id);
}

describeOperationRules(
  commentThreads,
  () => service,
  () => ({ path: {}, query: { videoId } }),
);

describe('video/comments', () => {
  it.each(['time', 'relevance'] as const)(
    'order=%s walks every thread of the video once, in order, 20 a page; the total on every page',
    async (order) => {
      const stored = await commentsOf(videoId);
      const expected = threadOrder(stored, order);
      expect(expected.length).toBeGreaterThan(20);
      const { threads, totals } = await walk({ videoId, order });
      expect(threads.map((t) => t.commentId)).toEqual(expected);
      expect(new Set(totals)).toEqual(new Set([expected.length]));
      expect(totals).toHaveLength(Math.ceil(expected.length / 20));
      expect(threads.every((t) => t.videoId === videoId)).toBe(true);
    },
  );

  it('time is the default order', async () => {
    const plain = CommentThreadsResponse.parse((await get({ videoId })).body);
    const time = CommentThreadsResponse.parse((await get({ videoId, order: 'time' })).body);
    expect(plain).toEqual(time);
  });

  it('each thread carries its first replies, oldest first, at most 5, and its reply count', async () => {
    const stored = await commentsOf(videoId);
    const { threads } = await walk({ videoId });
    let capped = 0;
    for (const thread of threads) {
      const replies = stored
        .filter((c) => c.parent_id === thread.commentId)
        .sort((a, b) => a.published_at - b.published_at || (a.id < b.id ? -1 : 1));
      expect(thread.replies.map((r) => r.commentId)).toEqual(replies.slice(0, REPLIES_PER_THREAD).map((r) => r.id));
      expect(thread.totalReplyCount).toBe(replies.length);
      if (replies.length > REPLIES_PER_THREAD) capped++;
      for (const reply of thread.replies)
        expect(Date.parse(reply.publishedAt)).toBeGreaterThanOrEqual(Date.parse(thread.publishedAt));
    }
    expect(capped).toBeGreaterThan(0);
    expect(threads.some((t) => t.replies.length === 0)).toBe(true);
    // the demo's comments: no source picture, the demo's derived one; both flags set
    expect(threads[0]!.author.avatarUrl).toMatch(/^https:\/\/img\.socialquery\.example\/ch\/UC/);
    expect([threads[0]!.canReply, threads[0]!.isPublic]).toEqual([true, true]);
  });

  it('a token is bound to the video and the order: another one, a tampered or a garbage token → 400 invalid_cursor', async () => {
    const token = CommentThreadsResponse.parse((await get({ videoId })).body).pagination.paginationToken;
    expect(token).not.toBe('');
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    const queries: Record<string, string>[] = [
      { videoId, order: 'relevance', paginationToken: token },
      { videoId: quietVideoId, paginationToken: token },
      { videoId, paginationToken: tampered },
      { videoId, paginationToken: 'garbage' },
    ];
    for (const query of queries) expectError(await get(query), 400, 'invalid_cursor');
  });

  it('an unknown video → 404 naming it; a known video without comments → an empty page', async () => {
    expectError(await get({ videoId: 'nosuchvideo' }), 404, 'not_found');
    expect(ErrorBody.parse((await get({ videoId: 'nosuchvideo' })).body).message).toContain('nosuchvideo');
    const body = CommentThreadsResponse.parse((await get({ videoId: quietVideoId })).body);
    expect(body.data.threads).toEqual([]);
    expect(body.pagination).toEqual({ total: 0, hasMore: false, paginationToken: '' });
  });

  it('without an API key → 401', async () => {
    expectError(await request(service.app).get(commentThreads.path).query({ videoId }), 401, 'missing_credentials');
  });

  it.each([
    [{}, 'missing_parameter'],
    [{ videoId: '' }, 'invalid_parameter'],
    [{ videoId: 'x'.repeat(65) }, 'invalid_parameter'],
    [{ videoId: 'x', order: 'top' }, 'invalid_parameter'],
    [{ videoId: 'x', order: 'TIME' }, 'invalid_parameter'],
    [{ videoId: 'x', limit: '5' }, 'unknown_parameter'],
  ])('rejects %j: 400 %s', async (query, code) => {
    expectError(await get(query), 400, code);
  });

  it('bulk export (format=ndjson) follows the token to the end: every thread once, in order', async () => {
    const expected = threadOrder(await commentsOf(videoId), 'relevance');
    const res = await get({ videoId, order: 'relevance', format: 'ndjson', fields: 'commentId' });
    expect(res.status).toBe(200);
    const lines = res.text
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { commentId: string }).commentId);
    expect(lines).toEqual(expected);
  });

  it('an imported thread: the source’s text, picture and fields; extra (thread and replies) only when fields names it', async () => {
    const comment = (id: string, text: string, published: string, parentId?: string) => ({
      kind: 'youtube#comment',
      etag: `etag-${id}`,
      id,
      snippet: {
        channelId: 'UCimportedchannel00000000',
        videoId: quietVideoId,
        textDisplay: `<b>${text}</b>`,
        textOriginal: text,
        ...(parentId && { parentId }),
        authorDisplayName: '@viewer',
        authorProfileImageUrl: 'https://yt3.ggpht.com/ytc/viewer=s48-c-k-c0x00ffffff-no-rj',
        authorChannelUrl: 'http://www.youtube.com/@viewer',
        authorChannelId: { value: 'UCviewer0000000000000000' },
        canRate: true,
        viewerRating: 'none',
        likeCount: 4,
        publishedAt: published,
        updatedAt: published,
      },
    });
    const thread = {
      kind: 'youtube#commentThread',
      etag: 'etag-thread',
      id: 'UgwImportedThread0001AaABAg',
      snippet: {
        channelId: 'UCimportedchannel00000000',
        videoId: quietVideoId,
        topLevelComment: comment('UgwImportedThread0001AaABAg', 'First & <best>', '2026-06-01T10:00:00Z'),
        canReply: false,
        totalReplyCount: 9,
        isPublic: true,
      },
      replies: {
        comments: [
          comment(
            'UgwImportedThread0001AaABAg.reply1',
            'a reply',
            '2026-06-02T10:00:00Z',
            'UgwImportedThread0001AaABAg',
          ),
        ],
      },
    };
    await importDocuments(service.store.db, 'video', 'youtube-v3', [
      { kind: 'youtube#commentThreadListResponse', items: [thread] },
    ]);
    try {
      const plain = CommentThreadsResponse.parse((await get({ videoId: quietVideoId })).body);
      expect(plain.data.threads).toEqual([
        {
          commentId: 'UgwImportedThread0001AaABAg',
          author: {
            name: '@viewer',
            channelId: 'UCviewer0000000000000000',
            avatarUrl: 'https://yt3.ggpht.com/ytc/viewer=s48-c-k-c0x00ffffff-no-rj',
          },
          text: 'First & <best>',
          likeCount: 4,
          publishedAt: '2026-06-01T10:00:00.000Z',
          updatedAt: '2026-06-01T10:00:00.000Z',
          videoId: quietVideoId,
          totalReplyCount: 9,
          canReply: false,
          isPublic: true,
          replies: [expect.objectContaining({ commentId: 'UgwImportedThread0001AaABAg.reply1', text: 'a reply' })],
        },
      ]);
      expect(plain.data.threads[0]!.replies[0]).not.toHaveProperty('extra');
      // a trimmed answer: the records hold the fields named, and the replies whole
      interface Trimmed {
        data: { threads: { commentId: string; replies: { extra?: unknown }[]; extra?: unknown }[] };
      }
      const withExtra = (await get({ videoId: quietVideoId, fields: 'commentId,replies,extra' })).body as Trimmed;
      const [answered] = withExtra.data.threads;
      expect(Object.keys(answered!)).toEqual(['commentId', 'replies', 'extra']);
      expect(answered!.extra).toEqual({
        etag: 'etag-thread',
        snippet: {
          topLevelComment: {
            etag: 'etag-UgwImportedThread0001AaABAg',
            snippet: {
              textDisplay: '<b>First & <best></b>',
              authorChannelUrl: 'http://www.youtube.com/@viewer',
              canRate: true,
              viewerRating: 'none',
            },
          },
        },
      });
      expect(answered!.replies[0]!.extra).toMatchObject({ etag: 'etag-UgwImportedThread0001AaABAg.reply1' });
      expectError(await get({ videoId: quietVideoId, fields: 'extra.etag' }), 400, 'invalid_parameter');
    } finally {
      await service.store.db.deleteFrom('video_comments').where('video_id', '=', quietVideoId).execute();
    }
  });

  it("a comment's likes over time: the video history answers record=comment (the demo's first comments by id have readings)", async () => {
    const first = await service.store.db
      .selectFrom('observations')
      .select('item_id')
      .where('item_table', '=', 'video_comments')
      .orderBy('item_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const res = await request(service.app)
      .get(history.path)
      .query({ record: 'comment', id: first.item_id })
      .set('X-API-Key', service.apiKey);
    expect(res.status).toBe(200);
    const { observations } = history.response.parse(res.body).data as { observations: { counts: object }[] };
    expect(observations.length).toBeGreaterThan(1);
    expect(observations.map((reading) => Object.keys(reading.counts))).toEqual(observations.map(() => ['likeCount']));
  });
});
