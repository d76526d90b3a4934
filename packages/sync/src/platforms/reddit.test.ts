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
  type RedditComment,
} from '../testing.js';

const NOW_S = Date.parse('2026-03-02T11:00:00Z') / 1000;
const community: Target = { platform: 'forum', community: 'programming' };

/**
 * A thread of 650 comments under post `post` (ids prefixed `x`): a chain 15 deep (`xd1` … `xd15`: past the
 * fake's REDDIT_THREAD_DEPTH, a "continue this thread" stub), 150 top-level comments with 2 replies each,
 * and `xw` with 120 replies, the first 64 of them with a reply each. Its page (500 comments, depth first)
 * cuts `xw`'s replies: a stub under `xwr20` and one of 100 ids under `xw`; the first morechildren answer
 * (100 comments at most) ends in a new stub.
 */
function bigThread(post: string, x: string): RedditComment[] {
  const thread: RedditComment[] = [];
  const add = (id: string, parent?: string) =>
    thread.push({
      id: `${x}${id}`,
      link_id: `t3_${post}`,
      ...(parent ? { parent_id: `t1_${x}${parent}` } : {}),
      author: `commenter${thread.length % 7}`,
      body: `comment ${id}`,
      created_utc: NOW_S + thread.length,
      score: 1,
    });
  for (let i = 1; i <= 15; i++) add(`d${i}`, i > 1 ? `d${i - 1}` : undefined);
  for (let i = 1; i <= 150; i++) {
    add(`a${i}`);
    add(`a${i}r1`, `a${i}`);
    add(`a${i}r2`, `a${i}`);
  }
  add('w');
  for (let i = 1; i <= 120; i++) add(`wr${i}`, 'w');
  for (let i = 1; i <= 64; i++) add(`wr${i}x`, `wr${i}`);
  return thread;
}

