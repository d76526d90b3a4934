import type { CommentSort, CommentTreeResponse, MoreReplies, TreeComment } from '../schemas.js';
import type { CommentSource, ReadOptions, RepliesOf, SiblingPosition } from './source.js';

/**
 * Where a tree page starts: the replies of `parentId` (null: the post's top-level comments) after
 * `after`, which `seen` replies precede, whose depth is `depth`. A page's continuations are roots of
 * the same kind (a cursor carries one).
 */
export interface TreeRoot extends RepliesOf {
  depth: number;
  seen: number;
}

export interface TreePageQuery {
  postId: string;
  sort: CommentSort;
  root: TreeRoot;
  /** Levels below the root the page descends (1: the root's replies only). */
  levels: number;
  /** Most comments on the page. */
  limit: number;
}

/** Replies read per comment at a time: most comments show a few replies before the page is full. */
const REPLIES_READ = 8;
/**
 * Comments not yet shown whose replies are read along with those the walk needs now: the next ones it
 * is likely to show (so a page costs a few reads, not one per comment on a store across a network).
 */
const READ_AHEAD = 16;

/** Whether `a` comes before `b` among siblings in `sort`. */
export function precedes(sort: CommentSort, a: SiblingPosition, b: SiblingPosition): boolean {
  if (sort === 'old') return a.key < b.key || (a.key === b.key && a.id < b.id);
  return a.key > b.key || (a.key === b.key && a.id > b.id);
}

/** A comment whose replies the walk reads, and how far it has read and shown them. */
interface Replies {
  id: string | null;
  /** Replies before `start` (shown on earlier pages). */
  seen: number;
  /** Level of its replies below the page's root (0: the root's own replies). */
  level: number;
  start: SiblingPosition | undefined;
  read: SiblingPosition[];
  /** Index in `read` of the next reply to show. */
  next: number;
  /** Every reply after `start` is in `read`. */
  complete: boolean;
  shown: SiblingPosition[];
}

const repliesOf = (id: string | null, level: number, start?: SiblingPosition, seen = 0): Replies => ({
  id,
  seen,
  level,
  start,
  read: [],
  next: 0,
  complete: false,
  shown: [],
});

/**
 * One page of a comment tree, as Reddit cuts a thread: the best comment (by `sort`) among those whose
 * parent the page shows is taken next, until `limit` comments or nothing is left within `levels`. So a
 * page holds the thread's best comments wherever they are, each below its parent, and a comment's
 * shown replies are always the first ones of its replies in `sort` order. Replies are read lazily, a
 * few per comment (REPLIES_READ), with those of the next likely comments read in the same round
 * (READ_AHEAD). Then the reply counts the store keeps give, for each comment whose replies are not
 * all shown, its `moreReplies`, whose cursor (`encode`) continues after the last reply shown (and
 * counts those before it): following every cursor reads each comment of the tree once. The comments'
 * `extra` is read when `options` asks for it, and comes last in each.
 */
export async function readTreePage(
  source: CommentSource,
  { postId, sort, root, levels, limit }: TreePageQuery,
  encode: (root: TreeRoot) => string,
  options?: ReadOptions,
): Promise<CommentTreeResponse> {
  const top = repliesOf(root.parentId, 0, root.after, root.seen);
  const open = new Map<string | null, Replies>([[root.parentId, top]]);
  const ahead = new Map<string, Replies>();
  let remaining = limit;
  const shown: { position: SiblingPosition; level: number }[] = [];

  const readRound = async () => {
    const due = [...open.values()].filter((r) => r.next === r.read.length && !r.complete);
    if (due.length === 0) return;
    // the comments read but not shown, best first: the likely next ones, and their likely next replies
    const unshown = [...open.values(), ...ahead.values()]
      .flatMap((r) => r.read.slice(r.next).map((position) => ({ position, level: r.level })))
      .filter(({ position, level }) => level + 1 < levels && !ahead.has(position.id) && !open.has(position.id))
      .sort((a, b) => (precedes(sort, a.position, b.position) ? -1 : 1));
    for (const { position, level } of unshown.slice(0, READ_AHEAD))
      ahead.set(position.id, repliesOf(position.id, level + 1));
    const reads = [...due, ...[...ahead.values()].filter((r) => r.read.length === 0 && !r.complete)];
    const size = (r: Replies) => (r === top ? remaining : Math.min(remaining, REPLIES_READ));
    const results = await source.replyPositions(
      postId,
      sort,
      reads.map((r) => {
        const after = r.read.at(-1) ?? r.start;
        return { parentId: r.id, ...(after ? { after } : {}), limit: size(r) };
      }),
    );
    reads.forEach((r, i) => {
      const read = results[i] ?? [];
      r.complete = read.length < size(r);
      r.read = r.read.slice(r.next).concat(read);
      r.next = 0;
    });
  };

  while (remaining > 0) {
    await readRound();
    const [best] = nextHeads(sort, open, 1);
    if (!best) break;
    best.replies.next++;
    best.replies.shown.push(best.position);
    shown.push(best);
    remaining--;
    if (best.level + 1 < levels) {
      const id = best.position.id;
      open.set(id, ahead.get(id) ?? repliesOf(id, best.level + 1));
      ahead.delete(id);
    }
  }

  // what each shown comment (and the root) leaves out: counted where it is not known to be nothing
  const cut = shown.filter((c) => c.level + 1 >= levels).map((c) => repliesOf(c.position.id, c.level + 1));
  const uncertain = [...open.values(), ...cut].filter((r) => !(r.complete && r.next === r.read.length));
  const counts = await source.replyCounts(
    postId,
    uncertain.map((r) => r.id),
  );
  const more = new Map<string | null, MoreReplies>();
  uncertain.forEach((r, i) => {
    const seen = r.seen + r.shown.length;
    const count = (counts[i] ?? 0) - seen;
    const after = r.shown.at(-1) ?? r.start;
    const depth = root.depth + r.level;
    if (count > 0)
      more.set(r.id, { count, cursor: encode({ parentId: r.id, ...(after ? { after } : {}), depth, seen }) });
  });

  const records = new Map(
    (
      await source.commentsByIds(
        shown.map((c) => c.position.id),
        { depth: false, extra: options?.extra },
      )
    ).map((c) => [c.id, c]),
  );
  const comments: TreeComment[] = [];
  const visit = (replies: Replies | undefined, level: number) => {
    for (const position of replies?.shown ?? []) {
      const record = records.get(position.id);
      if (!record) continue; // deleted from the store while the page was read
      const { extra, ...fields } = record;
      comments.push({
        ...fields,
        depth: root.depth + level,
        moreReplies: more.get(position.id) ?? null,
        ...(extra ? { extra } : {}),
      });
      visit(open.get(position.id), level + 1);
    }
  };
  visit(top, 0);
  const rootMore = more.get(root.parentId);
  return { comments, moreCount: rootMore?.count ?? 0, cursor: rootMore?.cursor ?? '' };
}

/** The first `n` comments the walk could show next, best first: the head of each open comment's unread replies. */
function nextHeads(
  sort: CommentSort,
  open: ReadonlyMap<string | null, Replies>,
  n: number,
): { position: SiblingPosition; level: number; replies: Replies }[] {
  const heads: { position: SiblingPosition; level: number; replies: Replies }[] = [];
  for (const replies of open.values()) {
    const position = replies.read[replies.next];
    if (position) heads.push({ position, level: replies.level, replies });
  }
  return heads.sort((a, b) => (precedes(sort, a.position, b.position) ? -1 : 1)).slice(0, n);
}
