import type { Comment, CommentSort, TreeComment } from '../schemas.js';
import { commentRecord } from './comment.case.js';
import { precedes, readTreePage, type TreeRoot } from './comment-tree.js';
import type { CommentSource, RepliesOf } from './source.js';

interface Node {
  id: string;
  parentId: string | null;
  score: number;
  best: number;
  createdAt: number;
}

const keyOf = (sort: CommentSort, n: Node) => (sort === 'best' ? n.best : sort === 'top' ? n.score : n.createdAt);

/** A CommentSource over nodes in memory, counting its reads. */
function memorySource(nodes: readonly Node[]) {
  const reads = { rounds: 0, positions: 0 };
  const repliesOf = (sort: CommentSort, { parentId, after }: RepliesOf) =>
    nodes
      .filter((n) => n.parentId === parentId)
      .map((n) => ({ key: keyOf(sort, n), id: n.id }))
      .filter((p) => !after || precedes(sort, after, p))
      .sort((a, b) => (precedes(sort, a, b) ? -1 : 1));
  const source: CommentSource = {
    async replyPositions(_post, sort, list) {
      reads.rounds++;
      return list.map((read) => {
        const got = repliesOf(sort, read).slice(0, read.limit);
        reads.positions += got.length;
        return got;
      });
    },
    async replyCounts(_post, parentIds) {
      return parentIds.map((parentId) => nodes.filter((n) => n.parentId === parentId).length);
    },
    async commentsByIds(ids) {
      return nodes.filter((n) => ids.includes(n.id)).map(record);
    },
    userComments: () => Promise.reject(new Error('unused')),
    threadExists: async () => nodes.length > 0,
    threadVersion: async () => 0,
  };
  return { source, reads };
}

function record(n: Node): Comment {
  return commentRecord({
    id: n.id,
    parentId: n.parentId,
    score: n.score,
    createdAt: new Date(n.createdAt).toISOString(),
    url: `https://forum.example.org/${n.id}`,
  });
}

/** Cursors are plain JSON here (the handlers sign them). */
const encode = (root: TreeRoot) => JSON.stringify(root);
const decode = (cursor: string) => JSON.parse(cursor) as TreeRoot;
const TOP: TreeRoot = { parentId: null, depth: 0, seen: 0 };

const node = (id: string, parentId: string | null, score: number, createdAt = 0): Node => ({
  id,
  parentId,
  score,
  best: score / 100,
  createdAt,
});

/** A deterministic pseudo-random tree: each comment replies to the post or to an earlier comment. */
function randomTree(size: number, seed: number): Node[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const nodes: Node[] = [];
  for (let i = 0; i < size; i++) {
    const parent = i === 0 || next() < 0.3 ? null : nodes[Math.floor(next() * i)]!.id;
    // few distinct scores and times: ties are broken by id
    nodes.push(node(`c${String(i).padStart(4, '0')}`, parent, Math.floor(next() * 8) - 2, Math.floor(next() * 5)));
  }
  return nodes;
}

