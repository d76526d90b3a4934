import { type OperationParams } from '@socialquery/core';
import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import {
  arcticShiftSearchComments,
  arcticShiftSearchPosts,
  pushshiftSearchComments,
  pushshiftSearchSubmissions,
} from '../../compat/contract.js';
import type { Comment, Post } from '../../schemas.js';
import { commentRecord } from '../comment.case.js';
import { postRecord } from '../post.case.js';
import type { CommentListingQuery, ForumSource, PostListingQuery, TimeListingQuery } from '../source.js';
import { COMPAT_CHECKED_MAX } from '../../compat/schemas.js';
import { createRedditCompatHandlers } from './handlers.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };
const unused = () => Promise.reject(new Error('not used by these tests'));

/** Items in a listing's time order, after its position, as the store's listings answer (filters aside). */
function inListing<T extends { id: string; createdAt: string }>(items: readonly T[], query: TimeListingQuery): T[] {
  const key = (item: T) => [Date.parse(item.createdAt), item.id] as const;
  const compare = (a: readonly [number, string], b: readonly [number, string]) =>
    a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
  const sign = query.order === 'old' ? 1 : -1;
  const { startAfter } = query;
  return items
    .filter((item) => !startAfter || sign * compare(key(item), [startAfter.createdAt, startAfter.id]) > 0)
    .sort((a, b) => sign * compare(key(a), key(b)))
    .slice(0, query.limit);
}

function fakeSource(posts: Post[], comments: Comment[] = []) {
  const calls = { posts: [] as PostListingQuery[], comments: [] as CommentListingQuery[] };
  const source = {
    async listPosts(query: PostListingQuery) {
      calls.posts.push(query);
      return inListing(posts, query);
    },
    async listComments(query: CommentListingQuery) {
      calls.comments.push(query);
      return inListing(comments, query);
    },
    postsByIds: async (ids: readonly string[]) => posts.filter((post) => ids.includes(post.id)).reverse(),
    commentsByIds: async (ids: readonly string[]) => comments.filter((c) => ids.includes(c.id)).reverse(),
    searchPosts: unused,
    searchComments: unused,
    wordsWithPrefix: unused,
    countMatches: unused,
  } as unknown as ForumSource;
  return { handlers: createRedditCompatHandlers(source), calls };
}

const at = (minute: number) => new Date(Date.UTC(2023, 0, 1, 0, minute)).toISOString();
const posts = Array.from({ length: 6 }, (_, i) =>
  postRecord({
    id: `p${i}`,
    createdAt: at(i),
    extra: { spoiler: i % 3 === 0, link_flair_text: i === 4 ? 'Big News' : null },
  }),
);

/** The route's parameters with its defaults, as the handler receives them. */
const arcticPosts = (params: Partial<OperationParams<typeof arcticShiftSearchPosts>>) => ({
  ...arcticShiftSearchPosts.params.query.parse({}),
  ...params,
});

