/**
 * Deterministic microblog demo data. Per unit of scale: 240 posting users (a few with hundreds
 * of messages, most with a few dozen), 2,000 accounts that only follow, ≈20,700 messages mixing
 * originals, replies (threads, conversations, pile-ons under a few viral messages) and reposts,
 * and ≈19,000 follows (the most followed users have over 1,000 followers).
 *
 * Everything is planned from a fixed seed, then produced lazily, one generator per table. Only
 * the timestamps depend on `now` (each is `now` minus a fixed age, all within the two years
 * before `now`) — and so do message ids, which are snowflakes of their creation time:
 * `((createdAt − 1288834974657) << 22) | sequence`, the sequence numbering messages that share
 * a millisecond (some do, on purpose). The profile counts agree with the rows: a user's
 * followerCount, followingCount and messageCount are the numbers of such rows, and a message's
 * replyCount and repostCount the numbers of its stored direct replies and reposts. A repost's own
 * counts are 0 (its engagement is on the reposted message); its text is `RT @author: …`.
 */
import type { MicroblogFollowInput, MicroblogMessageInput, MicroblogUserInput } from './rows.js';
import {
  FIRST_NAMES,
  GENERIC_REPLIES,
  HANDLE_WORDS,
  LAST_NAMES,
  LURKER_BIOS,
  render,
  THREAD_OPENERS,
  TOPICS,
} from './demo-text.js';
import { createRandom, type Random } from '../../demo/random.js';

export interface MicroblogDemoOptions {
  /** The moment the timestamps are relative to. */
  now: Date;
  /** Positive integer; multiplies users, messages and follows. */
  scale: number;
}

/** The snowflake epoch (2010-11-04T01:42:54.657Z). */
export const SNOWFLAKE_EPOCH_MS = 1288834974657n;

const SEED = 0x6d_62_6c_67; // 'mblg'
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Messages are at most this old; posting accounts were created before that, within the two years. */
const MAX_MESSAGE_AGE = 699 * DAY;
const MIN_AGE = SECOND;
const POSTER_CREATED_AGE = { min: 700 * DAY, max: 729 * DAY };
const LURKER_CREATED_AGE = { min: DAY, max: 729 * DAY };

export const POSTERS_PER_SCALE = 240;
export const LURKERS_PER_SCALE = 2_000;

/** Messages of the poster of activity rank `rank` (0 = most active): 492 down to ≈35 at scale 1. */
const messagesOfRank = (rank: number, scale: number) => Math.round(480 / (1 + rank / scale / 12)) + 12;
/** Followers of the poster of rank `rank`: 1,505 down to ≈20 at scale 1. */
const followersOfRank = (rank: number, scale: number) => Math.round(1500 / (1 + rank / scale / 2.5)) + 5;

const MAX_TEXT = 280;
const MEDIA_HOST = 'https://media.microblog.example.org';
const SITE = 'https://microblog.example.org';

function checkScale(scale: number) {
  if (!Number.isInteger(scale) || scale < 1) throw new RangeError('scale must be a positive integer');
}

