/**
 * Deterministic short-video demo data: 240 creators per unit of scale in a dozen niches (six of
 * every 240 post 100–220 videos, the rest a handful each), ≈2,900 videos, ≈30,000 comments and
 * ≈7,000 replies at scale 1; captions, hashtags, sounds and comments from per-niche templates;
 * heavy-tailed views, likes and shares; a few viral videos per creator group with hundreds of
 * comments; timestamps in whole seconds (as the platform gives them) over the two years before
 * `now`, comments after their video and replies after their comment.
 *
 * The same `scale` always yields the same rows in the same order; only `createdAt` depends on
 * `now` (it is `now` minus a fixed age). Ids are 19-digit decimals, (pseudo-time << 32 | ordinal)
 * like the platform's, so they grow with age and do not depend on `now`: seeding again at
 * another moment updates the same rows. Videos and comments are separate lazy streams over one
 * cheap plan (creators, video ages, comment counts), so each table is written by its own generator.
 */
import type { ShortVideoCommentInput, ShortVideoInput } from './rows.js';
import { createRandom, mix, type Random } from '../../demo/random.js';
import {
  CREATOR_REPLIES,
  FIRST_NAMES,
  GENERIC_COMMENTS,
  GENERIC_REPLIES,
  type Niche,
  NICHES,
  SHARED_WORDS,
  TRACKS,
  VIEWER_PREFIXES,
  VIEWER_WORDS,
} from './demo-text.js';

export interface ShortVideoDemoOptions {
  /** The moment the timestamps are relative to. */
  now: Date;
  /** Positive integer; multiplies the creators (and so the videos and comments). */
  scale: number;
}

export const SHORTVIDEO_CREATORS_PER_SCALE = 240;
/** Creators 0–5 of every 240 are prolific: 100 to 220 videos each, more followers, viral hits. */
const PROLIFIC_PER_GROUP = 6;
const VIEWERS_PER_SCALE = 3000;
const MAX_VIEWERS = 200_000;

const SECOND = 1000;
const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;
/** Oldest possible video: just inside two years. */
const MAX_AGE_S = 730 * DAY_S - HOUR_S;
const MIN_VIDEO_AGE_S = 10 * 60;
/** Ids carry (REFERENCE − age) in their high bits: 2026-01-01 in epoch seconds. */
const REFERENCE_S = 1_767_225_600n;

const CREATOR_SEED = 0x5107_c0de;
const PLAN_SEED = 0x5107_91a7;
const VIDEO_SEED = 0x5107_0f1d;
const COMMENT_SEED = 0x5107_c033;
const HANDLE_SEED = 0x5107_4a7d;
const VIEWER_SEED = 0x5107_7e3e;

/** Murmur3's finalizer over (seed, n): independent seeds for per-creator and per-video streams. */

function checkScale(scale: number) {
  if (!Number.isSafeInteger(scale) || scale < 1) throw new RangeError(`scale must be a positive integer, got ${scale}`);
}

/** A 19-digit id growing with the moment (age before the reference) and unique by ordinal. */
function idOf(ageSeconds: number, ordinal: number): string {
  return (((REFERENCE_S - BigInt(ageSeconds)) << 32n) | BigInt(ordinal >>> 0)).toString();
}

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

const SLOT = /\{(\w+)\}/g;

function render(template: string, words: Record<string, readonly string[]>, rng: Random): string {
  return template.replace(SLOT, (_, name: string) => {
    const list = words[name] ?? SHARED_WORDS[name];
    if (!list) throw new Error(`unknown slot {${name}} in ${JSON.stringify(template)}`);
    return rng.pick(list);
  });
}

const FOR_YOU_TAGS = ['#fyp', '#foryou', '#foryoupage', '#viral', '#trending'];

