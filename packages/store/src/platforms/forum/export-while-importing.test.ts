import { forumContract, Post } from '@socialquery/forum';
import { createForumExporters, createForumHandlers } from '@socialquery/forum/server';
import type { Operation } from '@socialquery/core';
import { createCursorCodec, exporterFor, type OperationExporter } from '@socialquery/core/server';
import type { Store } from '../../store.js';
import { openTestStore, testStoreKind } from '../../testing.js';
import { toForumRow, upsertForumRows } from './rows.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');
/** Post n of the community, created n minutes before NOW (a larger n is older). */
const post = (n: number, score = n % 100) =>
  toForumRow({
    id: `live${String(n).padStart(6, '0')}`,
    community: 'live',
    author: `user${n % 9}`,
    title: `post ${n}`,
    content: '',
    upvotes: Math.max(score, 0),
    downvotes: 0,
    score,
    commentCount: 0,
    createdAt: NOW.getTime() - n * 60_000,
    url: '',
  });

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

/**
 * A bulk export follows the listing's cursor (core's exporterFor, as the service mounts it): each
 * page is a keyset read of the store after the last post read, so records
 * that land between its pages can neither make it repeat a post nor skip one that was there
 * when it began: what it sends is in the listing's order, every post present from start to end
 * exactly once, and the new posts that sort after its position too.
 */
describe(`a community export while an import lands between its pages (${testStoreKind()})`, () => {
  it('sends every post once, in order, with the new posts that sort after where it stands', async () => {
    await upsertForumRows(
      store.db,
      Array.from({ length: 2_500 }, (_, i) => post(2 * i)), // even n: 0 … 4,998 minutes old
    );
    const params = { community: 'live', ...forumContract.communityPosts.params.query.parse({ sort: 'new' }) };
    const ctx = { now: NOW, cursors: createCursorCodec('test-secret-0123456789'), requestId: 'test' };
    const exportCommunity = exporterFor(
      forumContract.communityPosts,
      createForumHandlers(store.forum).communityPosts,
      createForumExporters(store.forum).communityPosts as OperationExporter<Operation> | undefined,
    );
    if (!exportCommunity) throw new Error('the forum exports community posts');
    const batches = exportCommunity(params, ctx)[Symbol.asyncIterator]();

    const sent: Post[] = [];
    const take = (batch: readonly unknown[]) => sent.push(...batch.map((record) => Post.parse(record)));
    let step = await batches.next();
    if (!step.done) take(step.value);
    // a page of the export's size (above the listing's largest limit), newest first: n = 0 … 1,998
    expect(sent).toHaveLength(forumContract.communityPosts.paging.exportPageSize);
    expect(sent.at(-1)?.id).toBe(post(1_998).id);
    // lands now: odd n on both sides of the export's position, and changed scores of posts not read yet
    await upsertForumRows(store.db, [
      ...Array.from({ length: 99 }, (_, i) => post(2 * i + 1)), // n = 1 … 197: behind the position
      ...Array.from({ length: 500 }, (_, i) => post(4_001 + 2 * i)), // n = 4,001 … 4,999: ahead of it
      ...Array.from({ length: 100 }, (_, i) => post(3_000 + 2 * i, 1_000 + i)), // stored, not read yet
    ]);
    for (step = await batches.next(); !step.done; step = await batches.next()) take(step.value);

    const ids = sent.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const created = sent.map((p) => Date.parse(p.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const expected = [
      ...Array.from({ length: 2_500 }, (_, i) => 2 * i),
      ...Array.from({ length: 500 }, (_, i) => 4_001 + 2 * i),
    ]
      .sort((a, b) => a - b)
      .map((n) => post(n).id);
    expect(ids).toEqual(expected);
    // the changed posts went out with their new scores
    expect(sent.find((p) => p.id === post(3_000).id)?.score).toBe(1_000);
  });
});