/** A comment's depth in the fake's thread, counted up its parents. */
function depthIn(thread: RedditComment[], comment: RedditComment): number {
  const parent = thread.find((c) => `t1_${c.id}` === comment.parent_id);
  return parent ? 1 + depthIn(thread, parent) : 0;
}

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
    // of the 100 posts refreshed, only the edited and the deleted one changed
    expect(summary!.recordsUpdated).toBe(2);
    expect(summary!.recordsUnchanged).toBe(98);
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

  it('describeError words a failure (the CLI: a full disk); undefined, or a description that fails, keeps the message', async () => {
    const described = (describeError: (error: unknown) => Promise<string | undefined>) =>
      runTargets(store.db, [{ platform: 'forum', post: 'zzz' }], {
        config: fakeConfig(reddit),
        clock,
        upstream: fastUpstream,
        describeError,
      });
    const [worded] = await described(async (error) => `worded: ${(error as Error).message}`);
    expect(worded).toMatchObject({
      stopped: 'error',
      detail: 'worded: reddit: GET /comments/zzz answered 404: Not Found',
    });
    expect(await readTargetState(store.db, 'forum:post:zzz')).toMatchObject({
      lastError: 'worded: reddit: GET /comments/zzz answered 404: Not Found',
    });
    for (const describeError of [async () => undefined, () => Promise.reject(new Error('no store'))]) {
      const [plain] = await described(describeError);
      expect(plain).toMatchObject({ stopped: 'error', detail: 'reddit: GET /comments/zzz answered 404: Not Found' });
    }
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
  it("a post's more stubs are expanded: morechildren (100 ids a call, its answers' stubs too), continue this thread", async () => {
    const thread = bigThread('big', 'b');
    reddit.posts.push({ ...redditPosts(1, 'threads', NOW_S, 'big')[0]!, id: 'big' });
    reddit.comments.push(...thread);
    const [summary] = await run([{ platform: 'forum', post: 'big' }]);
    expect(summary).toMatchObject({ key: 'forum:post:big', pages: 4, recordsNew: 651, stopped: 'refreshed' });
    const requests = reddit.apiRequests();
    expect(requests.map((r) => `${r.path} ${r.query.children?.split(',').length ?? r.query.comment ?? ''}`)).toEqual([
      '/comments/big ',
      '/api/morechildren 100',
      '/api/morechildren 45',
      '/comments/big bd10',
    ]);
    expect(requests[0]!.query).toEqual({ limit: '500' });
    expect(requests[1]!.query).toMatchObject({
      api_type: 'json',
      link_id: 't3_big',
      sort: 'confidence',
      limit_children: 'false',
    });
    // the page's stubs (under bwr20, then bw's 100 of 101), then the last of those and the stubs the first
    // answer ended in (bw's replies from bwr77 on; bwr20x again: asked for, but its group did not fit)
    expect(requests[1]!.query.children!.split(',').slice(0, 3)).toEqual(['bwr20x', 'bwr21', 'bwr22']);
    expect(requests[2]!.query.children!.split(',')).toEqual([
      'bwr120',
      ...Array.from({ length: 43 }, (_, i) => `bwr${77 + i}`),
      'bwr20x',
    ]);
    const rows = await store.db
      .selectFrom('forum_comments')
      .select(['id', 'parent_key'])
      .where('post_id', '=', 'big')
      .execute();
    expect(rows).toHaveLength(650);
    const parents = new Map(rows.map((row) => [row.id, row.parent_key]));
    const depth = (id: string): number => (parents.get(id) ? 1 + depth(parents.get(id)!) : 0);
    for (const comment of thread) {
      expect(parents.get(comment.id)).toBe(comment.parent_id?.replace(/^t1_/, '') ?? '');
      expect(depth(comment.id)).toBe(depthIn(thread, comment));
    }
    expect(depth('bd15')).toBe(14);
    expect(depth('bwr64x')).toBe(2);
  });

  it('the call bound holds (pages: the most requests), and a spent rate-limit window still waits', async () => {
    const thread = bigThread('big2', 'c');
    reddit.posts.push({ ...redditPosts(1, 'threads', NOW_S, 'big')[0]!, id: 'big2', suggested_sort: 'qa' });
    reddit.comments.push(...thread);
    Object.assign(reddit.headers, {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-used': '100',
      'x-ratelimit-reset': '3',
    });
    try {
      const [summary] = await run([{ platform: 'forum', post: 'big2', pages: 3 }]);
      expect(summary).toMatchObject({
        pages: 3,
        recordsNew: 646,
        stopped: 'page-limit',
        detail: '0 comments of "more" stubs and 1 "continue this thread" links not fetched (at most 3 requests)',
      });
    } finally {
      for (const header of ['x-ratelimit-remaining', 'x-ratelimit-used', 'x-ratelimit-reset'])
        delete reddit.headers[header];
    }
    expect(reddit.apiRequests().map((r) => r.path)).toEqual([
      '/comments/big2',
      '/api/morechildren',
      '/api/morechildren',
    ]);
    expect(reddit.apiRequests()[1]!.query.sort).toBe('qa');
    // every answer says the window is spent: each API request after the first waits its reset
    expect(clock.sleeps).toEqual([3_000, 3_000]);
    const stored = async () =>
      (await store.db.selectFrom('forum_comments').select('id').where('post_id', '=', 'big2').execute())
        .map((row) => row.id)
        .sort();
    const deep = ['cd11', 'cd12', 'cd13', 'cd14', 'cd15'];
    expect(await stored()).toEqual(
      thread
        .map((c) => c.id)
        .filter((id) => !deep.includes(id))
        .sort(),
    );
    // what the bound left is kept: the next run expands it (not the page's stubs, expanded already)
    expect(await readTargetState(store.db, 'forum:post:big2')).toMatchObject({
      checkpoint: { pending: { ids: [], threads: ['cd10'] } },
    });
    reddit.requests.length = 0;
    const [next] = await run([{ platform: 'forum', post: 'big2', pages: 3 }]);
    expect(next).toMatchObject({ pages: 2, recordsNew: 5, stopped: 'refreshed' });
    expect(reddit.apiRequests().map((r) => `${r.path} ${r.query.comment ?? ''}`)).toEqual([
      '/comments/big2 ',
      '/comments/big2 cd10',
    ]);
    expect(await stored()).toEqual(thread.map((c) => c.id).sort());
    expect((await readTargetState(store.db, 'forum:post:big2'))?.checkpoint).toEqual({});
  });

  it("morechildren's errors fail the target", async () => {
    reddit.fail('/api/morechildren', {
      status: 200,
      body: { json: { errors: [['RATELIMIT', 'too fast', 'ratelimit']] } },
    });
    reddit.fail('/api/morechildren', { status: 200, body: { json: { errors: [] } } });
    const [errors, empty] = await run([
      { platform: 'forum', post: 'big' },
      { platform: 'forum', post: 'big' },
    ]);
    expect(errors).toMatchObject({
      stopped: 'error',
      detail: 'reddit: GET /api/morechildren answered errors: [["RATELIMIT","too fast","ratelimit"]]',
    });
    expect(empty).toMatchObject({
      stopped: 'error',
      detail: 'reddit: GET /api/morechildren answered no json.data.things',
    });
  });

  it('a "continue this thread" answer that is not a comments page fails the target', async () => {
    reddit.posts.push({ ...redditPosts(1, 'threads', NOW_S, 'deep')[0]!, id: 'deep' });
    for (let i = 1; i <= 12; i++)
      reddit.comments.push({
        id: `dd${i}`,
        link_id: 't3_deep',
        ...(i > 1 ? { parent_id: `t1_dd${i - 1}` } : {}),
        author: 'someone',
        body: `level ${i}`,
        created_utc: NOW_S + i,
        score: 1,
      });
    // scripted after the first page is imported: the thread's continuation answers a lone Listing
    const [summary] = await runTargets(store.db, [{ platform: 'forum', post: 'deep' }], {
      config: fakeConfig(reddit),
      clock,
      upstream: fastUpstream,
      onProgress: (_, message) => {
        if (message.startsWith('page 1:'))
          reddit.fail('/comments/deep', { status: 200, body: { kind: 'Listing', data: { children: [] } } });
      },
    });
    expect(summary).toMatchObject({
      pages: 1,
      recordsNew: 11,
      stopped: 'error',
      detail: 'reddit: GET /comments/deep?comment=dd10 answered no comments Listing',
    });
    expect(reddit.apiRequests().map((r) => r.query.comment ?? '')).toEqual(['', 'dd10']);
    const [again] = await run([{ platform: 'forum', post: 'deep' }]);
    // the post and dd1 … dd10 again, and dd10 once more: the continuation's answer starts at it
    expect(again).toMatchObject({
      pages: 2,
      recordsNew: 2,
      recordsUpdated: 0,
      recordsUnchanged: 12,
      stopped: 'refreshed',
    });
  });

  const checkpointOf = async (key: string) => (await readTargetState(store.db, key))?.checkpoint;
  const inCommunity = async (name: string) =>
    (await store.db.selectFrom('forum_posts').select('id').where('community', '=', name).execute()).length;

  it('a backlog longer than pages: kept in the checkpoint, new posts first, then the backlog, nothing fetched twice', async () => {
    const T = NOW_S - 100_000;
    reddit.posts.push(...redditPosts(300, 'backlog', T, 'b'));
    const target: Target = { platform: 'forum', community: 'backlog', pages: 1 };
    const key = 'forum:community:backlog:new';
    const afters: string[] = [];
    const summaries = [];

    summaries.push((await run([target]))[0]);
    afters.push(...reddit.apiRequests().map((r) => r.query.after ?? ''));
    expect(await checkpointOf(key)).toEqual({
      newest: { name: 't3_b1', created: T },
      backlog: { after: 't3_b2s', alternates: ['t3_b2r', 't3_b2q', 't3_b2p'] },
    });

    reddit.requests.length = 0;
    reddit.posts.push(...redditPosts(5, 'backlog', T + 600, 'bn'));
    summaries.push((await run([target]))[0]);
    afters.push(...reddit.apiRequests().map((r) => r.query.after ?? ''));
    expect(await checkpointOf(key)).toEqual({
      newest: { name: 't3_bn1', created: T + 600 },
      backlog: { after: 't3_b5k', alternates: ['t3_b5j', 't3_b5i', 't3_b5h'] },
    });

    reddit.requests.length = 0;
    reddit.posts.push(...redditPosts(5, 'backlog', T + 1200, 'bm'));
    summaries.push((await run([target]))[0]);
    afters.push(...reddit.apiRequests().map((r) => r.query.after ?? ''));
    expect(await checkpointOf(key)).toEqual({ newest: { name: 't3_bm1', created: T + 1200 } });

    expect(afters).toEqual(['', '', 't3_b2s', '', 't3_b5k']);
    expect(summaries.map((s) => [s?.pages, s?.recordsNew, s?.recordsUpdated, s?.stopped])).toEqual([
      [1, 100, 0, 'page-limit'],
      [2, 105, 0, 'page-limit'],
      [2, 105, 0, 'caught-up'],
    ]);
    expect(await inCommunity('backlog')).toBe(310);

    reddit.requests.length = 0;
    const [idle] = await run([target]);
    expect(idle).toMatchObject({ pages: 0, recordsNew: 0, stopped: 'caught-up' });
    expect(reddit.apiRequests()).toHaveLength(1);
  });

  it('a backlog stops at the old checkpoint; a deleted post at its after: it goes on from the post before', async () => {
    const T = NOW_S - 200_000;
    reddit.posts.push(...redditPosts(150, 'gap', T, 'g'));
    const key = 'forum:community:gap:new';
    await run([{ platform: 'forum', community: 'gap' }]);
    expect(await checkpointOf(key)).toEqual({ newest: { name: 't3_g1', created: T } });

    reddit.posts.push(...redditPosts(250, 'gap', T + 100_000, 'gn'));
    const target: Target = { platform: 'forum', community: 'gap', pages: 1 };
    const [first] = await run([target]);
    expect(first).toMatchObject({ pages: 1, recordsNew: 100, stopped: 'page-limit' });
    expect(await checkpointOf(key)).toEqual({
      newest: { name: 't3_gn1', created: T + 100_000 },
      backlog: {
        after: 't3_gn2s',
        alternates: ['t3_gn2r', 't3_gn2q', 't3_gn2p'],
        until: { name: 't3_g1', created: T },
      },
    });

    reddit.posts.splice(
      reddit.posts.findIndex((p) => p.id === 'gn2s'),
      1,
    );
    reddit.posts.push(...redditPosts(3, 'gap', T + 200_000, 'gm'));
    reddit.requests.length = 0;
    const [second] = await run([target]);
    expect(reddit.apiRequests().map((r) => r.query.after ?? '')).toEqual(['', 't3_gn2s', 't3_gn2r']);
    expect(second).toMatchObject({ pages: 2, recordsNew: 103, recordsUpdated: 0, stopped: 'page-limit' });
    expect(await checkpointOf(key)).toMatchObject({ backlog: { after: 't3_gn5k', until: { name: 't3_g1' } } });

    reddit.requests.length = 0;
    const [third] = await run([target]);
    expect(reddit.apiRequests().map((r) => r.query.after ?? '')).toEqual(['', 't3_gn5k']);
    expect(third).toMatchObject({ pages: 1, recordsNew: 50, recordsUpdated: 0, stopped: 'caught-up' });
    expect(await checkpointOf(key)).toEqual({ newest: { name: 't3_gm1', created: T + 200_000 } });
    expect(await inCommunity('gap')).toBe(150 + 250 + 3); // gn2s was stored before it was deleted
  });

  it('new posts filling the pages while a backlog is pending: one gap; a backlog whose posts all left: given up', async () => {
    const T = NOW_S - 300_000;
    reddit.posts.push(...redditPosts(300, 'merge', T, 'm'));
    const target: Target = { platform: 'forum', community: 'merge', pages: 1 };
    const key = 'forum:community:merge:new';
    await run([target]);
    reddit.posts.push(...redditPosts(150, 'merge', T + 100_000, 'mn'));
    const [overflow] = await run([target]);
    expect(overflow).toMatchObject({ pages: 1, recordsNew: 100, stopped: 'page-limit' });
    // from the new posts' next page down to the older backlog's stop point (here: the listing's end)
    expect(await checkpointOf(key)).toEqual({
      newest: { name: 't3_mn1', created: T + 100_000 },
      backlog: { after: 't3_mn2s', alternates: ['t3_mn2r', 't3_mn2q', 't3_mn2p'] },
    });

    for (const id of ['mn2s', 'mn2r', 'mn2q', 'mn2p'])
      reddit.posts.splice(
        reddit.posts.findIndex((p) => p.id === id),
        1,
      );
    reddit.requests.length = 0;
    const [given] = await run([target]);
    expect(reddit.apiRequests().map((r) => r.query.after ?? '')).toEqual([
      '',
      't3_mn2s',
      't3_mn2r',
      't3_mn2q',
      't3_mn2p',
    ]);
    expect(given).toMatchObject({
      pages: 0,
      stopped: 'caught-up',
      detail:
        'backlog given up: the listing answered nothing after t3_mn2s, t3_mn2r, t3_mn2q, t3_mn2p (deleted or removed)',
    });
    expect(await checkpointOf(key)).toEqual({ newest: { name: 't3_mn1', created: T + 100_000 } });
    expect(await inCommunity('merge')).toBe(200);
  });
});

