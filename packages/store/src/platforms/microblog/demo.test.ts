import type { MicroblogFollowInput, MicroblogMessageInput, MicroblogUserInput } from './rows.js';
import {
  LURKERS_PER_SCALE,
  microblogDemoAuthors,
  microblogDemoFollows,
  microblogDemoMessages,
  microblogDemoSize,
  microblogDemoUsers,
  POSTERS_PER_SCALE,
  SNOWFLAKE_EPOCH_MS,
  snowflakeId,
} from './demo.js';

const DAY = 86_400_000;
const NOW = new Date('2026-06-15T12:00:00.000Z');
const nowMs = NOW.getTime();
const HANDLE = /^[A-Za-z0-9_]{1,15}$/;

function generate(now: Date, scale = 1) {
  return {
    users: [...microblogDemoUsers({ now, scale })],
    follows: [...microblogDemoFollows({ now, scale })],
    messages: [...microblogDemoMessages({ now, scale })],
  };
}

const data = generate(NOW);
const { users, follows, messages } = data;
const byId = new Map(messages.map((m) => [m.id, m]));
const userById = new Map(users.map((u) => [u.id, u]));
const decode = (id: string) => Number((BigInt(id) >> 22n) + SNOWFLAKE_EPOCH_MS);
const countBy = <T>(items: T[], key: (item: T) => string | null) => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
};