describe('readTreePage', () => {
  const tree = [
    node('a', null, 10),
    node('a1', 'a', 3),
    node('a2', 'a', 7),
    node('a2x', 'a2', 1),
    node('b', null, 20),
    node('b1', 'b', -1),
    node('c', null, 5),
  ];

  it('lists the tree depth first, siblings in sort order, each comment with its depth', async () => {
    const { source } = memorySource(tree);
    const page = await readTreePage(source, { postId: 'p', sort: 'top', root: TOP, levels: 10, limit: 100 }, encode);
    expect(page.comments.map((c) => [c.id, c.depth, c.moreReplies])).toEqual([
      ['b', 0, null],
      ['b1', 1, null],
      ['a', 0, null],
      ['a2', 1, null],
      ['a2x', 2, null],
      ['a1', 1, null],
      ['c', 0, null],
    ]);
    expect(page).toMatchObject({ moreCount: 0, cursor: '' });
    expect(page.comments[1]).toMatchObject({ id: 'b1', parentId: 'b', score: -1, body: 'b1' });
  });

  it("takes the best comments whose parent is shown, wherever they are (Reddit's cut), and says what it leaves out", async () => {
    const { source } = memorySource([...tree, node('b2', 'b', 50)]);
    const page = await readTreePage(source, { postId: 'p', sort: 'top', root: TOP, levels: 10, limit: 3 }, encode);
    // b (20), then its reply b2 (50) beats a (10)
    expect(page.comments.map((c) => c.id)).toEqual(['b', 'b2', 'a']);
    expect(page.comments.map((c) => c.moreReplies?.count ?? 0)).toEqual([1, 0, 2]);
    expect(page.moreCount).toBe(1);
    expect(decode(page.cursor)).toEqual({ parentId: null, after: { key: 10, id: 'a' }, depth: 0, seen: 2 });
    expect(decode(page.comments[0]!.moreReplies!.cursor)).toEqual({
      parentId: 'b',
      after: { key: 50, id: 'b2' },
      depth: 1,
      seen: 1,
    });
    expect(decode(page.comments[2]!.moreReplies!.cursor)).toEqual({ parentId: 'a', depth: 1, seen: 0 });
  });

  it('levels=1 shows one level and counts every reply it leaves out', async () => {
    const { source } = memorySource(tree);
    const page = await readTreePage(source, { postId: 'p', sort: 'new', root: TOP, levels: 1, limit: 10 }, encode);
    expect(page.comments.map((c) => [c.id, c.moreReplies?.count ?? 0])).toEqual([
      ['c', 0],
      ['b', 1],
      ['a', 2],
    ]);
  });

  it('continues from a cursor at the depth it names, levels counted from there', async () => {
    const { source } = memorySource(tree);
    const root: TreeRoot = { parentId: 'a', after: { key: 7, id: 'a2' }, depth: 1, seen: 1 };
    const page = await readTreePage(source, { postId: 'p', sort: 'top', root, levels: 1, limit: 10 }, encode);
    expect(page.comments.map((c) => [c.id, c.depth])).toEqual([['a1', 1]]);
    expect(page).toMatchObject({ moreCount: 0, cursor: '' });
  });

  it('old is oldest first with ties by id ascending; the others newest/highest first, ties by id descending', async () => {
    const flat = [node('x', null, 1, 5), node('y', null, 1, 5), node('w', null, 2, 9)];
    const { source } = memorySource(flat);
    const ids = async (sort: CommentSort) =>
      (await readTreePage(source, { postId: 'p', sort, root: TOP, levels: 1, limit: 10 }, encode)).comments.map(
        (c) => c.id,
      );
    expect(await ids('old')).toEqual(['x', 'y', 'w']);
    expect(await ids('new')).toEqual(['w', 'y', 'x']);
    expect(await ids('top')).toEqual(['w', 'y', 'x']);
    expect(await ids('best')).toEqual(['w', 'y', 'x']);
  });

  /** Every comment read by following every cursor from the top, page by page. */
  async function readAll(nodes: readonly Node[], sort: CommentSort, levels: number, limit: number) {
    const { source, reads } = memorySource(nodes);
    const seen: TreeComment[] = [];
    const pending: TreeRoot[] = [TOP];
    for (let pages = 0; pending.length > 0; pages++) {
      if (pages > nodes.length + 1) throw new Error('the cursors do not end');
      const root = pending.pop()!;
      const page = await readTreePage(source, { postId: 'p', sort, root, levels, limit }, encode);
      expect(page.comments.length).toBeLessThanOrEqual(limit);
      // each comment below its parent: the page's root, or a comment shown before it on the page
      const onPage = new Set<string | null>([root.parentId]);
      for (const c of page.comments) {
        expect(onPage.has(c.parentId)).toBe(true);
        onPage.add(c.id);
      }
      seen.push(...page.comments);
      for (const c of page.comments) if (c.moreReplies) pending.push(decode(c.moreReplies.cursor));
      if (page.cursor) pending.push(decode(page.cursor));
    }
    return { seen, reads };
  }

  it.each([
    ['best', 10, 7],
    ['top', 3, 1],
    ['new', 2, 5],
    ['old', 10, 50],
  ] as const)(
    'following every cursor (sort %s, depth %i, limit %i) reads each comment once',
    async (sort, levels, limit) => {
      const nodes = randomTree(300, levels * 31 + limit);
      const { seen } = await readAll(nodes, sort, levels, limit);
      expect(seen.map((c) => c.id).sort()).toEqual(nodes.map((n) => n.id).sort());
      // depth is the comment's distance from the top
      const byId = new Map(nodes.map((n) => [n.id, n]));
      const depthOf = (id: string | null): number => (id === null ? -1 : depthOf(byId.get(id)!.parentId) + 1);
      for (const c of seen) expect(c.depth).toBe(depthOf(c.id));
    },
  );

  it('reads a page in a few rounds, not one per comment', async () => {
    const nodes = randomTree(2000, 7);
    const { source, reads } = memorySource(nodes);
    const page = await readTreePage(source, { postId: 'p', sort: 'top', root: TOP, levels: 10, limit: 100 }, encode);
    expect(page.comments).toHaveLength(100);
    expect(reads.rounds).toBeLessThanOrEqual(12); // 8 when written
    expect(reads.positions).toBeLessThan(300);
  });
});
