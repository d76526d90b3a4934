import type { Comment, Post } from '@socialquery/forum';
import type { CommentListingQuery, PostListingQuery, ReadOptions, TimePosition } from '@socialquery/forum/server';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../schema.js';
import { openPlannedDb, type PlannedDb } from '../query-plans.case.js';
import {
  type ForumCommentInput,
  type ForumPostInput,
  toForumCommentRow,
  toForumRow,
  upsertForumCommentRows,
  upsertForumRows,
} from './rows.js';
import { createSqlForumSource } from './source.js';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const MINUTE = 60_000;

/**
 * 48 posts in groups of three that share their creation moment (group g: g × 7 minutes before NOW),
 * with ids that do not follow creation (ties are broken by id), two communities, three authors (names
 * in mixed case: they match case-insensitively), scores from -5 to 17 (many shared), every fifth one
 * over18, every fourth one with `extra`.
 */
const POSTS: ForumPostInput[] = Array.from({ length: 48 }, (_, i) => {
  const score = ((i * 17) % 23) - 5;
  return {
    id: `p${String((i * 29) % 48).padStart(3, '0')}`,
    community: i % 2 === 0 ? 'AskTime' : 'Clocks',
    author: ['Ann', 'bob', 'CYD'][i % 3]!,
    title: `post ${i}`,
    content: '',
    upvotes: Math.max(score, 0),
    downvotes: Math.max(-score, 0),
    score,
    commentCount: 0,
    createdAt: NOW - Math.floor(i / 3) * 7 * MINUTE,
    url: `https://forum.example.org/p/${i}`,
    over18: i % 5 === 0,
    extra: i % 4 === 0 ? JSON.stringify({ gilded: i }) : '',
  };
});

const commentId = (i: number) => `c${String((i * 7) % 60).padStart(2, '0')}`;
const [THREAD_A, THREAD_B] = [POSTS[0]!.id, POSTS[1]!.id];

/**
 * 60 comments, the even ones in thread A, the odd ones in thread B, in groups of four that share their
 * creation moment; a comment is top-level (the first six, every fifth) or replies to an earlier one of
 * its thread: every third to the thread's first comment, the others in chains several deep. Ids do not follow creation. Plus a reply whose parent the store does
 * not hold: listed as its replies all the same, its depth unknown.
 */
const COMMENTS: ForumCommentInput[] = [
  ...Array.from({ length: 60 }, (_, i) => {
    const score = ((i * 13) % 17) - 4;
    return {
      id: commentId(i),
      postId: i % 2 === 0 ? THREAD_A : THREAD_B,
      parentId: i < 6 || i % 5 === 0 ? null : commentId(i % 3 === 0 ? i % 2 : i - 2 * (1 + (i % 3))),
      community: i % 2 === 0 ? 'AskTime' : 'Clocks',
      author: ['Ann', 'bob', 'CYD', 'Dee'][i % 4]!,
      body: `comment ${i}`,
      score,
      createdAt: NOW - 10 * MINUTE - Math.floor(i / 4) * 3 * MINUTE,
      edited: false,
      distinguished: null,
      stickied: false,
      deleted: false,
      removed: false,
      url: `https://forum.example.org/c/${i}`,
      extra: i % 3 === 0 ? JSON.stringify({ awards: i }) : '',
    };
  }),
  {
    id: 'c90',
    postId: THREAD_A,
    parentId: 'gone',
    community: 'AskTime',
    author: 'Ann',
    body: 'orphan',
    score: 1,
    createdAt: NOW - 100 * MINUTE,
    edited: false,
    distinguished: null,
    stickied: false,
    deleted: false,
    removed: false,
    url: '',
  },
];

let planned: PlannedDb;
let db: Kysely<Database>;
beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  await upsertForumRows(db, POSTS.map(toForumRow));
  await upsertForumCommentRows(db, COMMENTS.map(toForumCommentRow));
  // statistics, so that the planner may prefer another index for a residual filter (the listings must not let it)
  await db.executeQuery(CompiledQuery.raw('ANALYZE'));
});
afterAll(() => planned.close());

