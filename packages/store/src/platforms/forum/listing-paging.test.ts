import type { Kysely } from 'kysely';
import { type ForumSort, forumTimeframes, type Post } from '@socialquery/forum';
import { hotScore, RISING_MIN_AGE_MS, windowStart } from '@socialquery/forum/server';
import type { CommunityPostsQuery } from '@socialquery/forum/server';
import type { Database } from '../../schema.js';
import { openPlannedDb, type PlannedDb } from '../query-plans.case.js';
import { type ForumPostInput, toForumRow, upsertForumRows } from './rows.js';
import { createSqlForumSource } from './source.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');
const MINUTE = 60_000;

/**
 * 120 posts of one community in groups of four that share their creation moment (group g was
 * created g² × 20 minutes before NOW: two groups within the hour, nine within the day, 23 within
 * the week), scores from -1 to 4 (many shared, so hot and rising tie too), ids that do not follow
 * creation (ties are broken by id). Two authors share them.
 */
const TIED: ForumPostInput[] = Array.from({ length: 120 }, (_, i) => {
  const group = Math.floor(i / 4);
  const score = ((i * 13) % 6) - 1;
  return {
    id: `t${String((i * 37) % 120).padStart(4, '0')}`,
    community: 'Tied',
    author: i % 3 === 0 ? 'Tyra' : 'Theo',
    title: `tied ${i}`,
    content: '',
    upvotes: Math.max(score, 0),
    downvotes: Math.max(-score, 0),
    score,
    commentCount: 0,
    createdAt: NOW.getTime() - group * group * 20 * MINUTE,
    url: '',
  };
});

let planned: PlannedDb;
let db: Kysely<Database>;
beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  await upsertForumRows(db, TIED.map(toForumRow));
});
afterAll(() => planned.close());

const source = () => createSqlForumSource(db);

/**
 * The reference order of each sort, ties by id descending. Rising as the store ranks it (score per
 * millisecond of age, age floored): the same order as score per hour, and the same ties exactly.
 */
const keyOf: Record<ForumSort, (post: ForumPostInput, now: number) => number> = {
  hot: (post) => hotScore(post.score, post.createdAt),
  new: (post) => post.createdAt,
  top: (post) => post.score,
  rising: (post, now) => post.score / Math.max(now - post.createdAt, RISING_MIN_AGE_MS),
};
const ordered = (posts: ForumPostInput[], order: ForumSort, now: number) =>
  [...posts]
    .sort((a, b) => keyOf[order](b, now) - keyOf[order](a, now) || (a.id < b.id ? 1 : -1))
    .map((post) => post.id);

/** Every page of a listing, each after the last post of the one before, page sizes cycling through `sizes`. */
async function walk(read: (limit: number, startAfter?: Post) => Promise<Post[]>, sizes = [5, 7, 3]) {
  const ids: string[] = [];
  let last: Post | undefined;
  for (let n = 0; ; n++) {
    const page = await read(sizes[n % sizes.length]!, last);
    if (page.length === 0) return ids;
    ids.push(...page.map((post) => post.id));
    last = page.at(-1);
  }
}

interface Case {
  order: ForumSort;
  timeframe: (typeof forumTimeframes)[number];
}
const CASES: Case[] = [
  { order: 'hot', timeframe: 'all' },
  { order: 'new', timeframe: 'all' },
  ...forumTimeframes.map((timeframe) => ({ order: 'top' as const, timeframe })),
  { order: 'rising', timeframe: 'all' },
];

