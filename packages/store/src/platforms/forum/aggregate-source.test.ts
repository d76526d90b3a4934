import { wordsOf } from '@socialquery/core';
import { type AggregateBucket, type AggregateGroup, aggregateGroups, type AggregateKind } from '@socialquery/forum';
import type { AggregateQuery } from '@socialquery/forum/server';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database } from '../../schema.js';
import { openPlannedDb, type PlannedDb } from '../query-plans.case.js';
import { rebuildActivity } from './activity.js';
import { groupStart, stretchesOf } from './aggregate-source.js';
import {
  type ForumCommentInput,
  type ForumPostInput,
  toForumCommentRow,
  toForumRow,
  upsertForumCommentRows,
  upsertForumRows,
} from './rows.js';
import { createSqlForumSource } from './source.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Items from 2023-12-20 to 2024-03-10: a year's end (on a Sunday), month ends, a leap day. */
const START = Date.parse('2023-12-20T00:00:00.000Z');
/** Exact unit starts: items created right on them count in the unit they start. */
const ON_BOUNDARIES = ['2024-01-01T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z'].map(
  Date.parse,
);
/** Names in several spellings (one key each), an accented one, and names that tie. */
const COMMUNITIES = ['Rust', 'rust', 'RUST', 'Go', 'Zig', 'Élan', 'élan', 'Ada'];
const AUTHORS = ['Ann', 'ann', 'Bob', 'Čeněk', 'čeněk', 'Dee', 'Eve', 'Fay', 'Gus'];

/** Item i's time: spread irregularly (about 2.2 hours apart for posts), some exactly on unit starts. */
const timeOf = (i: number, step: number) => ON_BOUNDARIES[i % 97] ?? START + i * step + ((i * 7_919) % 3_600_000);

/** Words of titles and bodies, for the counts of a query's matches. */
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega'];

const posts: ForumPostInput[] = Array.from({ length: 800 }, (_, i) => ({
  id: `p${String(i).padStart(4, '0')}`,
  community: COMMUNITIES[(i * 7) % COMMUNITIES.length]!,
  author: AUTHORS[(i * i) % AUTHORS.length]!,
  title: `${WORDS[i % 4]} ${WORDS[(i * 3) % 5]}`,
  content: WORDS[(i * 7) % 5]!,
  upvotes: 1,
  downvotes: 0,
  score: (i * 13) % 7,
  over18: i % 5 === 0,
  commentCount: 0,
  createdAt: timeOf(i, 8_700_000),
  url: `https://forum.example.org/${i}`,
}));

const comments: ForumCommentInput[] = Array.from({ length: 2400 }, (_, i) => ({
  id: `c${String(i).padStart(5, '0')}`,
  postId: posts[i % 800]!.id,
  parentId: null,
  community: COMMUNITIES[(i * 3 + (i >> 4)) % COMMUNITIES.length]!,
  author: AUTHORS[(i * 5 + (i >> 3)) % AUTHORS.length]!,
  body: `${WORDS[i % 5]} ${WORDS[(i * 11) % 4]}`,
  score: (i * 5) % 9,
  createdAt: timeOf(i, 2_900_000),
  edited: false,
  distinguished: null,
  stickied: false,
  deleted: false,
  removed: false,
  url: `https://forum.example.org/c/${i}`,
}));

let db: Kysely<Database>;
let planned: PlannedDb;
let stored: { posts: ForumPostInput[]; comments: ForumCommentInput[] };

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  // in batches, some rows written twice, as an import does
  for (let start = 0; start < posts.length; start += 300)
    await upsertForumRows(db, posts.slice(Math.max(0, start - 20), start + 300).map(toForumRow));
  for (let start = 0; start < comments.length; start += 1000)
    await upsertForumCommentRows(db, comments.slice(start, start + 1000).map(toForumCommentRow));
  stored = { posts: [...posts], comments: [...comments] };
  await db.executeQuery(CompiledQuery.raw('ANALYZE'));
});
afterAll(() => planned.close());