const source = () => createSqlForumSource(db);

interface Item {
  id: string;
  createdAt: number;
}
/** The reference order: new is createdAt descending, ties by id descending; old its reverse. */
function ordered(items: readonly Item[], order: 'new' | 'old'): string[] {
  const newest = [...items].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)).map((item) => item.id);
  return order === 'new' ? newest : newest.reverse();
}
const ids = (records: readonly { id: string }[]) => records.map((record) => record.id);
const positionOf = (record: Post | Comment): TimePosition => ({
  createdAt: Date.parse(record.createdAt),
  id: record.id,
});

/** Every page of a listing in turn, each after the last item of the one before. */
async function walk<T extends Post | Comment>(read: (startAfter?: TimePosition) => Promise<T[]>, limit: number) {
  const walked: string[] = [];
  let last: T | undefined;
  for (;;) {
    const page = await read(last && positionOf(last));
    expect(page.length).toBeLessThanOrEqual(limit);
    walked.push(...ids(page));
    if (page.length < limit) return walked;
    last = page.at(-1);
  }
}

const listPosts = (query: Omit<PostListingQuery, 'limit'> & { limit?: number }, options?: ReadOptions) =>
  source().listPosts({ limit: 1000, ...query }, options);
const listComments = (query: Omit<CommentListingQuery, 'limit'> & { limit?: number }, options?: ReadOptions) =>
  source().listComments({ limit: 1000, ...query }, options);

const STORED_COMMENTS = COMMENTS.filter((comment) => comment.id !== 'c90');
const depthIn = (id: string): number | null => {
  const comment = COMMENTS.find((c) => c.id === id);
  if (!comment) return null;
  if (comment.parentId === null) return 0;
  const above = depthIn(comment.parentId);
  return above === null ? null : above + 1;
};

