import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { readTargetState } from '../checkpoints.js';
import { runTargets } from '../run.js';
import type { Target } from '../targets.js';
import {
  fakeClock,
  fakeConfig,
  fakeReddit,
  fastUpstream,
  REDDIT_CLIENT_ID,
  REDDIT_CLIENT_SECRET,
  redditPosts,
} from '../testing.js';

const NOW_S = Date.parse('2026-03-02T11:00:00Z') / 1000;
const community: Target = { platform: 'forum', community: 'programming' };

describe('reddit sync', () => {
  let store: Store;
  let reddit: Awaited<ReturnType<typeof fakeReddit>>;
  const progress: string[] = [];
  const clock = fakeClock();
  const run = (targets: Target[], config = fakeConfig(reddit)) =>
    runTargets(store.db, targets, {
      config,
      clock,
      upstream: fastUpstream,
      onProgress: (key, message) => progress.push(`${key}: ${message}`),
    });
  const postRow = (id: string) =>
    store.db.selectFrom('forum_posts').selectAll().where('id', '=', id).executeTakeFirst();
  const count = async () =>
    Number(
      (
        await store.db
          .selectFrom('forum_posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    store = await openTestStore();
    reddit = await fakeReddit();
    reddit.posts.push(...redditPosts(250, 'programming', NOW_S));
  });
  afterAll(async () => {
    await reddit.close();
    await store.close();
  });
  beforeEach(() => {
    reddit.requests.length = 0;
    clock.sleeps.length = 0;
  });

  it('pages a new listing to its end, one import per page, and keeps the newest post as the checkpoint', async () => {
    const [summary] = await run([community]);
    expect(summary).toMatchObject({ pages: 3, recordsNew: 250, recordsUpdated: 0, stopped: 'caught-up' });
    expect(reddit.apiRequests().map((r) => r.query.after ?? '')).toEqual(['', 't3_p2s', 't3_p5k']);
    expect(reddit.apiRequests().every((r) => r.path === '/r/programming/new' && r.query.limit === '100')).toBe(true);
    expect(await count()).toBe(250);
    expect(await readTargetState(store.db, 'forum:community:programming:new')).toMatchObject({
      checkpoint: { newest: { name: 't3_p1', created: NOW_S } },
      lastSuccessAt: clock.now(),
      runs: 1,
      recordsNew: 250,
    });
    expect(progress).toContain('forum:community:programming:new: page 1: 100 new, 0 updated');
  });

  it('a second run stops at the checkpoint: one page fetched, only the new posts imported', async () => {
    reddit.posts.push(...redditPosts(3, 'programming', NOW_S + 600, 'n'));
    const [summary] = await run([community]);
    expect(summary).toMatchObject({ pages: 1, recordsNew: 3, recordsUpdated: 0, stopped: 'caught-up' });
    expect(reddit.apiRequests()).toHaveLength(1);
    const [again] = await run([community]);
    expect(again).toMatchObject({ pages: 0, recordsNew: 0, stopped: 'caught-up' });
    expect(await count()).toBe(253);
    expect((await readTargetState(store.db, 'forum:community:programming:new'))?.checkpoint).toEqual({
      newest: { name: 't3_n1', created: NOW_S + 600 },
    });
  });

  it('hot re-fetches its pages: an edited post updates its row, a deleted one imports as the importer maps it', async () => {
    const edited = reddit.posts.find((p) => p.id === 'p1')!;
    edited.title = 'post 1, edited';
    edited.score = 5000;
    const deleted = reddit.posts.find((p) => p.id === 'p2')!;
    Object.assign(deleted, { author: '[deleted]', selftext: '[deleted]' });
    const [summary] = await run([{ platform: 'forum', community: 'programming', listing: 'hot', pages: 1 }]);
    expect(summary).toMatchObject({
      key: 'forum:community:programming:hot',
      pages: 1,
      recordsNew: 0,
      stopped: 'refreshed',
    });
    expect(summary!.recordsUpdated).toBe(100);
    expect(await postRow('p1')).toMatchObject({ title: 'post 1, edited', score: 5000 });
    expect(await postRow('p2')).toMatchObject({ author: '[deleted]', content: '[deleted]' });
    expect(await count()).toBe(253);
  });

  it("a user's submissions and a post's comments", async () => {
    reddit.comments.push(
      { id: 'c1', link_id: 't3_p1', author: 'someone', body: 'first!', created_utc: NOW_S + 5, score: 3 },
      { id: 'c2', link_id: 't3_p1', author: '[deleted]', body: '[deleted]', created_utc: NOW_S + 6, score: 1 },
    );
    const [user, post] = await run([
      { platform: 'forum', user: 'author1', pages: 1 },
      { platform: 'forum', post: 't3_p1' },
    ]);
    expect(user).toMatchObject({ key: 'forum:user:author1', pages: 1, recordsNew: 0, stopped: 'caught-up' });
    expect(reddit.apiRequests()[0]).toMatchObject({ path: '/user/author1/submitted', query: { sort: 'new' } });
    expect(post).toMatchObject({
      key: 'forum:post:p1',
      pages: 1,
      recordsNew: 2,
      recordsUpdated: 1,
      stopped: 'refreshed',
    });
    const comment = await store.db.selectFrom('forum_comments').selectAll().where('id', '=', 'c2').executeTakeFirst();
    expect(comment).toMatchObject({ post_id: 'p1', deleted: 1 });
  });

  it('an expired token (401): one refresh, then success; a token that expires between targets too', async () => {
    reddit.fail('/comments/', { status: 401, body: { message: 'Unauthorized', error: 401 } });
    let expired = false;
    const summaries = await runTargets(
      store.db,
      [
        { platform: 'forum', post: 'p1' },
        { platform: 'forum', post: 'p2' },
      ],
      {
        config: fakeConfig(reddit),
        clock,
        upstream: fastUpstream,
        onProgress: () => {
          if (!expired) reddit.expireTokens();
          expired = true;
        },
      },
    );
    expect(summaries.map((summary) => summary.stopped)).toEqual(['refreshed', 'refreshed']);
    // the run's first token, a refresh after the scripted 401, another after the expiry
    expect(reddit.tokenRequests()).toBe(3);
    const tokens = reddit.apiRequests().map((r) => Number(/^Bearer token-(\d+)$/.exec(r.authorization ?? '')?.[1]));
    expect(reddit.apiRequests().map((r) => r.path)).toEqual([
      '/comments/p1',
      '/comments/p1',
      '/comments/p2',
      '/comments/p2',
    ]);
    expect(tokens.map((token) => token - tokens[0]!)).toEqual([0, 1, 1, 2]);
  });

  it('5xx twice: back-off with full jitter, then success', async () => {
    reddit.fail('/comments/', { status: 503 }, { status: 502 });
    const [summary] = await run([{ platform: 'forum', post: 'p1' }]);
    expect(summary?.stopped).toBe('refreshed');
    expect(reddit.apiRequests()).toHaveLength(3);
    // full jitter with random() = 0.5: 0.5 × 100 ms × 2^retry
    expect(clock.sleeps).toEqual([50, 100]);
  });

  it('429 with Retry-After, then a dropped connection: waits and retries, then succeeds', async () => {
    reddit.fail('/comments/', { status: 429, headers: { 'retry-after': '7' } }, 'drop');
    const [summary] = await run([{ platform: 'forum', post: 'p1' }]);
    expect(summary?.stopped).toBe('refreshed');
    expect(reddit.apiRequests()).toHaveLength(3);
    expect(clock.sleeps).toEqual([7_000, 100]);
    expect(progress).toContain('forum:post:p1: waiting 7.0 s (retry-after after 429)');
    expect(progress).toContain('forum:post:p1: waiting 0.1 s (back-off after ECONNRESET)');
  });

  it('Retry-After as an HTTP date, and a spent rate-limit window: the next request waits until the reset', async () => {
    reddit.fail('/comments/', {
      status: 429,
      headers: { 'retry-after': new Date(clock.now() + 30_000).toUTCString() },
    });
    reddit.fail('/comments/', {
      status: 200,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '600', 'x-ratelimit-reset': '42' },
      body: { kind: 'Listing', data: { children: [] } },
    });
    const [summary] = await run([
      { platform: 'forum', post: 'p1' },
      { platform: 'forum', post: 'p2' },
    ]);
    expect(summary?.stopped).toBe('refreshed');
    expect(clock.sleeps).toEqual([30_000, 42_000]);
  });

  it('gives up after the retries: the target fails, the next one runs; the error is recorded, no credential in it', async () => {
    reddit.fail('/comments/p1', { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const [failed, ok] = await run([
      { platform: 'forum', post: 'p1' },
      { platform: 'forum', post: 'p2' },
    ]);
    expect(failed).toMatchObject({ stopped: 'error', detail: 'reddit: GET /comments/p1 answered 500 after 4 tries' });
    expect(ok?.stopped).toBe('refreshed');
    expect(await readTargetState(store.db, 'forum:post:p1')).toMatchObject({
      lastError: 'reddit: GET /comments/p1 answered 500 after 4 tries',
      failures: 1,
    });
    const notFound = await run([{ platform: 'forum', post: 'zzz' }]);
    expect(notFound[0]).toMatchObject({
      stopped: 'error',
      detail: 'reddit: GET /comments/zzz answered 404: Not Found',
    });
  });

  it('missing credentials name the variables; credentials never appear in progress or errors', async () => {
    const [summary] = await run([community], fakeConfig());
    expect(summary).toMatchObject({
      stopped: 'error',
      detail:
        'reddit credentials are not configured: set SOCIALQUERY_REDDIT_CLIENT_ID and SOCIALQUERY_REDDIT_CLIENT_SECRET',
    });
    const wrong = fakeConfig(reddit, undefined, { SOCIALQUERY_REDDIT_CLIENT_SECRET: 'not-the-secret-789' });
    const [refused] = await run([community], wrong);
    expect(refused?.detail).toBe('reddit: POST /api/v1/access_token answered 401: Unauthorized');
    const text = JSON.stringify(progress);
    for (const secret of [REDDIT_CLIENT_SECRET, 'not-the-secret-789', REDDIT_CLIENT_ID, 'token-'])
      expect(text).not.toContain(secret);
  });
});
