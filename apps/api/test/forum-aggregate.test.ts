import { ErrorBody, type FieldWords, parseSearchQuery, queryHolds, wordsOf } from '@socialquery/core';
import { aggregate, type AggregateBucket, AggregateResponse } from '@socialquery/forum';
import { upsertForumCommentRows, upsertForumRows } from '@socialquery/store';
import request from 'supertest';
import { NOW, startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIME_GROUPS = ['hour', 'day', 'week', 'month', 'year'] as const;
type TimeGroup = (typeof TIME_GROUPS)[number];

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const get = (query: Record<string, string>) =>
  request(service.app).get('/api/v1/forum/aggregate').query(query).set('Authorization', `Bearer ${service.token}`);

async function buckets(query: Record<string, string>): Promise<AggregateBucket[]> {
  const res = await get(query);
  expect(res.status).toBe(200);
  const body = AggregateResponse.parse(res.body);
  expect(body).toMatchObject({ kind: query.kind ?? 'posts', groupBy: query.groupBy ?? 'day' });
  return body.buckets;
}

interface Item {
  id: string;
  community: string;
  author: string;
  createdAt: number;
  score: number;
  /** The words of a post's title and body, of a comment's body (core's wordsOf). */
  fields: FieldWords;
  over18?: boolean;
  postId?: string;
}

/** The store's posts or comments as they are now, read whole (kept until a test writes: `forget`). */
let read: Partial<Record<'posts' | 'comments', Item[]>> = {};
const forget = () => (read = {});

async function itemsOf(kind: 'posts' | 'comments'): Promise<Item[]> {
  const known = read[kind];
  if (known) return known;
  const db = service.store.db;
  const items =
    kind === 'posts'
      ? (await db.selectFrom('forum_posts').selectAll().execute()).map((row) => ({
          ...common(row),
          fields: { title: wordsOf(row.title), body: wordsOf(row.content) },
          over18: Number(row.over18) === 1,
        }))
      : (await db.selectFrom('forum_comments').selectAll().execute()).map((row) => ({
          ...common(row),
          fields: { body: wordsOf(row.body) },
          postId: row.post_id,
        }));
  return (read[kind] = items);
}

function common(row: { id: string; community: string; author: string; created_at: number; score: number }) {
  const { id, community, author } = row;
  return { id, community, author, createdAt: Number(row.created_at), score: Number(row.score) };
}

/** A group's start by the calendar (UTC; weeks from Monday). */
function groupStart(group: TimeGroup, ms: number): number {
  const d = new Date(ms);
  const [y, m, day, h] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours()];
  if (group === 'hour') return Date.UTC(y, m, day, h);
  if (group === 'day') return Date.UTC(y, m, day);
  if (group === 'week') return Date.UTC(y, m, day - ((d.getUTCDay() + 6) % 7));
  return group === 'month' ? Date.UTC(y, m) : Date.UTC(y, 0);
}

interface Reference {
  kind: 'posts' | 'comments';
  groupBy: TimeGroup | 'community' | 'author';
  community?: string;
  author?: string;
  after?: number;
  before?: number;
  limit?: number;
  minCount?: number;
  q?: string;
  minScore?: number;
  maxScore?: number;
  over18?: boolean;
  postId?: string;
}

