import { CompiledQuery, type Kysely } from 'kysely';
import { forumSorts, type ForumSort, type Post } from '@socialquery/forum';
import { RISING_WINDOW_MS } from '@socialquery/forum/server';
import { toForumRow, upsertForumRows } from './rows.js';
import type { Database } from '../../schema.js';
import { createSqlForumSource } from './source.js';
import { openPlannedDb, type PlannedDb, planPatterns } from '../query-plans.case.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');
/** Post i: community i mod 7, author i mod 13, created i × 10 minutes before NOW (so a larger i is older). */
const data = Array.from({ length: 2000 }, (_, i) => ({
  id: `p${String(i).padStart(5, '0')}`,
  community: `Community${i % 7}`,
  author: `User${i % 13}`,
  title: `title ${i}`,
  content: '',
  upvotes: (i * 37) % 500,
  downvotes: (i * 11) % 50,
  score: ((i * 37) % 500) - ((i * 11) % 50),
  commentCount: i % 40,
  createdAt: NOW.getTime() - i * 600_000,
  url: `https://forum.example.org/p/${i}`,
}));
let db: Kysely<Database>;
let planned: PlannedDb;
let planRules: { indexRange: RegExp; tableScan: RegExp };

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  const patterns = planPatterns[planned.kind];
  planRules = {
    indexRange: patterns.indexRange('forum_posts_(community|author)_\\w+', 'forum_posts'),
    tableScan: patterns.tableScan('forum_posts'),
  };
  await upsertForumRows(db, data.map(toForumRow));
  await db.executeQuery(CompiledQuery.raw('ANALYZE'));
});
afterAll(() => planned.close());

async function planOf(run: () => Promise<unknown>): Promise<string[]> {
  return (await planned.plansOf(run)).flat();
}

describe('SQL forum source', () => {
  const source = () => createSqlForumSource(db);

  it.each(forumSorts)(
    'serves a community listing sorted %s from an index, never a table scan',
    async (order: ForumSort) => {
      const windowed = order === 'top' || order === 'rising';
      const plan = await planOf(() =>
        source().communityPosts({
          community: 'community3',
          order,
          createdUntil: NOW,
          limit: 25,
          ...(windowed ? { createdAfter: new Date(NOW.getTime() - 86_400_000) } : {}),
        }),
      );
      expect(plan.join('\n')).toMatch(planRules.indexRange);
      expect(plan.join('\n')).not.toMatch(planRules.tableScan);
    },
  );

  it('serves a user listing and existence checks from indexes', async () => {
    const plan = await planOf(async () => {
      await source().userPosts({ username: 'user5', limit: 25 });
      await source().userExists('user5');
      await source().communityExists('community1');
    });
    expect(plan.join('\n')).not.toMatch(planRules.tableScan);
    expect(plan.filter((line) => planRules.indexRange.test(line))).toHaveLength(3);
  });

  it('matches names case-insensitively and orders new by time, ties by id', async () => {
    const posts = await source().communityPosts({ community: 'COMMUNITY3', order: 'new', createdUntil: NOW, limit: 3 });
    expect(posts.map((p) => p.id)).toEqual(['p00003', 'p00010', 'p00017']);
    expect(posts[0]).toMatchObject({
      community: 'Community3',
      createdAt: new Date(NOW.getTime() - 3 * 600_000).toISOString(),
    });
  });

  it('keeps a time window exclusive at its start and inclusive at its end', async () => {
    const after = new Date(NOW.getTime() - 7 * 600_000); // p00007 sits exactly on the start: excluded
    const posts = await source().communityPosts({
      community: 'community0',
      order: 'top',
      createdAfter: after,
      createdUntil: NOW,
      limit: 100,
    });
    expect(posts.map((p) => p.id).sort()).toEqual(['p00000']);
  });

  it('tells known from unknown communities and users', async () => {
    expect(await source().communityExists('community6')).toBe(true);
    expect(await source().communityExists('community7')).toBe(false);
    expect(await source().userExists('USER12')).toBe(true);
    expect(await source().userExists('user13')).toBe(false);
  });

  it('looks posts up by id in one primary-key query, exactly (case-sensitively), leaving unknown ids out', async () => {
    const ids = ['p00042', 'nope', 'P00007', 'p00007', 'p01999'];
    const plans = await planned.plansOf(() => source().postsByIds(ids));
    expect(plans).toHaveLength(1);
    const plan = plans[0]!.join('\n');
    expect(plan).toMatch(
      planPatterns[planned.kind].indexRange('(sqlite_autoindex_forum_posts_1|forum_posts_pkey)', 'forum_posts'),
    );
    expect(plan).not.toMatch(planRules.tableScan);
    const posts = await source().postsByIds(ids);
    expect(posts.map((p) => p.id).sort()).toEqual(['p00007', 'p00042', 'p01999']);
    const [listed] = await source().communityPosts({
      community: 'community0',
      order: 'new',
      createdUntil: NOW,
      limit: 1,
    });
    expect(await source().postsByIds([listed!.id])).toEqual([listed]);
    expect(await source().postsByIds([])).toEqual([]);
  });
});

