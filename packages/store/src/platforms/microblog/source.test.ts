import type { Message } from '@socialquery/microblog';
import type { FollowEntry, UserMessagesQuery } from '@socialquery/microblog/server';
import { CompiledQuery, type Kysely } from 'kysely';
import {
  type MicroblogMessageInput,
  type MicroblogUserInput,
  toMicroblogFollowRow,
  toMicroblogMessageRow,
  toMicroblogUserRow,
  upsertMicroblogFollowRows,
  upsertMicroblogMessageRows,
  upsertMicroblogUserRows,
} from './rows.js';
import type { Database } from '../../schema.js';
import { testStoreKind } from '../../testing.js';
import { openPlannedDb, type PlannedDb, planPatterns } from '../query-plans.case.js';
import { createSqlMicroblogSource } from './source.js';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const MINUTE = 60_000;
let db: Kysely<Database>;
let planned: PlannedDb;
const kind = testStoreKind();

/** How each dialect's plan shows an index range scan, a full table scan, and a sort step (the index did not give the order). */
const planRules = {
  indexRange: (index: string) => planPatterns[kind].indexRange(index),
  // f and u are the aliases of the follows and users tables in the followers query
  tableScan: kind === 'sqlite' ? /SCAN (microblog_|f\b|u\b)/ : planPatterns.postgres.tableScan('microblog_'),
  sortStep: kind === 'sqlite' ? /USE TEMP B-TREE/ : planPatterns.postgres.sortStep,
};

/** The primary-key and unique-constraint indexes, which each dialect names on its own. */
const uniqueIndex = {
  sqlite: {
    messageId: 'sqlite_autoindex_microblog_messages_1',
    userKey: 'sqlite_autoindex_microblog_users_2',
    userId: 'sqlite_autoindex_microblog_users_1',
  },
  postgres: {
    messageId: 'microblog_messages_pkey',
    userKey: 'microblog_users_username_key_key',
    userId: 'microblog_users_pkey',
  },
}[kind];

const user = (index: number, username: string, extra: Partial<MicroblogUserInput> = {}): MicroblogUserInput => ({
  id: String(2_000_000_000 + index),
  username,
  displayName: `Name ${index}`,
  bio: index % 2 ? `bio ${index}` : '',
  followerCount: index * 3,
  followingCount: index * 2,
  messageCount: index,
  likeCount: index * 5,
  isVerified: index % 3 === 0,
  isProtected: index % 5 === 0,
  profileImageUrl: `https://img.example.org/${index}.jpg`,
  createdAt: NOW - 400 * 86_400_000 + index,
  ...extra,
});

const message = (
  id: string,
  author: string,
  createdAt: number,
  extra: Partial<MicroblogMessageInput> = {},
): MicroblogMessageInput => ({
  id,
  author,
  text: `text of ${id}`,
  likeCount: Number(id.slice(-3)) % 97,
  repostCount: 1,
  replyCount: 2,
  quoteCount: 3,
  viewCount: 3_000_000_000 + (Number(id.slice(-4)) % 1000),
  createdAt,
  replyToId: null,
  repostedId: null,
  url: `https://microblog.example.org/${author}/status/${id}`,
  media: [],
  ...extra,
});

/**
 * Fixture. "Alice" has 120 messages whose ids have 1 to 20 digits (so text order and numeric order
 * disagree), three per timestamp; every 4th is a reply to one of Bob's, every 5th a repost of one of
 * Bob's (one of them of a message that is not stored). Bob's message 777 has 30 replies from
 * 12 authors, and some of Alice's. "Carol" has 300 followers, two following at each millisecond. 2,000 more
 * messages by 20 other authors and 3,000 more accounts fill the tables, so that the plans are the ones a real store gets.
 */