/** What the operation must answer, counted here from the raw rows. */
async function expected(q: Reference): Promise<AggregateBucket[]> {
  const items = await itemsOf(q.kind);
  const minCount = q.minCount ?? 1;
  const counts = new Map<string | number, number>();
  const query = q.q === undefined ? undefined : parseSearchQuery(q.q, { fields: [] });
  for (const item of items) {
    if (query && !queryHolds(query, item.fields)) continue;
    if (q.minScore !== undefined && item.score < q.minScore) continue;
    if (q.maxScore !== undefined && item.score > q.maxScore) continue;
    if (q.over18 !== undefined && item.over18 !== q.over18) continue;
    if (q.postId !== undefined && (item.postId ?? item.id) !== q.postId) continue;
    if (q.community !== undefined && item.community.toLowerCase() !== q.community.toLowerCase()) continue;
    if (q.author !== undefined && item.author.toLowerCase() !== q.author.toLowerCase()) continue;
    if ((q.after !== undefined && item.createdAt <= q.after) || (q.before !== undefined && item.createdAt >= q.before))
      continue;
    const key =
      q.groupBy === 'community' || q.groupBy === 'author'
        ? item[q.groupBy].toLowerCase()
        : groupStart(q.groupBy, item.createdAt);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const kept = [...counts].filter(([, count]) => count >= minCount);
  if (q.groupBy !== 'community' && q.groupBy !== 'author')
    return kept
      .sort(([a], [b]) => Number(a) - Number(b))
      .slice(0, 10_000)
      .map(([start, count]) => ({ key: new Date(start).toISOString(), count }));
  const group = q.groupBy;
  const latest = [...items].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  return kept
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, q.limit ?? 100)
    .map(([key, count]) => ({ key: latest.find((item) => item[group].toLowerCase() === key)![group], count }));
}

const iso = (ms: number) => new Date(ms).toISOString();
const asQuery = ({
  after,
  before,
  limit,
  minCount,
  minScore,
  maxScore,
  over18,
  ...rest
}: Reference): Record<string, string> => ({
  ...rest,
  ...(minScore !== undefined ? { minScore: String(minScore) } : {}),
  ...(maxScore !== undefined ? { maxScore: String(maxScore) } : {}),
  ...(over18 !== undefined ? { over18: String(over18) } : {}),
  ...(after !== undefined ? { after: iso(after) } : {}),
  ...(before !== undefined ? { before: iso(before) } : {}),
  ...(limit !== undefined ? { limit: String(limit) } : {}),
  ...(minCount !== undefined ? { minCount: String(minCount) } : {}),
});

/** The demo's busiest community and author of a kind (by the raw rows). */
async function busiest(kind: 'posts' | 'comments', by: 'community' | 'author'): Promise<string> {
  const counts = new Map<string, number>();
  for (const item of await itemsOf(kind)) counts.set(item[by], (counts.get(item[by]) ?? 0) + 1);
  return [...counts].sort(([, a], [, b]) => b - a)[0]![0];
}

describeOperationRules(
  aggregate,
  () => service,
  () => ({ path: {}, query: { groupBy: 'community' } }),
);