function describeVideo(niche: Niche, rng: Random): string {
  const caption = render(rng.pick(niche.captions), niche.words, rng);
  const tags: string[] = [];
  const wanted = rng.int(2, 4);
  while (tags.length < wanted) {
    const tag = rng.pick(niche.hashtags);
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (rng.chance(0.45)) tags.push(rng.pick(FOR_YOU_TAGS));
  // a few captions are hashtags only
  return rng.chance(0.04) ? tags.join(' ') : `${caption} ${tags.join(' ')}`;
}

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

function nicheOf(creator: number): Niche {
  return NICHES[mix(CREATOR_SEED ^ 0x77, creator) % NICHES.length]!;
}

function creatorHandle(niche: Niche, rng: Random): string {
  const name = rng.pick(FIRST_NAMES);
  const verb = rng.pick(niche.verbs);
  const noun = rng.pick(niche.nouns);
  const r = rng.next();
  if (r < 0.18) return `${verb}with${name}`;
  if (r < 0.34) return `${name}s${noun}`;
  if (r < 0.48) return `${noun}by${name}`;
  if (r < 0.62) return `${name}.${noun}`;
  if (r < 0.74) return `${name}_${noun}`;
  if (r < 0.84) return `the${noun}${name}`;
  if (r < 0.92) return `its${name}${noun}`;
  return `${name}${noun}${rng.int(1, 99)}`;
}

function viewerHandle(rng: Random): string {
  const r = rng.next();
  if (r < 0.22) return `user${rng.int(1_000_000_000, 9_999_999_999)}`;
  const name = rng.pick(FIRST_NAMES);
  const word = rng.pick(VIEWER_WORDS);
  if (r < 0.4) return `${name}${rng.int(1, 9999)}`;
  if (r < 0.52) return `${name}.${word}`;
  if (r < 0.64) return `${rng.pick(VIEWER_PREFIXES)}${word}${rng.chance(0.5) ? rng.int(1, 99) : ''}`;
  if (r < 0.74) return `${name}_${rng.pick(FIRST_NAMES)}`;
  if (r < 0.82) return `${word}.${name}${rng.chance(0.4) ? rng.int(0, 9) : ''}`;
  if (r < 0.9) return `x${name}x`;
  return `${name}${rng.int(1990, 2010)}`;
}

/**
 * Handle pools, generated by one sequence each so that a smaller pool is a prefix of a larger
 * one, and kept between calls. Creator handles are unique ignoring case (the store looks them up so).
 */
const creatorHandles: string[] = [];
const creatorKeys = new Set<string>();
const creatorHandleRandom = createRandom(HANDLE_SEED);
const viewerHandles: string[] = [];
const viewerKeys = new Set<string>();
const viewerRandom = createRandom(VIEWER_SEED);

function creatorHandlePool(size: number): readonly string[] {
  while (creatorHandles.length < size) {
    const niche = nicheOf(creatorHandles.length);
    let handle = creatorHandle(niche, creatorHandleRandom);
    while (creatorKeys.has(handle.toLowerCase())) handle = `${handle}${creatorHandleRandom.int(0, 9)}`;
    creatorKeys.add(handle.toLowerCase());
    creatorHandles.push(handle);
  }
  return creatorHandles;
}

function viewerPool(size: number): readonly string[] {
  while (viewerHandles.length < size) {
    let handle = viewerHandle(viewerRandom);
    while (viewerKeys.has(handle) || creatorKeys.has(handle)) handle = `${handle}${viewerRandom.int(0, 9)}`;
    viewerKeys.add(handle);
    viewerHandles.push(handle);
  }
  return viewerHandles;
}

// ---------------------------------------------------------------------------------------------
// The plan: creators, their videos' ages, and each video's comment counts
// ---------------------------------------------------------------------------------------------

interface Creator {
  index: number;
  handle: string;
  niche: Niche;
  prolific: boolean;
  /** Median views of a video. */
  popularity: number;
}

interface VideoPlan {
  ordinal: number;
  creator: Creator;
  /** Seconds before now. */
  age: number;
  viral: boolean;
  viewCount: number;
  likeCount: number;
}

function* videoPlans(scale: number): Generator<VideoPlan> {
  const creators = SHORTVIDEO_CREATORS_PER_SCALE * scale;
  const handles = creatorHandlePool(creators);
  let ordinal = 0;
  for (let index = 0; index < creators; index++) {
    const rng = createRandom(mix(PLAN_SEED, index));
    const prolific = index % SHORTVIDEO_CREATORS_PER_SCALE < PROLIFIC_PER_GROUP;
    const creator: Creator = {
      index,
      handle: handles[index]!,
      niche: nicheOf(index),
      prolific,
      popularity: prolific ? rng.logNormal(Math.log(60_000), 0.6) : rng.logNormal(Math.log(2_500), 1.2),
    };
    const count = prolific ? rng.int(100, 220) : Math.min(80, Math.max(1, Math.round(rng.logNormal(Math.log(5), 0.9))));
    // active since: prolific creators for almost two years, others from 3 weeks to two years
    const since = prolific ? rng.int(600 * DAY_S, MAX_AGE_S) : rng.int(21 * DAY_S, MAX_AGE_S);
    let previous = since;
    for (let k = 0; k < count; k++) {
      // stratified over the creator's active time, oldest first; sometimes two parts uploaded in the same second
      const natural = Math.max(MIN_VIDEO_AGE_S, Math.round(since * (1 - (k + rng.next()) / count)));
      const age = k > 0 && rng.chance(0.03) ? previous : Math.min(natural, previous);
      previous = age;
      const viral = age > 2 * DAY_S && (rng.chance(prolific ? 0.06 : 0.012) || (prolific && k === count - 3));
      // views: heavy-tailed around the creator's median, far more for a viral one, fewer for a video of the last two days
      let views = creator.popularity * rng.logNormal(0, 0.9) * (viral ? 20 + 60 * rng.next() : 1);
      if (age < 2 * DAY_S) views *= Math.sqrt(age / (2 * DAY_S));
      const viewCount = Math.max(40, Math.min(2_500_000_000, Math.round(views)));
      const likeCount = Math.round(viewCount * (0.02 + 0.11 * rng.next()));
      yield { ordinal: ordinal++, creator, age, viral, viewCount, likeCount };
    }
  }
}

/** Replies under each top-level comment of a video (its length is the number of top-level comments). */
function commentPlan(plan: VideoPlan, rng: Random): number[] {
  let top = plan.viral ? rng.int(100, 320) : Math.min(90, Math.floor(rng.logNormal(Math.log(3.2), 1.1)));
  if (!plan.viral && plan.age < DAY_S) top = Math.floor((top * plan.age) / DAY_S);
  const replyRate = plan.viral ? 0.2 : 0.1;
  const maxReplies = plan.viral ? 60 : 12;
  return Array.from({ length: top }, () =>
    rng.chance(replyRate) ? Math.min(maxReplies, 1 + Math.floor(rng.logNormal(Math.log(1.5), 1))) : 0,
  );
}

const commentRandom = (plan: VideoPlan) => createRandom(mix(COMMENT_SEED, plan.ordinal));

const sizes = new Map<number, number>();

/** The exact number of rows (videos, comments and replies) the two generators yield for this scale. */
export function shortVideoDemoSize(scale: number): number {
  checkScale(scale);
  let size = sizes.get(scale);
  if (size === undefined) {
    size = 0;
    for (const plan of videoPlans(scale)) {
      const replies = commentPlan(plan, commentRandom(plan));
      size += 1 + replies.length + replies.reduce((a, b) => a + b, 0);
    }
    sizes.set(scale, size);
  }
  return size;
}

function checkOptions({ now, scale }: ShortVideoDemoOptions): number {
  checkScale(scale);
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid date');
  return nowMs;
}

// ---------------------------------------------------------------------------------------------
// Videos
// ---------------------------------------------------------------------------------------------

/** Yields every video, lazily: creator by creator, each creator's oldest first. */
export function* shortVideoDemoVideos(options: ShortVideoDemoOptions): Generator<ShortVideoInput> {
  const nowMs = checkOptions(options);
  const handles = creatorHandlePool(SHORTVIDEO_CREATORS_PER_SCALE * options.scale);
  for (const plan of videoPlans(options.scale)) {
    const { creator, age, viewCount, likeCount } = plan;
    const replies = commentPlan(plan, commentRandom(plan));
    const rng = createRandom(mix(VIDEO_SEED, plan.ordinal));
    const niche = creator.niche;
    const long = niche.name !== 'dance' && rng.chance(0.03);
    const duration = long ? rng.int(181, 600) : rng.int(niche.seconds[0], niche.seconds[1]);
    const shareCount = Math.round(likeCount * (0.004 + 0.06 * rng.next()));
    const r = rng.next();
    const music =
      r < 0.45
        ? { title: `original sound - ${creator.handle}`, author: creator.handle }
        : r < 0.55
          ? borrowedSound(handles, creator, rng)
          : rng.pick(TRACKS);
    const id = idOf(age, plan.ordinal);
    yield {
      id,
      author: creator.handle,
      description: describeVideo(niche, rng),
      likeCount,
      commentCount: replies.length + replies.reduce((a, b) => a + b, 0),
      shareCount,
      viewCount,
      duration,
      createdAt: nowMs - age * SECOND,
      videoUrl: `https://shortvideo.example.org/@${creator.handle}/video/${id}`,
      music,
    };
  }
}

/** Another creator's original sound (a prolific one's, as sounds travel from big accounts). */
function borrowedSound(handles: readonly string[], creator: Creator, rng: Random) {
  const group = Math.floor(creator.index / SHORTVIDEO_CREATORS_PER_SCALE) * SHORTVIDEO_CREATORS_PER_SCALE;
  let other = group + rng.int(0, PROLIFIC_PER_GROUP - 1);
  if (other === creator.index) other = group + ((other - group + 1) % PROLIFIC_PER_GROUP);
  const handle = handles[other]!;
  return { title: `original sound - ${handle}`, author: handle };
}

// ---------------------------------------------------------------------------------------------
// Comments and replies
// ---------------------------------------------------------------------------------------------

/** Yields every comment and reply, lazily: video by video, each comment followed by its replies. */
export function* shortVideoDemoComments(options: ShortVideoDemoOptions): Generator<ShortVideoCommentInput> {
  const nowMs = checkOptions(options);
  const viewerCount = Math.min(MAX_VIEWERS, VIEWERS_PER_SCALE * options.scale);
  creatorHandlePool(SHORTVIDEO_CREATORS_PER_SCALE * options.scale);
  const viewers = viewerPool(viewerCount);
  let ordinal = 0;
  for (const plan of videoPlans(options.scale)) {
    const rng = commentRandom(plan);
    const replies = commentPlan(plan, rng);
    const { creator, age } = plan;
    const videoId = idOf(age, plan.ordinal);
    // a comment's likes: heavy-tailed, scaled to the video's, never more than a fifth of them
    const mu = Math.log(Math.max(1, plan.likeCount / 300));
    const maxCommentLikes = Math.floor(plan.likeCount / 5);
    for (const replyCount of replies) {
      // most comments come in the first days after the upload, some long after
      const delay = rng.chance(0.8) ? 4 * DAY_S * rng.next() ** 2 : (age - 3) * rng.next();
      const commentAge = age - 1 - Math.floor(Math.min(age - 3, delay));
      const author = viewers[rng.skewedIndex(viewerCount, 1.7)]!;
      const text = render(
        rng.chance(0.55) ? rng.pick(creator.niche.comments) : rng.pick(GENERIC_COMMENTS),
        creator.niche.words,
        rng,
      );
      const id = idOf(commentAge, ordinal++);
      yield {
        id,
        videoId,
        parentId: '',
        author,
        text,
        likeCount: Math.min(maxCommentLikes, Math.max(0, Math.floor(rng.logNormal(mu, 1.6)) - 1)),
        replyCount,
        createdAt: nowMs - commentAge * SECOND,
      };
      for (let r = 0; r < replyCount; r++) {
        // replies mostly within hours
        const replyDelay = rng.chance(0.85) ? 6 * HOUR_S * rng.next() ** 2 : (commentAge - 2) * rng.next();
        const replyAge = commentAge - 1 - Math.floor(Math.min(commentAge - 2, replyDelay));
        const fromCreator = rng.chance(0.12);
        const replier = fromCreator ? creator.handle : viewers[rng.skewedIndex(viewerCount, 1.7)]!;
        const line = fromCreator ? rng.pick(CREATOR_REPLIES) : rng.pick(GENERIC_REPLIES);
        yield {
          id: idOf(replyAge, ordinal++),
          videoId,
          parentId: id,
          author: replier,
          text: !fromCreator && rng.chance(0.35) ? `@${author} ${line}` : line,
          likeCount: Math.min(maxCommentLikes, Math.max(0, Math.floor(rng.logNormal(mu - 1.5, 1.4)) - 1)),
          replyCount: 0,
          createdAt: nowMs - replyAge * SECOND,
        };
      }
    }
  }
}