describe('Arctic Shift and Pushshift routes over a forum source', () => {
  it('maps the filters to one listing read in the order asked, records in the dumps’ shape', async () => {
    const { handlers, calls } = fakeSource(posts);
    const after = new Date(at(0));
    const answer = await handlers.arcticShiftSearchPosts(
      arcticPosts({ subreddit: 'Ask', author: 'u', after, sort: 'asc', limit: 3, over_18: false }),
      ctx,
    );
    expect(answer.data.map((post) => post.id)).toEqual(['p0', 'p1', 'p2']);
    expect(answer.data[0]).toMatchObject({ created_utc: Date.parse(at(0)) / 1000, spoiler: true });
    expect(calls.posts).toEqual([
      { community: 'Ask', author: 'u', order: 'old', window: { after }, over18: false, limit: 3 },
    ]);
  });

  it('checks what only the records hold on each record read, across reads, and stops at the limit', async () => {
    const { handlers, calls } = fakeSource(posts);
    const spoilers = await handlers.arcticShiftSearchPosts(arcticPosts({ spoiler: true, sort: 'desc' }), ctx);
    expect(spoilers.data.map((post) => post.id)).toEqual(['p3', 'p0']);
    // a batch larger than the page, read once: the listing ended
    expect(calls.posts.map((query) => query.limit)).toEqual([500]);
    const flair = await handlers.arcticShiftSearchPosts(arcticPosts({ link_flair_text: 'news' }), ctx);
    expect(flair.data.map((post) => post.id)).toEqual(['p4']);
    const notSpoilers = await handlers.arcticShiftSearchPosts(
      arcticPosts({ spoiler: false, limit: 2, sort: 'asc' }),
      ctx,
    );
    expect(notSpoilers.data.map((post) => post.id)).toEqual(['p1', 'p2']);
  });

  it(`reads on in batches, and at most ${COMPAT_CHECKED_MAX} records a request`, async () => {
    const many = Array.from({ length: COMPAT_CHECKED_MAX + 600 }, (_, i) =>
      postRecord({
        id: `q${String(i).padStart(6, '0')}`,
        createdAt: at(0),
        extra: { spoiler: i === COMPAT_CHECKED_MAX + 10 },
      }),
    );
    const { handlers, calls } = fakeSource(many);
    const answer = await handlers.arcticShiftSearchPosts(arcticPosts({ spoiler: true, sort: 'asc' }), ctx);
    expect(answer.data).toEqual([]);
    expect(calls.posts).toHaveLength(COMPAT_CHECKED_MAX / 500);
    // each read continues after the last record of the one before: ties of created_utc by id
    expect(calls.posts[1]!.startAfter).toEqual({ createdAt: Date.parse(at(0)), id: 'q000499' });
  });

  it('refuses an empty window and a score order without q; ids with filters answer those that match', async () => {
    const { handlers } = fakeSource(posts);
    const query = pushshiftSearchSubmissions.params.query;
    const pushshift = (params: Record<string, string>) => handlers.pushshiftSearchSubmissions(query.parse(params), ctx);
    await expect(
      handlers.arcticShiftSearchPosts(arcticPosts({ after: new Date(at(5)), before: new Date(at(1)) }), ctx),
    ).rejects.toThrow(ServiceError);
    expect(query.safeParse({ sort_type: 'score' }).success).toBe(false);
    expect(query.safeParse({ sort_type: 'score', q: 'a', sort: 'asc' }).success).toBe(false);
    expect(query.safeParse({ sort_type: 'score', q: 'a' }).success).toBe(true);
    // ids alone: in the order asked, the unknown left out
    expect((await pushshift({ ids: 't3_p4,nope,p1' })).data.map((post) => post.id)).toEqual(['p4', 'p1']);
    // with filters: those of them that match every one, checked on the records
    const filtered = async (params: Record<string, string>) =>
      (await pushshift({ ids: 'p5,p4,p3,p1', ...params })).data.map((post) => post.id);
    expect(await filtered({ subreddit: 'C' })).toEqual(['p5', 'p4', 'p3', 'p1']);
    expect(await filtered({ subreddit: 'other' })).toEqual([]);
    expect(await filtered({ after: at(3) })).toEqual(['p5', 'p4']);
    expect(await filtered({ before: at(3) })).toEqual(['p1']);
    expect(await filtered({ q: 'p3 OR p1' })).toEqual(['p3', 'p1']);
    expect(await filtered({ title: 'p4' })).toEqual(['p4']);
  });

  it("keeps Pushshift's score and num_comments comparisons", async () => {
    const scored = [0, 5, 10, 50].map((n, i) =>
      postRecord({ id: `s${i}`, score: n, commentCount: n, createdAt: at(i) }),
    );
    const { handlers, calls } = fakeSource(scored);
    const answer = await handlers.pushshiftSearchSubmissions(
      pushshiftSearchSubmissions.params.query.parse({ score: '>=5', num_comments: '<50', sort: 'asc' }),
      ctx,
    );
    // the score range is the listing's; the comment count is checked on each record
    expect(calls.posts[0]).toMatchObject({ minScore: 5, order: 'old' });
    expect(answer.data.map((post) => post.id)).toEqual(['s0', 's1', 's2']);
  });

  it("maps a comment's post and parent (t3_: the post's top level)", async () => {
    const comments = [commentRecord({ id: 'c1', postId: 'abc', createdAt: at(1) })];
    const { handlers, calls } = fakeSource([], comments);
    const pushshift = await handlers.pushshiftSearchComments(
      pushshiftSearchComments.params.query.parse({ parent_id: 't3_abc' }),
      ctx,
    );
    expect(pushshift.data).toMatchObject([{ id: 'c1', link_id: 't3_abc', parent_id: 't3_abc' }]);
    await handlers.arcticShiftSearchComments(
      arcticShiftSearchComments.params.query.parse({ link_id: 't3_abc', parent_id: 't1_c1' }),
      ctx,
    );
    expect(calls.comments).toEqual([
      { postId: 'abc', parentId: null, order: 'new', limit: 25 },
      { postId: 'abc', parentId: 'c1', order: 'new', limit: 25 },
    ]);
    // a parent of another post than link_id's
    expect(pushshiftSearchComments.params.query.safeParse({ parent_id: 't3_abc', link_id: 'other' }).success).toBe(
      false,
    );
  });
});
