import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import { searchComments } from '../contract.js';
import { type Comment, type Post, SEARCH_TOTAL_MAX, type SearchSort } from '../schemas.js';
import { createCommentHandlers } from './comment-handlers.js';
import { commentRecord } from './comment.case.js';
import { postRecord } from './post.case.js';
import { createForumExporters } from './exporters.js';
import { commentPosition, createSearchHandlers, positionOrder, postPosition } from './search-handlers.js';
import type {
  CommentSource,
  ForumSource,
  MatchCountQuery,
  SearchCommentsQuery,
  SearchPostsQuery,
  UserCommentsQuery,
} from './source.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };

const comment = (id: string, parentId: string | null = null, createdAt = now): Comment =>
  commentRecord({ id, parentId, createdAt: createdAt.toISOString() });

const post = (id: string, title: string, score: number): Post =>
  postRecord({ id, title, score, createdAt: now.toISOString() });

/**
 * A comment source over a flat list of top-level comments, recording the user queries and counting
 * the tree's reads; `thread.version` is what it answers as the thread's version, and `thread.onRead`
 * (when set) is called at each read of the tree, as a write landing meanwhile would.
 */
function commentSource(comments: Comment[], known = { thread: true, user: true }) {
  const userQueries: UserCommentsQuery[] = [];
  const thread: { version: number; reads: number; onRead?: () => void } = { version: 0, reads: 0 };
  const source: CommentSource & { userExists(name: string): Promise<boolean> } = {
    async replyPositions(_post, _sort, reads) {
      thread.reads++;
      thread.onRead?.();
      return reads.map((read) =>
        comments
          .filter((c) => c.parentId === read.parentId)
          .map((c, i) => ({ key: -i, id: c.id }))
          .filter((p) => !read.after || p.key < read.after.key)
          .slice(0, read.limit),
      );
    },
    async replyCounts(_post, parentIds) {
      return parentIds.map((parentId) => comments.filter((c) => c.parentId === parentId).length);
    },
    async commentsByIds(ids) {
      return comments.filter((c) => ids.includes(c.id)).reverse();
    },
    async userComments(query) {
      userQueries.push(query);
      const after = query.after;
      return comments.filter((c) => !after || c.id < after.id).slice(0, query.limit);
    },
    threadExists: async () => known.thread,
    threadVersion: async () => thread.version,
    userExists: async () => known.user,
  };
  return { source, userQueries, thread };
}

