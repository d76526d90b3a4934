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
  const count = async (table: 'microblog_messages' | 'microblog_users' | 'microblog_follows') =>
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
      'tweet.fields':
        'created_at,public_metrics,conversation_id,referenced_tweets,attachments,author_id,note_tweet,entities,lang,edit_history_tweet_ids,in_reply_to_user_id,possibly_sensitive,reply_settings',
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

  it("a user's followers: imported as users, and their follows in X's order (newest first)", async () => {
    x.users.push(
      { id: '1004', username: 'early', name: 'Early', followers: [] },
      { id: '1005', username: 'later', name: 'Later', followers: [] },
      { id: '1006', username: 'newest', name: 'Newest', followers: [] },
    );
    const followed = x.users[0]!;
    // newest first, as X lists them
    followed.followers = ['1005', '1003', '1002', '1004'];
    const target: Target = { platform: 'microblog', followers: 'fakeuser' };
    const listing = async () =>
      (await store.microblog.userFollowers({ username: 'FakeUser', limit: 100 })).map((follow) => [
        follow.follower?.username,
        follow.position.followedAt,
      ]);
    const first = clock.now();
    const [summary] = await run([target]);
    expect(summary).toMatchObject({ key: 'microblog:followers:fakeuser', pages: 2, stopped: 'refreshed' });
    expect(x.requests.map((r) => r.path)).toEqual(['/2/users/by/username/fakeuser', '/2/users/1001/followers']);
    expect(x.requests.at(-1)).toMatchObject({ query: { max_results: '1000' } });
    // a follow first seen: the run's time minus its place in X's list
    expect(await listing()).toEqual([
      ['later', first],
      ['fan', first - 1],
      ['replier', first - 2],
      ['early', first - 3],
    ]);

    // a day later: one new follower (first in X's list); `replier` unfollowed
    clock.advance(86_400_000);
    followed.followers = ['1006', '1005', '1003', '1004'];
    const second = clock.now();
    const [again] = await run([target]);
    expect(again).toMatchObject({ stopped: 'refreshed', recordsNew: 1 });
    // the new one first; the others keep their times (no reorder, no duplicate); the unfollowed kept (an archive)
    expect(await listing()).toEqual([
      ['newest', second],
      ['later', first],
      ['fan', first - 1],
      ['replier', first - 2],
      ['early', first - 3],
    ]);
    clock.advance(60_000);
    const [third] = await run([target]);
    expect(third).toMatchObject({ recordsNew: 0 });
    expect((await listing()).map(([, at]) => at)).toEqual([second, first, first - 1, first - 2, first - 3]);
    expect(await count('microblog_follows')).toBe(5);
  });

  it("followers over several pages: each page's offset continues the list's order", async () => {
    const fans = Array.from({ length: 1001 }, (_, i) => ({
      id: String(50_000 + i),
      username: `fan${i}`,
      name: `Fan ${i}`,
      followers: [],
    }));
    x.users.push({ id: '3001', username: 'popular', name: 'Popular', followers: fans.map((f) => f.id) }, ...fans);
    const at = clock.now();
    const [summary] = await run([{ platform: 'microblog', followers: 'popular', pages: 2 }]);
    expect(summary).toMatchObject({ pages: 3, recordsNew: 1002 });
    expect(x.requests.filter((r) => r.path === '/2/users/3001/followers').map((r) => r.query.pagination_token)).toEqual(
      [undefined, '1000'],
    );
    const listed = await store.microblog.userFollowers({ username: 'popular', limit: 1001 });
    expect(listed.map((follow) => follow.follower?.username)).toEqual(fans.map((f) => f.username));
    expect(listed.slice(998).map((follow) => follow.position.followedAt)).toEqual([at - 998, at - 999, at - 1000]);
  });

  it('a backlog longer than --pages: later runs read what is new, then go on where the last stopped, each post once', async () => {
    x.users.push({ id: '2001', username: 'backlogger', name: 'Backlogger', followers: [] });
    // 250 posts: three pages of 100
    const backlog = xPosts(250, '2001', clock.now() - 3_600_000, 1_700_000_000_000_000_000n);
    x.posts.push(...backlog);
    const target: Target = { platform: 'microblog', user: 'backlogger', pages: 1 };
    const key = 'microblog:user:backlogger';
    const tweets = () =>
      x.requests
        .filter((r) => r.path === '/2/users/2001/tweets')
        .map((r) => [r.query.since_id, r.query.until_id, r.query.pagination_token]);
    const stored = async () =>
      Number(
        (
          await store.db
            .selectFrom('microblog_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('author_key', '=', 'backlogger')
            .executeTakeFirstOrThrow()
        ).n,
      );

    const [first] = await run([target]);
    expect(first).toMatchObject({ stopped: 'page-limit', recordsNew: 101 });
    expect(tweets()).toEqual([[undefined, undefined, undefined]]);
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({
      newest: backlog[0]!.id,
      backlog: [{ until: backlog[99]!.id }],
    });

    // 5 new posts, then: the new ones (since the last top), then the backlog below the oldest stored
    const newer = xPosts(5, '2001', clock.now(), 1_750_000_000_000_000_000n);
    x.posts.push(...newer);
    x.requests.length = 0;
    const [second] = await run([target]);
    expect(tweets()).toEqual([
      [backlog[0]!.id, undefined, undefined],
      [undefined, backlog[99]!.id, undefined],
    ]);
    // rows already stored: the profile and each page's author (includes.users), no post: none is read twice
    expect(second).toMatchObject({ stopped: 'page-limit', recordsNew: 105, recordsUpdated: 0, recordsUnchanged: 3 });
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({
      newest: newer[0]!.id,
      backlog: [{ until: backlog[199]!.id }],
    });

    const newest = xPosts(3, '2001', clock.now() + 60_000, 1_760_000_000_000_000_000n);
    x.posts.push(...newest);
    x.requests.length = 0;
    const [third] = await run([target]);
    expect(tweets()).toEqual([
      [newer[0]!.id, undefined, undefined],
      [undefined, backlog[199]!.id, undefined],
    ]);
    expect(third).toMatchObject({ stopped: 'caught-up', recordsNew: 53, recordsUpdated: 0, recordsUnchanged: 3 });
    // the backlog read to its end: a plain checkpoint again
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({ newest: newest[0]!.id });
    expect(await stored()).toBe(258);

    x.requests.length = 0;
    const [fourth] = await run([target]);
    expect(fourth).toMatchObject({ stopped: 'caught-up', recordsNew: 0 });
    expect(tweets()).toEqual([[newest[0]!.id, undefined, undefined]]);
  });

  it("a conversation's backlog: two gaps (a new walk cut short too) are each read once, the newest gap first", async () => {
    const root = x.posts.find((post) => post.authorId === '2001')!;
    const replies = xPosts(150, '1002', clock.now(), 2_100_000_000_000_000_000n).map((post) => ({
      ...post,
      conversationId: root.id,
    }));
    x.posts.push(...replies);
    const target: Target = { platform: 'microblog', conversation: root.id, pages: 1 };
    const key = `microblog:conversation:${root.id}`;
    const searches = () =>
      x.requests
        .filter((r) => r.path === '/2/tweets/search/recent')
        .map((r) => [r.query.since_id, r.query.until_id, r.query.next_token]);
    const [first] = await run([target]);
    expect(first).toMatchObject({ stopped: 'page-limit', recordsNew: 100 });
    // 120 more before the next run: its new walk is cut short as well, leaving a second, newer gap
    const more = xPosts(120, '1002', clock.now() + 60_000, 2_200_000_000_000_000_000n).map((post) => ({
      ...post,
      conversationId: root.id,
    }));
    x.posts.push(...more);
    x.requests.length = 0;
    const [second] = await run([target]);
    expect(searches()).toEqual([
      [replies[0]!.id, undefined, undefined],
      [undefined, replies[99]!.id, undefined],
    ]);
    expect(second).toMatchObject({ stopped: 'page-limit', recordsNew: 150, recordsUpdated: 0, recordsUnchanged: 2 });
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({
      newest: more[0]!.id,
      backlog: [{ until: more[99]!.id, since: replies[0]!.id }],
    });
    x.requests.length = 0;
    const [third] = await run([target]);
    expect(searches()).toEqual([
      [more[0]!.id, undefined, undefined],
      [replies[0]!.id, more[99]!.id, undefined],
    ]);
    expect(third).toMatchObject({ stopped: 'caught-up', recordsNew: 20, recordsUpdated: 0, recordsUnchanged: 1 });
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({ newest: more[0]!.id });
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
    expect(wrong).toMatchObject({
      stopped: 'error',
      detail: 'x: GET /users/by/username/fakeuser answered 401: Unauthorized',
    });
    const [unknown] = await run([{ platform: 'microblog', user: 'nobody' }]);
    expect(unknown?.detail).toBe('x: no user nobody (GET /users/by/username/nobody found none)');
    const text = JSON.stringify(progress);
    for (const secret of [X_BEARER_TOKEN, 'wrong-token-999']) expect(text).not.toContain(secret);
  });
});