describe('reddit sync: the comments stream, top and search listings, stored posts read again', () => {
  let store: Store;
  let reddit: Awaited<ReturnType<typeof fakeReddit>>;
  const clock = fakeClock();
  const run = (targets: Target[]) =>
    runTargets(store.db, targets, { config: fakeConfig(reddit), clock, upstream: fastUpstream });
  const T = Date.parse('2026-03-05T12:00:00Z') / 1000;
  /** `n` comments under the community's posts, one a second, the newest at `newest`; ids `<prefix>1` … */
  const commentsOf = (n: number, newest: number, prefix: string): RedditComment[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `${prefix}${i + 1}`,
      link_id: `t3_s${(i % 3) + 1}`,
      author: `commenter${i % 4}`,
      body: `comment ${i + 1} on zebrafish`,
      created_utc: newest - i,
      score: 1,
    }));
  const commentIds = async () =>
    (await store.db.selectFrom('forum_comments').select('id').orderBy('id').execute()).map((row) => row.id);

  beforeAll(async () => {
    store = await openTestStore();
    reddit = await fakeReddit();
    reddit.posts.push(...redditPosts(150, 'science', T, 's'), ...redditPosts(20, 'biology', T, 'b'));
    for (const post of reddit.posts.filter((p) => p.subreddit === 'biology' && parseInt(p.id.slice(1), 36) % 4 === 0))
      post.title = `Zebrafish larvae, ${post.title}`;
    reddit.comments.push(...commentsOf(150, T + 1000, 'sc'));
  });
  afterAll(async () => {
    await reddit.close();
    await store.close();
  });
  beforeEach(() => {
    reddit.requests.length = 0;
  });

  it("a community's comments stream: newest first down to the checkpoint, each comment once", async () => {
    const target: Target = { platform: 'forum', community: 'science', listing: 'comments' };
    const [first] = await run([target]);
    expect(first).toMatchObject({
      key: 'forum:community:science:comments',
      pages: 2,
      recordsNew: 150,
      stopped: 'caught-up',
    });
    expect(reddit.apiRequests().map((r) => [r.path, r.query.after ?? ''])).toEqual([
      ['/r/science/comments', ''],
      ['/r/science/comments', 't1_sc100'],
    ]);
    expect(await commentIds()).toHaveLength(150);
    const stored = await store.db.selectFrom('forum_comments').selectAll().where('id', '=', 'sc1').executeTakeFirst();
    expect(stored).toMatchObject({ post_id: 's1', community: 'science', body: 'comment 1 on zebrafish' });
    expect((await readTargetState(store.db, 'forum:community:science:comments'))?.checkpoint).toEqual({
      newest: { name: 't1_sc1', created: T + 1000 },
    });

    reddit.comments.push(...commentsOf(2, T + 2000, 'sd'));
    reddit.requests.length = 0;
    const [second] = await run([target]);
    expect(second).toMatchObject({ pages: 1, recordsNew: 2, recordsUpdated: 0, stopped: 'caught-up' });
    expect(reddit.apiRequests()).toHaveLength(1);
    expect(await commentIds()).toHaveLength(152);
  });

  it('a top listing reads its first pages again each run, in its window', async () => {
    const [top] = await run([{ platform: 'forum', community: 'science', listing: 'top', timeframe: 'week' }]);
    expect(top).toMatchObject({ key: 'forum:community:science:top:week', pages: 1, recordsNew: 100 });
    expect(top).toMatchObject({ stopped: 'refreshed' });
    expect(reddit.apiRequests()).toEqual([
      expect.objectContaining({ path: '/r/science/top', query: { limit: '100', t: 'week' } }),
    ]);
    reddit.requests.length = 0;
    const [again] = await run([{ platform: 'forum', community: 'science', listing: 'top', timeframe: 'week' }]);
    expect(again).toMatchObject({ pages: 1, recordsNew: 0, recordsUpdated: 0, recordsUnchanged: 100 });
  });

  it('a search by new, in one community or all of Reddit: only its matches are stored, then only what is new', async () => {
    const [inBiology, everywhere] = await run([
      { platform: 'forum', community: 'biology', search: 'zebrafish' },
      { platform: 'forum', search: 'post 7 of' },
    ]);
    expect(inBiology).toMatchObject({ key: 'forum:community:biology:search:zebrafish', recordsNew: 5 });
    expect(everywhere).toMatchObject({ key: 'forum:search:post 7 of', stopped: 'caught-up' });
    const [biologyRequest, allRequest] = reddit.apiRequests();
    expect(biologyRequest).toMatchObject({
      path: '/r/biology/search',
      query: { q: 'zebrafish', sort: 'new', restrict_sr: '1', t: 'all', type: 'link', limit: '100' },
    });
    expect(allRequest).toMatchObject({ path: '/search', query: { q: 'post 7 of', sort: 'new' } });
    expect(allRequest!.query.restrict_sr).toBeUndefined();
    const biology = await store.db
      .selectFrom('forum_posts')
      .select('id')
      .where('community_key', '=', 'biology')
      .orderBy('created_at', 'desc')
      .execute();
    // the five zebrafish posts, and b7 ('post 7 of biology', found by the search of all Reddit)
    expect(biology.map((row) => row.id)).toEqual(['b4', 'b7', 'b8', 'bc', 'bg', 'bk']);
    // 'post 7 of' is in post 7 of science (stored by the top listing: unchanged) and post 7 of biology (new)
    expect(everywhere).toMatchObject({ recordsNew: 1, recordsUnchanged: 1 });
    expect((await readTargetState(store.db, 'forum:community:biology:search:zebrafish'))?.checkpoint).toEqual({
      newest: { name: 't3_b4', created: T - 3 * 60 },
    });

    reddit.posts.push({ ...redditPosts(1, 'biology', T + 60, 'bn')[0]!, title: 'zebrafish again' });
    reddit.requests.length = 0;
    const [next] = await run([{ platform: 'forum', community: 'biology', search: 'zebrafish' }]);
    expect(next).toMatchObject({ pages: 1, recordsNew: 1, stopped: 'caught-up' });
  });

  it("refresh: a new listing's run reads the newest posts earlier runs stored again by id, 100 a request", async () => {
    const target: Target = { platform: 'forum', community: 'science', refresh: 120 };
    const [first] = await run([target]);
    // the walk stores the 150 posts (2 pages); what was stored before it (the top listing's 100) is read again (1 page)
    expect(first).toMatchObject({ pages: 2 + 1, recordsNew: 50, stopped: 'caught-up' });
    const info = () => reddit.apiRequests().filter((r) => r.path === '/api/info');
    expect(info().map((r) => r.query.id!.split(',').length)).toEqual([100]);

    for (const post of reddit.posts.filter((p) => p.id === 's2' || p.id === 's3')) post.score += 500;
    reddit.requests.length = 0;
    const [second] = await run([target]);
    // nothing new (the listing's page stores nothing); the 120 newest stored posts of science again, two changed
    expect(second).toMatchObject({ pages: 2, recordsNew: 0, recordsUpdated: 2, recordsUnchanged: 120 - 2 });
    expect(reddit.apiRequests()).toHaveLength(1 + 2);
    expect(info().map((r) => r.query.id!.split(',').length)).toEqual([100, 20]);
    expect(info()[0]!.query.id!.split(',').slice(0, 3)).toEqual(['t3_s1', 't3_s2', 't3_s3']);
    const s2 = await store.db.selectFrom('forum_posts').select('score').where('id', '=', 's2').executeTakeFirst();
    expect(s2).toEqual({ score: 999 + 500 });
  });
});
