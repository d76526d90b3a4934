/**
 * Deterministic comment trees under the forum demo posts (demo.ts): ≈57,000 comments per unit of
 * scale up to 5, ≈47,000 per further unit. Each post gets min(commentCount, 12) comments; per unit
 * of scale, the next most-commented posts get big threads instead (one of 3,000 comments, one of
 * 1,000), and the most-commented post of the whole set gets the megathread (10,000 × min(scale, 5)
 * comments).
 *
 * A thread grows comment by comment: about a third reply to the post, the others to an earlier
 * comment chosen by preferential attachment (each reply makes a comment likelier to get the next
 * one, so early comments collect most), in big threads often to one "hot" top-level comment (which
 * gets hundreds of direct replies), and now and then two people go back and forth in a chain that
 * runs up to 40 levels deep. Some threads open with a moderator's stickied comment; a few comments
 * are deleted, removed, edited or distinguished. Deleted and removed comments keep their replies.
 *
 * The same `scale` always yields the same comments in the same order (post by post, each thread
 * oldest first); only times depend on `now`. Comments have their own random stream: the posts are
 * learnt by re-running `forumDemoPosts`. Ids are 12 base-36 characters, never one of the posts'
 * 7: a fixed-width time part (inverted seconds before `now`) then a sequence number, so ids sort by
 * time and a reply's id is greater than its parent's.
 */
import type { ForumCommentInput } from './rows.js';
import { forumDemoAuthors, forumDemoPosts, forumDemoSize, type ForumDemoOptions, type ForumPostRow } from './demo.js';
import { createRandom, type Random } from '../../demo/random.js';

// ---------------------------------------------------------------------------------------------
// Thread sizes
// ---------------------------------------------------------------------------------------------

/** An ordinary thread has the post's commentCount comments, at most this many. */
const ORDINARY_THREAD_MAX = 12;
/** Per unit of scale, the most-commented posts after the megathread's get threads of these sizes. */
const BIG_THREADS = [3000, 1000] as const;

/** The comments of the demo's one megathread: 10,000 at scale 1, 50,000 from scale 5 on, 10,000 × scale below 1. */
export function forumDemoMegathreadSize(scale: number): number {
  return Math.round(10_000 * Math.min(scale, 5));
}

/** The big threads' sizes: BIG_THREADS once per unit of scale; below 1, once, each times the scale. */
const bigThreadsAt = (scale: number): number[] =>
  scale < 1
    ? BIG_THREADS.map((size) => Math.round(size * scale))
    : BIG_THREADS.flatMap((size) => Array<number>(scale).fill(size));

interface Plan {
  scale: number;
  /** Comments per post, by the post's position in `forumDemoPosts`. */
  sizes: Int32Array;
  total: number;
}

let lastPlan: Plan | undefined;

/** One pass over the posts (their comment counts do not depend on `now`); the last one is kept. */
function planFor(scale: number): Plan {
  if (lastPlan?.scale === scale) return lastPlan;
  const counts = new Int32Array(forumDemoSize(scale));
  let position = 0;
  for (const post of forumDemoPosts({ now: new Date(0), scale })) counts[position++] = post.commentCount;
  const sizes = counts.map((count) => Math.min(count, ORDINARY_THREAD_MAX));
  const special = [forumDemoMegathreadSize(scale), ...bigThreadsAt(scale)];
  mostCommented(counts, special.length).forEach((post, rank) => (sizes[post] = special[rank] ?? 0));
  lastPlan = { scale, sizes, total: sizes.reduce((sum, size) => sum + size, 0) };
  return lastPlan;
}

/** The positions of the `k` posts with the most comments, most first (ties: the earlier post). */
function mostCommented(counts: Int32Array, k: number): number[] {
  const top: number[] = [];
  const countAt = (rank: number) => counts[top[rank] ?? 0] ?? 0;
  counts.forEach((count, position) => {
    if (top.length === k && count <= countAt(k - 1)) return;
    if (top.length === k) top.pop();
    let rank = top.length;
    while (rank > 0 && countAt(rank - 1) < count) rank--;
    top.splice(rank, 0, position);
  });
  return top;
}

