import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { readTargetState } from '../checkpoints.js';
import { runTargets } from '../run.js';
import type { Target } from '../targets.js';
import { fakeClock, fakeConfig, fakeX, fastUpstream, X_BEARER_TOKEN, xPosts } from '../testing.js';

const user: Target = { platform: 'microblog', user: 'fakeuser' };

describe('x sync', () => {
  let store: Store;
  let x: Awaited<ReturnType<typeof fakeX>>;
  const progress: string[] = [];
  const clock = fakeClock();
  const run = (targets: Target[], env: NodeJS.ProcessEnv = x.env()) =>
    runTargets(store.db, targets, {
      config: fakeConfig(undefined, undefined, env),
      clock,
      upstream: fastUpstream,
      onProgress: (key, message) => progress.push(`${key}: ${message}`),
    });
  const timeline = () => x.requests.filter((r) => r.path === '/2/users/1001/tweets');
  const count = async (table: 'microblog_messages' | 'microblog_users') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    store = await openTestStore();
    x = await fakeX();
    x.users.push(
      { id: '1001', username: 'FakeUser', name: 'Fake User', followers: ['1002', '1003'] },
      { id: '1002', username: 'replier', name: 'Replier', followers: [] },
      { id: '1003', username: 'fan', name: 'Fan', followers: [] },
    );
    x.posts.push(...xPosts(230, '1001', clock.now() - 60_000));
  });
  afterAll(async () => {
    await x.close();
    await store.close();
  });
  beforeEach(() => {
    x.requests.length = 0;
    clock.sleeps.length = 0;
  });

  it("a user's posts: the user looked up, then the timeline paged to the end; the newest post is the checkpoint", async () => {
    const [summary] = await run([user]);
    // the user, then 3 timeline pages
    expect(summary).toMatchObject({ key: 'microblog:user:fakeuser', pages: 4, stopped: 'caught-up' });
    expect(summary!.recordsNew).toBe(231);
    expect(x.requests.map((r) => r.path)).toEqual([
      '/2/users/by/username/fakeuser',
      '/2/users/1001/tweets',
      '/2/users/1001/tweets',
      '/2/users/1001/tweets',
    ]);
    expect(timeline()[0]?.query).toMatchObject({
      max_results: '100',
      'tweet.fields': 'created_at,public_metrics,conversation_id,referenced_tweets,attachments,author_id,note_tweet',
      expansions: 'author_id,attachments.media_keys',
    });
    expect(timeline().map((r) => r.query.pagination_token)).toEqual([undefined, '100', '200']);
    expect(
      timeline().every((r) => r.query.since_id === undefined && r.authorization === `Bearer ${X_BEARER_TOKEN}`),
    ).toBe(true);
    expect(await count('microblog_messages')).toBe(230);
    const newest = x.posts[0]!;
    const row = await store.db
      .selectFrom('microblog_messages')
      .selectAll()
      .where('id', '=', newest.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ author: 'FakeUser', text: 'post 230 & more' });
    expect((await readTargetState(store.db, 'microblog:user:fakeuser'))?.checkpoint).toEqual({ newest: newest.id });
  });

  it('a second run asks only for newer posts (since_id); a third fetches nothing', async () => {
    const newer = xPosts(2, '1001', clock.now(), 1_900_000_000_000_000_000n);
    x.posts.push(...newer);
    const [summary] = await run([user]);
    expect(summary).toMatchObject({ pages: 2, recordsNew: 2, stopped: 'caught-up' });
    expect(timeline().map((r) => r.query.since_id)).toEqual([x.posts[0]!.id]);
    x.requests.length = 0;
    const [again] = await run([user]);
    expect(again).toMatchObject({ pages: 1, recordsNew: 0, stopped: 'caught-up' });
    expect(timeline().map((r) => r.query.since_id)).toEqual([newer[0]!.id]);
    expect(await count('microblog_messages')).toBe(232);
  });

  it("a conversation's replies (recent search, next_token); a profile whose counts changed updates its row", async () => {
    const root = x.posts[5]!;
    const replies = xPosts(150, '1002', clock.now(), 2_000_000_000_000_000_000n).map((post) => ({
      ...post,
      conversationId: root.id,
    }));
    x.posts.push(...replies);
    const target: Target = { platform: 'microblog', conversation: root.id };
    const [summary] = await run([target]);
    expect(summary).toMatchObject({ key: `microblog:conversation:${root.id}`, pages: 2, recordsNew: 151 });
    const searches = x.requests.filter((r) => r.path === '/2/tweets/search/recent');
    expect(searches.map((r) => [r.query.query, r.query.next_token])).toEqual([
      [`conversation_id:${root.id}`, undefined],
      [`conversation_id:${root.id}`, '100'],
    ]);
    const reply = await store.db
      .selectFrom('microblog_messages')
      .selectAll()
      .where('id', '=', replies[0]!.id)
      .executeTakeFirstOrThrow();
    expect(reply).toMatchObject({ author: 'replier', reply_to_id: root.id });
    // a user's profile re-imported with new counts updates its row
    x.users[0]!.followers.push('1002');
    const [again] = await run([user]);
    expect(again).toMatchObject({ pages: 1, recordsNew: 0, recordsUpdated: 1 });
    const profile = await store.db
      .selectFrom('microblog_users')
      .selectAll()
      .where('id', '=', '1001')
      .executeTakeFirstOrThrow();
    expect(Number(profile.follower_count)).toBe(3);
  });

  it("a user's followers: imported as users", async () => {
    const [summary] = await run([{ platform: 'microblog', followers: 'fakeuser' }]);
    expect(summary).toMatchObject({ key: 'microblog:followers:fakeuser', pages: 2, stopped: 'refreshed' });
    expect(x.requests.at(-1)).toMatchObject({ path: '/2/users/1001/followers', query: { max_results: '1000' } });
    expect(await count('microblog_users')).toBe(3);
  });

  it('429 with Retry-After; a spent window (x-rate-limit-remaining 0) waits until x-rate-limit-reset (epoch seconds)', async () => {
    x.fail('/2/users/by/', { status: 429, headers: { 'retry-after': '5' } });
    const reset = Math.floor(clock.now() / 1000) + 60;
    x.fail('/2/users/1001/tweets', {
      status: 429,
      headers: { 'x-rate-limit-limit': '1500', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    const start = clock.now();
    const [summary] = await run([user]);
    expect(summary?.stopped).toBe('caught-up');
    // Retry-After, then the window's reset (no back-off on top)
    expect(clock.sleeps).toEqual([5_000, reset * 1000 - (start + 5_000)]);
    expect(progress).toContain('microblog:user:fakeuser: waiting 5.0 s (retry-after after 429)');
    expect(progress.some((line) => /waiting \d+\.\d s \(rate-limit after rate-limit remaining 0\)/.test(line))).toBe(
      true,
    );
  });

  it('a missing token names the variable; a wrong one fails without showing it; an unknown user says so', async () => {
    const [missing] = await run([user], {});
    expect(missing?.detail).toBe('x credentials are not configured: set SOCIALQUERY_X_BEARER_TOKEN');
    const [wrong] = await run([user], { ...x.env(), SOCIALQUERY_X_BEARER_TOKEN: 'wrong-token-999' });
    expect(wrong).toMatchObject({ stopped: 'error', detail: 'x: GET /users/by/username/fakeuser answered 401' });
    const [unknown] = await run([{ platform: 'microblog', user: 'nobody' }]);
    expect(unknown?.detail).toBe('x: no user nobody (GET /users/by/username/nobody found none)');
    const text = JSON.stringify(progress);
    for (const secret of [X_BEARER_TOKEN, 'wrong-token-999']) expect(text).not.toContain(secret);
  });
});