const aliceIds: string[] = [];
const aliceStored: MicroblogMessageInput[] = [];
const bobIds = ['777', '778', '1000000000000000001', '9', '10'];
const bob = bobIds.map((id, i) =>
  message(id, 'Bob', NOW - (10 + i) * MINUTE, { media: i === 0 ? [{ type: 'photo', url: 'https://img/1.jpg' }] : [] }),
);
const allMessages: MicroblogMessageInput[] = [];

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;

  const users = [user(1, 'Alice'), user(2, 'Bob'), user(3, 'Carol'), user(4, 'Loner')];
  for (let i = 0; i < 3000; i++) users.push(user(100 + i, `fan${i}`));
  for (let i = 0; i < users.length; i += 400)
    await upsertMicroblogUserRows(db, users.slice(i, i + 400).map(toMicroblogUserRow));

  const messages = allMessages;
  messages.push(...bob);
  for (let i = 0; i < 120; i++) {
    // 1..20 digits, increasing numerically with i
    const digits = 1 + Math.floor((i * 19) / 119);
    const id = (10n ** BigInt(digits - 1) + BigInt(i)).toString();
    aliceIds.push(id);
    const extra: Partial<MicroblogMessageInput> =
      i % 4 === 1
        ? { replyToId: bobIds[i % bobIds.length]! }
        : i % 5 === 2
          ? { repostedId: i === 7 ? '55555' : bobIds[i % bobIds.length]! }
          : {};
    const m = message(id, i % 2 ? 'ALICE' : 'Alice', NOW - Math.floor(i / 3) * MINUTE, extra);
    aliceStored.push(m);
    messages.push(m);
  }
  for (let i = 0; i < 30; i++) {
    messages.push(
      message(String(500_000 + (i % 2 ? 40 - i : i) * 1_000_003), `fan${i % 12}`, NOW - 5 * MINUTE, {
        replyToId: '777',
      }),
    );
  }
  for (let i = 0; i < 2000; i++) {
    messages.push(
      message(
        String(3_000_000_000_000n + BigInt(i) * 7919n),
        `filler${i % 20}`,
        NOW - i * MINUTE,
        i % 3 ? {} : { replyToId: String(3_000_000_000_000n + BigInt(i + 1) * 7919n) },
      ),
    );
  }
  // insert in several statements (parameter limits)
  const rows = messages.map(toMicroblogMessageRow);
  for (let i = 0; i < rows.length; i += 400) await upsertMicroblogMessageRows(db, rows.slice(i, i + 400));

  const follows = [];
  for (let i = 0; i < 300; i++) {
    // pairs of followers share a millisecond: ties go to the follower id, descending
    follows.push({
      userId: '2000000003',
      username: 'Carol',
      followerId: String(2_000_000_100 + i),
      followedAt: NOW - Math.floor(i / 2) * MINUTE,
    });
  }
  // Bob: one follower whose account is not stored
  follows.push({ userId: '2000000002', username: 'Bob', followerId: '2999999999', followedAt: NOW });
  follows.push({ userId: '2000000002', username: 'Bob', followerId: '2000000100', followedAt: NOW - MINUTE });
  for (let u = 0; u < 60; u++) {
    for (let f = 0; f < 40; f++) {
      if (f !== u)
        follows.push({
          userId: String(2_000_000_100 + u),
          username: `fan${u}`,
          followerId: String(2_000_000_100 + f),
          followedAt: NOW - (u * 40 + f) * MINUTE,
        });
    }
  }
  for (let i = 0; i < follows.length; i += 400)
    await upsertMicroblogFollowRows(db, follows.slice(i, i + 400).map(toMicroblogFollowRow));
  await db.executeQuery(CompiledQuery.raw('ANALYZE'));
});
afterAll(() => planned.close());

const planOf = (run: () => Promise<unknown>) => planned.plansOf(run);

const source = () => createSqlMicroblogSource(db);
const big = (id: string) => BigInt(id);
const newestFirst = (a: string, b: string) => (big(b) > big(a) ? 1 : big(b) < big(a) ? -1 : 0);
const isReply = (m: MicroblogMessageInput) => m.replyToId !== null;
const isRepost = (m: MicroblogMessageInput) => m.repostedId !== null;
/** The accounts of a followers listing's entries, as the answer shows them (a follow without a stored account left out). */
const accountsOf = (entries: FollowEntry[]) => entries.flatMap((entry) => (entry.follower ? [entry.follower] : []));

/** Alice's ids under a filter, newest first, computed here from the fixture. */
function expectedAlice(query: Omit<UserMessagesQuery, 'username' | 'limit'>): string[] {
  return aliceStored
    .filter((m) => (query.includeReplies || !isReply(m)) && (query.includeReposts || !isRepost(m)))
    .filter(
      (m) =>
        (query.sinceId === undefined || big(m.id) > big(query.sinceId)) &&
        (query.maxId === undefined || big(m.id) < big(query.maxId)),
    )
    .map((m) => m.id)
    .sort(newestFirst);
}