const source = () => createSqlForumSource(db);
const isTime = (group: AggregateGroup): group is 'hour' | 'day' | 'week' | 'month' | 'year' =>
  group !== 'community' && group !== 'author';

/** A group's start, by the calendar (Date's own arithmetic, not the source's). */
function calendarStart(group: 'hour' | 'day' | 'week' | 'month' | 'year', ms: number): number {
  const d = new Date(ms);
  const [y, m, day, h] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours()];
  if (group === 'hour') return Date.UTC(y, m, day, h);
  if (group === 'day') return Date.UTC(y, m, day);
  if (group === 'week') return Date.UTC(y, m, day - ((d.getUTCDay() + 6) % 7));
  return group === 'month' ? Date.UTC(y, m) : Date.UTC(y, 0);
}

type Item = ForumPostInput | ForumCommentInput;
const latestFirst = (a: Item, b: Item) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);

/** What the source must answer, from the rows as written. */
function expected(query: AggregateQuery): AggregateBucket[] {
  const items: Item[] = query.kind === 'posts' ? stored.posts : stored.comments;
  const { after, before } = query.window ?? {};
  const wordsOfItem = (item: Item) => wordsOf('body' in item ? item.body : `${item.title} ${item.content}`);
  const chosen = items.filter(
    (item) =>
      (query.community === undefined || item.community.toLowerCase() === query.community.toLowerCase()) &&
      (query.author === undefined || item.author.toLowerCase() === query.author.toLowerCase()) &&
      (!after || item.createdAt > after.getTime()) &&
      (!before || item.createdAt < before.getTime()) &&
      (!query.wordSets || query.wordSets.some((set) => set.every((w) => wordsOfItem(item).includes(w)))) &&
      (query.minScore === undefined || item.score >= query.minScore) &&
      (query.maxScore === undefined || item.score <= query.maxScore) &&
      (query.over18 === undefined || ('over18' in item && !!item.over18) === query.over18) &&
      (query.postId === undefined || ('postId' in item ? item.postId : item.id) === query.postId),
  );
  const group = query.groupBy;
  const counts = new Map<string | number, number>();
  for (const item of chosen) {
    const key = isTime(group) ? calendarStart(group, item.createdAt) : item[group].toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const kept = [...counts].filter(([, count]) => count >= query.minCount);
  if (isTime(group))
    return kept
      .sort(([a], [b]) => Number(a) - Number(b))
      .slice(0, query.limit)
      .map(([start, count]) => ({ key: new Date(start).toISOString(), count }));
  const spelling = (key: string | number) =>
    [...items].sort(latestFirst).find((item) => item[group].toLowerCase() === key)![group];
  return kept
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, query.limit)
    .map(([key, count]) => ({ key: spelling(key), count }));
}

const at = (iso: string) => new Date(iso);
/** Windows: open ends, bounds inside hours and days, on unit starts and on items' own times (exclusive). */
const WINDOWS: (AggregateQuery['window'] | undefined)[] = [
  undefined,
  { after: at('2024-01-15T10:17:23.456Z') },
  { before: at('2024-02-03T05:59:59.999Z') },
  { after: at('2023-12-31T23:00:00.000Z'), before: at('2024-03-01T00:00:00.000Z') },
  { after: at('2023-12-29T13:45:00.001Z'), before: at('2024-02-29T07:30:00.000Z') },
  { after: new Date(posts[40]!.createdAt), before: new Date(comments[2000]!.createdAt) },
  { after: new Date(comments[300]!.createdAt), before: new Date(posts[700]!.createdAt) },
  { after: at('2024-01-10T08:05:00.000Z'), before: at('2024-01-10T08:55:00.000Z') },
  { after: at('2024-01-10T08:05:00.000Z'), before: at('2024-01-12T02:00:00.000Z') },
  { after: new Date(ON_BOUNDARIES[0]! - 1), before: new Date(ON_BOUNDARIES[0]! + 1) },
];
const FILTERS: Pick<AggregateQuery, 'community' | 'author'>[] = [
  {},
  { community: 'rUST' },
  { author: 'ANN' },
  { community: 'élan', author: 'čeněk' },
];