describe('microblog demo data', () => {
  it('yields microblogDemoSize rows at scale 1, under 80,000, with at least 200 posting users', () => {
    const total = users.length + follows.length + messages.length;
    expect(total).toBe(microblogDemoSize(1));
    expect(total).toBeLessThanOrEqual(80_000);
    expect(users).toHaveLength(POSTERS_PER_SCALE + LURKERS_PER_SCALE);
    expect(new Set(messages.map((m) => m.author)).size).toBeGreaterThanOrEqual(200);
    expect(microblogDemoAuthors(1)).toHaveLength(POSTERS_PER_SCALE);
  });

  it('is lazy: the first message comes without producing the rows', () => {
    const iterator = microblogDemoMessages({ now: NOW, scale: 1 });
    expect(iterator.next().done).toBe(false);
    iterator.return(undefined);
  });

  it('gives the same rows for the same now; for another now only times (and so message ids) move, by the difference', () => {
    expect(generate(new Date(nowMs))).toEqual(data);
    const shift = 3 * DAY + 12_345;
    const later = generate(new Date(nowMs + shift));
    expect(later.users).toEqual(users.map((u) => ({ ...u, createdAt: u.createdAt + shift })));
    expect(later.follows).toEqual(follows.map((f) => ({ ...f, followedAt: f.followedAt + shift })));
    expect(
      later.messages.map((m) => ({
        ...m,
        id: '',
        url: '',
        replyToId: null,
        repostedId: null,
        media: [],
        createdAt: m.createdAt - shift,
      })),
    ).toEqual(messages.map((m) => ({ ...m, id: '', url: '', replyToId: null, repostedId: null, media: [] })));
    expect(later.messages.map((m) => decode(m.id) - shift)).toEqual(messages.map((m) => decode(m.id)));
  });

  it('gives messages unique snowflake ids that encode their creation time, growing with it', () => {
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    const wrong = messages.filter((m) => !/^[1-9][0-9]{17,19}$/.test(m.id) || decode(m.id) !== m.createdAt);
    expect(wrong).toEqual([]);
    for (let i = 1; i < messages.length; i++) {
      const [a, b] = [messages[i - 1]!, messages[i]!];
      if (!(BigInt(a.id) < BigInt(b.id) && a.createdAt <= b.createdAt)) throw new Error(`ids out of order at ${i}`);
    }
    expect(snowflakeId(Number(SNOWFLAKE_EPOCH_MS) + 1, 5)).toBe(String((1n << 22n) | 5n));
    // some messages share a millisecond: told apart by the sequence
    const shared = messages.filter((m, i) => i > 0 && m.createdAt === messages[i - 1]!.createdAt);
    expect(shared.length).toBeGreaterThan(50);
    expect(shared.every((m) => (BigInt(m.id) & 0x3fffffn) > 0n)).toBe(true);
  });

  it('keeps every timestamp within the two years before now, and messages after their author joined', () => {
    const inWindow = (t: number) => Number.isInteger(t) && t <= nowMs - 1000 && t > nowMs - 730 * DAY;
    expect(users.filter((u) => !inWindow(u.createdAt))).toEqual([]);
    expect(follows.filter((f) => !inWindow(f.followedAt))).toEqual([]);
    expect(messages.filter((m) => !inWindow(m.createdAt))).toEqual([]);
    const created = new Map(users.map((u) => [u.username, u.createdAt]));
    expect(messages.filter((m) => m.createdAt <= created.get(m.author)!)).toEqual([]);
    expect(messages.filter((m) => nowMs - m.createdAt < DAY).length).toBeGreaterThan(100);
    expect(messages.filter((m) => nowMs - m.createdAt < 3_600_000).length).toBeGreaterThan(5);
  });

  it('has users with hundreds of messages mixing originals, replies and reposts', () => {
    const perAuthor = new Map<string, { all: number; replies: number; reposts: number }>();
    for (const m of messages) {
      const s = perAuthor.get(m.author) ?? { all: 0, replies: 0, reposts: 0 };
      s.all++;
      if (m.replyToId) s.replies++;
      if (m.repostedId) s.reposts++;
      perAuthor.set(m.author, s);
    }
    const mixed = [...perAuthor.values()].filter(
      (s) => s.all >= 100 && s.replies >= 10 && s.reposts >= 10 && s.all - s.replies - s.reposts >= 50,
    );
    expect(mixed.length).toBeGreaterThanOrEqual(30);
    expect([...perAuthor.values()].filter((s) => s.all >= 300).length).toBeGreaterThanOrEqual(5);
    const replies = messages.filter((m) => m.replyToId).length / messages.length;
    const reposts = messages.filter((m) => m.repostedId).length / messages.length;
    expect(replies).toBeGreaterThan(0.15);
    expect(reposts).toBeGreaterThan(0.08);
    expect(messages.every((m) => !(m.replyToId && m.repostedId))).toBe(true);
  });

  it('replies follow an earlier stored message; some messages have many replies; threads exist', () => {
    const wrong = messages.filter((m) => m.replyToId && !(byId.has(m.replyToId) && BigInt(m.replyToId) < BigInt(m.id)));
    expect(wrong).toEqual([]);
    const replies = countBy(messages, (m) => m.replyToId);
    const most = [...replies.values()].sort((a, b) => b - a);
    expect(most[0]).toBeGreaterThanOrEqual(100);
    expect(most.filter((n) => n >= 50).length).toBeGreaterThanOrEqual(5);
    const threads = messages.filter((m) => m.replyToId && byId.get(m.replyToId)!.author === m.author);
    expect(threads.length).toBeGreaterThan(50);
    expect(
      messages
        .filter((m) => m.replyToId && byId.get(m.replyToId)!.author !== m.author)
        .every((m) => m.text.startsWith(`@${byId.get(m.replyToId!)!.author} `)),
    ).toBe(true);
  });

  it('reposts point at an earlier original of someone else, once per user, with RT text and no own engagement', () => {
    const reposts = messages.filter((m) => m.repostedId);
    const wrong = reposts.filter((m) => {
      const original = byId.get(m.repostedId!);
      return (
        original?.replyToId !== null ||
        original.repostedId !== null ||
        original.author === m.author ||
        BigInt(original.id) >= BigInt(m.id) ||
        !m.text.startsWith(`RT @${original.author}: `) ||
        m.likeCount + m.replyCount + m.repostCount + m.quoteCount + m.viewCount !== 0 ||
        m.media.length !== 0
      );
    });
    expect(wrong).toEqual([]);
    expect(new Set(reposts.map((m) => `${m.author} ${m.repostedId}`)).size).toBe(reposts.length);
  });

  it('counts agree with the rows: replies and reposts of each message, messages, followers and followings of each user', () => {
    const replies = countBy(messages, (m) => m.replyToId);
    const reposts = countBy(messages, (m) => m.repostedId);
    expect(
      messages.filter(
        (m) =>
          m.replyCount !== (replies.get(m.id) ?? 0) || (!m.repostedId && m.repostCount !== (reposts.get(m.id) ?? 0)),
      ),
    ).toEqual([]);
    const authored = countBy(messages, (m) => m.author);
    const followers = countBy(follows, (f) => f.userId);
    const following = countBy(follows, (f) => f.followerId);
    const wrong = users.filter(
      (u) =>
        u.messageCount !== (authored.get(u.username) ?? 0) ||
        u.followerCount !== (followers.get(u.id) ?? 0) ||
        u.followingCount !== (following.get(u.id) ?? 0),
    );
    expect(wrong).toEqual([]);
  });

  it('has users with many followers; follows are unique, never of oneself, after both accounts existed; some share a millisecond', () => {
    const top = [...users].sort((a, b) => b.followerCount - a.followerCount);
    expect(top[0]!.followerCount).toBeGreaterThan(1000);
    expect(top.filter((u) => u.followerCount >= 300).length).toBeGreaterThanOrEqual(5);
    expect(new Set(follows.map((f) => `${f.userId}:${f.followerId}`)).size).toBe(follows.length);
    const wrong = follows.filter((f: MicroblogFollowInput) => {
      const [followee, follower] = [userById.get(f.userId), userById.get(f.followerId)];
      return (
        !followee ||
        !follower ||
        f.userId === f.followerId ||
        followee.username !== f.username ||
        f.followedAt <= Math.max(followee.createdAt, follower.createdAt)
      );
    });
    expect(wrong).toEqual([]);
    const ties = countBy(follows, (f) => `${f.userId}@${f.followedAt}`);
    expect([...ties.values()].filter((n) => n > 1).length).toBeGreaterThan(10);
  });

  it('uses unique handles (ignoring case), fixed-width decimal user ids and plausible profiles', () => {
    expect(users.filter((u) => !HANDLE.test(u.username))).toEqual([]);
    expect(new Set(users.map((u) => u.username.toLowerCase())).size).toBe(users.length);
    expect(new Set(users.map((u) => u.id)).size).toBe(users.length);
    expect(users.filter((u) => !/^[1-9][0-9]{9}$/.test(u.id))).toEqual([]);
    expect(
      users.filter(
        (u: MicroblogUserInput) => !u.displayName || !u.profileImageUrl.startsWith('https://') || u.likeCount < 0,
      ),
    ).toEqual([]);
    expect(users.filter((u) => u.isVerified).length).toBeGreaterThan(5);
    expect(users.filter((u) => u.isProtected).length).toBeGreaterThan(5);
    expect(users.filter((u) => u.bio === '').length).toBeGreaterThan(100);
    expect(users.slice(0, POSTERS_PER_SCALE).every((u) => u.bio.length > 5 && !/[{}]/.test(u.bio))).toBe(true);
  });

  it('writes real text of at most 280 characters, some messages with media', () => {
    const wrong = messages.filter(
      (m: MicroblogMessageInput) => m.text.length < 3 || m.text.length > 280 || /[{}]|lorem/i.test(m.text),
    );
    expect(wrong).toEqual([]);
    const originals = messages.filter((m) => !m.replyToId && !m.repostedId);
    expect(new Set(originals.map((m) => m.text)).size).toBeGreaterThan(originals.length / 5);
    const withMedia = messages.filter((m) => m.media.length > 0);
    expect(withMedia.length / originals.length).toBeGreaterThan(0.1);
    expect(new Set(withMedia.flatMap((m) => m.media.map((x) => x.type)))).toEqual(
      new Set(['photo', 'video', 'animated_gif']),
    );
    expect(withMedia.every((m) => m.media.every((x) => x.url.startsWith('https://') && x.url.includes(m.id)))).toBe(
      true,
    );
    expect(messages.every((m) => m.url === `https://microblog.example.org/${m.author}/status/${m.id}`)).toBe(true);
    expect(Math.max(...messages.map((m) => m.viewCount))).toBeGreaterThan(100_000);
  });

  it('doubles users, messages and follows at scale 2, still unique', () => {
    const double = generate(NOW, 2);
    expect(double.users).toHaveLength(2 * users.length);
    expect(double.messages.length).toBeGreaterThan(1.9 * messages.length);
    expect(double.users.length + double.follows.length + double.messages.length).toBe(microblogDemoSize(2));
    expect(new Set(double.messages.map((m) => m.id)).size).toBe(double.messages.length);
    expect(new Set(double.users.map((u) => u.username.toLowerCase())).size).toBe(double.users.length);
  });

  it('rejects a scale that is not a positive integer and an invalid or too early date', () => {
    expect(() => microblogDemoSize(0)).toThrow(RangeError);
    expect(() => microblogDemoSize(1.5)).toThrow(RangeError);
    expect(() => microblogDemoMessages({ now: NOW, scale: -1 }).next()).toThrow(RangeError);
    expect(() => microblogDemoUsers({ now: new Date(Number.NaN), scale: 1 }).next()).toThrow(RangeError);
    expect(() => microblogDemoFollows({ now: new Date('2011-01-01T00:00:00.000Z'), scale: 1 }).next()).toThrow(
      RangeError,
    );
  });
});
