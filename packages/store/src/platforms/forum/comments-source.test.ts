import { commentSorts, type CommentSort, type TreeComment } from '@socialquery/forum';
import { precedes, readTreePage, type TreeRoot } from '@socialquery/forum/server';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../schema.js';
import { openPlannedDb, type PlannedDb, planPatterns } from '../query-plans.case.js';
import {
  type ForumCommentInput,
  toForumCommentRow,
  toForumRow,
  upsertForumCommentRows,
  upsertForumRows,
} from './rows.js';
import { rebuildForum } from './derived.js';
import { createSqlForumSource } from './source.js';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const POST = 'p1';

/**
 * A thread of 600 comments: comment i replies to the post (i mod 4 = 0) or to comment ⌊i·0.7⌋, so the
 * tree is wide near the top and has chains; few distinct scores and times, so ties are broken by id.
 */
const thread: ForumCommentInput[] = Array.from({ length: 600 }, (_, i) => ({
  id: `c${String(i).padStart(4, '0')}`,
  postId: POST,
  parentId: i % 4 === 0 ? null : `c${String(Math.floor(i * 0.7)).padStart(4, '0')}`,
  community: 'Talk',
  author: `User${i % 9}`,
  body: `comment ${i}`,
  score: ((i * 37) % 11) - 3,
  ...(i % 5 === 0 ? { ups: (i * 13) % 40, downs: (i * 7) % 9 } : {}),
  createdAt: NOW - 1_000_000 + (i % 50) * 1000,
  edited: i % 17 === 0 ? NOW - 500 : i % 19 === 0,
  distinguished: i === 4 ? 'moderator' : null,
  stickied: i === 4,
  deleted: i === 8,
  removed: i === 12,
  url: `https://forum.example.org/c/Talk/comments/${POST}/_/c${i}`,
}));

/** Replies whose parent is not in the store: an orphan, its reply, and a cycle (bad data). */
const detached: ForumCommentInput[] = [
  { ...thread[1]!, id: 'o1', parentId: 'missing', author: 'Lonely' },
  { ...thread[1]!, id: 'o2', parentId: 'o1', author: 'Lonely' },
  { ...thread[1]!, id: 'y1', parentId: 'y2', postId: 'p2' },
  { ...thread[1]!, id: 'y2', parentId: 'y1', postId: 'p2' },
];

let db: Kysely<Database>;
let planned: PlannedDb;

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  await upsertForumRows(db, [
    toForumRow({
      id: POST,
      community: 'Talk',
      author: 'Op',
      title: 't',
      content: '',
      upvotes: 1,
      downvotes: 0,
      score: 1,
      commentCount: 600,
      createdAt: NOW - 2_000_000,
      url: 'u',
    }),
  ]);
  await upsertForumCommentRows(db, [...thread, ...detached].map(toForumCommentRow));
  await db.executeQuery(CompiledQuery.raw('ANALYZE'));
});
afterAll(() => planned.close());

const source = () => createSqlForumSource(db);
const rows = new Map(thread.map((c) => [c.id, toForumCommentRow(c)]));
const keyOf = (sort: CommentSort, id: string) => {
  const row = rows.get(id)!;
  return sort === 'best' ? row.best : sort === 'top' ? row.score : row.created_at;
};

/** The thread's tree as the reference walks it: every comment, depth first, siblings in sort order. */
function referenceOrder(sort: CommentSort): string[] {
  const order: string[] = [];
  const visit = (parentId: string | null) => {
    const replies = thread
      .filter((c) => c.parentId === parentId)
      .map((c) => ({ key: keyOf(sort, c.id), id: c.id }))
      .sort((a, b) => (precedes(sort, a, b) ? -1 : 1));
    for (const reply of replies) {
      order.push(reply.id);
      visit(reply.id);
    }
  };
  visit(null);
  return order;
}

const encode = (root: TreeRoot) => JSON.stringify(root);