describe('community listings in keyset pages, posts sharing createdAt and score', () => {
  const queryOf = ({ order, timeframe }: Case, filters: Partial<CommunityPostsQuery> = {}) => ({
    community: 'tied',
    order,
    createdUntil: NOW,
    createdAfter: windowStart(order, timeframe, NOW),
    ...filters,
  });
  const inSortWindow = ({ order, timeframe }: Case) => {
    const start = windowStart(order, timeframe, NOW)?.getTime() ?? -Infinity;
    return (post: ForumPostInput) => post.createdAt > start && post.createdAt <= NOW.getTime();
  };

  it.each(CASES)(
    '$order (timeframe $timeframe): every page in turn is the reference order, nothing skipped or repeated',
    async (c) => {
      const expected = ordered(TIED.filter(inSortWindow(c)), c.order, NOW.getTime());
      expect(expected.length).toBeGreaterThanOrEqual(8);
      const whole = await source().communityPosts({ ...queryOf(c), limit: 1000 });
      expect(whole.map((post) => post.id)).toEqual(expected);
      const paged = await walk((limit, startAfter) =>
        source().communityPosts({ ...queryOf(c), limit, ...(startAfter ? { startAfter } : {}) }),
      );
      expect(paged).toEqual(expected);
    },
  );

  it.each(CASES)('$order (timeframe $timeframe) with after, before and minScore: the same', async (c) => {
    const window = {
      after: new Date(NOW.getTime() - 400 * 20 * MINUTE),
      before: new Date(NOW.getTime() - 20 * MINUTE),
    };
    const filters = { window, minScore: 1 };
    const keep = inSortWindow(c);
    const expected = ordered(
      TIED.filter(
        (post) =>
          keep(post) &&
          post.createdAt > window.after.getTime() &&
          post.createdAt < window.before.getTime() &&
          post.score >= 1,
      ),
      c.order,
      NOW.getTime(),
    );
    const whole = await source().communityPosts({ ...queryOf(c, filters), limit: 1000 });
    expect(whole.map((post) => post.id)).toEqual(expected);
    const paged = await walk((limit, startAfter) =>
      source().communityPosts({ ...queryOf(c, filters), limit, ...(startAfter ? { startAfter } : {}) }),
    );
    expect(paged).toEqual(expected);
    if (c.order !== 'rising' && !(c.order === 'top' && c.timeframe === 'hour'))
      expect(expected.length).toBeGreaterThan(7);
  });

  it('the data has the ties the test is about', () => {
    const created = new Set(TIED.map((post) => post.createdAt));
    expect(created.size).toBe(TIED.length / 4);
    const hot = TIED.map((post) => hotScore(post.score, post.createdAt));
    expect(new Set(hot).size).toBeLessThan(hot.length);
    const rising = TIED.filter((post) => post.createdAt > NOW.getTime() - 86_400_000).map((post) =>
      keyOf.rising(post, NOW.getTime()),
    );
    expect(new Set(rising).size).toBeLessThan(rising.length);
  });

  it('user posts: pages in turn are the newest-first order, ties by id', async () => {
    const expected = ordered(
      TIED.filter((post) => post.author === 'Theo'),
      'new',
      NOW.getTime(),
    );
    const paged = await walk((limit, startAfter) =>
      source().userPosts({ username: 'theo', limit, ...(startAfter ? { startAfter } : {}) }),
    );
    expect(paged).toEqual(expected);
    const window = { after: new Date(NOW.getTime() - 500 * 20 * MINUTE) };
    const filtered = await walk((limit, startAfter) =>
      source().userPosts({ username: 'THEO', window, minScore: 0, limit, ...(startAfter ? { startAfter } : {}) }),
    );
    expect(filtered).toEqual(
      ordered(
        TIED.filter((post) => post.author === 'Theo' && post.createdAt > window.after.getTime() && post.score >= 0),
        'new',
        NOW.getTime(),
      ),
    );
    expect(filtered.length).toBeLessThan(paged.length);
  });
});

/**
 * An import that lands between two pages of a walk. The position a page continues after is the
 * last post's values as that page read them; the next page compares it with the posts as stored
 * then. A post whose rank moved across that position is placed by its new rank: in a score order
 * it comes twice (it fell behind the position) or not at all (it rose ahead of it). Every other
 * post comes once, in order; a creation-time order is not moved by scores at all.
 */
describe('a score that changes during a walk (an import lands between pages)', () => {
  const MOVING: ForumPostInput[] = Array.from({ length: 30 }, (_, i) => ({
    ...TIED[0]!,
    id: `m${String(i).padStart(4, '0')}`,
    community: 'Moving',
    author: 'Mover',
    score: 100 - i, // top: m0000 first
    upvotes: 100 - i,
    downvotes: 0,
    createdAt: NOW.getTime() - i * MINUTE, // new: m0000 first
  }));
  beforeEach(() => upsertForumRows(db, MOVING.map(toForumRow)));

  const walkWhileImporting = async (order: ForumSort) => {
    const query = { community: 'moving', order, createdUntil: NOW };
    const first = await source().communityPosts({ ...query, limit: 10 });
    // a post already read falls to the bottom, one not read yet rises to the top
    await upsertForumRows(
      db,
      [
        { ...MOVING[2]!, score: -50 },
        { ...MOVING[25]!, score: 500 },
      ].map(toForumRow),
    );
    const rest = await walk(
      (limit, startAfter) => source().communityPosts({ ...query, limit, startAfter: startAfter ?? first.at(-1)! }),
      [10],
    );
    return [...first.map((post) => post.id), ...rest];
  };

  it.each(['top', 'hot'] as const)(
    '%s: the post that fell comes twice, the one that rose not at all, the others once in order',
    async (order) => {
      const ids = await walkWhileImporting(order);
      const unchanged = MOVING.map((post) => post.id).filter((id) => id !== 'm0002' && id !== 'm0025');
      expect(ids.filter((id) => id === 'm0002')).toHaveLength(2);
      expect(ids).not.toContain('m0025');
      expect(ids.filter((id) => id !== 'm0002')).toEqual(unchanged);
      expect(ids.at(-1)).toBe('m0002');
    },
  );

  it('new: scores do not move a post, so every post comes once, in order', async () => {
    const ids = await walkWhileImporting('new');
    expect(ids).toEqual(MOVING.map((post) => post.id));
  });
});