describe('SQL microblog source: query plans', () => {
  const filters = [
    { includeReplies: true, includeReposts: true, index: 'microblog_messages_author' },
    { includeReplies: false, includeReposts: true, index: 'microblog_messages_author_reply' },
    { includeReplies: true, includeReposts: false, index: 'microblog_messages_author_repost' },
    { includeReplies: false, includeReposts: false, index: 'microblog_messages_author_reply_repost' },
  ];

  /**
   * Each filter has its own index (SQLite, which plans by the constraints, always takes it). An
   * index on fewer of the flags also gives the order, checking the other flag on each row:
   * PostgreSQL may prefer one when its statistics say few rows fail that check.
   */
  it.each(filters)(
    'serves user messages (replies $includeReplies, reposts $includeReposts) from $index, in order, with and without bounds',
    async ({ index, ...flags }) => {
      const ordered = filters
        .filter((f) => (f.includeReplies || !flags.includeReplies) && (f.includeReposts || !flags.includeReposts))
        .map((f) => f.index);
      const accepted = kind === 'sqlite' ? [index] : ordered;
      for (const bounds of [{}, { maxId: aliceIds[100]! }, { sinceId: aliceIds[3]!, maxId: aliceIds[90]! }]) {
        const [listing] = await planOf(() =>
          source().userMessages({ username: 'alice', limit: 20, ...flags, ...bounds }),
        );
        const plan = listing!.join('\n');
        expect(accepted.some((name) => planRules.indexRange(name).test(plan))).toBe(true);
        expect(plan).not.toMatch(planRules.tableScan);
        expect(plan).not.toMatch(planRules.sortStep);
      }
    },
  );

  it('fetches the reposted records of a page in one more query, by key', async () => {
    const plans = await planOf(() =>
      source().userMessages({ username: 'alice', limit: 40, includeReplies: true, includeReposts: true }),
    );
    expect(plans).toHaveLength(2);
    expect(plans[1]!.join('\n')).toMatch(planRules.indexRange(uniqueIndex.messageId));
    expect(plans.flat().join('\n')).not.toMatch(planRules.tableScan);
  });

  it('looks messages up by id in one primary-key query, and their reposted records in one more, by key', async () => {
    const ids = [aliceIds[2]!, aliceIds[7]!, aliceIds[12]!, '777', 'abc', '0777'];
    const plans = await planOf(() => source().messagesByIds(ids));
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan.join('\n')).toMatch(planRules.indexRange(uniqueIndex.messageId));
      expect(plan.join('\n')).not.toMatch(planRules.tableScan);
    }
    // no repost among them: no second query
    expect(await planOf(() => source().messagesByIds(['777', '778']))).toHaveLength(1);
  });

  it('serves replies, followers (then their accounts, by key) and the existence checks from indexes, in order', async () => {
    const plans = await planOf(async () => {
      await source().messageReplies({ messageId: '777', limit: 20 });
      await source().userFollowers({ username: 'carol', limit: 20 });
      await source().userExists('carol');
      await source().messageExists('777');
      // the next pages: after a position, still one range of the same indexes
      await source().messageReplies({ messageId: '777', startAfter: '500000000', limit: 20 });
      await source().userFollowers({
        username: 'carol',
        after: { followedAt: NOW - 50 * MINUTE, followerId: '2000000200' },
        limit: 20,
      });
    });
    expect(plans).toHaveLength(8);
    expect(plans[5]!.join('\n')).toMatch(planRules.indexRange('microblog_messages_reply_to'));
    expect(plans[6]!.join('\n')).toMatch(planRules.indexRange('microblog_follows_user_recent'));
    expect(plans[0]!.join('\n')).toMatch(planRules.indexRange('microblog_messages_reply_to'));
    expect(plans[1]!.join('\n')).toMatch(planRules.indexRange('microblog_follows_user_recent'));
    expect(plans[2]!.join('\n')).toMatch(planRules.indexRange(uniqueIndex.userId));
    expect(plans[3]!.join('\n')).toMatch(planRules.indexRange(uniqueIndex.userKey));
    expect(plans[4]!.join('\n')).toMatch(planRules.indexRange(uniqueIndex.messageId));
    for (const plan of plans) {
      expect(plan.join('\n')).not.toMatch(planRules.tableScan);
      expect(plan.join('\n')).not.toMatch(planRules.sortStep);
    }
  });
});