describe('SQL comment source', () => {
  it.each(commentSorts)('reads a page of 500 in the tree order of %s, each comment as stored', async (sort) => {
    const page = await readTreePage(
      source(),
      { postId: POST, sort, root: { parentId: null, depth: 0, seen: 0 }, levels: 10, limit: 500 },
      encode,
    );
    // the 500 comments of the page, in the tree's order
    const shown = new Set(page.comments.map((c) => c.id));
    expect(shown.size).toBe(500);
    expect(page.comments.map((c) => c.id)).toEqual(referenceOrder(sort).filter((id) => shown.has(id)));
    expect(page.moreCount + page.comments.filter((c) => c.depth === 0).length).toBe(150);
    const byId = new Map(
      (await source().commentsByIds(['c0004', 'c0008', 'c0012', 'c0017', 'c0019'])).map((c) => [c.id, c]),
    );
    expect(byId.get('c0004')).toMatchObject({ distinguished: 'moderator', stickied: true, parentId: null, depth: 0 });
    expect(byId.get('c0008')).toMatchObject({ deleted: true, removed: false });
    expect(byId.get('c0012')).toMatchObject({ deleted: false, removed: true });
    expect(byId.get('c0017')).toMatchObject({ edited: true, editedAt: new Date(NOW - 500).toISOString() });
    expect(byId.get('c0019')).toMatchObject({ edited: true, editedAt: null });
    // the page's records are the batch lookup's, its depths those counted up the parents
    const looked = new Map((await source().commentsByIds([...shown])).map((c) => [c.id, c]));
    for (const { moreReplies, ...c } of page.comments) {
      expect(c).toEqual(looked.get(c.id));
      if (moreReplies) expect(moreReplies.count).toBeGreaterThan(0);
    }
  });

  it.each(commentSorts)(
    'following every cursor (%s) reads each comment once, the same on every store',
    async (sort) => {
      const seen: TreeComment[] = [];
      const pending: TreeRoot[] = [{ parentId: null, depth: 0, seen: 0 }];
      while (pending.length > 0) {
        const root = pending.pop()!;
        const page = await readTreePage(source(), { postId: POST, sort, root, levels: 3, limit: 37 }, encode);
        seen.push(...page.comments);
        for (const c of page.comments) if (c.moreReplies) pending.push(JSON.parse(c.moreReplies.cursor) as TreeRoot);
        if (page.cursor) pending.push(JSON.parse(page.cursor) as TreeRoot);
      }
      expect(seen.map((c) => c.id).sort()).toEqual(thread.map((c) => c.id).sort());
      for (const c of seen) expect(c.depth).toBe(depthIn(c.id));
    },
  );

  it('reads several comments’ replies in one call as it reads one', async () => {
    const reads = [
      { parentId: null, limit: 5 },
      { parentId: 'c0001', limit: 3 },
      { parentId: 'c0000', after: { key: keyOf('top', 'c0001'), id: 'c0001' }, limit: 4 },
      { parentId: 'none', limit: 2 },
    ];
    const together = await source().replyPositions(POST, 'top', reads);
    const apart = await Promise.all(reads.map(async (read) => (await source().replyPositions(POST, 'top', [read]))[0]));
    expect(together).toEqual(apart);
    expect(together[0]).toHaveLength(5);
    expect(together[3]).toEqual([]);
    expect(await source().replyCounts(POST, [null, 'none', 'c0001'])).toEqual([
      thread.filter((c) => c.parentId === null).length,
      0,
      thread.filter((c) => c.parentId === 'c0001').length,
    ]);
  });

  it('reads replies from the tree indexes, never the table', async () => {
    const kind = planned.kind;
    const plan = (
      await planned.plansOf(async () => {
        for (const sort of commentSorts) {
          await source().replyPositions(POST, sort, [{ parentId: 'c0000', limit: 3 }]);
          await source().replyPositions(POST, sort, [
            { parentId: null, limit: 3, after: { key: keyOf(sort, 'c0004'), id: 'c0004' } },
            { parentId: 'c0001', limit: 3 },
          ]);
        }
      })
    )
      .flat()
      .join('\n');
    expect(plan).toMatch(planPatterns[kind].indexRange('forum_comments_tree_(best|top|time)'));
    expect(plan).not.toMatch(planPatterns[kind].tableScan('forum_comments'));
    expect(plan).not.toMatch(planPatterns[kind].sortStep);
  });

  it('counts depth up the parents: null below a comment the store does not hold, and for a cycle', async () => {
    const deepest = thread.reduce((a, b) => (depthIn(b.id) > depthIn(a.id) ? b : a)).id;
    const found = await source().commentsByIds(['c0000', 'c0001', deepest, 'o1', 'o2', 'y1', 'nope']);
    const depths = Object.fromEntries(found.map((c) => [c.id, c.depth]));
    expect(depths).toEqual({
      c0000: 0,
      c0001: depthIn('c0001'),
      [deepest]: depthIn(deepest),
      o1: null,
      o2: null,
      y1: null,
    });
    expect(depthIn(deepest)).toBeGreaterThan(3);
    const plain = await source().commentsByIds(['c0499'], { depth: false });
    expect(plain[0]).toMatchObject({ id: 'c0499', depth: null, body: 'comment 499', postId: POST });
  });

  it("lists a user's comments newest first, by keyset, within the filters", async () => {
    const mine = thread
      .filter((c) => c.author === 'User3')
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    const first = await source().userComments({ username: 'user3', limit: 10 });
    expect(first.map((c) => c.id)).toEqual(mine.slice(0, 10).map((c) => c.id));
    const last = first.at(-1)!;
    const next = await source().userComments({
      username: 'USER3',
      after: { createdAt: Date.parse(last.createdAt), id: last.id },
      limit: 10,
    });
    expect(next.map((c) => c.id)).toEqual(mine.slice(10, 20).map((c) => c.id));
    const window = { after: new Date(NOW - 1_000_000 + 9_000), before: new Date(NOW - 1_000_000 + 20_000) };
    const filtered = await source().userComments({ username: 'user3', window, minScore: 2, limit: 100 });
    expect(filtered.map((c) => c.id)).toEqual(
      mine
        .filter((c) => c.createdAt > window.after.getTime() && c.createdAt < window.before.getTime() && c.score >= 2)
        .map((c) => c.id),
    );
    expect(filtered.length).toBeGreaterThan(0);
  });

  it('knows a thread by its post or its comments, and a user by posts or comments', async () => {
    expect(await source().threadExists(POST)).toBe(true);
    expect(await source().threadExists('p2')).toBe(true); // comments only
    expect(await source().threadExists('p3')).toBe(false);
    expect(await source().userExists('lonely')).toBe(true); // comments only
    expect(await source().userExists('op')).toBe(true);
    expect(await source().userExists('nobody')).toBe(false);
  });

  // last: it writes the thread (and puts it back)
  it("moves a thread's version with every write that changes its comments, only theirs; a rebuild moves them all", async () => {
    const version = (postId: string) => source().threadVersion(postId);
    const [start, other] = [await version(POST), await version('p2')];
    expect(start).toBeGreaterThan(0); // written by the seeding
    expect(await version('p-never')).toBe(0);

    await upsertForumCommentRows(db, [toForumCommentRow(thread[3]!)]); // as stored: nothing changes
    expect(await version(POST)).toBe(start);
    const changed = { ...thread[3]!, body: 'edited' };
    await upsertForumCommentRows(db, [toForumCommentRow(changed)]);
    expect(await version(POST)).toBe(start + 1);
    expect(await version('p2')).toBe(other);

    // a comment moved to another thread changes both
    await upsertForumCommentRows(db, [toForumCommentRow({ ...changed, postId: 'p2' })]);
    expect([await version(POST), await version('p2')]).toEqual([start + 2, other + 1]);
    await upsertForumCommentRows(db, [toForumCommentRow(thread[3]!)]);
    expect([await version(POST), await version('p2')]).toEqual([start + 3, other + 2]);

    await db.transaction().execute((trx) => rebuildForum(trx, () => {}));
    expect([await version(POST), await version('p2'), await version('p-never')]).toEqual([start + 4, other + 3, 0]);
  });
});

function depthIn(id: string): number {
  const parent = thread.find((c) => c.id === id)!.parentId;
  return parent === null ? 0 : depthIn(parent) + 1;
}