/** (limit, minCount) pairs: time groups are asked for up to 10,000 buckets by the handler, or fewer here. */
const TIME_LIMITS: [number, number][] = [
  [10_000, 1],
  [10_000, 3],
  [5, 1],
];
const GROUP_LIMITS: [number, number][] = [
  [100, 1],
  [3, 1],
  [100, 20],
];

describe('SQL aggregate source', () => {
  const cases = (['posts', 'comments'] as AggregateKind[]).flatMap((kind) =>
    aggregateGroups.map((groupBy) => [kind, groupBy] as const),
  );

  it.each(cases)('%s by %s: every filter and window, exactly as counted from the rows', async (kind, groupBy) => {
    for (const filters of FILTERS)
      for (const window of WINDOWS) {
        for (const [limit, minCount] of isTime(groupBy) ? TIME_LIMITS : GROUP_LIMITS) {
          const query: AggregateQuery = { kind, groupBy, ...filters, ...(window ? { window } : {}), limit, minCount };
          expect({ query, buckets: await source().aggregate(query) }).toEqual({ query, buckets: expected(query) });
        }
      }
  });

  it.each(cases)(
    '%s by %s matching word sets and the search filters, exactly as counted from the rows',
    async (kind, groupBy) => {
      const matching: Pick<AggregateQuery, 'wordSets' | 'minScore' | 'maxScore' | 'over18' | 'postId'>[] = [
        { wordSets: [['alpha']] },
        { wordSets: [['alpha', 'beta'], ['gamma']] },
        { wordSets: [['nowhere']] },
        { minScore: 4 },
        { maxScore: 2 },
        { wordSets: [['beta']], minScore: 2, maxScore: 4 },
        { wordSets: [['delta']], minScore: 2 },
        kind === 'posts' ? { over18: true } : { postId: posts[3]!.id },
        kind === 'posts' ? { postId: posts[3]!.id } : { wordSets: [['omega'], ['beta']], minScore: 3 },
      ];
      for (const filters of matching)
        for (const window of [undefined, WINDOWS[1]])
          for (const names of [{}, { community: 'rust' }]) {
            const query: AggregateQuery = {
              kind,
              groupBy,
              ...names,
              ...filters,
              ...(window ? { window } : {}),
              limit: isTime(groupBy) ? 10_000 : 100,
              minCount: 1,
            };
            expect({ query, buckets: await source().aggregate(query) }).toEqual({ query, buckets: expected(query) });
          }
    },
  );

  it.each(['posts', 'comments'] as const)(
    "%s: countMatches (a search's hit count) equals the rows matching, and stops past its cap",
    async (kind) => {
      const matching: Pick<AggregateQuery, 'wordSets' | 'minScore' | 'maxScore' | 'over18' | 'postId'>[] = [
        { wordSets: [['alpha']] },
        { wordSets: [['alpha', 'beta'], ['gamma']] },
        { wordSets: [['nowhere']] },
        { wordSets: [['delta']], minScore: 2 },
        { wordSets: [['gamma']], maxScore: 3 },
        { wordSets: [['alpha'], ['omega']], minScore: 1, maxScore: 4 },
        { wordSets: [['beta']], over18: kind === 'posts' },
        { wordSets: [['gamma'], ['omega']], postId: posts[3]!.id },
      ];
      let checked = 0;
      for (const filters of matching)
        for (const window of WINDOWS)
          for (const names of FILTERS) {
            const query = { kind, ...names, ...filters, ...(window ? { window } : {}) };
            const rows = expected({ ...query, groupBy: 'year', limit: 10_000, minCount: 1 });
            const n = rows.reduce((sum, bucket) => sum + bucket.count, 0);
            const wordSets = filters.wordSets!;
            expect({ query, n: await source().countMatches({ ...query, wordSets }, 10_000) }).toEqual({ query, n });
            // an answer of cap + 1 says "more than cap"
            expect(await source().countMatches({ ...query, wordSets }, 5)).toBe(Math.min(n, 6));
            if (n > 0) checked++;
          }
      expect(checked).toBeGreaterThan(100);
    },
  );

  it('answers no buckets for a community or author it does not know, for an empty name, and for an empty window', async () => {
    const base = { kind: 'posts', limit: 100, minCount: 1 } as const;
    for (const groupBy of aggregateGroups) {
      expect(await source().aggregate({ ...base, groupBy, community: 'nowhere' })).toEqual([]);
      expect(await source().aggregate({ ...base, groupBy, author: 'nobody' })).toEqual([]);
      expect(await source().aggregate({ ...base, groupBy, community: '' })).toEqual([]);
      const t = posts[5]!.createdAt;
      const window = { after: new Date(t - 1), before: new Date(t) };
      expect(await source().aggregate({ ...base, groupBy, window })).toEqual([]);
    }
  });

  it('ties by name key in code-point order, with the latest spelling as the key', async () => {
    const buckets = await source().aggregate({ kind: 'comments', groupBy: 'community', limit: 100, minCount: 1 });
    const latest = [...comments].sort(latestFirst);
    for (const { key } of buckets)
      expect(latest.find((c) => c.community.toLowerCase() === key.toLowerCase())!.community).toBe(key);
    for (let i = 1; i < buckets.length; i++) {
      const [a, b] = [buckets[i - 1]!, buckets[i]!];
      expect(a.count > b.count || (a.count === b.count && a.key.toLowerCase() < b.key.toLowerCase())).toBe(true);
    }
  });

  it('cuts a window into partial hours, whole hours, days, months and years at their starts', () => {
    const ms = (iso: string) => Date.parse(iso);
    const window = [ms('2023-12-30T10:20:00.000Z'), ms('2025-02-02T03:30:00.000Z')] as const;
    const stretches = stretchesOf(window[0], window[1], ['h', 'd', 'm', 'y']).map(({ unit, from, to }) => [
      unit,
      new Date(from!).toISOString(),
      new Date(to!).toISOString(),
    ]);
    expect(stretches).toEqual([
      ['items', '2023-12-30T10:20:00.000Z', '2023-12-30T11:00:00.000Z'],
      ['h', '2023-12-30T11:00:00.000Z', '2023-12-31T00:00:00.000Z'],
      ['d', '2023-12-31T00:00:00.000Z', '2024-01-01T00:00:00.000Z'],
      ['y', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
      ['m', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'],
      ['d', '2025-02-01T00:00:00.000Z', '2025-02-02T00:00:00.000Z'],
      ['h', '2025-02-02T00:00:00.000Z', '2025-02-02T03:00:00.000Z'],
      ['items', '2025-02-02T03:00:00.000Z', '2025-02-02T03:30:00.000Z'],
    ]);
    expect(stretchesOf(null, null, ['h', 'd'])).toEqual([{ unit: 'd', from: null, to: null }]);
    expect(stretchesOf(5 * HOUR + 10, 5 * HOUR + 20, ['h', 'd'])).toEqual([
      { unit: 'items', from: 5 * HOUR + 10, to: 5 * HOUR + 20 },
    ]);
    expect(stretchesOf(null, 2 * DAY + HOUR, ['h', 'd'])).toEqual([
      { unit: 'd', from: null, to: 2 * DAY },
      { unit: 'h', from: 2 * DAY, to: 2 * DAY + HOUR },
    ]);
    expect(stretchesOf(7, 7, ['h'])).toEqual([]);
  });

  it('starts weeks on Monday, before and after 1970', () => {
    const monday = Date.parse('2024-01-01T00:00:00.000Z');
    for (const offset of [0, 1, DAY - 1, 6 * DAY + 5 * HOUR, 7 * DAY - 1]) {
      expect(groupStart('week', monday + offset)).toBe(monday);
    }
    expect(new Date(groupStart('week', 0)).toISOString()).toBe('1969-12-29T00:00:00.000Z');
    expect(new Date(groupStart('week', -DAY * 400)).getUTCDay()).toBe(1);
  });

  it('reads counts and index ranges: never a scan of the posts, the comments or the counts', async () => {
    const { kind } = planned;
    const window = { after: at('2023-12-29T13:45:00.001Z'), before: at('2024-02-29T07:30:00.000Z') };
    const plans = (
      await planned.plansOf(async () => {
        for (const groupBy of aggregateGroups)
          for (const filters of FILTERS)
            for (const w of [undefined, window])
              await source().aggregate({
                kind: 'comments',
                groupBy,
                ...filters,
                ...(w ? { window: w } : {}),
                limit: 10,
                minCount: 1,
              });
      })
    ).flat();
    const text = plans.join('\n');
    for (const index of [
      'forum_comments_new',
      'forum_comments_community_new',
      'forum_comments_author_new',
      'forum_activity_time',
    ])
      expect(text).toMatch(new RegExp(`\\b${index}\\b`));
    if (kind === 'sqlite') {
      expect(text).not.toMatch(/\bSCAN (forum_\w+|i)\b/);
    } else {
      expect(text).not.toMatch(/Seq Scan on forum_/);
      // every index scan of the items has a condition: a range, not the whole index
      plans.forEach((line, i) => {
        if (/Index (Only )?Scan (Backward )?using \w+ on forum_(posts|comments)\b/.test(line))
          expect(plans.slice(i + 1, i + 3).join('\n')).toMatch(/Index Cond/);
      });
    }
  });
});

describe('activity counts on write', () => {
  const snapshot = async () => {
    const read = async (table: 'forum_activity' | 'forum_activity_authors') =>
      (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where docs <> 0`.execute(db)).rows
        .map((row) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, String(v)])))
        .sort();
    return { communities: await read('forum_activity'), authors: await read('forum_activity_authors') };
  };

  it('are unchanged by writing the same rows again', async () => {
    const before = await snapshot();
    await upsertForumRows(db, posts.map(toForumRow));
    await upsertForumCommentRows(db, comments.slice(0, 1500).map(toForumCommentRow));
    expect(await snapshot()).toEqual(before);
  });

  it('move a row whose community, author or time changed, and equal the counts made anew', async () => {
    const moved: ForumPostInput[] = [
      { ...posts[10]!, community: 'Zig' },
      { ...posts[11]!, createdAt: Date.parse('2022-06-01T12:30:00.000Z') },
      { ...posts[12]!, author: 'Newcomer', community: 'Brand New' },
      { ...posts[13]!, title: 'only the title changed' },
    ];
    const movedComments: ForumCommentInput[] = [{ ...comments[7]!, createdAt: comments[7]!.createdAt + 40 * DAY }];
    await upsertForumRows(db, moved.map(toForumRow));
    await upsertForumCommentRows(db, movedComments.map(toForumCommentRow));
    const replace = <T extends Item>(items: T[], by: T[]) =>
      items.map((item) => by.find((b) => b.id === item.id) ?? item);
    stored = { posts: replace(posts, moved), comments: replace(comments, movedComments) };
    for (const groupBy of aggregateGroups)
      for (const kind of ['posts', 'comments'] as const)
        for (const filters of [{}, { community: 'zig' }, { author: 'newcomer' }]) {
          const query: AggregateQuery = { kind, groupBy, ...filters, limit: 100, minCount: 1 };
          expect(await source().aggregate(query)).toEqual(expected(query));
        }
    const incremental = await snapshot();
    let progress = 0;
    const rebuilt = await db.transaction().execute((trx) => rebuildActivity(trx, (done) => (progress = done)));
    expect(rebuilt).toBe(posts.length + comments.length);
    expect(progress).toBe(rebuilt);
    expect(await snapshot()).toEqual(incremental);
  });
});
