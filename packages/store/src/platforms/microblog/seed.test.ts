import { microblogDemoSize } from './demo.js';
import type { Store } from '../../store.js';
import { openTestStore } from '../../testing.js';

/** The microblog demo set in a real store of the run's kind: idempotent, replaces itself, and the examples hold. */
describe('microblog demo in the store', () => {
  let store: Store;
  const now = new Date('2026-03-01T00:00:00.000Z');
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(() => store.close());

  const count = async (table: 'microblog_users' | 'microblog_messages' | 'microblog_follows') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({
    users: await count('microblog_users'),
    messages: await count('microblog_messages'),
    follows: await count('microblog_follows'),
  });

  it('seeds every row once; seeding again, at the same or another moment, leaves the same number of rows', async () => {
    const first = await store.seedDemo({ now, only: ['microblog'] });
    expect(first.rows).toEqual({ microblog: microblogDemoSize(1) });
    const once = await counts();
    expect(once.users + once.messages + once.follows).toBe(microblogDemoSize(1));
    const ids = await store.db.selectFrom('microblog_messages').select('id').orderBy('id').execute();

    await store.seedDemo({ now, only: ['microblog'] });
    expect(await counts()).toEqual(once);
    expect(await store.db.selectFrom('microblog_messages').select('id').orderBy('id').execute()).toEqual(ids);

    // message ids encode the creation time: another moment gives other ids, replacing the earlier ones
    const later = new Date(now.getTime() + 86_400_000);
    await store.seedDemo({ now: later, only: ['microblog'] });
    expect(await counts()).toEqual(once);
    const newest = await store.db
      .selectFrom('microblog_messages')
      .select((eb) => eb.fn.max('created_at').as('t'))
      .executeTakeFirstOrThrow();
    expect(Number(newest.t)).toBeGreaterThan(now.getTime());
    await store.seedDemo({ now, only: ['microblog'] });
    expect(await store.db.selectFrom('microblog_messages').select('id').orderBy('id').execute()).toEqual(ids);
  });

  it('finds examples: a user with at least 100 messages including replies and reposts, and a message with replies', async () => {
    const { microblog } = await store.examples();
    expect(microblog).toBeDefined();
    const { username, messageId } = microblog!;
    const mine = await store.db
      .selectFrom('microblog_messages')
      .select(['is_reply', 'is_repost'])
      .where('author_key', '=', username.toLowerCase())
      .execute();
    expect(mine.length).toBeGreaterThanOrEqual(100);
    expect(mine.some((m) => Number(m.is_reply) === 1)).toBe(true);
    expect(mine.some((m) => Number(m.is_repost) === 1)).toBe(true);
    const all = await store.microblog.userMessages({
      username,
      limit: 1000,
      includeReplies: true,
      includeReposts: true,
    });
    expect(all).toHaveLength(mine.length);
    expect(all.some((m) => m.isRepost && m.repostedMessage !== null)).toBe(true);

    const replies = await store.microblog.messageReplies({ messageId, limit: 100 });
    expect(replies.length).toBeGreaterThanOrEqual(50);
    const [parent] = await store.db
      .selectFrom('microblog_messages')
      .select('reply_count')
      .where('id', '=', messageId)
      .execute();
    expect(Number(parent!.reply_count)).toBeGreaterThanOrEqual(replies.length);
  }, 30_000);

  it('gives the most followed users over 1,000 followers, as their followerCount says', async () => {
    const [top] = await store.db
      .selectFrom('microblog_users')
      .selectAll()
      .orderBy('follower_count', 'desc')
      .orderBy('id')
      .limit(1)
      .execute();
    const followers = await store.microblog.userFollowers({ username: top!.username, limit: 1000 });
    expect(followers).toHaveLength(1000);
    expect(Number(top!.follower_count)).toBeGreaterThan(1000);
    const times = await store.db
      .selectFrom('microblog_follows')
      .select('followed_at')
      .where('user_key', '=', top!.username_key)
      .execute();
    expect(times).toHaveLength(Number(top!.follower_count));
  });
});
