import { FORUM_DEMO_COMMUNITIES, forumDemoPosts, forumDemoSize, type ForumPostRow } from './demo.js';
import { forumDemoCommentCount, forumDemoComments, forumDemoMegathreadSize } from './demo-comments.js';
import { forumDemoSet } from './demo-set.js';
import type { ForumCommentInput } from './rows.js';
import { createRandom } from '../../demo/random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NAME = /^[A-Za-z0-9_-]{1,40}$/;
const NOW = new Date('2025-06-01T12:00:00.000Z');

const generate = (now: Date, scale = 1): ForumPostRow[] => [...forumDemoPosts({ now, scale })];

describe('createRandom', () => {
  it('is deterministic for a seed and stays in range', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(createRandom(1).next()).not.toBe(createRandom(2).next());
  });

  it('int is inclusive, pick and skewedIndex stay inside', () => {
    const rng = createRandom(7);
    const seen = new Set<number>();
    const indexes = new Set<number>();
    const picks = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      seen.add(rng.int(3, 6));
      indexes.add(rng.skewedIndex(10, 2));
      picks.add(rng.pick(['a', 'b']));
    }
    expect([...indexes].every((k) => Number.isInteger(k) && k >= 0 && k < 10)).toBe(true);
    expect([...picks].sort()).toEqual(['a', 'b']);
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
    expect(() => rng.pick([])).toThrow(RangeError);
  });
});