describe('listPosts: posts by creation time', () => {
  it.each(['new', 'old'] as const)('%s: every post, moments shared by three posts ordered by id', async (order) => {
    const listed = await listPosts({ order });
    expect(ids(listed)).toEqual(ordered(POSTS, order));
    // the fixture's ties are there, and their ids are not in creation order
    const moments = new Set(POSTS.map((post) => post.createdAt));
    expect(moments.size).toBe(POSTS.length / 3);
    expect(ids(listed).slice(0, 3)).not.toEqual(POSTS.slice(0, 3).map((post) => post.id));
    // the records are the stored posts, as a lookup by id reads them
    expect(listed).toEqual(ordered(POSTS, order).map((id) => listed.find((post) => post.id === id)));
    const looked = new Map((await source().postsByIds(ids(listed))).map((post) => [post.id, post]));
    for (const post of listed) expect(post).toEqual(looked.get(post.id));
  });

  it('limit: the first posts of the order', async () => {
    expect(ids(await listPosts({ order: 'new', limit: 5 }))).toEqual(ordered(POSTS, 'new').slice(0, 5));
    expect(ids(await listPosts({ order: 'old', limit: 4 }))).toEqual(ordered(POSTS, 'old').slice(0, 4));
  });

  it.each([
    ['new', {}],
    ['old', {}],
    ['new', { community: 'clocks', minScore: 0 }],
    ['old', { author: 'ANN', window: { after: new Date(NOW - 70 * MINUTE) } }],
  ] as const)('%s %j: keyset pages of two walk every post once, in order', async (order, filters) => {
    const whole = ids(await listPosts({ order, ...filters }));
    expect(whole.length).toBeGreaterThan(4);
    const paged = await walk((startAfter) => listPosts({ order, ...filters, limit: 2, startAfter }), 2);
    expect(paged).toEqual(whole);
    // a position inside a moment shared by several posts: the rest of that moment comes next
    const tied = ordered(POSTS, order);
    const third = POSTS.find((post) => post.id === tied[1])!;
    const after = await listPosts({ order, limit: 3, startAfter: { createdAt: third.createdAt, id: third.id } });
    expect(ids(after)).toEqual(tied.slice(2, 5));
  });

  it('community and author match case-insensitively', async () => {
    expect(ids(await listPosts({ order: 'new', community: 'ASKTIME' }))).toEqual(
      ordered(
        POSTS.filter((post) => post.community === 'AskTime'),
        'new',
      ),
    );
    expect(ids(await listPosts({ order: 'old', author: 'Bob' }))).toEqual(
      ordered(
        POSTS.filter((post) => post.author === 'bob'),
        'old',
      ),
    );
    const both = await listPosts({ order: 'new', community: 'clocks', author: 'cyd' });
    const expected = ordered(
      POSTS.filter((post) => post.community === 'Clocks' && post.author === 'CYD'),
      'new',
    );
    expect(ids(both)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(await listPosts({ order: 'new', community: 'nowhere' })).toEqual([]);
  });

  it('window: exclusive at both ends', async () => {
    // both ends on moments that posts have: those posts are left out
    const window = { after: new Date(NOW - 7 * 7 * MINUTE), before: new Date(NOW - 2 * 7 * MINUTE) };
    const expected = POSTS.filter(
      (post) => post.createdAt > window.after.getTime() && post.createdAt < window.before.getTime(),
    );
    expect(expected).toHaveLength(4 * 3);
    expect(POSTS.filter((post) => post.createdAt === window.after.getTime())).toHaveLength(3);
    expect(POSTS.filter((post) => post.createdAt === window.before.getTime())).toHaveLength(3);
    expect(ids(await listPosts({ order: 'new', window }))).toEqual(ordered(expected, 'new'));
    expect(ids(await listPosts({ order: 'old', window: { before: window.before } }))).toEqual(
      ordered(
        POSTS.filter((post) => post.createdAt < window.before.getTime()),
        'old',
      ),
    );
  });

  it('score range: inclusive at both ends', async () => {
    const expected = POSTS.filter((post) => post.score >= 2 && post.score <= 9);
    expect(expected.some((post) => post.score === 2) && expected.some((post) => post.score === 9)).toBe(true);
    expect(ids(await listPosts({ order: 'new', minScore: 2, maxScore: 9 }))).toEqual(ordered(expected, 'new'));
    expect(ids(await listPosts({ order: 'old', maxScore: -1 }))).toEqual(
      ordered(
        POSTS.filter((post) => post.score <= -1),
        'old',
      ),
    );
  });

  it('over18 either way, with the other filters', async () => {
    for (const over18 of [true, false]) {
      expect(ids(await listPosts({ order: 'new', over18 }))).toEqual(
        ordered(
          POSTS.filter((post) => (post.over18 ?? false) === over18),
          'new',
        ),
      );
    }
    const filters = { community: 'asktime', minScore: 0, over18: false } as const;
    const expected = POSTS.filter((post) => post.community === 'AskTime' && post.score >= 0 && !post.over18);
    expect(ids(await listPosts({ order: 'old', ...filters }))).toEqual(ordered(expected, 'old'));
    expect(expected.length).toBeGreaterThan(3);
  });

  it('extra only when asked', async () => {
    const plain = await listPosts({ order: 'new' });
    expect(plain.some((post) => 'extra' in post)).toBe(false);
    const full = await listPosts({ order: 'new' }, { extra: true });
    for (const post of full) {
      const input = POSTS.find((p) => p.id === post.id)!;
      if (input.extra) expect(post.extra).toEqual(JSON.parse(input.extra));
      else expect(post).not.toHaveProperty('extra');
    }
    expect(full.filter((post) => post.extra !== undefined)).toHaveLength(12);
  });
});

describe('listComments: comments by creation time', () => {
  it.each(['new', 'old'] as const)('%s: every comment with its depth, ties ordered by id', async (order) => {
    const listed = await listComments({ order });
    expect(ids(listed)).toEqual(ordered(COMMENTS, order));
    for (const comment of listed) expect(comment.depth).toBe(depthIn(comment.id));
    expect(listed.find((comment) => comment.id === 'c90')!.depth).toBeNull();
    expect(Math.max(...listed.map((comment) => comment.depth ?? 0))).toBeGreaterThan(2);
    const looked = new Map((await source().commentsByIds(ids(listed))).map((comment) => [comment.id, comment]));
    for (const comment of listed) expect(comment).toEqual(looked.get(comment.id));
  });

  it.each([
    ['new', {}],
    ['old', {}],
    ['new', { postId: THREAD_B }],
    ['old', { parentId: null, minScore: -2 }],
    ['new', { author: 'dee', window: { before: new Date(NOW - 20 * MINUTE) } }],
  ] as const)('%s %j: keyset pages of two walk every comment once, in order', async (order, filters) => {
    const whole = ids(await listComments({ order, ...filters }));
    expect(whole.length).toBeGreaterThan(4);
    const paged = await walk((startAfter) => listComments({ order, ...filters, limit: 2, startAfter }), 2);
    expect(paged).toEqual(whole);
  });

  it('community, author, window and score range', async () => {
    const cases: [Omit<CommentListingQuery, 'limit' | 'order'>, (c: ForumCommentInput) => boolean][] = [
      [{ community: 'CLOCKS' }, (c) => c.community === 'Clocks'],
      [{ author: 'BOB' }, (c) => c.author === 'bob'],
      [{ community: 'asktime', author: 'ann' }, (c) => c.community === 'AskTime' && c.author === 'Ann'],
      [
        // both ends on moments that comments have: those comments are left out
        { window: { after: new Date(NOW - 31 * MINUTE), before: new Date(NOW - 13 * MINUTE) } },
        (c) => c.createdAt > NOW - 31 * MINUTE && c.createdAt < NOW - 13 * MINUTE,
      ],
      [{ minScore: 0, maxScore: 5 }, (c) => c.score >= 0 && c.score <= 5],
    ];
    expect(COMMENTS.filter((c) => c.createdAt === NOW - 31 * MINUTE)).toHaveLength(4);
    expect(COMMENTS.filter((c) => c.createdAt === NOW - 13 * MINUTE)).toHaveLength(4);
    expect(COMMENTS.some((c) => c.score === 0) && COMMENTS.some((c) => c.score === 5)).toBe(true);
    for (const [filters, keep] of cases) {
      const expected = COMMENTS.filter(keep);
      expect(expected.length).toBeGreaterThan(2);
      expect(expected.length).toBeLessThan(COMMENTS.length);
      expect(ids(await listComments({ order: 'new', ...filters }))).toEqual(ordered(expected, 'new'));
      expect(ids(await listComments({ order: 'old', ...filters }))).toEqual(ordered(expected, 'old'));
    }
  });

  it("postId: the thread's comments", async () => {
    for (const postId of [THREAD_A, THREAD_B]) {
      const expected = COMMENTS.filter((c) => c.postId === postId);
      const listed = await listComments({ order: 'new', postId });
      expect(ids(listed)).toEqual(ordered(expected, 'new'));
      for (const comment of listed) expect(comment.depth).toBe(depthIn(comment.id));
    }
    expect(await listComments({ order: 'new', postId: 'p-none' })).toEqual([]);
  });

  it("parentId: a comment's direct replies; null: top-level comments only", async () => {
    // the comment with the most replies
    const repliesOf = (id: string) => COMMENTS.filter((c) => c.parentId === id);
    const parent = STORED_COMMENTS.map((c) => c.id).reduce((a, b) =>
      repliesOf(b).length > repliesOf(a).length ? b : a,
    );
    const replies = repliesOf(parent);
    expect(replies.length).toBeGreaterThan(2);
    // replies of replies are not the parent's
    expect(COMMENTS.some((c) => replies.some((reply) => reply.id === c.parentId))).toBe(true);
    for (const order of ['new', 'old'] as const) {
      const listed = await listComments({ order, parentId: parent });
      expect(ids(listed)).toEqual(ordered(replies, order));
      for (const comment of listed) expect(comment).toMatchObject({ parentId: parent, depth: depthIn(parent)! + 1 });
    }
    // with its thread too; with another thread, nothing
    expect(ids(await listComments({ order: 'new', parentId: parent, postId: THREAD_A }))).toEqual(
      ordered(replies, 'new'),
    );
    expect(await listComments({ order: 'new', parentId: parent, postId: THREAD_B })).toEqual([]);
    // a parent the store does not hold: its stored replies all the same
    expect(ids(await listComments({ order: 'new', parentId: 'gone' }))).toEqual(['c90']);
    expect(await listComments({ order: 'new', parentId: 'never' })).toEqual([]);

    const topLevel = COMMENTS.filter((c) => c.parentId === null);
    const listed = await listComments({ order: 'old', parentId: null });
    expect(ids(listed)).toEqual(ordered(topLevel, 'old'));
    expect(listed.every((comment) => comment.depth === 0 && comment.parentId === null)).toBe(true);
    expect(ids(await listComments({ order: 'new', parentId: null, postId: THREAD_B }))).toEqual(
      ordered(
        topLevel.filter((c) => c.postId === THREAD_B),
        'new',
      ),
    );
    expect(topLevel.length).toBeLessThan(STORED_COMMENTS.length / 2);
  });

  it('extra only when asked', async () => {
    const plain = await listComments({ order: 'new' });
    expect(plain.some((comment) => 'extra' in comment)).toBe(false);
    const full = await listComments({ order: 'new' }, { extra: true });
    for (const comment of full) {
      const input = COMMENTS.find((c) => c.id === comment.id)!;
      if (input.extra) expect(comment.extra).toEqual(JSON.parse(input.extra));
      else expect(comment).not.toHaveProperty('extra');
    }
    expect(full.filter((comment) => comment.extra !== undefined)).toHaveLength(20);
  });
});

describe('query plans: a walk of the filter’s index in the listing’s order, never a sort of the table', () => {
  // many other communities, authors and threads (written after the listings' tests, which list every
  // item), so that each filter is as selective to the planners as it is in a store
  beforeAll(async () => {
    const posts = Array.from({ length: 3000 }, (_, i) => ({
      ...POSTS[1]!,
      id: `f${String(i).padStart(4, '0')}`,
      community: `Room${i % 60}`,
      author: `Writer${i % 300}`,
      score: i % 40,
      createdAt: NOW - 1000 * MINUTE - i * MINUTE,
      extra: '',
    }));
    await upsertForumRows(db, posts.map(toForumRow));
    const comments = Array.from({ length: 6000 }, (_, i) => ({
      ...COMMENTS[1]!,
      id: `g${String(i).padStart(4, '0')}`,
      postId: posts[i % 200]!.id,
      parentId: i < 1200 ? null : `g${String(i - 200).padStart(4, '0')}`,
      community: posts[i % 200]!.community,
      author: `Writer${i % 300}`,
      score: i % 30,
      createdAt: NOW - 1000 * MINUTE - i * MINUTE,
      extra: '',
    }));
    await upsertForumCommentRows(db, comments.map(toForumCommentRow));
    await db.executeQuery(CompiledQuery.raw('ANALYZE'));
  });

  const show = (name: string, plan: string) => {
    if (process.env.SHOW_PLANS) console.log(`${planned.kind} ${name}:\n  ${plan.replaceAll('\n', '\n  ')}`);
  };
  /** PostgreSQL without sequential and bitmap scans: the question is whether the index serves the order. */
  const planOf = async (run: () => Promise<unknown>, disable = ['enable_seqscan', 'enable_bitmapscan']) =>
    (await planned.plansOf(run, { disable })).flat().join('\n');
  const walks = (index: string) =>
    planned.kind === 'sqlite'
      ? new RegExp(`(SCAN|SEARCH) forum_\\w+ USING INDEX ${index}\\b`)
      : new RegExp(`Index Scan (Backward )?using ${index} on`);
  const reads = (index: string) =>
    planned.kind === 'sqlite'
      ? new RegExp(`SEARCH forum_\\w+ USING INDEX ${index} \\(`)
      : new RegExp(`(Index Scan (Backward )?using|Bitmap Index Scan on) ${index}\\b`);
  const tableScan = () => (planned.kind === 'sqlite' ? /SCAN forum_(posts|comments)$/m : /Seq Scan on forum_/);
  /** A sort of the listed rows themselves (PostgreSQL: by the table's columns, not the page's `p.`). */
  const tableSort = () => (planned.kind === 'sqlite' ? /USE TEMP B-TREE FOR/ : /Sort Key: (forum_\w+\.)?created_at/);

  const position = { createdAt: NOW - 21 * MINUTE, id: 'p010' };
  /** Before every comment of the fixture but the orphan. */
  const oldest = { createdAt: NOW - 100 * MINUTE, id: 'c90' };
  const cases: [string, string, () => Promise<unknown>][] = [
    ['posts', 'forum_posts_new', () => listPosts({ order: 'new', limit: 5, minScore: 0, over18: false })],
    ['posts, startAfter', 'forum_posts_new', () => listPosts({ order: 'old', limit: 5, startAfter: position })],
    [
      'posts of a community, window and score range',
      'forum_posts_community_new',
      () =>
        listPosts({
          order: 'new',
          community: 'AskTime',
          minScore: 0,
          maxScore: 20,
          window: { before: new Date(NOW) },
          limit: 5,
        }),
    ],
    [
      'posts of an author, startAfter',
      'forum_posts_author_new',
      () => listPosts({ order: 'new', author: 'ann', startAfter: position, limit: 5 }),
    ],
    [
      'posts of a community and an author',
      'forum_posts_(community|author)_new',
      () => listPosts({ order: 'old', community: 'clocks', author: 'bob', limit: 5 }),
    ],
    ['comments', 'forum_comments_new', () => listComments({ order: 'new', limit: 5, maxScore: 10 })],
    [
      'comments of a community',
      'forum_comments_community_new',
      () => listComments({ order: 'old', community: 'clocks', minScore: 0, limit: 5 }),
    ],
    [
      'comments of an author',
      'forum_comments_author_new',
      () => listComments({ order: 'new', author: 'dee', startAfter: position, limit: 5 }),
    ],
    [
      'comments of a community and an author',
      'forum_comments_(community|author)_new',
      () => listComments({ order: 'new', community: 'clocks', author: 'bob', limit: 5 }),
    ],
    [
      'replies of a comment',
      'forum_comments_tree_time',
      () => listComments({ order: 'new', parentId: commentId(14), minScore: 0, limit: 5 }),
    ],
    [
      'top-level comments of a thread',
      'forum_comments_tree_time',
      () => listComments({ order: 'old', postId: THREAD_A, parentId: null, startAfter: oldest, limit: 5 }),
    ],
    ['top-level comments', 'forum_comments_new', () => listComments({ order: 'new', parentId: null, limit: 5 })],
  ];

  it.each(cases)('%s: walks %s', async (name, index, run) => {
    const plan = await planOf(run);
    show(name, plan);
    expect(plan).toMatch(walks(index));
    expect(plan).not.toMatch(tableScan());
    expect(plan).not.toMatch(tableSort());
  });

  it("a thread's comments: its range of the tree index, sorted (no index orders a thread by time alone)", async () => {
    const plan = await planOf(() => listComments({ order: 'new', postId: THREAD_B, limit: 5 }), ['enable_seqscan']);
    show('comments of a thread', plan);
    expect(plan).toMatch(reads('forum_comments_tree_time'));
    expect(plan).not.toMatch(walks('forum_comments_new'));
    expect(plan).not.toMatch(tableScan());
  });
});