/** The exact number of comments `forumDemoComments` yields at this scale. */
export function forumDemoCommentCount(scale: number): number {
  return planFor(scale).total;
}

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

const SENTENCES = [
  'This is the answer I was looking for.',
  'I had the same problem last year & ended up starting over from scratch.',
  'Honestly, it depends on what you want to get out of it.',
  'Can confirm, the same thing happened to me.',
  'Great write-up, thanks for taking the time.',
  'Not sure why this is getting downvoted, it is a fair question.',
  'The trick is to start small and build from there.',
  'Rule of thumb: if the cost > the benefit, skip it.',
  'Anything < 10 minutes is fine in my experience.',
  'Please paste the output inside <code> tags, it is unreadable otherwise.',
  'Went from 3 -> 5 in about two months, so it is doable.',
  'Naïve question maybe, but why not just ask them directly?',
  'It costs €45 here now, which is wild.',
  'Ich hatte genau das gleiche Problem, danke für den Tipp!',
  'Merci, c’est exactement ce qu’il me fallait.',
  '日本でも同じですね。',
  'I read the whole thread and still learned something new.',
  'People underestimate how much the small details matter here.',
  'There is a good comparison of the options in the sidebar.',
  'Same experience here, it took a few weeks to click.',
  'Bookmarking this for later.',
  'The first comment nails it.',
] as const;

const REACTIONS = [
  'This.',
  'Thanks!',
  'Same here.',
  'Fair point.',
  'Source?',
  'Came here to say this.',
  'Underrated comment.',
  'This is the way 👍',
  '> it depends\n\nIt really does.',
  'Lol, true.',
] as const;

const CHAIN_LINES = [
  "That's not what I said.",
  'Read my comment again.',
  'You are moving the goalposts.',
  'Okay, but where is the evidence?',
  'I linked it twice already.',
  'We will have to agree to disagree.',
  'No, because the numbers say otherwise.',
  'That is a completely different situation.',
  "Fine, but you still haven't answered the question.",
  'I think we mostly agree, actually.',
  'Correlation ≠ causation.',
  'Sure, and A < B does not mean B > C.',
] as const;

const STICKY_LINES = [
  'Reminder: keep it civil & on topic. Comments that break the rules will be removed.',
  'This thread is getting a lot of attention. Please report rule-breaking comments instead of replying to them.',
  'Please keep all discussion of this topic in this thread; new posts about it will be removed.',
  'Answers must be on topic and sourced. Anecdotes belong in replies, not in top-level comments.',
] as const;

const MODERATOR_LINES = [
  'Removed a few comments below. Please keep it civil.',
  'Locking this chain. Take it to private messages.',
  'Rule 3: please search before posting.',
  'Friendly reminder that personal attacks get you banned.',
] as const;

const ADMIN_LINES = [
  'We are looking into this, thanks for the report.',
  'Admin here: this has been escalated to our safety team.',
] as const;

/** Site admins (they distinguish as 'admin'). */
const ADMINS = ['admin_kestrel', 'admin_juniper'] as const;

// ---------------------------------------------------------------------------------------------
// Growing a thread
// ---------------------------------------------------------------------------------------------