describe('forumDemoPosts', () => {
  const rows = generate(NOW);
  const nowMs = NOW.getTime();

  it('yields exactly forumDemoSize rows, around 9,500 at scale 1', () => {
    expect(rows).toHaveLength(forumDemoSize(1));
    expect(rows.length).toBeGreaterThan(9000);
    expect(rows.length).toBeLessThan(10_000);
  });

  it('is lazy: the first rows come without generating the rest', () => {
    const iterator = forumDemoPosts({ now: NOW, scale: 50 });
    const first = iterator.next();
    expect(first.done).toBe(false);
    expect(first.value).toEqual(expect.objectContaining({ community: expect.any(String) }));
    iterator.return(undefined);
  });

  it('gives the same rows for the same now', () => {
    expect(generate(new Date(nowMs))).toEqual(rows);
  });

  it('moves only createdAt, by exactly the difference, for another now', () => {
    const shift = 3 * DAY + 12_345;
    const later = generate(new Date(nowMs + shift));
    expect(later).toHaveLength(rows.length);
    expect(later.map((row) => ({ ...row, createdAt: row.createdAt - shift }))).toEqual(rows);
    expect(later.every((row, i) => row.createdAt === rows[i]!.createdAt + shift)).toBe(true);
  });

  it('has at least 20 communities of at least 300 posts, all of them listed', () => {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.community, (counts.get(row.community) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(20);
    expect([...counts.keys()].sort()).toEqual([...FORUM_DEMO_COMMUNITIES].sort());
    for (const [community, count] of counts) {
      expect({ community, ok: count >= 300 && count <= 480 }).toEqual({ community, ok: true });
    }
  });

  it('gives unique ids and matching urls', () => {
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const wrong = rows.filter(
      (row) =>
        !/^[0-9a-z]+$/.test(row.id) || row.url !== `https://forum.example.org/c/${row.community}/comments/${row.id}`,
    );
    expect(wrong).toEqual([]);
  });

  it('has posts within the last hour and the last day in every community', () => {
    for (const community of FORUM_DEMO_COMMUNITIES) {
      const ages = rows.filter((row) => row.community === community).map((row) => nowMs - row.createdAt);
      expect({ community, lastHour: ages.filter((age) => age < HOUR).length >= 2 }).toEqual({
        community,
        lastHour: true,
      });
      expect({ community, lastDay: ages.filter((age) => age < DAY).length >= 6 }).toEqual({ community, lastDay: true });
      const lastMonth = ages.filter((age) => age < 30 * DAY).length / ages.length;
      expect(lastMonth).toBeGreaterThan(0.15);
      expect(lastMonth).toBeLessThan(0.25);
    }
  });

  it('keeps every createdAt at least a second before now and within two years', () => {
    const outside = rows.filter(
      (row) => !Number.isInteger(row.createdAt) || row.createdAt > nowMs - 1000 || row.createdAt <= nowMs - 730 * DAY,
    );
    expect(outside).toEqual([]);
  });

  it('scores are upvotes minus downvotes, heavy-tailed, with a few negative ones', () => {
    const wrong = rows.filter(
      (row) =>
        row.score !== row.upvotes - row.downvotes ||
        !Number.isInteger(row.upvotes) ||
        row.upvotes < 1 ||
        !Number.isInteger(row.downvotes) ||
        row.downvotes < 0 ||
        !Number.isInteger(row.commentCount) ||
        row.commentCount < 0,
    );
    expect(wrong).toEqual([]);
    const upvotes = rows.map((row) => row.upvotes);
    expect(upvotes.filter((u) => u <= 100).length / rows.length).toBeGreaterThan(0.8);
    expect(upvotes.filter((u) => u >= 1000).length).toBeGreaterThan(10);
    expect(Math.max(...upvotes)).toBeGreaterThanOrEqual(10_000);
    expect(rows.filter((row) => row.score < 0).length).toBeGreaterThan(0);
    // Ties in score exist (many small scores).
    expect(new Set(rows.map((row) => row.score)).size).toBeLessThan(rows.length / 2);
  });

  it('has authors posting in several communities', () => {
    const communitiesOf = new Map<string, Set<string>>();
    for (const row of rows) {
      const set = communitiesOf.get(row.author) ?? new Set<string>();
      set.add(row.community);
      communitiesOf.set(row.author, set);
    }
    expect(communitiesOf.size).toBeGreaterThan(1000);
    expect(communitiesOf.size).toBeLessThanOrEqual(2000);
    const spread = [...communitiesOf.values()].filter((set) => set.size >= 3).length;
    expect(spread).toBeGreaterThan(100);
    // Usernames are unique ignoring case (the store looks them up case-insensitively).
    const keys = new Set([...communitiesOf.keys()].map((name) => name.toLowerCase()));
    expect(keys.size).toBe(communitiesOf.size);
  });

  it('uses only allowed characters in community and user names', () => {
    expect(FORUM_DEMO_COMMUNITIES.filter((community) => !NAME.test(community))).toEqual([]);
    expect([...new Set(rows.map((row) => row.author))].filter((author) => !NAME.test(author))).toEqual([]);
  });

  it('writes real text: titles always, content for most posts, link posts sometimes', () => {
    const empty = rows.filter((row) => row.content === '').length / rows.length;
    expect(empty).toBeGreaterThan(0.05);
    expect(empty).toBeLessThan(0.15);
    const wrong = rows.filter(
      (row) =>
        row.title.length <= 5 ||
        /[{}]/.test(row.title) ||
        /[{}]/.test(row.content) ||
        row.content.toLowerCase().includes('lorem'),
    );
    expect(wrong).toEqual([]);
    expect(new Set(rows.map((row) => row.title)).size).toBeGreaterThan(rows.length / 4);
  });

  it('doubles the rows at scale 2 with the same communities and unique ids', () => {
    expect(forumDemoSize(2)).toBe(2 * forumDemoSize(1));
    const double = generate(NOW, 2);
    expect(double).toHaveLength(2 * rows.length);
    expect(new Set(double.map((row) => row.id)).size).toBe(double.length);
    expect(new Set(double.map((row) => row.community))).toEqual(new Set(FORUM_DEMO_COMMUNITIES));
    const perCommunity = (list: ForumPostRow[], community: string) =>
      list.filter((row) => row.community === community).length;
    for (const community of FORUM_DEMO_COMMUNITIES) {
      expect(perCommunity(double, community)).toBe(2 * perCommunity(rows, community));
    }
  });

  it('takes a fraction below 1: every community smaller in proportion, at least one post each, the same shape', () => {
    const small = [...forumDemoPosts({ now: NOW, scale: 0.2 })];
    expect(small).toHaveLength(forumDemoSize(0.2));
    expect(small.length).toBeGreaterThan(0.19 * forumDemoSize(1));
    expect(small.length).toBeLessThan(0.21 * forumDemoSize(1));
    const perCommunity = new Map<string, number>();
    for (const post of small) perCommunity.set(post.community, (perCommunity.get(post.community) ?? 0) + 1);
    expect([...perCommunity.keys()].sort()).toEqual([...FORUM_DEMO_COMMUNITIES].sort());
    expect(new Set(small.map((post) => post.id)).size).toBe(small.length);
    expect([...forumDemoPosts({ now: NOW, scale: 0.2 })]).toEqual(small);
    expect(forumDemoSize(0.001)).toBe(FORUM_DEMO_COMMUNITIES.length);
  });

  it('rejects a scale that is not a positive integer or a fraction below 1, and an invalid date', () => {
    expect(() => forumDemoSize(0)).toThrow(RangeError);
    expect(() => forumDemoSize(1.5)).toThrow(RangeError);
    expect(() => forumDemoPosts({ now: NOW, scale: -1 }).next()).toThrow(RangeError);
    expect(() => forumDemoPosts({ now: new Date(Number.NaN), scale: 1 }).next()).toThrow(RangeError);
  });
});

describe('forumDemoComments', () => {
  const nowMs = NOW.getTime();
  const posts = generate(NOW);
  const comments = [...forumDemoComments({ now: NOW, scale: 1 })];
  const postsById = new Map(posts.map((post) => [post.id, post]));
  const commentsById = new Map(comments.map((comment) => [comment.id, comment]));
  const share = (test: (comment: ForumCommentInput) => boolean) => comments.filter(test).length / comments.length;

  /** Levels below the post (1: top-level), counted from the parents. */
  const depths = new Map<string, number>();
  for (const comment of comments) {
    depths.set(comment.id, comment.parentId === null ? 1 : (depths.get(comment.parentId) ?? Number.NaN) + 1);
  }
  const threadSizes = new Map<string, number>();
  const threadDepths = new Map<string, number>();
  const replyCounts = new Map<string, number>();
  for (const comment of comments) {
    threadSizes.set(comment.postId, (threadSizes.get(comment.postId) ?? 0) + 1);
    threadDepths.set(comment.postId, Math.max(threadDepths.get(comment.postId) ?? 0, depths.get(comment.id) ?? 0));
    if (comment.parentId) replyCounts.set(comment.parentId, (replyCounts.get(comment.parentId) ?? 0) + 1);
  }

  it('below scale 1: the megathread and the big threads shrink with the scale, the megathread still the largest', () => {
    const small = [...forumDemoComments({ now: NOW, scale: 0.2 })];
    expect(small).toHaveLength(forumDemoCommentCount(0.2));
    const sizes = new Map<string, number>();
    for (const comment of small) sizes.set(comment.postId, (sizes.get(comment.postId) ?? 0) + 1);
    const largest = [...sizes.values()].sort((a, b) => b - a).slice(0, 3);
    expect(largest).toEqual([forumDemoMegathreadSize(0.2), 600, 200]);
    expect(forumDemoMegathreadSize(0.2)).toBe(2_000);
    expect(forumDemoSet.size(0.2)).toBe(forumDemoSize(0.2) + small.length);
  });

  it('yields exactly forumDemoCommentCount comments, 40,000 to 60,000 at scale 1, counted in the demo set', () => {
    expect(comments).toHaveLength(forumDemoCommentCount(1));
    expect(comments.length).toBeGreaterThan(40_000);
    expect(comments.length).toBeLessThan(60_000);
    expect(forumDemoSet.size(1)).toBe(forumDemoSize(1) + comments.length);
  });

  it('gives the same comments for another now, only with the times moved by the difference', () => {
    const shift = 5 * DAY + 4321;
    const later = [...forumDemoComments({ now: new Date(nowMs + shift), scale: 1 })];
    expect(later).toHaveLength(comments.length);
    const back = later.map((comment) => ({
      ...comment,
      createdAt: comment.createdAt - shift,
      edited: typeof comment.edited === 'number' ? comment.edited - shift : comment.edited,
    }));
    expect(back).toEqual(comments);
  });

  it('puts every reply after its parent: in the stream, in time, under the same post', () => {
    const seen = new Set<string>();
    const wrong = comments.filter((comment) => {
      const parent = comment.parentId === null ? undefined : commentsById.get(comment.parentId);
      seen.add(comment.id);
      if (comment.parentId === null) return false;
      return (
        !parent ||
        !seen.has(parent.id) ||
        parent.id === comment.id ||
        parent.postId !== comment.postId ||
        parent.createdAt >= comment.createdAt
      );
    });
    expect(wrong).toEqual([]);
  });

  it('comments only existing posts, after the post and not after now, in its community, with urls', () => {
    const wrong = comments.filter((comment) => {
      const post = postsById.get(comment.postId);
      return (
        post?.community !== comment.community ||
        !Number.isInteger(comment.createdAt) ||
        comment.createdAt <= post.createdAt ||
        comment.createdAt > nowMs ||
        comment.url !== `https://forum.example.org/c/${post.community}/comments/${post.id}/_/${comment.id}`
      );
    });
    expect(wrong).toEqual([]);
    const withComments = posts.filter((post) => threadSizes.has(post.id));
    expect(withComments.every((post) => post.commentCount > 0)).toBe(true);
    const ordinary = withComments.filter((post) => (threadSizes.get(post.id) ?? 0) < 1000);
    expect(ordinary.every((post) => threadSizes.get(post.id) === Math.min(post.commentCount, 12))).toBe(true);
  });

  it('gives unique base-36 ids, none of them a post id, that sort by time', () => {
    expect(commentsById.size).toBe(comments.length);
    expect(comments.filter((comment) => !/^[0-9a-z]+$/.test(comment.id) || postsById.has(comment.id))).toEqual([]);
    const byId = [...comments].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(byId.every((comment, i) => i === 0 || byId[i - 1]!.createdAt <= comment.createdAt)).toBe(true);
  });

  it('has the megathread on the most-commented post, big and wide threads, and threads deeper than 10 levels', () => {
    expect(forumDemoMegathreadSize(1)).toBe(10_000);
    expect(forumDemoMegathreadSize(5)).toBe(50_000);
    expect(forumDemoMegathreadSize(8)).toBe(50_000);
    const mostCommented = posts.reduce((best, post) => (post.commentCount > best.commentCount ? post : best));
    expect(threadSizes.get(mostCommented.id)).toBe(forumDemoMegathreadSize(1));
    expect([...threadSizes.values()].sort((a, b) => b - a).slice(0, 4)).toEqual([10_000, 3000, 1000, 12]);
    expect(Math.max(...replyCounts.values())).toBeGreaterThanOrEqual(300);
    const deep = [...threadDepths.values()].filter((depth) => depth > 10);
    expect(deep.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...deep)).toBeGreaterThanOrEqual(15);
    expect(Math.max(...deep)).toBeLessThanOrEqual(40);
  });

  it('has about a third top-level comments and deleted, removed, edited, distinguished and stickied ones', () => {
    const topLevel = share((comment) => comment.parentId === null);
    expect(topLevel).toBeGreaterThan(0.3);
    expect(topLevel).toBeLessThan(0.4);
    const deleted = comments.filter((comment) => comment.deleted);
    expect(deleted.length / comments.length).toBeGreaterThan(0.02);
    expect(deleted.length / comments.length).toBeLessThan(0.04);
    expect(deleted.every((comment) => comment.body === '[deleted]' && comment.author === '[deleted]')).toBe(true);
    const removed = comments.filter((comment) => comment.removed);
    expect(removed.length / comments.length).toBeGreaterThan(0.01);
    expect(removed.length / comments.length).toBeLessThan(0.03);
    expect(removed.every((comment) => comment.body === '[removed]' && !comment.deleted)).toBe(true);
    expect(new Set(removed.map((comment) => comment.author === '[deleted]'))).toEqual(new Set([true, false]));
    expect([...deleted, ...removed].some((comment) => replyCounts.has(comment.id))).toBe(true);
    const editedAt = comments.filter((comment) => typeof comment.edited === 'number');
    expect(editedAt.length).toBeGreaterThan(100);
    expect(
      editedAt.every(
        (comment) => (comment.edited as number) > comment.createdAt && (comment.edited as number) <= nowMs,
      ),
    ).toBe(true);
    expect(comments.some((comment) => comment.edited === true)).toBe(true);
    expect(share((comment) => comment.edited === false)).toBeGreaterThan(0.9);
    const distinguished = new Map<string | null, number>();
    for (const { distinguished: d } of comments) distinguished.set(d, (distinguished.get(d) ?? 0) + 1);
    expect([...distinguished.keys()].sort()).toEqual(['admin', 'moderator', null]);
    expect(distinguished.get('admin')).toBeLessThan(distinguished.get('moderator') ?? 0);
    const stickied = comments.filter((comment) => comment.stickied);
    expect(stickied.length).toBeGreaterThan(10);
    expect(stickied.every((comment) => comment.parentId === null && comment.distinguished === 'moderator')).toBe(true);
    expect(new Set(stickied.map((comment) => comment.postId)).size).toBe(stickied.length);
  });

  it('writes short text with markup characters and non-ASCII, by authors with valid names', () => {
    const bodies = new Set(comments.map((comment) => comment.body));
    expect(bodies.size).toBeGreaterThan(100);
    expect([...bodies].filter((body) => body.length === 0 || body.length > 400 || /[{}]/.test(body))).toEqual([]);
    for (const pattern of [/&/, /</, />/, /[\x80-\uffff]/])
      expect([...bodies].some((body) => pattern.test(body))).toBe(true);
    const authors = new Set(comments.map((comment) => comment.author));
    expect(authors.size).toBeGreaterThan(1000);
    expect([...authors].filter((author) => author !== '[deleted]' && !NAME.test(author))).toEqual([]);
  });

  it('scores are heavy-tailed, some negative, higher at the top level; given votes add up', () => {
    const scores = comments.map((comment) => comment.score);
    expect(scores.every(Number.isInteger)).toBe(true);
    expect(share((comment) => comment.score < 0)).toBeGreaterThan(0.03);
    expect(Math.max(...scores)).toBeGreaterThan(1000);
    expect(share((comment) => comment.score <= 50)).toBeGreaterThan(0.85);
    const mean = (list: ForumCommentInput[]) => list.reduce((sum, comment) => sum + comment.score, 0) / list.length;
    const top = comments.filter((comment) => comment.parentId === null);
    const replies = comments.filter((comment) => comment.parentId !== null);
    expect(mean(top)).toBeGreaterThan(mean(replies));
    const voted = comments.filter((comment) => comment.ups !== undefined || comment.downs !== undefined);
    expect(voted.length).toBeGreaterThan(0);
    expect(voted.length / comments.length).toBeLessThan(0.1);
    const wrong = voted.filter(
      (comment) =>
        (comment.downs ?? -1) < 0 ||
        (comment.ups ?? -1) < 0 ||
        (comment.ups ?? 0) - (comment.downs ?? 0) !== comment.score,
    );
    expect(wrong).toEqual([]);
  });

  it('rejects a scale that is not a positive integer and an invalid date', () => {
    expect(() => forumDemoCommentCount(0)).toThrow(RangeError);
    expect(() => forumDemoCommentCount(2.5)).toThrow(RangeError);
    expect(() => forumDemoComments({ now: NOW, scale: -1 }).next()).toThrow(RangeError);
    expect(() => forumDemoComments({ now: new Date(Number.NaN), scale: 1 }).next()).toThrow(RangeError);
  });
});
