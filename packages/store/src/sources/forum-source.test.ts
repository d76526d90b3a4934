import { CompiledQuery, type Kysely } from 'kysely';
import { forumSorts, type ForumSort } from '@socialquery/forum';
import { toForumRow, upsertForumRows } from '../forum-rows.js';
import type { Database } from '../schema.js';
import { createSqlForumSource } from './forum-source.js';
import { openPlannedDb, type PlannedDb, planPatterns } from './query-plans.case.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');
let db: Kysely<Database>;
let planned: PlannedDb;
let planRules: { indexRange: RegExp; tableScan: RegExp };

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  const patterns = planPatterns[planned.kind];
  planRules = { indexRange: patterns.indexRange('forum_posts_(community|author)_\\w+', 'forum_posts'), tableScan: patterns.tableScan('forum_posts') };
  const rows = Array.from({ length: 2000 }, (_, i) =>
    toForumRow({
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
    }),
  );
  await upsertForumRows(db, rows);
  await db.executeQuery(CompiledQuery.raw('ANALYZE'));
});
afterAll(() => planned.close());

async function planOf(run: () => Promise<unknown>): Promise<string[]> {
  return (await planned.plansOf(run)).flat();
}

describe('SQL forum source', () => {
  const source = () => createSqlForumSource(db);

  it.each(forumSorts)('serves a community listing sorted %s from an index, never a table scan', async (order: ForumSort) => {
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
  });

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
    expect(posts[0]).toMatchObject({ community: 'Community3', createdAt: new Date(NOW.getTime() - 3 * 600_000).toISOString() });
  });

  it('keeps a time window exclusive at its start and inclusive at its end', async () => {
    const after = new Date(NOW.getTime() - 7 * 600_000); // p00007 sits exactly on the start: excluded
    const posts = await source().communityPosts({ community: 'community0', order: 'top', createdAfter: after, createdUntil: NOW, limit: 100 });
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
    expect(plan).toMatch(planPatterns[planned.kind].indexRange('(sqlite_autoindex_forum_posts_1|forum_posts_pkey)', 'forum_posts'));
    expect(plan).not.toMatch(planRules.tableScan);
    const posts = await source().postsByIds(ids);
    expect(posts.map((p) => p.id).sort()).toEqual(['p00007', 'p00042', 'p01999']);
    const [listed] = await source().communityPosts({ community: 'community0', order: 'new', createdUntil: NOW, limit: 1 });
    expect(await source().postsByIds([listed!.id])).toEqual([listed]);
    expect(await source().postsByIds([])).toEqual([]);
  });
});
