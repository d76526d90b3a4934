import { FORUM_DEMO_COMMUNITIES, forumDemoPosts, forumDemoSize, type ForumPostRow } from './demo.js';
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
    expect(later.every((row, i) => row.createdAt === (rows[i] as ForumPostRow).createdAt + shift)).toBe(true);
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

  it('rejects a scale that is not a positive integer and an invalid date', () => {
    expect(() => forumDemoSize(0)).toThrow(RangeError);
    expect(() => forumDemoSize(1.5)).toThrow(RangeError);
    expect(() => forumDemoPosts({ now: NOW, scale: -1 }).next()).toThrow(RangeError);
    expect(() => forumDemoPosts({ now: new Date(Number.NaN), scale: 1 }).next()).toThrow(RangeError);
  });
});