/** A stable per-item seed. */
const seedOf = (salt: number, index: number) =>
  (SEED ^ Math.imul(salt, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) | 0;

// ---------------------------------------------------------------------------------------------
// The plan: who exists, who posts what when, who follows whom (independent of `now`)
// ---------------------------------------------------------------------------------------------

interface Account {
  id: string;
  username: string;
  displayName: string;
  /** Index into TOPICS for posters, -1 for accounts that only follow. */
  topic: number;
  createdAge: number;
  isVerified: boolean;
  isProtected: boolean;
  likeCount: number;
  bio: string;
  replyRate: number;
  repostRate: number;
}

/** What a message is, in the plan's `kind` array. */
const Kind = { Original: 0, Reply: 1, Repost: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

export interface MicroblogDemoPlan {
  scale: number;
  posters: number;
  accounts: Account[];
  messages: {
    count: number;
    author: Int32Array;
    age: Float64Array;
    seq: Uint16Array;
    kind: Uint8Array;
    /** The replied-to or reposted message's index, or -1. */
    target: Int32Array;
    viral: Uint8Array;
    replyCount: Int32Array;
    repostCount: Int32Array;
  };
  messageCount: Int32Array;
  followerCount: Int32Array;
  followingCount: Int32Array;
  follows: number;
}

export function microblogDemoSize(scale: number): number {
  checkScale(scale);
  const posters = POSTERS_PER_SCALE * scale;
  const accounts = posters + LURKERS_PER_SCALE * scale;
  let rows = accounts;
  for (let rank = 0; rank < posters; rank++) {
    rows += messagesOfRank(rank, scale) + Math.min(accounts - 1, followersOfRank(rank, scale));
  }
  return rows;
}

const plans = new Map<number, MicroblogDemoPlan>();

/** The demo's structure at a scale (memoised: the three generators share it). */
export function planMicroblogDemo(scale: number): MicroblogDemoPlan {
  checkScale(scale);
  const cached = plans.get(scale);
  if (cached) return cached;
  const posters = POSTERS_PER_SCALE * scale;
  const accounts = planAccounts(posters, posters + LURKERS_PER_SCALE * scale);
  const messageCount = new Int32Array(accounts.length);
  for (let rank = 0; rank < posters; rank++) messageCount[rank] = messagesOfRank(rank, scale);
  const followerCount = new Int32Array(accounts.length);
  const followingCount = new Int32Array(accounts.length);
  let follows = 0;
  for (let user = 0; user < posters; user++) {
    for (const { follower } of followsOf(user, accounts, scale)) {
      followerCount[user]! += 1;
      followingCount[follower]! += 1;
      follows++;
    }
  }
  const plan: MicroblogDemoPlan = {
    scale,
    posters,
    accounts,
    messages: planMessages(accounts, posters, messageCount, scale),
    messageCount,
    followerCount,
    followingCount,
    follows,
  };
  plans.clear(); // keep one plan in memory at most
  plans.set(scale, plan);
  return plan;
}

function planAccounts(posters: number, total: number): Account[] {
  const rng = createRandom(seedOf(1, 0));
  const taken = new Set<string>();
  const unique = (base: string) => {
    let name = base.slice(0, 15);
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = base.slice(0, 15 - String(n).length) + String(n);
    taken.add(name.toLowerCase());
    return name;
  };
  const accounts: Account[] = [];
  for (let index = 0; index < total; index++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const poster = index < posters;
    const topicIndex = poster ? rng.int(0, TOPICS.length - 1) : -1;
    const topic = TOPICS[topicIndex];
    let handle: string;
    if (topic) {
      const suffix = rng.pick(topic.handles);
      handle = rng.chance(0.5) ? `${first}${suffix}` : `${first}_${suffix}`;
      if (rng.chance(0.3)) handle = `${first}${last}`;
    } else {
      const style = rng.next();
      handle =
        style < 0.35
          ? `${first}${last}`
          : style < 0.6
            ? `${first.toLowerCase()}_${last.toLowerCase()}`
            : style < 0.8
              ? `${first}${rng.pick(HANDLE_WORDS)}`
              : `${first.toLowerCase()}${rng.int(1, 99)}`;
    }
    const createdAge = poster
      ? rng.int(POSTER_CREATED_AGE.min, POSTER_CREATED_AGE.max)
      : rng.int(LURKER_CREATED_AGE.min, LURKER_CREATED_AGE.max);
    const bioRng = createRandom(seedOf(2, index));
    accounts.push({
      // 10-digit ids, all of one width: text order is numeric order
      id: String(1_000_000_000 + index * 2_741 + 17),
      username: unique(handle),
      displayName: rng.chance(0.85) ? `${first} ${last}` : first,
      topic: topicIndex,
      createdAge,
      isVerified: poster ? index < 10 * (posters / POSTERS_PER_SCALE) || rng.chance(0.05) : rng.chance(0.01),
      isProtected: !poster && rng.chance(0.06),
      likeCount: Math.round(rng.logNormal(poster ? Math.log(2500) : Math.log(300), 1.2)),
      bio: topic ? render(bioRng.pick(topic.bios), topic, bioRng) : bioRng.chance(0.45) ? bioRng.pick(LURKER_BIOS) : '',
      replyRate: poster ? 0.12 + 0.26 * rng.next() : 0,
      repostRate: poster ? 0.08 + 0.2 * rng.next() : 0,
    });
  }
  return accounts;
}

/** The followers of one poster, each with the age of the follow: regenerated identically on every call. */
function* followsOf(user: number, accounts: Account[], scale: number): Generator<{ follower: number; age: number }> {
  const rng = createRandom(seedOf(3, user));
  const count = Math.min(accounts.length - 1, followersOfRank(user, scale));
  const chosen = new Set<number>([user]);
  const followee = accounts[user]!;
  let previousAge = -1;
  for (let i = 0; i < count; i++) {
    let follower: number;
    do follower = rng.int(0, accounts.length - 1);
    while (chosen.has(follower));
    chosen.add(follower);
    const newest = Math.min(accounts[follower]!.createdAge, followee.createdAge) - MINUTE;
    // some follows share a millisecond (a burst after a viral message): the order then falls to the follower id
    const age =
      previousAge > 0 && previousAge <= newest && rng.chance(0.03)
        ? previousAge
        : Math.round(MIN_AGE + (newest - MIN_AGE) * Math.pow(rng.next(), 1.4));
    previousAge = age;
    yield { follower, age };
  }
}

function planMessages(
  accounts: Account[],
  posters: number,
  perPoster: Int32Array,
  scale: number,
): MicroblogDemoPlan['messages'] {
  const rng = createRandom(seedOf(4, 0));
  let count = 0;
  for (let p = 0; p < posters; p++) count += perPoster[p]!;
  const author = new Int32Array(count);
  for (let p = 0, k = 0; p < posters; p++) for (let n = 0; n < perPoster[p]!; n++) author[k++] = p;
  for (let k = count - 1; k > 0; k--) {
    const j = rng.int(0, k);
    const swap = author[k]!;
    author[k] = author[j]!;
    author[j] = swap;
  }
  const age = new Float64Array(count);
  const seq = new Uint16Array(count);
  const kind = new Uint8Array(count);
  const target = new Int32Array(count).fill(-1);
  const viral = new Uint8Array(count);
  const replyCount = new Int32Array(count);
  const repostCount = new Int32Array(count);
  const lastOwn = new Int32Array(posters).fill(-1);
  const virals: number[] = [];
  const reposted = new Set<number>();

  for (let k = 0; k < count; k++) {
    // Time: oldest first, denser towards now; a few messages share the previous one's millisecond.
    const x = (k + rng.next()) / count;
    const previous = k > 0 ? age[k - 1]! : Number.POSITIVE_INFINITY;
    let a = Math.round(MIN_AGE + (MAX_MESSAGE_AGE - MIN_AGE) * Math.pow(1 - x, 1.6));
    if (a > previous || (k > 0 && rng.chance(0.015))) a = previous;
    age[k] = a;
    seq[k] = k > 0 && a === previous ? seq[k - 1]! + 1 : 0;

    const who = author[k]!;
    const account = accounts[who]!;
    const roll = rng.next();
    let chosen = -1;
    let as: Kind = Kind.Original;
    if (k >= 50 && roll < account.replyRate) {
      const how = rng.next();
      const own = lastOwn[who]!;
      if (how < 0.12 && own >= 0 && age[own]! - a < 2 * DAY) {
        chosen = own; // a thread
      } else if (how < 0.55 && virals.length > 0) {
        const candidate = virals[virals.length - 1 - rng.skewedIndex(Math.min(virals.length, 5), 2)]!;
        if (author[candidate] !== who) chosen = candidate;
      } else {
        const candidate = k - 1 - rng.skewedIndex(Math.min(k, 300), 1.5);
        if (kind[candidate] !== Kind.Repost && author[candidate] !== who) chosen = candidate;
      }
      if (chosen >= 0) as = Kind.Reply;
    } else if (k >= 50 && roll < account.replyRate + account.repostRate) {
      const candidate =
        rng.chance(0.5) && virals.length > 0
          ? virals[virals.length - 1 - rng.skewedIndex(Math.min(virals.length, 5), 2)]!
          : k - 1 - rng.skewedIndex(Math.min(k, 600), 1.3);
      if (kind[candidate] === Kind.Original && author[candidate] !== who && !reposted.has(who * count + candidate)) {
        chosen = candidate;
        as = Kind.Repost;
        reposted.add(who * count + candidate);
      }
    }
    kind[k] = as;
    target[k] = chosen;
    if (as === Kind.Reply) replyCount[chosen]! += 1;
    if (as === Kind.Repost) repostCount[chosen]! += 1;
    if (as !== Kind.Repost) lastOwn[who] = k;
    if (as === Kind.Original && rng.chance(who < 20 * scale ? 0.008 : 0.0005)) {
      viral[k] = 1;
      virals.push(k);
    }
  }
  return { count, author, age, seq, kind, target, viral, replyCount, repostCount };
}

// ---------------------------------------------------------------------------------------------
// The rows
// ---------------------------------------------------------------------------------------------

function nowOf(options: MicroblogDemoOptions): number {
  checkScale(options.scale);
  const nowMs = options.now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid date');
  if (BigInt(nowMs - MAX_MESSAGE_AGE) <= SNOWFLAKE_EPOCH_MS) throw new RangeError('now is too early for snowflake ids');
  return nowMs;
}

/** The snowflake id of a message created at `createdAt` (epoch ms) with a sequence number. */
export function snowflakeId(createdAt: number, sequence: number): string {
  return (((BigInt(createdAt) - SNOWFLAKE_EPOCH_MS) << 22n) | BigInt(sequence)).toString();
}

export function* microblogDemoUsers(options: MicroblogDemoOptions): Generator<MicroblogUserInput> {
  const nowMs = nowOf(options);
  const plan = planMicroblogDemo(options.scale);
  for (const [index, account] of plan.accounts.entries()) {
    yield {
      id: account.id,
      username: account.username,
      displayName: account.displayName,
      bio: account.bio,
      followerCount: plan.followerCount[index]!,
      followingCount: plan.followingCount[index]!,
      messageCount: plan.messageCount[index]!,
      likeCount: account.likeCount,
      isVerified: account.isVerified,
      isProtected: account.isProtected,
      profileImageUrl: `${MEDIA_HOST}/profile_images/${account.id}/avatar.jpg`,
      createdAt: nowMs - account.createdAge,
    };
  }
}

export function* microblogDemoFollows(options: MicroblogDemoOptions): Generator<MicroblogFollowInput> {
  const nowMs = nowOf(options);
  const plan = planMicroblogDemo(options.scale);
  for (let user = 0; user < plan.posters; user++) {
    const followee = plan.accounts[user]!;
    for (const { follower, age } of followsOf(user, plan.accounts, plan.scale)) {
      yield {
        userId: followee.id,
        username: followee.username,
        followerId: plan.accounts[follower]!.id,
        followedAt: nowMs - age,
      };
    }
  }
}

/** Usernames of the accounts that post (the demo's messages are theirs). */
export function microblogDemoAuthors(scale: number): string[] {
  const plan = planMicroblogDemo(scale);
  return plan.accounts.slice(0, plan.posters).map((account) => account.username);
}

export function* microblogDemoMessages(options: MicroblogDemoOptions): Generator<MicroblogMessageInput> {
  const nowMs = nowOf(options);
  const plan = planMicroblogDemo(options.scale);
  const { messages, accounts } = plan;
  const idOf = (k: number) => snowflakeId(nowMs - messages.age[k]!, messages.seq[k]!);
  const authorOf = (k: number) => accounts[messages.author[k]!]!;
  const topicOf = (k: number) => TOPICS[authorOf(k).topic]!;

  /** The text of message k, the same every time it is asked for. */
  const textOf = (k: number): string => {
    const rng = createRandom(seedOf(5, k));
    const topic = topicOf(k);
    const target = messages.target[k]!;
    switch (messages.kind[k] as Kind) {
      case Kind.Repost:
        return clip(`RT @${authorOf(target).username}: ${textOf(target)}`);
      case Kind.Reply: {
        if (messages.author[target] === messages.author[k])
          return clip(rng.pick(THREAD_OPENERS) + lowerFirst(render(rng.pick(topic.posts), topic, rng)));
        const about = topicOf(target);
        const phrase = rng.chance(0.55)
          ? render(rng.pick(about.replies), about, rng)
          : render(rng.pick(GENERIC_REPLIES), about, rng);
        return clip(`@${authorOf(target).username} ${phrase}`);
      }
      default: {
        let text = render(rng.pick(topic.posts), topic, rng);
        if (rng.chance(0.3)) text += ` ${rng.pick(topic.hashtags)}`;
        return clip(text);
      }
    }
  };

  for (let k = 0; k < messages.count; k++) {
    const rng = createRandom(seedOf(6, k));
    const account = authorOf(k);
    const id = idOf(k);
    const as = messages.kind[k] as Kind;
    const target = messages.target[k]!;
    const replyCount = messages.replyCount[k]!;
    const repostCount = messages.repostCount[k]!;
    const followers = plan.followerCount[messages.author[k]!]!;
    let viewCount = 0;
    let likeCount = 0;
    let quoteCount = 0;
    if (as === Kind.Original) {
      const boost = messages.viral[k] ? 25 + 40 * rng.next() : 1;
      viewCount = Math.round((followers * (0.5 + rng.logNormal(0, 0.9)) + 30 * (replyCount + repostCount)) * boost);
      likeCount = Math.round(viewCount * (0.005 + 0.03 * rng.next())) + replyCount;
      quoteCount = messages.viral[k] ? rng.int(3, 40) : rng.chance(0.06) ? rng.int(1, 3) : 0;
    } else if (as === Kind.Reply) {
      viewCount = Math.round(rng.logNormal(Math.log(60), 1.1)) + 20 * replyCount;
      likeCount = Math.round(viewCount * 0.04 * rng.next()) + replyCount;
    }
    yield {
      id,
      author: account.username,
      text: textOf(k),
      likeCount,
      repostCount: as === Kind.Repost ? 0 : repostCount,
      replyCount,
      quoteCount,
      viewCount,
      createdAt: nowMs - messages.age[k]!,
      replyToId: as === Kind.Reply ? idOf(target) : null,
      repostedId: as === Kind.Repost ? idOf(target) : null,
      url: `${SITE}/${account.username}/status/${id}`,
      media: as === Kind.Original ? mediaOf(id, rng) : [],
    };
  }
}

function mediaOf(id: string, rng: Random): MicroblogMessageInput['media'] {
  if (!rng.chance(0.18)) return [];
  const kind = rng.next();
  if (kind < 0.18) return [{ type: 'video', url: `${MEDIA_HOST}/video/${id}/0.mp4` }];
  if (kind < 0.25) return [{ type: 'animated_gif', url: `${MEDIA_HOST}/gif/${id}/0.mp4` }];
  const photos = rng.chance(0.7) ? 1 : rng.int(2, 4);
  return Array.from({ length: photos }, (_, n) => ({ type: 'photo', url: `${MEDIA_HOST}/photo/${id}/${n}.jpg` }));
}

function clip(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1)}…`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