const SEED = 0xc0_33e7;
/** Deepest level (top-level comments are level 1). */
const MAX_DEPTH = 40;
/** Threads at least this big open with a stickied moderator comment and have a "hot" comment. */
const BIG_THREAD_MIN = 500;
const STICKY_RATE = 0.08;
/** Of the comments outside chains (a thread's first comment is always top-level): ≈35% overall. */
const TOP_LEVEL_RATE = 0.25;
/** In big threads, the share of replies that go straight to the hot comment. */
const HOT_RATE = 0.12;
const CHAIN_RATE = 0.04;
/** Threads at least this big may have long chains. */
const LONG_CHAIN_MIN = 200;
const LONG_CHAIN_RATE = 0.2;
const OP_RATE = 0.06;
const MODERATOR_RATE = 0.004;
const ADMIN_RATE = 0.0003;
const LATE_RATE = 0.03;
const DELAY_SIGMA = 1.4;
/** Median delays in seconds: of a top-level comment after the post, of a reply, of a reply in a chain. */
const TOP_LEVEL_DELAY = 40 * 60;
const REPLY_DELAY = 15 * 60;
const CHAIN_DELAY = 5 * 60;

interface Thread {
  post: ForumPostRow;
  size: number;
  rng: Random;
  authors: readonly string[];
  moderators: readonly string[];
  /** The oldest age (seconds before now) a comment can have: it must come after the post. */
  maxAge: number;
}

interface Draft {
  /** Creation order within the thread. */
  index: number;
  parent: Draft | null;
  /** 1: top-level. */
  depth: number;
  /** Seconds before now. */
  age: number;
  author: string;
  replies: number;
  inChain: boolean;
  distinguished: 'moderator' | 'admin' | null;
  stickied: boolean;
}

interface Chain {
  last: Draft;
  people: readonly [string, string];
  left: number;
}

class ThreadGrower {
  readonly drafts: Draft[] = [];
  /** Every comment once, plus once per reply it got: a uniform pick is preferential attachment. */
  private readonly urn: Draft[] = [];
  private hot: Draft | null = null;
  private chain: Chain | null = null;

  constructor(private readonly thread: Thread) {}

  grow(): Draft[] {
    const { size, rng } = this.thread;
    if (size >= BIG_THREAD_MIN || (size >= 5 && rng.chance(STICKY_RATE))) this.add(this.sticky());
    while (this.drafts.length < size) this.add((this.chain && this.nextInChain()) ?? this.next());
    return this.drafts;
  }

  private add(draft: Draft): void {
    this.drafts.push(draft);
    if (draft.stickied) return;
    this.urn.push(draft);
    if (draft.parent) {
      draft.parent.replies++;
      this.urn.push(draft.parent);
    } else if (!this.hot && this.thread.size >= BIG_THREAD_MIN) {
      this.hot = draft;
    }
  }

  private draft(parent: Draft | null, author: string, age: number): Draft {
    const depth = parent ? parent.depth + 1 : 1;
    const index = this.drafts.length;
    return { index, parent, depth, age, author, replies: 0, inChain: false, distinguished: null, stickied: false };
  }

  private sticky(): Draft {
    const { rng, moderators, maxAge } = this.thread;
    const draft = this.draft(null, rng.pick(moderators), ageAfter(rng, maxAge, 120));
    return { ...draft, distinguished: 'moderator', stickied: true };
  }

  private next(): Draft {
    const { rng, maxAge } = this.thread;
    const parent = this.pickParent();
    const draft = parent
      ? this.draft(parent, this.replyAuthor(parent), ageAfter(rng, parent.age - 1, REPLY_DELAY))
      : this.draft(null, this.someone(), ageAfter(rng, maxAge, TOP_LEVEL_DELAY));
    this.maybeDistinguish(draft);
    if (parent && !draft.distinguished && rng.chance(CHAIN_RATE)) {
      this.chain = { last: draft, people: [draft.author, parent.author], left: this.chainLength(draft.depth) };
    }
    return draft;
  }

  private pickParent(): Draft | null {
    const { rng } = this.thread;
    if (this.urn.length === 0 || rng.chance(TOP_LEVEL_RATE)) return null;
    const parent = this.hot && rng.chance(HOT_RATE) ? this.hot : rng.pick(this.urn);
    return parent.depth < MAX_DEPTH && parent.age > 0 ? parent : null;
  }