describe('microblog rows', () => {
  it('takes only canonical decimal ids (one spelling per id, so that lookups by key find it)', () => {
    for (const bad of ['007', '', 'abc', '-1', '1.5', '123456789012345678901']) {
      expect(() => toMicroblogMessageRow(message(bad, 'x', NOW))).toThrow(RangeError);
      expect(() => toMicroblogMessageRow(message('1', 'x', NOW, { replyToId: bad }))).toThrow(RangeError);
      expect(() => toMicroblogMessageRow(message('1', 'x', NOW, { repostedId: bad }))).toThrow(RangeError);
    }
    expect(toMicroblogMessageRow(message('0', 'X', NOW, { replyToId: '99999999999999999999' }))).toMatchObject({
      id: '0',
      id_key: '00000000000000000000',
      author_key: 'x',
      is_reply: 1,
      reply_to_id: '99999999999999999999',
      is_repost: 0,
      reposted_id: null,
    });
  });
});

describe('SQL microblog source: semantics', () => {
  it("lists a user's messages newest first by numeric id, case-insensitively, under every filter", async () => {
    for (const includeReplies of [true, false]) {
      for (const includeReposts of [true, false]) {
        const got = await source().userMessages({ username: 'aLiCe', limit: 200, includeReplies, includeReposts });
        expect(got.map((m) => m.id)).toEqual(expectedAlice({ includeReplies, includeReposts }));
      }
    }
    expect(aliceIds.some((id) => id.length === 1) && aliceIds.some((id) => id.length === 20)).toBe(true);
  });

  it('keeps sinceId and maxId exclusive, compared numerically (beyond 2^53)', async () => {
    const all = { includeReplies: true, includeReposts: true };
    const ids = expectedAlice(all);
    const [hi, lo] = [ids[10]!, ids[100]!];
    const got = await source().userMessages({ username: 'alice', limit: 200, ...all, sinceId: lo, maxId: hi });
    expect(got.map((m) => m.id)).toEqual(ids.slice(11, 100));
    // '9' < '10' numerically though not as text; a 19-digit bound sits between 18- and 20-digit ids
    const nine = await source().userMessages({ username: 'alice', limit: 200, ...all, sinceId: '9' });
    expect(nine.map((m) => m.id)).toEqual(ids.filter((id) => big(id) > 9n));
    const mid = await source().userMessages({
      username: 'alice',
      limit: 200,
      ...all,
      maxId: '5000000000000000000',
      sinceId: '099',
    });
    expect(mid.map((m) => m.id)).toEqual(ids.filter((id) => big(id) < 5_000_000_000_000_000_000n && big(id) > 99n));
    expect(mid.length).toBeGreaterThan(10);
  });

  it('pages by maxId = the last id exactly once, in order, though messages share timestamps', async () => {
    for (const flags of [
      { includeReplies: true, includeReposts: true },
      { includeReplies: false, includeReposts: false },
    ]) {
      const seen: string[] = [];
      let maxId: string | undefined;
      for (let page = 0; page < 100; page++) {
        const got = await source().userMessages({ username: 'alice', limit: 7, ...flags, ...(maxId ? { maxId } : {}) });
        if (got.length === 0) break;
        seen.push(...got.map((m) => m.id));
        maxId = got.at(-1)!.id;
      }
      expect(seen).toEqual(expectedAlice(flags));
    }
  });

  it('returns every field as stored; a repost carries its reposted record (whose repostedMessage is null)', async () => {
    const got = await source().userMessages({
      username: 'alice',
      limit: 200,
      includeReplies: true,
      includeReposts: true,
    });
    const byId = new Map(got.map((m) => [m.id, m]));
    const plain = byId.get(aliceIds[0]!)!;
    expect(plain).toEqual({
      id: aliceIds[0]!,
      text: `text of ${aliceIds[0]}`,
      author: 'Alice',
      likeCount: Number(aliceIds[0]!.slice(-3)) % 97,
      repostCount: 1,
      replyCount: 2,
      quoteCount: 3,
      viewCount: 3_000_000_000 + (Number(aliceIds[0]!.slice(-4)) % 1000),
      createdAt: new Date(NOW).toISOString(),
      isRepost: false,
      repostedMessage: null,
      url: `https://microblog.example.org/Alice/status/${aliceIds[0]}`,
      media: [],
    } satisfies Message);
    const reposts = aliceStored.filter(isRepost);
    expect(reposts.length).toBeGreaterThan(10);
    for (const stored of reposts) {
      const m = byId.get(stored.id)!;
      expect(m.isRepost).toBe(true);
      const original = bob.find((b) => b.id === stored.repostedId);
      if (!original) {
        expect(m.repostedMessage).toBeNull(); // the reposted message is not in the store
        continue;
      }
      expect(m.repostedMessage).toEqual({
        id: original.id,
        text: original.text,
        author: 'Bob',
        likeCount: original.likeCount,
        repostCount: 1,
        replyCount: 2,
        quoteCount: 3,
        viewCount: original.viewCount,
        createdAt: new Date(original.createdAt).toISOString(),
        isRepost: false,
        repostedMessage: null,
        url: original.url,
        media: original.media,
      });
    }
    expect(got.filter((m) => !m.isRepost).every((m) => m.repostedMessage === null)).toBe(true);
    expect(byId.get(aliceIds[1]!)).toMatchObject({ author: 'ALICE', isRepost: false, repostedMessage: null });
  });

  it('lists direct replies oldest first by numeric id, up to limit; a leading-zero id names the same message', async () => {
    const expected = allMessages
      .filter((m) => m.replyToId === '777')
      .map((m) => m.id)
      .sort(newestFirst)
      .reverse();
    expect(expected.length).toBeGreaterThan(30);
    expect((await source().messageReplies({ messageId: '777', limit: 100 })).map((m) => m.id)).toEqual(expected);
    expect((await source().messageReplies({ messageId: '000777', limit: 5 })).map((m) => m.id)).toEqual(
      expected.slice(0, 5),
    );
    expect(await source().messageReplies({ messageId: '778', limit: 100 })).toEqual(
      expect.arrayContaining([expect.objectContaining({ author: expect.stringMatching(/^alice$/i) })]),
    );
    expect(await source().messageReplies({ messageId: aliceIds[0]!, limit: 100 })).toEqual([]);
  });

  it('lists followers most recent first, ties by follower id descending, with every field', async () => {
    const entries = await source().userFollowers({ username: 'CAROL', limit: 1000 });
    const got = accountsOf(entries);
    expect(entries.map((entry) => entry.position.followerId)).toEqual(got.map((f) => f.id));
    expect(got.map((f) => f.id)).toEqual(
      Array.from({ length: 300 }, (_, i) => i)
        .sort((a, b) => Math.floor(a / 2) - Math.floor(b / 2) || b - a)
        .map((i) => String(2_000_000_100 + i)),
    );
    expect(got[1]).toEqual({
      id: '2000000100',
      username: 'fan0',
      displayName: 'Name 100',
      bio: '',
      followerCount: 300,
      followingCount: 200,
      messageCount: 100,
      likeCount: 500,
      isVerified: false,
      isProtected: true,
      profileImageUrl: 'https://img.example.org/100.jpg',
      createdAt: new Date(NOW - 400 * 86_400_000 + 100).toISOString(),
    });
    expect(entries[1]!.position).toEqual({ followedAt: NOW, followerId: '2000000100' });
    expect(accountsOf(await source().userFollowers({ username: 'carol', limit: 3 })).map((f) => f.id)).toEqual([
      '2000000101',
      '2000000100',
      '2000000103',
    ]);
    expect(await source().userFollowers({ username: 'loner', limit: 10 })).toEqual([]);
    // a follow whose account is not in the store has no follower, yet keeps its place in the listing
    const bobs = await source().userFollowers({ username: 'bob', limit: 10 });
    expect(bobs.map((entry) => [entry.position.followerId, entry.follower?.username])).toEqual([
      ['2999999999', undefined],
      ['2000000100', 'fan0'],
    ]);
  });

  it('pages replies by startAfter and followers by their position (keyset): the whole listing, nothing skipped or repeated', async () => {
    const replies = (await source().messageReplies({ messageId: '777', limit: 100 })).map((m) => m.id);
    expect(replies.length).toBeGreaterThan(3);
    const walkedReplies: string[] = [];
    for (
      let page = await source().messageReplies({ messageId: '777', limit: 3 });
      page.length > 0;
      page = await source().messageReplies({ messageId: '777', limit: 3, startAfter: page.at(-1)!.id })
    )
      walkedReplies.push(...page.map((m) => m.id));
    expect(walkedReplies).toEqual(replies);
    // followers tie on followed_at (two per millisecond): the position is (followed_at, follower id),
    // and pages of 3 end between the two of a pair half the time
    for (const [username, size] of [
      ['carol', 3],
      ['bob', 1],
    ] as const) {
      const followers = (await source().userFollowers({ username, limit: 1000 })).map((e) => e.position.followerId);
      expect(followers.length).toBeGreaterThan(1);
      const walked: string[] = [];
      for (
        let page = await source().userFollowers({ username, limit: size });
        page.length > 0;
        page = await source().userFollowers({ username, limit: size, after: page.at(-1)!.position })
      )
        walked.push(...page.map((e) => e.position.followerId));
      expect(walked).toEqual(followers);
    }
  });

  it('looks messages up by their exact ids, rendered as the listing renders them', async () => {
    const listing = await source().userMessages({
      username: 'alice',
      limit: 200,
      includeReplies: true,
      includeReposts: true,
    });
    const wanted = listing.filter((_, i) => i % 7 === 0);
    expect(wanted.some((m) => m.isRepost && m.repostedMessage !== null)).toBe(true);
    const got = await source().messagesByIds([...wanted.map((m) => m.id), '55555', 'abc', '0777', ' 777']);
    const byId = new Map(got.map((m) => [m.id, m]));
    expect(got).toHaveLength(wanted.length);
    for (const m of wanted) expect(byId.get(m.id)).toEqual(m);
    // a repost whose reposted message is not stored, and ids beyond 2^53
    const orphan = aliceStored.find((m) => m.repostedId === '55555')!;
    expect(await source().messagesByIds([orphan.id, '1000000000000000001'])).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: orphan.id, isRepost: true, repostedMessage: null }),
        expect.objectContaining({ id: '1000000000000000001' }),
      ]),
    );
    expect(await source().messagesByIds([])).toEqual([]);
  });

  it('tells known from unknown users and messages', async () => {
    expect(await source().userExists('LONER')).toBe(true);
    expect(await source().userExists('nobody')).toBe(false);
    expect(await source().messageExists('777')).toBe(true);
    expect(await source().messageExists('0777')).toBe(true);
    expect(await source().messageExists('55555')).toBe(false);
    expect(
      await source().userMessages({ username: 'loner', limit: 10, includeReplies: true, includeReposts: true }),
    ).toEqual([]);
  });
});

