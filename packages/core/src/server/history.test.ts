import { HistoryData } from '../history.js';
import { createCursorCodec } from './cursor.js';
import { answerHistory, type HistoryObservation, type HistoryQuery, type HistorySource } from './history.js';
import { ServiceError } from './service-error.js';

const T = Date.parse('2026-03-02T12:00:00.000Z');
const ctx = { now: new Date(T), cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };
const stored: HistoryObservation[] = [0, 1, 2, 3, 4].map((i) => ({ observedAt: T + i * 60_000, counts: { score: i } }));
const asked: HistoryQuery[] = [];
/** The store's rule: oldest first, strictly inside since/until, after the cursor's reading; `nope` is unknown. */
const source: HistorySource<'post'> = {
  async history(_record, id, query) {
    asked.push(query);
    if (id === 'nope') return undefined;
    const lower = Math.max(query.since ?? -1, query.after ?? -1);
    return stored
      .filter((o) => o.observedAt > lower && (query.until === undefined || o.observedAt < query.until))
      .slice(0, query.limit);
  },
};

describe('answerHistory', () => {
  it('pages oldest first: a cursor while more remain, each reading once, "" on the last page', async () => {
    const first = await answerHistory('forum.history', source, { record: 'post', id: 'a', limit: 2 }, ctx);
    expect(HistoryData.parse(first)).toEqual(first);
    expect(first.observations).toEqual([
      { observedAt: '2026-03-02T12:00:00.000Z', counts: { score: 0 } },
      { observedAt: '2026-03-02T12:01:00.000Z', counts: { score: 1 } },
    ]);
    // one more than the page is read, to know whether another follows
    expect(asked.at(-1)).toEqual({ limit: 3 });
    const second = await answerHistory(
      'forum.history',
      source,
      { record: 'post', id: 'a', limit: 2, cursor: first.cursor },
      ctx,
    );
    expect(second.observations.map((o) => o.counts.score)).toEqual([2, 3]);
    const last = await answerHistory(
      'forum.history',
      source,
      { record: 'post', id: 'a', limit: 2, cursor: second.cursor },
      ctx,
    );
    expect(last).toMatchObject({ record: 'post', id: 'a', cursor: '' });
    expect(last.observations.map((o) => o.counts.score)).toEqual([4]);
  });

  it('since and until bound the readings; the cursor is bound to them, the record and the operation', async () => {
    const params = { record: 'post' as const, id: 'a', since: new Date(T), until: new Date(T + 4 * 60_000), limit: 1 };
    const page = await answerHistory('forum.history', source, params, ctx);
    expect(asked.at(-1)).toEqual({ since: T, until: T + 4 * 60_000, limit: 2 });
    expect(page.observations.map((o) => o.counts.score)).toEqual([1]);
    const refused = (other: Partial<typeof params> & { operation?: string }) =>
      answerHistory(other.operation ?? 'forum.history', source, { ...params, ...other, cursor: page.cursor }, ctx);
    for (const other of [{ id: 'b' }, { until: new Date(T + 5 * 60_000) }, { operation: 'video.history' }])
      await expect(refused(other)).rejects.toMatchObject({ code: 'invalid_cursor' });
  });

  it('an unknown record is a 404; a known one without readings an empty page', async () => {
    const missing = answerHistory('forum.history', source, { record: 'post', id: 'nope', limit: 10 }, ctx);
    await expect(missing).rejects.toBeInstanceOf(ServiceError);
    await expect(missing).rejects.toMatchObject({ code: 'not_found', message: "post 'nope' not found" });
    const none = await answerHistory(
      'forum.history',
      source,
      { record: 'post', id: 'a', since: new Date(T + 10 * 60_000), limit: 10 },
      ctx,
    );
    expect(none).toEqual({ record: 'post', id: 'a', observations: [], cursor: '' });
  });
});
