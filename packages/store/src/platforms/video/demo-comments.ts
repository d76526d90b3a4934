/**
 * Deterministic demo comments: the demo's popular videos (2,000,000 views or more, about 0.6 % of them)
 * have comment threads, more the more viewed (4 at 2 million views, 24 at 20 million, at most 60),
 * each with 0–8 replies; comments are published between their video's (or their thread's) publication
 * and `now`, some edited later. Ids are shaped as YouTube's (`Ugx…4AaABAg`, a reply
 * `<thread id>.<22 characters>`); authors and their channels are made up, their pictures the demo's
 * made-up addresses (recorded in the rows: an imported comment answers only what its source gave) and
 * no source item (`extra` `''`).
 */
import { avatarsOf } from '@socialquery/video/server';
import type { VideoCommentsTable } from '../../schema.js';
import { createRandom, type Random } from '../../demo/random.js';
import { mix } from '../../demo/random.js';
import { encode, type VideoDemoOptions, videoRowOf, videosAt } from './demo.js';

/** Views from which a demo video has comments. */
export const COMMENTED_VIEWS = 2_000_000;
/** The most threads a demo video has. */
export const MAX_DEMO_THREADS = 60;
/** The most replies a demo thread has (more than a page of replies shows: 5). */
export const MAX_DEMO_REPLIES = 8;

const COMMENTS = [
  'This is exactly what I was looking for, thank you!',
  'Who else is watching this in {year}?',
  'The part at {time} is the best',
  'Great video as always',
  'I tried this and it actually worked',
  'Underrated channel, more people need to see this',
  'Can you make a follow-up on this?',
  'Watched it three times already',
  'The editing on this one is so good',
  'Finally someone explains it properly',
  'I disagree with a few points, but great effort',
  'Saving this for later',
] as const;
const REPLIES = [
  'Agreed!',
  'Same here',
  'Thanks, that helps',
  'Exactly what I thought',
  'Not sure about that one',
  'Came here to say this',
  'This deserves more likes',
  'Ha, me too',
] as const;
const NAMES = ['maya', 'leo', 'aria', 'noah', 'zoe', 'kai', 'luna', 'omar', 'ines', 'jonas', 'sofia', 'ravi'] as const;

/** Threads of a video with these views: none below COMMENTED_VIEWS. */
export function demoThreadCount(views: number): number {
  if (views < COMMENTED_VIEWS) return 0;
  return Math.min(MAX_DEMO_THREADS, 4 + Math.floor(20 * Math.log10(views / COMMENTED_VIEWS)));
}

function author(rng: Random) {
  const name = `@${rng.pick(NAMES)}${rng.int(1, 9999)}`;
  const channel = `UC${encode(rng.int(0, 64 ** 5 - 1), 5)}${encode(rng.int(0, 64 ** 5 - 1), 5)}${encode(rng.int(0, 64 ** 5 - 1), 5)}${encode(rng.int(0, 64 ** 5 - 1), 5)}${encode(rng.int(0, 63), 2)}`;
  return { author_name: name, author_channel_id: channel, author_image: avatarsOf(channel)[0]!.url };
}

/** A moment after `from` and at most `now`, closer to `from` (comments come soon after what they answer). */
const momentAfter = (rng: Random, from: number, now: number) => from + Math.floor((now - from) * rng.next() ** 3);

/** A comment's edit: most are never edited (updated = published); a few minutes to days later, not after `now`. */
const editedAt = (rng: Random, published: number, now: number) =>
  rng.chance(0.15) ? Math.min(now, published + rng.int(60, 3 * 86_400) * 1000) : published;

/** The demo comments of one video (threads, each followed by its replies), or none. */
export function* demoCommentsOf(ordinal: number, now: Date, scale: number): Generator<VideoCommentsTable> {
  const video = videoRowOf(ordinal, now, scale);
  const threads = demoThreadCount(video.views);
  const end = now.getTime();
  for (let t = 0; t < threads; t++) {
    const rng = createRandom(mix(0xc0e01, ordinal * MAX_DEMO_THREADS + t));
    const id = `Ug${'wxyz'[t % 4]}${encode(ordinal, 4)}${encode(t, 1)}${encode(mix(0xc0e02, ordinal * 64 + t) % 64 ** 5, 5)}${encode(mix(0xc0e03, ordinal * 64 + t) % 64 ** 5, 5)}4AaABAg`;
    const published = momentAfter(rng, video.published_at, end);
    const replies = Math.floor(rng.next() ** 2 * (MAX_DEMO_REPLIES + 1));
    const text = rng
      .pick(COMMENTS)
      .replace('{year}', String(new Date(end).getUTCFullYear()))
      .replace('{time}', `${Math.floor(video.duration / 120)}:${String(rng.int(0, 59)).padStart(2, '0')}`);
    yield {
      id,
      video_id: video.id,
      channel_id: video.channel_id,
      parent_id: '',
      ...author(rng),
      text,
      like_count: Math.round(rng.logNormal(2.5, 1.6)),
      published_at: published,
      updated_at: editedAt(rng, published, end),
      reply_count: replies,
      can_reply: 1,
      is_public: 1,
      extra: '',
    };
    for (let r = 0; r < replies; r++) {
      const replied = momentAfter(rng, published, end);
      yield {
        id: `${id}.${encode(r, 1)}${encode(rng.int(0, 64 ** 5 - 1), 5)}${encode(rng.int(0, 64 ** 5 - 1), 5)}${encode(rng.int(0, 64 ** 5 - 1), 5)}${encode(rng.int(0, 64 ** 5 - 1), 5)}A`,
        video_id: video.id,
        channel_id: video.channel_id,
        parent_id: id,
        ...author(rng),
        text: rng.pick(REPLIES),
        like_count: Math.round(rng.logNormal(0.8, 1.2)),
        published_at: replied,
        updated_at: editedAt(rng, replied, end),
        reply_count: 0,
        can_reply: null,
        is_public: null,
        extra: '',
      };
    }
  }
}

/** Every demo video's comments, in the videos' order. */
export function* videoDemoComments({ now, scale }: VideoDemoOptions): Generator<VideoCommentsTable> {
  for (let v = 0; v < videosAt(scale); v++) yield* demoCommentsOf(v, now, scale);
}

/** Comments per demo video, on average (11,083 for the 50,000 videos of scale 1): the progress estimate. */
const COMMENTS_PER_VIDEO = 0.22;

/** Comment rows `videoDemoComments` writes at `scale`, about (for progress). */
export const videoDemoCommentsSize = (scale: number) => Math.round(videosAt(scale) * COMMENTS_PER_VIDEO);