describe('comment handlers', () => {
  const comments = ['c5', 'c4', 'c3', 'c2', 'c1'].map((id) => comment(id));

  it('pages a tree by signed cursors bound to the post and sort; a bad one is 400 invalid_cursor', async () => {
    const handlers = createCommentHandlers(commentSource(comments).source);
    const first = await handlers.postComments({ postId: 'p', sort: 'top', depth: 10, limit: 2 }, ctx);
    expect(first.comments.map((c) => [c.id, c.depth])).toEqual([
      ['c5', 0],
      ['c4', 0],
    ]);
    expect(first.moreCount).toBe(3);
    const next = await handlers.postComments(
      { postId: 'p', sort: 'top', depth: 3, limit: 5, cursor: first.cursor },
      ctx,
    );
    expect(next.comments.map((c) => c.id)).toEqual(['c3', 'c2', 'c1']);
    expect(next).toMatchObject({ moreCount: 0, cursor: '' });
    for (const other of [
      { postId: 'q', sort: 'top' as const },
      { postId: 'p', sort: 'new' as const },
    ])
      await expect(
        handlers.postComments({ ...other, depth: 10, limit: 2, cursor: first.cursor }, ctx),
      ).rejects.toMatchObject({ code: 'invalid_cursor', status: 400 });
  });

  it("gives a tree page again while its thread's version stays, and reads it anew once the version moves", async () => {
    const list = [...comments];
    const { source, thread } = commentSource(list);
    const handlers = createCommentHandlers(source);
    const query = { postId: 'p', sort: 'top' as const, depth: 10, limit: 2 };
    const first = await handlers.postComments(query, ctx);
    const reads = thread.reads;
    expect(reads).toBeGreaterThan(0);
    expect(await handlers.postComments(query, ctx)).toBe(first);
    expect(thread.reads).toBe(reads);
    // another query of the same thread is a page of its own
    expect((await handlers.postComments({ ...query, limit: 3 }, ctx)).comments).toHaveLength(3);
    expect(thread.reads).toBeGreaterThan(reads);

    list.unshift(comment('c6'));
    expect((await handlers.postComments(query, ctx)).comments.map((c) => c.id)).toEqual(['c5', 'c4']);
    thread.version++;
    const moved = await handlers.postComments(query, ctx);
    expect(moved.comments.map((c) => c.id)).toEqual(['c6', 'c5']);
    expect(moved.moreCount).toBe(4);
  });

  it('keeps no page read while its thread was written, and keeps pages frozen', async () => {
    const { source, thread } = commentSource(comments);
    const handlers = createCommentHandlers(source);
    const query = { postId: 'p', sort: 'top' as const, depth: 10, limit: 2 };
    // a write lands while the page is read (version 0 → 1); then the version is 0 again (the store
    // restored from an older copy): the page read across the write must not have been kept as 0's
    thread.onRead = () => (thread.version = 1);
    await handlers.postComments(query, ctx);
    thread.onRead = undefined;
    thread.version = 0;
    const reads = thread.reads;
    await handlers.postComments(query, ctx);
    expect(thread.reads).toBeGreaterThan(reads);

    const kept = await handlers.postComments(query, ctx);
    expect(await handlers.postComments(query, ctx)).toBe(kept);
    expect(() => (kept.comments as unknown[]).push(comment('x'))).toThrow(TypeError);
    expect(() => Object.assign(kept.comments[0]!, { body: 'changed' })).toThrow(TypeError);
  });

  it('answers 404 for a post with neither comments nor a record, an empty page for a known one', async () => {
    const gone = createCommentHandlers(commentSource([], { thread: false, user: false }).source);
    await expect(gone.postComments({ postId: 'x', sort: 'best', depth: 10, limit: 5 }, ctx)).rejects.toBeInstanceOf(
      ServiceError,
    );
    const quiet = createCommentHandlers(commentSource([], { thread: true, user: true }).source);
    expect(await quiet.postComments({ postId: 'x', sort: 'best', depth: 10, limit: 5 }, ctx)).toEqual({
      comments: [],
      moreCount: 0,
      cursor: '',
    });
    await expect(gone.userComments({ username: 'ghost', limit: 5 }, ctx)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('pages user comments with the window and minScore bound to the cursor', async () => {
    const { source, userQueries } = commentSource(comments);
    const handlers = createCommentHandlers(source);
    const after = new Date('2026-06-01T00:00:00.000Z');
    const first = await handlers.userComments({ username: 'U', limit: 2, after, minScore: 3 }, ctx);
    expect(first.comments.map((c) => c.id)).toEqual(['c5', 'c4']);
    expect(userQueries[0]).toEqual({ username: 'U', window: { after }, minScore: 3, limit: 3 });
    const second = await handlers.userComments(
      { username: 'u', limit: 2, after, minScore: 3, cursor: first.cursor },
      ctx,
    );
    expect(second.comments.map((c) => c.id)).toEqual(['c3', 'c2']);
    expect(userQueries[1]?.after).toEqual({ createdAt: now.getTime(), id: 'c4' });
    await expect(
      handlers.userComments({ username: 'u', limit: 2, after, minScore: 4, cursor: first.cursor }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_cursor' });
  });

  it('answers a batch lookup in the order asked, the rest as notFound', async () => {
    const handlers = createCommentHandlers(commentSource(comments).source);
    expect(await handlers.commentsByIds({ ids: ['c2', 'zz', 'c5'] }, ctx)).toEqual({
      comments: [comments[3], comments[0]],
      notFound: ['zz'],
    });
  });
});

describe('search handlers', () => {
  function searchSource(posts: Post[], comments: Comment[], total = posts.length + comments.length) {
    const queries: (SearchPostsQuery | SearchCommentsQuery)[] = [];
    const counts: { query: MatchCountQuery; cap: number }[] = [];
    const source = {
      // numbered from the end: the lists run in descending num, as the orders' ties do
      async searchPosts(query: SearchPostsQuery) {
        queries.push(query);
        const after = query.after;
        return posts
          .map((item, i) => ({ item, position: postPosition(item, posts.length - i, query.sort, query.terms) }))
          .filter(({ position }) => !after || position.num < after.num)
          .slice(0, query.limit);
      },
      async searchComments(query: SearchCommentsQuery) {
        queries.push(query);
        return comments
          .map((item, i) => ({ item, position: commentPosition(item, comments.length - i, query.sort) }))
          .slice(0, query.limit);
      },
      aggregate: () => Promise.reject(new Error('unused')),
      wordsWithPrefix: () => Promise.reject(new Error('unused')),
      async countMatches(query: MatchCountQuery, cap: number) {
        counts.push({ query, cap });
        return total;
      },
    };
    return { source, queries, counts };
  }

  it('hands the words, the resolved window and the filters to the source, and pages by position', async () => {
    const posts = [post('p3', 'Rust news', 9), post('p2', 'other', 5), post('p1', 'rust', 1)];
    const { source, queries, counts } = searchSource(posts, []);
    const handlers = createSearchHandlers(source);
    const params = { q: 'Rust, rust NEWS!', sort: 'relevance' as const, limit: 2, after: { ago: 86_400_000 } };
    const first = await handlers.searchPosts({ ...params, over18: false, community: 'C' }, ctx);
    expect(first.posts.map((p) => p.id)).toEqual(['p3', 'p2']);
    expect(queries[0]).toEqual({
      terms: ['rust', 'news'],
      sort: 'relevance',
      community: 'C',
      window: { after: new Date(now.getTime() - 86_400_000) },
      limit: 3,
      over18: false,
    });
    const second = await handlers.searchPosts({ ...params, over18: false, community: 'C', cursor: first.cursor }, ctx);
    expect(second).toEqual({ posts: [posts[2]], cursor: '', total: 3, totalExact: true });
    // each page counts the whole query, with the filters of its reads
    expect(counts).toEqual([
      {
        query: {
          kind: 'posts',
          wordSets: [['rust', 'news']],
          community: 'C',
          window: { after: new Date(now.getTime() - 86_400_000) },
          over18: false,
        },
        cap: SEARCH_TOTAL_MAX,
      },
      counts[0],
    ]);
    expect(queries[1]?.after).toEqual({ tier: 0, key: 5, num: 2 });
    await expect(handlers.searchPosts({ ...params, community: 'D', cursor: first.cursor }, ctx)).rejects.toMatchObject({
      code: 'invalid_cursor',
    });
  });

  it('refuses a window that ends before it starts; the schema a q without a word', async () => {
    const handlers = createSearchHandlers(searchSource([], []).source);
    await expect(
      handlers.searchComments({ q: 'a', sort: 'new', limit: 5, after: { ago: 1000 }, before: { ago: 2000 } }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_parameter' });
    for (const q of ['?! …', ' ', '&'])
      expect(searchComments.params.query.safeParse({ q }).error?.issues[0]?.message).toBe(
        'must hold a word (letters or digits)',
      );
    expect(searchComments.params.query.safeParse({ q: 'é' }).success).toBe(true);
  });

  it('passes postId to a comment search; positions follow the sort', async () => {
    const { source, queries } = searchSource([], [comment('k1')]);
    const body = await createSearchHandlers(source).searchComments({ q: 'x', sort: 'top', limit: 5, postId: 'p' }, ctx);
    expect(body).toEqual({ comments: [comment('k1')], cursor: '', total: 1, totalExact: true });
    expect(queries[0]).toMatchObject({ postId: 'p', terms: ['x'] });
    expect(commentPosition(comment('k1'), 7, 'new')).toEqual({ tier: 0, key: now.getTime(), num: 7 });
    expect(postPosition(post('a', 'Rust & news', 4), 3, 'relevance', ['news', 'rust'])).toEqual({
      tier: 1,
      key: 4,
      num: 3,
    });
    expect(postPosition(post('a', 'Rust', 4), 3, 'relevance', ['news', 'rust']).tier).toBe(0);
    expect(postPosition(post('a', 'Rust news', 4), 3, 'top', ['rust']).tier).toBe(0);
  });

  it('says at least SEARCH_TOTAL_MAX past it, and counts nothing where a phrase, a field or an exclusion decides', async () => {
    const many = searchSource([], [comment('k1')], SEARCH_TOTAL_MAX + 1);
    const params = { sort: 'new' as const, limit: 5 };
    expect(await createSearchHandlers(many.source).searchComments({ ...params, q: 'x' }, ctx)).toMatchObject({
      total: SEARCH_TOTAL_MAX,
      totalExact: false,
    });
    for (const q of ['"x y"', 'body:x', 'x -y']) {
      const checked = searchSource([], [comment('k1')]);
      expect(await createSearchHandlers(checked.source).searchComments({ ...params, q }, ctx)).toMatchObject({
        total: null,
        totalExact: false,
      });
      expect(checked.counts).toEqual([]);
    }
  });

  it('orders ties by num, and time keys to the second', () => {
    const at = (key: number, num: number) => ({ tier: 0, key, num });
    const sorted = (sort: SearchSort, positions: ReturnType<typeof at>[]) => [...positions].sort(positionOrder(sort));
    // 1,000,900 ms and 1,000,100 ms are the same second: the larger num comes first in `new`, last in `old`
    const positions = [at(1_000_900, 1), at(1_000_100, 2), at(999_999, 3), at(1_001_000, 0)];
    expect(sorted('new', positions)).toEqual([at(1_001_000, 0), at(1_000_100, 2), at(1_000_900, 1), at(999_999, 3)]);
    expect(sorted('old', positions)).toEqual([at(999_999, 3), at(1_000_900, 1), at(1_000_100, 2), at(1_001_000, 0)]);
    // scores compare whole, then num
    expect(sorted('top', [at(5, 1), at(5, 2), at(6, 0)])).toEqual([at(6, 0), at(5, 2), at(5, 1)]);
    expect(sorted('relevance', [at(9, 1), { tier: 1, key: 1, num: 0 }])).toEqual([
      { tier: 1, key: 1, num: 0 },
      at(9, 1),
    ]);
  });
});

describe('comment tree export', () => {
  it('follows every cursor: each comment of the thread once', async () => {
    const comments = [
      comment('a'),
      comment('a1', 'a'),
      comment('a2', 'a'),
      comment('b'),
      ...Array.from({ length: 600 }, (_, i) => comment(`b${String(i).padStart(3, '0')}`, 'b')),
    ];
    const source = commentSource(comments).source as unknown as ForumSource;
    const exported: string[] = [];
    const batches = createForumExporters(source).postComments!(
      { postId: 'p', sort: 'best', depth: 10, limit: 100 },
      ctx,
    );
    for await (const batch of batches) exported.push(...(batch as Comment[]).map((c) => c.id));
    expect(exported.sort()).toEqual(comments.map((c) => c.id).sort());
  });
});