describe('SQL forum source: after, before (exclusive) and minScore (inclusive)', () => {
  const source = () => createSqlForumSource(db);
  /** The moment post i was created. */
  const at = (i: number) => new Date(NOW.getTime() - i * 600_000);
  const indexOf = (id: string) => Number(id.slice(1));
  const DAY = 86_400_000;
  /** Each sort with the window of its own that the handler would give it. */
  const sortWindow = (order: ForumSort) =>
    order === 'top' ? 7 * DAY : order === 'rising' ? RISING_WINDOW_MS : undefined;

  // community3 holds every i ≡ 3 (mod 7): p00003 and p00143 are both in it, and so are the window's bounds
  const window = { after: at(143), before: at(3) };
  const inWindow = (i: number) => i < 143 && i > 3;

  it.each(forumSorts)(
    '%s: keeps exactly the posts strictly inside the window, alone and with minScore',
    async (order) => {
      const span = sortWindow(order);
      const createdAfter = span === undefined ? undefined : new Date(NOW.getTime() - span);
      const candidates = data.filter(
        (d) => d.community === 'Community3' && (createdAfter === undefined || d.createdAt > createdAfter.getTime()),
      );
      const windowed = await source().communityPosts({
        community: 'community3',
        order,
        createdAfter,
        createdUntil: NOW,
        window,
        limit: 100,
      });
      const expected = candidates.filter((d) => inWindow(indexOf(d.id)));
      expect(windowed.map((p) => p.id).sort()).toEqual(expected.map((d) => d.id).sort());
      expect(expected.length).toBeGreaterThan(10);
      expect(windowed.map((p) => p.id)).not.toContain('p00003');
      expect(windowed.map((p) => p.id)).not.toContain('p00143');

      // minScore is inclusive: a post whose score is exactly minScore stays
      const minScore = expected[Math.floor(expected.length / 2)]!.score;
      const scored = await source().communityPosts({
        community: 'community3',
        order,
        createdAfter,
        createdUntil: NOW,
        window,
        minScore,
        limit: 100,
      });
      const expectedScored = expected.filter((d) => d.score >= minScore);
      expect(scored.map((p) => p.id).sort()).toEqual(expectedScored.map((d) => d.id).sort());
      expect(expectedScored.length).toBeLessThan(expected.length);
      expect(scored.some((p) => p.score === minScore)).toBe(true);
      if (order === 'new') expect(scored.map((p) => p.id)).toEqual(expectedScored.map((d) => d.id));
      if (order === 'top')
        expect(scored.map((p) => p.score)).toEqual(expectedScored.map((d) => d.score).sort((a, b) => b - a));
    },
  );

  it('intersects with the window of top: the later lower bound holds, and one side alone works', async () => {
    const query = { community: 'community3', order: 'top' as const, createdUntil: NOW, limit: 100 };
    const day = new Date(NOW.getTime() - DAY); // = at(144)
    const ids = async (q: Parameters<ReturnType<typeof source>['communityPosts']>[0]) =>
      (await source().communityPosts(q)).map((p) => indexOf(p.id)).sort((a, b) => a - b);
    const community3 = (keep: (i: number) => boolean) =>
      data.map((d) => indexOf(d.id)).filter((i) => i % 7 === 3 && keep(i));
    // the caller's after is older than the day: the day holds
    expect(await ids({ ...query, createdAfter: day, window: { after: at(500) } })).toEqual(community3((i) => i < 144));
    // the caller's after is newer: it holds
    expect(await ids({ ...query, createdAfter: day, window: { after: at(50) } })).toEqual(community3((i) => i < 50));
    // before alone, with the day
    expect(await ids({ ...query, createdAfter: day, window: { before: at(100) } })).toEqual(
      community3((i) => i > 100 && i < 144),
    );
    // before alone on an unwindowed sort reaches back to the oldest post
    expect(await ids({ ...query, order: 'new', window: { before: at(1900) } })).toEqual(community3((i) => i > 1900));
    // a window before the day's: nothing
    expect(await ids({ ...query, createdAfter: day, window: { before: at(144) } })).toEqual([]);
  });

  it("filters a user's posts by window and minScore, newest first", async () => {
    const all = data.filter((d) => d.author === 'User5');
    const [newer, older] = [all[3]!, all[40]!];
    const windowFor = { after: new Date(older.createdAt), before: new Date(newer.createdAt) };
    const posts = await source().userPosts({ username: 'user5', window: windowFor, limit: 100 });
    const expected = all.filter((d) => d.createdAt > older.createdAt && d.createdAt < newer.createdAt);
    expect(posts.map((p) => p.id)).toEqual(expected.map((d) => d.id));
    expect(posts).toHaveLength(36);
    const minScore = expected[10]!.score;
    const scored = await source().userPosts({ username: 'user5', window: windowFor, minScore, limit: 100 });
    expect(scored.map((p) => p.id)).toEqual(expected.filter((d) => d.score >= minScore).map((d) => d.id));
    expect(await source().userPosts({ username: 'user5', minScore: 10_000, limit: 100 })).toEqual([]);
  });

  describe('query plans: the filters stay inside an index range, never a table scan', () => {
    const show = (name: string, plan: string[]) => {
      if (process.env.SHOW_PLANS) console.log(`${planned.kind} ${name}:\n  ${plan.join('\n  ')}`);
    };
    const rules = () => planPatterns[planned.kind];
    /** PostgreSQL without bitmap scans too: on these small ranges it rightly prefers a bitmap and a sort; the question is whether the index serves the order. */
    const orderedPlanOf = async (run: () => Promise<unknown>) =>
      (await planned.plansOf(run, { disable: ['enable_seqscan', 'enable_bitmapscan'] })).flat();

    it.each(forumSorts)('community posts sorted %s with after, before and minScore', async (order) => {
      const span = sortWindow(order);
      const plan = await planOf(() =>
        source().communityPosts({
          community: 'community3',
          order,
          createdUntil: NOW,
          window,
          minScore: 100,
          limit: 25,
          ...(span === undefined ? {} : { createdAfter: new Date(NOW.getTime() - span) }),
        }),
      );
      show(`communityPosts ${order}`, plan);
      expect(plan.join('\n')).toMatch(planRules.indexRange);
      expect(plan.join('\n')).not.toMatch(planRules.tableScan);
    });

    it('new with a window is a range on (community_key, created_at); top with minScore a range on (community_key, score)', async () => {
      const newest = await orderedPlanOf(() =>
        source().communityPosts({ community: 'community3', order: 'new', createdUntil: NOW, window, limit: 25 }),
      );
      show('communityPosts new, window', newest);
      const top = await orderedPlanOf(() =>
        source().communityPosts({ community: 'community3', order: 'top', createdUntil: NOW, minScore: 400, limit: 25 }),
      );
      show('communityPosts top (timeframe all), minScore', top);
      if (planned.kind === 'sqlite') {
        expect(newest.join('\n')).toMatch(
          /SEARCH forum_posts USING INDEX forum_posts_community_new \(community_key=\? AND created_at>\? AND created_at<\?\)/,
        );
        expect(top.join('\n')).toMatch(
          /SEARCH forum_posts USING INDEX forum_posts_community_top \(community_key=\? AND score>\?\)/,
        );
      } else {
        expect(newest.join('\n')).toMatch(/Index Scan Backward using forum_posts_community_new/);
        expect(newest.join('\n')).toMatch(
          /Index Cond: \(\(community_key = '\w+'::text\) AND \(created_at > '\d+'::bigint\) AND \(created_at < '\d+'::bigint\)\)/,
        );
        expect(top.join('\n')).toMatch(/Index Scan Backward using forum_posts_community_top/);
        expect(top.join('\n')).toMatch(/Index Cond: \(\(community_key = '\w+'::text\) AND \(score >= \d+\)\)/);
      }
      for (const plan of [newest, top]) expect(plan.join('\n')).not.toMatch(rules().sortStep);
    });

    describe('top over a window of a crowded community', () => {
      // 1,500 posts of one community, one a minute (a day holds 1,440, an hour 60), scores unrelated to time
      const crowded = Array.from({ length: 1_500 }, (_, i) => ({
        ...data[0]!,
        id: `c${String(i).padStart(5, '0')}`,
        community: 'Crowded',
        author: 'Crowd',
        title: `crowded ${i}`,
        score: (i * 7_919) % 1_009,
        createdAt: NOW.getTime() - i * 60_000 - 1,
      }));
      beforeAll(async () => {
        await upsertForumRows(db, crowded.map(toForumRow));
        await db.executeQuery(CompiledQuery.raw('ANALYZE'));
      });
      const HOUR = 3_600_000;
      const topOf = (span: number, minScore?: number) => () =>
        source().communityPosts({
          community: 'crowded',
          order: 'top',
          createdUntil: NOW,
          createdAfter: new Date(NOW.getTime() - span),
          limit: 25,
          ...(minScore === undefined ? {} : { minScore }),
        });
      const expected = (span: number, minScore = -Infinity) =>
        crowded
          .filter((post) => post.createdAt > NOW.getTime() - span && post.score >= minScore)
          .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1))
          .slice(0, 25)
          .map((post) => post.id);

      it('a window holding 1,000 posts or more walks the score index, a smaller one sorts its time range; the answers are the same either way', async () => {
        for (const [span, minScore] of [
          [24 * HOUR, undefined],
          [HOUR, undefined],
          [24 * HOUR, 900],
          [HOUR, 500],
        ] as const) {
          expect((await topOf(span, minScore)()).map((post) => post.id)).toEqual(expected(span, minScore));
        }
        const day = (await orderedPlanOf(topOf(24 * HOUR))).join('\n');
        const hour = (await orderedPlanOf(topOf(HOUR))).join('\n');
        show('communityPosts top, a day of a crowded community', day.split('\n'));
        show('communityPosts top, an hour of a crowded community', hour.split('\n'));
        // the day: the window's count stops at 1,000 (an index-only range), then the score index in order, no sort
        if (planned.kind === 'sqlite') {
          expect(day).toMatch(
            /SEARCH forum_posts USING COVERING INDEX forum_posts_community_new \(community_key=\? AND created_at>\? AND created_at<\?\)/,
          );
          expect(day).toMatch(/SEARCH forum_posts USING INDEX forum_posts_community_top \(community_key=\?\)/);
          expect(hour).toMatch(
            /SEARCH forum_posts USING INDEX forum_posts_community_new \(community_key=\? AND created_at>\? AND created_at<\?\)/,
          );
          expect(hour).not.toMatch(/forum_posts_community_top/);
          expect(hour).toMatch(rules().sortStep);
        } else {
          expect(day).toMatch(/Index Scan Backward using forum_posts_community_top/);
          expect(hour).toMatch(
            /Index Scan using forum_posts_community_new[^\n]*\n\s*Index Cond: \(\(community_key = 'crowded'::text\) AND \(created_at > /,
          );
          expect(hour).toMatch(rules().sortStep);
        }
        expect(day).not.toMatch(rules().sortStep);
      });
    });

    it('user posts with a window is a range on (author_key, created_at), in index order', async () => {
      const plan = await orderedPlanOf(() =>
        source().userPosts({ username: 'user5', window, minScore: 10, limit: 25 }),
      );
      show('userPosts, window + minScore', plan);
      const text = plan.join('\n');
      if (planned.kind === 'sqlite') {
        expect(text).toMatch(
          /SEARCH forum_posts USING INDEX forum_posts_author_new \(author_key=\? AND created_at>\? AND created_at<\?\)/,
        );
      } else {
        expect(text).toMatch(/Index Scan Backward using forum_posts_author_new/);
        expect(text).toMatch(
          /Index Cond: \(\(author_key = '\w+'::text\) AND \(created_at > '\d+'::bigint\) AND \(created_at < '\d+'::bigint\)\)/,
        );
      }
      expect(text).not.toMatch(planRules.tableScan);
      expect(text).not.toMatch(rules().sortStep);
    });
  });

  describe("keyset pages (startAfter: what the listings' cursors continue after)", () => {
    const walk = async (read: (startAfter: Post | undefined) => Promise<Post[]>) => {
      const ids: string[] = [];
      let page = await read(undefined);
      while (page.length > 0) {
        ids.push(...page.map((post) => post.id));
        page = await read(page.at(-1));
      }
      return ids;
    };

    it.each(forumSorts)(
      'walking %s in pages of 7 gives the listing in one piece, nothing skipped or repeated',
      async (order) => {
        const span = sortWindow(order);
        const query = {
          community: 'community3',
          order,
          createdUntil: NOW,
          ...(span === undefined ? {} : { createdAfter: new Date(NOW.getTime() - span) }),
        };
        const whole = await source().communityPosts({ ...query, limit: 1000 });
        expect(whole.length).toBeGreaterThan(7);
        const paged = await walk((startAfter) =>
          source().communityPosts({ ...query, limit: 7, ...(startAfter ? { startAfter } : {}) }),
        );
        expect(paged).toEqual(whole.map((post) => post.id));
      },
    );

    it('user posts too', async () => {
      const whole = await source().userPosts({ username: 'user5', limit: 1000 });
      const paged = await walk((startAfter) =>
        source().userPosts({ username: 'user5', limit: 4, ...(startAfter ? { startAfter } : {}) }),
      );
      expect(paged).toEqual(whole.map((post) => post.id));
    });

    it.each([
      ['new', 'forum_posts_community_new', 'community_key', 'created_at'],
      ['hot', 'forum_posts_community_hot', 'community_key', 'hot'],
      ['top', 'forum_posts_community_top', 'community_key', 'score'],
      ['user', 'forum_posts_author_new', 'author_key', 'created_at'],
    ] as const)(
      "%s: a later page is the upper end of the listing's index range, not a filter over it from the start",
      async (listing, index, key, column) => {
        const read = (limit: number, startAfter?: Post) =>
          listing === 'user'
            ? source().userPosts({ username: 'user5', limit, ...(startAfter ? { startAfter } : {}) })
            : source().communityPosts({
                community: 'community3',
                order: listing,
                createdUntil: NOW,
                limit,
                ...(startAfter ? { startAfter } : {}),
              });
        const [first] = await read(1);
        const plan = (
          await planned.plansOf(() => read(25, first), { disable: ['enable_seqscan', 'enable_bitmapscan'] })
        )
          .flat()
          .join('\n');
        if (planned.kind === 'sqlite') {
          expect(plan).toMatch(
            new RegExp(`SEARCH forum_posts USING INDEX ${index} \\(${key}=\\? AND ${column}<\\?\\)`),
          );
        } else {
          expect(plan).toMatch(new RegExp(`Index Scan Backward using ${index}`));
          expect(plan).toMatch(
            new RegExp(`Index Cond: \\(\\(${key} = '\\w+'::text\\) AND \\(${column} <= [^)]+\\)\\)`),
          );
        }
        expect(plan).not.toMatch(planPatterns[planned.kind].sortStep);
      },
    );
  });
});