  /** The next comment of a back-and-forth, or null when it has ended. */
  private nextInChain(): Draft | null {
    const chain = this.chain!;
    const { last, people } = chain;
    if (chain.left === 0 || last.depth >= MAX_DEPTH || last.age === 0) {
      this.chain = null;
      return null;
    }
    chain.left--;
    const author = last.author === people[0] ? people[1] : people[0];
    chain.last = { ...this.draft(last, author, ageAfter(this.thread.rng, last.age - 1, CHAIN_DELAY)), inChain: true };
    return chain.last;
  }

  /** Comments after the first of a chain starting at `depth`: a few, or in big threads down to level 12 to 40. */
  private chainLength(depth: number): number {
    const { rng, size } = this.thread;
    const long = size >= LONG_CHAIN_MIN && rng.chance(LONG_CHAIN_RATE);
    return long ? Math.max(3, rng.int(12, MAX_DEPTH) - depth) : rng.int(1, 5);
  }

  private replyAuthor(parent: Draft): string {
    const op = this.thread.post.author;
    if (parent.author !== op && this.thread.rng.chance(OP_RATE)) return op;
    const author = this.someone();
    return author === parent.author ? this.someone() : author;
  }

  private someone(): string {
    const { rng, authors } = this.thread;
    return authors[rng.skewedIndex(authors.length, 1.6)]!;
  }

  private maybeDistinguish(draft: Draft): void {
    const { rng, moderators } = this.thread;
    const r = rng.next();
    if (r < ADMIN_RATE) {
      draft.author = rng.pick(ADMINS);
      draft.distinguished = 'admin';
    } else if (r < ADMIN_RATE + MODERATOR_RATE) {
      draft.author = rng.pick(moderators);
      draft.distinguished = 'moderator';
    }
  }
}

/**
 * An age (seconds before now) at most `maxAge`, typically `median` seconds after the moment `maxAge`
 * stands for (log-normal); if that is in the future, or now and then anyway, anywhere in between.
 */
function ageAfter(rng: Random, maxAge: number, median: number): number {
  const delay = Math.floor(rng.logNormal(Math.log(median), DELAY_SIGMA));
  return delay <= maxAge && !rng.chance(LATE_RATE) ? maxAge - delay : Math.floor(rng.next() * (maxAge + 1));
}

// ---------------------------------------------------------------------------------------------
// Finishing comments
// ---------------------------------------------------------------------------------------------

const NEGATIVE_RATE = 0.08;
const MAX_SCORE = 60_000;
const VOTES_RATE = 0.05;
const DELETED_RATE = 0.03;
const REMOVED_RATE = 0.02;
const EDITED_AT_RATE = 0.06;
const EDITED_RATE = 0.01;

/** Heavy-tailed: higher for top-level comments, comments with replies and popular posts. */
function scoreOf(draft: Draft, heat: number, rng: Random): number {
  if (rng.chance(NEGATIVE_RATE)) return -1 - Math.floor(rng.logNormal(0.5, 1));
  const mu = (draft.depth === 1 ? 1.6 : 0.7) + heat + 0.6 * Math.log1p(draft.replies) - 0.04 * draft.depth;
  return Math.min(MAX_SCORE, Math.round(rng.logNormal(mu, 1.2)));
}

function bodyOf(draft: Draft, rng: Random): string {
  if (draft.stickied) return rng.pick(STICKY_LINES);
  if (draft.distinguished === 'moderator') return rng.pick(MODERATOR_LINES);
  if (draft.distinguished === 'admin') return rng.pick(ADMIN_LINES);
  if (draft.inChain) return rng.pick(CHAIN_LINES);
  if (draft.parent && rng.chance(0.25)) return rng.pick(REACTIONS);
  const r = rng.next();
  const count = r < 0.6 ? 1 : r < 0.9 ? 2 : 3;
  let body: string = rng.pick(SENTENCES);
  for (let k = 1; k < count; k++) body += ' ' + rng.pick(SENTENCES);
  return body;
}

