import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import type { AggregateBucket } from '../schemas.js';
import { createAggregateHandlers, TIME_BUCKETS_MAX } from './aggregate-handler.js';
import type { AggregateQuery, ForumResearchSource } from './source.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A source that records the queries it is asked and answers `buckets`. */
function fakeSource(buckets: AggregateBucket[] = []) {
  const queries: AggregateQuery[] = [];
  const source: ForumResearchSource = {
    searchPosts: () => Promise.reject(new Error('unused')),
    searchComments: () => Promise.reject(new Error('unused')),
    wordsWithPrefix: () => Promise.reject(new Error('unused')),
    countMatches: () => Promise.reject(new Error('unused')),
    async aggregate(query) {
      queries.push(query);
      return buckets;
    },
  };
  return { handlers: createAggregateHandlers(source), queries };
}

const defaults = { kind: 'posts', groupBy: 'day', limit: 100, minCount: 1 } as const;

describe('aggregate handler', () => {
  it('hands the filters to the source and answers its buckets with the kind and grouping', async () => {
    const buckets = [
      { key: 'Rust', count: 9 },
      { key: 'go', count: 3 },
    ];
    const { handlers, queries } = fakeSource(buckets);
    const answer = await handlers.aggregate(
      { ...defaults, kind: 'comments', groupBy: 'community', author: 'Ann', limit: 5, minCount: 2 },
      ctx,
    );
    expect(answer).toEqual({ kind: 'comments', groupBy: 'community', buckets });
    expect(queries).toEqual([{ kind: 'comments', groupBy: 'community', author: 'Ann', limit: 5, minCount: 2 }]);
  });

  it('gives no window when neither bound is given, and fixed bounds as they are', async () => {
    const { handlers, queries } = fakeSource();
    await handlers.aggregate({ ...defaults, community: 'c' }, ctx);
    const after = new Date('2026-01-01T00:00:00.000Z');
    const before = new Date('2026-02-01T00:00:00.000Z');
    await handlers.aggregate({ ...defaults, after, before }, ctx);
    await handlers.aggregate({ ...defaults, before }, ctx);
    expect(queries.map((q) => q.window)).toEqual([undefined, { after, before }, { before }]);
    expect(queries[0]).toEqual({ kind: 'posts', groupBy: 'day', community: 'c', limit: TIME_BUCKETS_MAX, minCount: 1 });
  });

  it('resolves relative bounds against the request moment', async () => {
    const { handlers, queries } = fakeSource();
    await handlers.aggregate({ ...defaults, after: { ago: 7 * DAY }, before: { ago: HOUR } }, ctx);
    await handlers.aggregate({ ...defaults, after: { ago: 30 * DAY } }, { ...ctx, now: new Date(now.getTime() + DAY) });
    expect(queries.map((q) => q.window)).toEqual([
      { after: new Date(now.getTime() - 7 * DAY), before: new Date(now.getTime() - HOUR) },
      { after: new Date(now.getTime() - 29 * DAY) },
    ]);
  });

  it('counts back no further than 1970', async () => {
    const { handlers, queries } = fakeSource();
    await handlers.aggregate({ ...defaults, after: { ago: 999_999 * 31_536_000_000 } }, ctx);
    expect(queries[0]!.window).toEqual({ after: new Date(0) });
  });

  it('refuses a window whose after is not before its before, relative or not: 400 invalid_parameter', async () => {
    const { handlers, queries } = fakeSource();
    const refusals = [
      { after: { ago: HOUR }, before: { ago: DAY } },
      { after: { ago: DAY }, before: { ago: DAY } },
      { after: now, before: { ago: 1000 } },
      { after: new Date('2026-02-01'), before: new Date('2026-01-01') },
    ];
    for (const window of refusals) {
      const refused = handlers.aggregate({ ...defaults, ...window }, ctx);
      await expect(refused).rejects.toBeInstanceOf(ServiceError);
      await expect(refused).rejects.toMatchObject({
        code: 'invalid_parameter',
        details: { issues: [{ path: 'after', message: 'must be earlier than before' }] },
      });
    }
    expect(queries).toEqual([]);
  });

  it.each(['hour', 'day', 'week', 'month', 'year'] as const)(
    'groupBy %s asks for up to 10,000 buckets whatever the limit',
    async (groupBy) => {
      const { handlers, queries } = fakeSource();
      await handlers.aggregate({ ...defaults, groupBy, limit: 3 }, ctx);
      expect(queries[0]!.limit).toBe(10_000);
    },
  );

  it.each(['community', 'author'] as const)('groupBy %s asks for limit groups and answers no more', async (groupBy) => {
    const buckets = ['a', 'b', 'c', 'd'].map((key) => ({ key, count: 1 }));
    const { handlers, queries } = fakeSource(buckets);
    const answer = await handlers.aggregate({ ...defaults, groupBy, limit: 3 }, ctx);
    expect(queries[0]!.limit).toBe(3);
    expect(answer.buckets).toEqual(buckets.slice(0, 3));
  });
});