describe('GET /api/v1/forum/aggregate', () => {
  /** Bounds inside hours and days (the counts' edges), a month apart. */
  const window = {
    after: NOW.getTime() - 40 * DAY - 17 * HOUR - 1_234_567,
    before: NOW.getTime() - 3 * DAY - 2_345_678,
  };

  it.each(['posts', 'comments'] as const)(
    '%s: every grouping, over all time and in a window, equals the counts of the raw rows',
    async (kind) => {
      for (const groupBy of [...TIME_GROUPS, 'community', 'author'] as const)
        for (const bounds of [{}, window]) {
          const reference = { kind, groupBy, ...bounds };
          expect({ groupBy, bounds, buckets: await buckets(asQuery(reference)) }).toEqual({
            groupBy,
            bounds,
            buckets: await expected(reference),
          });
        }
    },
  );

  it('defaults to posts by day over all time; time buckets start at their unit, earliest first, non-empty only', async () => {
    const answer = await buckets({});
    expect(answer).toEqual(await expected({ kind: 'posts', groupBy: 'day' }));
    expect(answer.length).toBeGreaterThan(300);
    for (const { key, count } of answer) {
      expect(key).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/);
      expect(count).toBeGreaterThan(0);
    }
    expect(answer.map((b) => b.key)).toEqual(answer.map((b) => b.key).sort());
    for (const { key } of await buckets({ groupBy: 'week' })) expect(new Date(key).getUTCDay()).toBe(1);
  });

  it.each(['community', 'author'] as const)('filters by %s, case-insensitively, in every grouping', async (filter) => {
    for (const kind of ['posts', 'comments'] as const) {
      const name = await busiest(kind, filter);
      for (const groupBy of ['day', 'month', 'community', 'author'] as const) {
        const reference = { kind, groupBy, [filter]: name.toUpperCase(), ...window };
        expect(await buckets(asQuery(reference))).toEqual(await expected(reference));
      }
    }
  });

  it('filters by community and author together', async () => {
    const community = await busiest('comments', 'community');
    const items = await itemsOf('comments');
    const author = items.find((item) => item.community === community && item.author !== '[deleted]')!.author;
    for (const groupBy of ['hour', 'week', 'community', 'author'] as const) {
      const reference = { kind: 'comments' as const, groupBy, community, author };
      const answer = await buckets(asQuery(reference));
      expect(answer.length).toBeGreaterThan(0);
      expect(answer).toEqual(await expected(reference));
    }
  });

  it('counts exactly at the window edges: bounds exclusive, an item on a bound left out', async () => {
    const community = await busiest('comments', 'community');
    const times = (await itemsOf('comments'))
      .filter((item) => item.community === community)
      .map((item) => item.createdAt)
      .sort((a, b) => a - b);
    const [first, last] = [times[Math.floor(times.length / 3)]!, times[Math.floor((times.length * 2) / 3)]!];
    for (const [after, before] of [
      [first, last],
      [first - 1, last + 1],
      [first, first + 1],
      [first - 1, first + 1],
    ] as const) {
      for (const groupBy of ['hour', 'day', 'year', 'community'] as const) {
        const reference = { kind: 'comments' as const, groupBy, community, after, before };
        expect(await buckets(asQuery(reference))).toEqual(await expected(reference));
      }
    }
    const one = await buckets({
      kind: 'comments',
      community,
      groupBy: 'year',
      after: iso(first - 1),
      before: iso(first + 1),
    });
    expect(one.reduce((sum, b) => sum + b.count, 0)).toBe(times.filter((t) => t === first).length);
    expect(await buckets({ kind: 'comments', community, after: iso(first), before: iso(first + 1) })).toEqual([]);
  });

  it('resolves relative bounds at the request: 30d / 2d equal the same moments written out', async () => {
    for (const groupBy of ['hour', 'community'] as const) {
      const relative = await buckets({ kind: 'comments', groupBy, after: '30d', before: '2d' });
      const absolute = await buckets({
        kind: 'comments',
        groupBy,
        after: iso(NOW.getTime() - 30 * DAY),
        before: iso(NOW.getTime() - 2 * DAY),
      });
      expect(relative).toEqual(absolute);
      expect(relative.length).toBeGreaterThan(0);
    }
  });

  it('keeps the limit largest groups of at least minCount, count descending, ties by name', async () => {
    for (const groupBy of ['community', 'author'] as const) {
      const all = await buckets({ kind: 'comments', groupBy, limit: '1000' });
      expect(all).toEqual(await expected({ kind: 'comments', groupBy, limit: 1000 }));
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1]!, all[i]!];
        expect(a.count > b.count || (a.count === b.count && a.key.toLowerCase() < b.key.toLowerCase())).toBe(true);
      }
      expect(await buckets({ kind: 'comments', groupBy, limit: '3' })).toEqual(all.slice(0, 3));
      const minCount = all[5]!.count;
      expect(await buckets({ kind: 'comments', groupBy, minCount: String(minCount) })).toEqual(
        all.filter((b) => b.count >= minCount).slice(0, 100),
      );
    }
    const days = await buckets({ kind: 'comments', groupBy: 'day', minCount: '50' });
    expect(days).toEqual(await expected({ kind: 'comments', groupBy: 'day', minCount: 50 }));
    expect(days.every((b) => b.count >= 50)).toBe(true);
  });

  it('answers up to 10,000 time buckets, the earliest, whatever the limit', async () => {
    const hours = await buckets({ kind: 'comments', groupBy: 'hour', limit: '1' });
    const reference = await expected({ kind: 'comments', groupBy: 'hour' });
    expect(hours).toEqual(reference);
    // the demo's comments fall in more than 10,000 distinct hours
    expect(hours).toHaveLength(10_000);
    expect((await buckets({ groupBy: 'month', limit: '2' })).length).toBeGreaterThan(2);
  });

  it.each(['posts', 'comments'] as const)(
    '%s matching a query and the search filters: every grouping equals the raw rows that match',
    async (kind) => {
      if (kind === 'posts') {
        // the demo marks no post over 18: a few are, written as an import writes them
        const db = service.store.db;
        const rows = await db.selectFrom('forum_posts').selectAll().orderBy('id').limit(7).execute();
        await upsertForumRows(
          db,
          rows.map((row) => ({ ...row, over18: 1 })),
        );
        forget();
      }
      const items = await itemsOf(kind);
      // a prefix standing for a few words (at most 50), each held by some item
      const words = [...new Set(items.flatMap((item) => Object.values(item.fields).flat()))];
      const prefix = [...new Set(words.map((word) => word.slice(0, 3)))]
        .filter((p) => p.length === 3)
        .find((p) => {
          const n = words.filter((word) => word.startsWith(p)).length;
          return n >= 3 && n <= 50;
        })!;
      const own: Partial<Reference> =
        kind === 'posts' ? { over18: true } : { postId: items.find((item) => item.postId)!.postId! };
      // with posts, postId counts the post itself
      const one: Partial<Reference> = { postId: kind === 'posts' ? items[0]!.id : own.postId! };
      const filters: Partial<Reference>[] = [
        { q: 'the' },
        { q: 'The this' },
        { q: 'this OR that OR what' },
        { q: `${prefix}*` },
        { minScore: 5 },
        { maxScore: 3 },
        { q: 'the', minScore: 2, maxScore: 8, community: await busiest(kind, 'community') },
        own,
        one,
      ];
      for (const filter of filters)
        for (const groupBy of ['month', 'community', 'author'] as const)
          for (const bounds of [{}, window]) {
            const reference = { kind, groupBy, ...bounds, ...filter, limit: 1000 };
            const want = await expected(reference);
            expect({ filter, groupBy, bounds, buckets: await buckets(asQuery(reference)) }).toEqual({
              filter,
              groupBy,
              bounds,
              buckets: want,
            });
          }
      // the filters are not trivially true: each keeps some items and leaves some out
      for (const filter of filters) {
        const kept = (await expected({ kind, groupBy: 'year', ...filter })).reduce((n, b) => n + b.count, 0);
        expect([filter, kept > 0 && kept < items.length]).toEqual([filter, true]);
      }
    },
  );

  it('refuses what a count cannot read, and over18 for comments', async () => {
    for (const [query, path] of [
      [{ q: '"the this"' }, 'q'],
      [{ q: 'title:the' }, 'q'],
      [{ q: 'the -this' }, 'q'],
      [{ q: 'the "open' }, 'q'],
      [{ kind: 'comments', over18: 'true' }, 'over18'],
    ] as const) {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body)).toMatchObject({ code: 'invalid_parameter', issues: [{ path }] });
    }
  });

  it('answers no buckets for a community or author the store does not know', async () => {
    for (const groupBy of ['day', 'community', 'author'] as const) {
      expect(await buckets({ groupBy, community: 'no-such-community' })).toEqual([]);
      expect(await buckets({ groupBy, author: 'no-such-user' })).toEqual([]);
    }
  });

  it('refuses a bad kind, groupBy or minCount, and after >= before (relative too): 400 invalid_parameter', async () => {
    for (const [query, path] of [
      [{ kind: 'votes' }, 'kind'],
      [{ groupBy: 'minute' }, 'groupBy'],
      [{ minCount: '0' }, 'minCount'],
      [{ after: '1d', before: '2d' }, 'after'],
      [{ after: '2024-05-01', before: '2024-05-01' }, 'after'],
    ] as const) {
      const res = await get(query);
      expect(res.status).toBe(400);
      const body = ErrorBody.parse(res.body);
      expect(body.code).toBe('invalid_parameter');
      expect(body.issues?.map((issue) => issue.path)).toContain(path);
    }
  });

  describe('after writes', () => {
    const month = (ms: number) => iso(groupStart('month', ms));

    it('counts follow a post moved to another community and time, and a comment to another author', async () => {
      const [post] = await service.store.db.selectFrom('forum_posts').selectAll().orderBy('id').limit(1).execute();
      const [comment] = await service.store.db
        .selectFrom('forum_comments')
        .selectAll()
        .orderBy('id')
        .limit(1)
        .execute();
      const { community: from, created_at: created } = post!;
      const before = {
        communities: await buckets({ groupBy: 'community', limit: '1000' }),
        months: await buckets({ groupBy: 'month' }),
      };
      const movedTo = Date.parse('2019-03-04T05:06:07.089Z');
      await upsertForumRows(service.store.db, [
        { ...post!, community: 'AggMoved', community_key: 'aggmoved', created_at: movedTo },
      ]);
      await upsertForumCommentRows(service.store.db, [
        { ...comment!, author: 'AggMover', author_key: 'aggmover', created_at: Number(comment!.created_at) },
      ]);
      forget();
      const communities = await buckets({ groupBy: 'community', limit: '1000' });
      const countOf = (list: AggregateBucket[], key: string) => list.find((b) => b.key === key)?.count ?? 0;
      expect(countOf(communities, 'AggMoved')).toBe(1);
      expect(countOf(communities, from)).toBe(countOf(before.communities, from) - 1);
      const months = await buckets({ groupBy: 'month' });
      expect(countOf(months, month(movedTo))).toBe(1);
      expect(countOf(months, month(Number(created)))).toBe(countOf(before.months, month(Number(created))) - 1);
      expect(await buckets({ kind: 'comments', groupBy: 'author', author: 'aggmover' })).toEqual([
        { key: 'AggMover', count: 1 },
      ]);
      for (const groupBy of ['year', 'community', 'author'] as const)
        for (const kind of ['posts', 'comments'] as const)
          expect(await buckets({ kind, groupBy, limit: '1000' })).toEqual(
            await expected({ kind, groupBy, limit: 1000 }),
          );
    });

    it('a spelling written last becomes the group key', async () => {
      const community = await busiest('posts', 'community');
      const [post] = await service.store.db
        .selectFrom('forum_posts')
        .selectAll()
        .where('community', '=', community)
        .orderBy('id')
        .limit(1)
        .execute();
      const shouted = community.toUpperCase();
      await upsertForumRows(service.store.db, [{ ...post!, community: shouted, created_at: NOW.getTime() - 1000 }]);
      forget();
      const answer = await buckets({ groupBy: 'community', community });
      expect(answer).toEqual([
        { key: shouted, count: (await expected({ kind: 'posts', groupBy: 'community', community }))[0]!.count },
      ]);
    });

    it('re-writing the same rows changes no count', async () => {
      const queries: Record<string, string>[] = [
        { groupBy: 'day' },
        { groupBy: 'community', limit: '1000' },
        { kind: 'comments', groupBy: 'author', limit: '1000' },
        { kind: 'comments', groupBy: 'hour', after: '90d' },
      ];
      // one at a time: the operation is heavy, and a credential runs few heavy requests at once
      const answers = async () => {
        const all: AggregateBucket[][] = [];
        for (const query of queries) all.push(await buckets(query));
        return all;
      };
      const before = await answers();
      const posts = await service.store.db.selectFrom('forum_posts').selectAll().orderBy('id').limit(2_000).execute();
      const comments = await service.store.db
        .selectFrom('forum_comments')
        .selectAll()
        .orderBy('id')
        .limit(5_000)
        .execute();
      await upsertForumRows(service.store.db, posts);
      await upsertForumCommentRows(service.store.db, comments);
      expect(await answers()).toEqual(before);
    });
  });
});