function editedOf(draft: Draft, createdAt: number, rng: Random): boolean | number {
  const r = rng.next();
  if (r < EDITED_AT_RATE && draft.age > 0) return createdAt + 1000 * rng.int(1, Math.min(draft.age, 86_400));
  return r < EDITED_AT_RATE + EDITED_RATE;
}

/** Up and down votes given now and then (else the store derives them from the score). */
function votesOf(score: number, rng: Random): { ups?: number; downs?: number } {
  if (!rng.chance(VOTES_RATE)) return {};
  const downs = Math.max(-score, 0) + Math.floor(rng.logNormal(0.5, 1.2));
  return { ups: score + downs, downs };
}

const ID_TIME_BASE = 10 * 36 ** 5; // 'a00000'
/** Older than any post (demo.ts keeps them within two years). */
const MAX_AGE = 730 * 86_400;

function commentId(age: number, sequence: number): string {
  return (ID_TIME_BASE + MAX_AGE - age).toString(36) + sequence.toString(36).padStart(6, '0');
}

/** The thread's comments oldest first (a reply comes after its parent), numbered from `sequence`. */
function finishThread(thread: Thread, drafts: Draft[], nowMs: number, sequence: number): ForumCommentInput[] {
  const { post, rng } = thread;
  const heat = 0.3 * Math.log1p(Math.max(post.score, 0) / 20);
  const ids = new Map<Draft, string>();
  const ordered = [...drafts].sort((a, b) => b.age - a.age || a.index - b.index);
  return ordered.map((draft) => {
    const id = commentId(draft.age, sequence++);
    ids.set(draft, id);
    const createdAt = nowMs - 1000 * draft.age;
    const score = scoreOf(draft, heat, rng);
    const plain = !draft.distinguished;
    const r = rng.next();
    const deleted = plain && r < DELETED_RATE;
    const removed = plain && !deleted && r < DELETED_RATE + REMOVED_RATE;
    return {
      id,
      postId: post.id,
      parentId: draft.parent ? (ids.get(draft.parent) ?? null) : null,
      community: post.community,
      author: deleted || (removed && rng.chance(0.4)) ? '[deleted]' : draft.author,
      body: deleted ? '[deleted]' : removed ? '[removed]' : bodyOf(draft, rng),
      score,
      ...votesOf(score, rng),
      createdAt,
      edited: deleted || removed ? false : editedOf(draft, createdAt, rng),
      distinguished: draft.distinguished,
      stickied: draft.stickied,
      deleted,
      removed,
      url: `https://forum.example.org/c/${post.community}/comments/${post.id}/_/${id}`,
    };
  });
}

function moderatorsOf(community: string, authors: readonly string[]): string[] {
  let hash = 0;
  for (const char of community) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) >>> 0;
  return [0, 1, 2].map((k) => authors[(hash + k * 997) % authors.length]!);
}

/**
 * Yields `forumDemoCommentCount(scale)` comments, lazily, thread by thread in the posts' order
 * (a thread is held whole: at most the megathread).
 */
export function* forumDemoComments(options: ForumDemoOptions): Generator<ForumCommentInput> {
  const nowMs = options.now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid date');
  const { sizes } = planFor(options.scale);
  const rng = createRandom(SEED);
  const authors = forumDemoAuthors(options.scale);
  const moderators = new Map<string, string[]>();
  let position = 0;
  let sequence = 0;
  for (const post of forumDemoPosts(options)) {
    const size = sizes[position++] ?? 0;
    if (size === 0) continue;
    let mods = moderators.get(post.community);
    if (!mods) moderators.set(post.community, (mods = moderatorsOf(post.community, authors)));
    const maxAge = Math.ceil((nowMs - post.createdAt) / 1000) - 1;
    const thread: Thread = { post, size, rng, authors, moderators: mods, maxAge };
    const comments = finishThread(thread, new ThreadGrower(thread).grow(), nowMs, sequence);
    sequence += comments.length;
    yield* comments;
  }
}