describe('x sync: mentions and recent search', () => {
  let store: Store;
  let x: Awaited<ReturnType<typeof fakeX>>;
  const clock = fakeClock();
  const run = (targets: Target[]) =>
    runTargets(store.db, targets, { config: fakeConfig(undefined, undefined, x.env()), clock, upstream: fastUpstream });
  const stored = async () =>
    (await store.db.selectFrom('microblog_messages').select(['id', 'text']).orderBy('id').execute()).map(
      (row) => row.text,
    );

  beforeAll(async () => {
    store = await openTestStore();
    x = await fakeX();
    x.users.push(
      { id: '2001', username: 'Curator', name: 'Curator', followers: [] },
      { id: '2002', username: 'talker', name: 'Talker', followers: [] },
    );
    const chatter = xPosts(130, '2002', clock.now() - 60_000).map((post, i) => ({
      ...post,
      text: i % 2 === 0 ? `hello @curator, zebrafish ${i}` : `nothing to see ${i}`,
    }));
    x.posts.push(...chatter);
  });
  afterAll(async () => {
    await x.close();
    await store.close();
  });
  beforeEach(() => {
    x.requests.length = 0;
  });

  it("a user's mentions: looked up, paged newest first; the next run asks only for newer ones", async () => {
    const target: Target = { platform: 'microblog', mentions: 'Curator' };
    const [first] = await run([target]);
    // the user's profile, then one page: the 65 posts mentioning it and their author
    expect(first).toMatchObject({ key: 'microblog:mentions:curator', pages: 2, recordsNew: 1 + 65 + 1 });
    expect(x.requests.map((r) => r.path)).toEqual(['/2/users/by/username/Curator', '/2/users/2001/mentions']);
    expect(x.requests[1]!.query).toMatchObject({ max_results: '100', expansions: 'author_id,attachments.media_keys' });
    expect((await stored()).every((text) => text.startsWith('hello @curator'))).toBe(true);

    x.posts.push({ ...xPosts(1, '2002', clock.now(), 1_900_000_000_000_000_000n)[0]!, text: 'again @Curator' });
    x.requests.length = 0;
    const [second] = await run([target]);
    expect(second).toMatchObject({ recordsNew: 1, stopped: 'caught-up' });
    expect(x.requests[1]!.query.since_id).toBe(String(1_800_000_000_000_000_000n + 130n));
  });

  it('a recent search: the query as given, next_token paging, the newest post the checkpoint', async () => {
    const target: Target = { platform: 'microblog', search: 'nothing to see', pages: 1 };
    const [first] = await run([target]);
    // 65 matches (and their author, stored by the mentions' run) fit one page of 100
    expect(first).toMatchObject({ key: 'microblog:search:nothing to see', pages: 1, recordsNew: 65 });
    expect(first).toMatchObject({ recordsUnchanged: 1 });
    expect(x.requests).toEqual([
      expect.objectContaining({
        path: '/2/tweets/search/recent',
        query: expect.objectContaining({ query: 'nothing to see', max_results: '100' }),
      }),
    ]);
    const checkpoint = (await readTargetState(store.db, 'microblog:search:nothing to see'))?.checkpoint;
    expect(checkpoint).toEqual({ newest: String(1_800_000_000_000_000_000n + 129n) });
    x.requests.length = 0;
    const [again] = await run([target]);
    expect(again).toMatchObject({ pages: 0, recordsNew: 0, stopped: 'caught-up' });
    expect(x.requests[0]!.query.since_id).toBe(String(1_800_000_000_000_000_000n + 129n));
  });
});