describe('SQL microblog source: time windows (after, before: exclusive, on createdAt)', () => {
  const show = (name: string, plan: string[]) => {
    if (process.env.SHOW_PLANS) console.log(`${kind} ${name}:\n  ${plan.join('\n  ')}`);
  };
  // Alice's messages come three to a timestamp, NOW − k minutes for k = 0…39, and her ids grow as
  // her messages get older: the window is on createdAt, the order and the id bounds on ids
  const window = { after: new Date(NOW - 30 * MINUTE), before: new Date(NOW - 5 * MINUTE) };
  const inWindow = (m: MicroblogMessageInput) => m.createdAt > NOW - 30 * MINUTE && m.createdAt < NOW - 5 * MINUTE;
  const flagSets = [
    { includeReplies: true, includeReposts: true },
    { includeReplies: false, includeReposts: true },
    { includeReplies: true, includeReposts: false },
    { includeReplies: false, includeReposts: false },
  ];

  it.each(flagSets)(
    "walks a user's messages strictly inside the window exactly once (replies $includeReplies, reposts $includeReposts)",
    async (flags) => {
      const expected = aliceStored
        .filter((m) => inWindow(m) && (flags.includeReplies || !isReply(m)) && (flags.includeReposts || !isRepost(m)))
        .map((m) => m.id)
        .sort(newestFirst);
      expect(expected.length).toBeGreaterThan(20);
      const seen: string[] = [];
      let maxId: string | undefined;
      for (let page = 0; page < 100; page++) {
        const got = await source().userMessages({
          username: 'alice',
          limit: 7,
          ...flags,
          window,
          ...(maxId ? { maxId } : {}),
        });
        seen.push(...got.map((m) => m.id));
        if (got.length < 7) break;
        maxId = got.at(-1)!.id;
      }
      expect(seen).toEqual(expected);
    },
  );

  it('combines with sinceId/maxId, and takes either bound alone', async () => {
    const all = { includeReplies: true, includeReposts: true };
    const ids = expectedAlice(all);
    const [hi, lo] = [ids[10]!, ids[100]!];
    const both = await source().userMessages({ username: 'alice', limit: 200, ...all, sinceId: lo, maxId: hi, window });
    const inRange = aliceStored
      .filter((m) => inWindow(m) && big(m.id) > big(lo) && big(m.id) < big(hi))
      .map((m) => m.id)
      .sort(newestFirst);
    expect(both.map((m) => m.id)).toEqual(inRange);
    const older = await source().userMessages({
      username: 'alice',
      limit: 200,
      ...all,
      window: { before: new Date(NOW - 38 * MINUTE) },
    });
    expect(older.map((m) => m.id)).toEqual(
      aliceStored
        .filter((m) => m.createdAt < NOW - 38 * MINUTE)
        .map((m) => m.id)
        .sort(newestFirst),
    );
    expect(older).toHaveLength(3);
    const newer = await source().userMessages({
      username: 'alice',
      limit: 200,
      ...all,
      window: { after: new Date(NOW - MINUTE) },
    });
    expect(newer.map((m) => m.id)).toEqual(
      aliceStored
        .filter((m) => m.createdAt === NOW)
        .map((m) => m.id)
        .sort(newestFirst),
    );
  });

  it('keeps the replies strictly inside the window, oldest first (the 30 replies sitting on `before` are left out)', async () => {
    const all = await source().messageReplies({ messageId: '777', limit: 100 });
    const at = (m: { createdAt: string }) => Date.parse(m.createdAt);
    expect(all.filter((m) => at(m) === NOW - 5 * MINUTE)).toHaveLength(30);
    const replyWindow = { after: new Date(NOW - 28 * MINUTE), before: new Date(NOW - 5 * MINUTE) };
    const got = await source().messageReplies({ messageId: '777', window: replyWindow, limit: 100 });
    const expected = all.filter((m) => at(m) > NOW - 28 * MINUTE && at(m) < NOW - 5 * MINUTE);
    expect(got).toEqual(expected);
    expect(got.map((m) => (NOW - at(m)) / MINUTE).sort((a, b) => a - b)).toEqual([8, 15, 21]);
    expect(all.some((m) => at(m) === NOW - 28 * MINUTE)).toBe(true);
  });

  describe("query plans: the window filters the rows of the listing's index range, never a table scan", () => {
    /**
     * PostgreSQL may rightly prefer a bitmap scan of the range and a sort of the few rows the window
     * leaves; asked without bitmap scans it shows that the index serves the order by itself.
     */
    const orderedPlanOf = (run: () => Promise<unknown>) =>
      planned.plansOf(run, { disable: ['enable_seqscan', 'enable_bitmapscan'] });
    const indexes = [
      'microblog_messages_author',
      'microblog_messages_author_reply',
      'microblog_messages_author_repost',
      'microblog_messages_author_reply_repost',
    ];

    it.each(flagSets)(
      'user messages with a window (replies $includeReplies, reposts $includeReposts), with and without id bounds',
      async (flags) => {
        for (const bounds of [{}, { maxId: aliceIds[100]! }]) {
          const run = () => source().userMessages({ username: 'alice', limit: 20, ...flags, ...bounds, window });
          const [listing] = await planOf(run);
          show(`userMessages ${JSON.stringify({ ...flags, ...bounds })}, window`, listing!);
          const plan = listing!.join('\n');
          expect(indexes.some((name) => planRules.indexRange(name).test(plan))).toBe(true);
          expect(plan).not.toMatch(planRules.tableScan);
          const [ordered] = await orderedPlanOf(run);
          expect(indexes.some((name) => planRules.indexRange(name).test(ordered!.join('\n')))).toBe(true);
          expect(ordered!.join('\n')).not.toMatch(planRules.sortStep);
        }
      },
    );

    it('replies with a window', async () => {
      const run = () => source().messageReplies({ messageId: '777', window, limit: 20 });
      const [listing] = await planOf(run);
      show('messageReplies, window', listing!);
      expect(listing!.join('\n')).toMatch(planRules.indexRange('microblog_messages_reply_to'));
      expect(listing!.join('\n')).not.toMatch(planRules.tableScan);
      const [ordered] = await orderedPlanOf(run);
      expect(ordered!.join('\n')).toMatch(planRules.indexRange('microblog_messages_reply_to'));
      expect(ordered!.join('\n')).not.toMatch(planRules.sortStep);
    });
  });
});
