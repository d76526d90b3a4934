import { z } from 'zod';
import { parseEvery } from './duration.js';

/** How often a target runs: `30s`, `10m`, `1h`, `1d`. */
const every = z
  .string()
  .refine((text) => parseEvery(text) !== undefined, { message: 'expected a duration such as 30s, 10m, 1h or 1d' });

/** Pages fetched at most per run (a listing's walk to its end or to the checkpoint stops there too). */
const pages = z.number().int().min(1).max(100);

const name = (what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: `a ${what} name: letters, digits, _ and -, at most 64 characters` });

/** Reddit's `t` of a top listing: the window its posts were created in. */
export const TIMEFRAMES = ['hour', 'day', 'week', 'month', 'year', 'all'] as const;

/**
 * A forum target: a community's listing (`new`, `hot`, `top`, or its newest `comments`), a search (in
 * one community or all of Reddit), a user's submissions, or one post's comments.
 */
export const forumTargetSchema = z
  .object({
    platform: z.literal('forum'),
    community: name('community').optional(),
    listing: z.enum(['new', 'hot', 'top', 'comments']).optional(),
    /** A top listing's window (default `day`). */
    timeframe: z.enum(TIMEFRAMES).optional(),
    /** The newest posts matching a query (Reddit's search syntax), in `community` when it names one. */
    search: z.string().trim().min(1).max(512).optional(),
    user: name('user').optional(),
    post: z
      .string()
      .regex(/^(t3_)?[a-z0-9]{1,16}$/, { message: 'a post id in base 36 (abc123, or t3_abc123)' })
      .optional(),
    every: every.optional(),
    pages: pages.optional(),
    /** How many of the newest posts earlier runs stored are read again each run (`/api/info`, 100 a request; default 0). */
    refresh: z.number().int().min(0).max(500).optional(),
  })
  .strict()
  .refine(
    (target) =>
      [target.community !== undefined || target.search !== undefined, target.user, target.post].filter(Boolean)
        .length === 1 &&
      (target.search === undefined || (target.user === undefined && target.post === undefined)),
    { message: 'a forum target names exactly one of community, search (with a community or not), user or post' },
  )
  .refine((target) => target.listing === undefined || (target.community !== undefined && target.search === undefined), {
    message: 'listing goes with community (not with search)',
  })
  .refine((target) => target.timeframe === undefined || target.listing === 'top', {
    message: 'timeframe goes with listing top',
  })
  .refine(
    (target) =>
      target.refresh === undefined ||
      target.user !== undefined ||
      (target.community !== undefined && target.search === undefined && (target.listing ?? 'new') === 'new'),
    { message: "refresh goes with a community's new listing or a user (the posts their earlier runs stored)" },
  );

const channelId = z
  .string()
  .regex(/^UC[A-Za-z0-9_-]{22}$/, { message: 'a channel id: UC followed by 22 letters, digits, _ or -' });

/** A video target: a channel's uploads, a search's newest videos, or the comment threads of a video or of a channel. */
export const videoTargetSchema = z
  .object({
    platform: z.literal('video'),
    channel: channelId.optional(),
    search: z.string().trim().min(1).max(200).optional(),
    /** A video's comment threads (commentThreads.list by videoId). */
    comments: z
      .string()
      .regex(/^[A-Za-z0-9_-]{11}$/, { message: 'a video id: 11 letters, digits, _ or -' })
      .optional(),
    /** The comment threads of a channel's videos (commentThreads.list by allThreadsRelatedToChannelId). */
    channelComments: channelId.optional(),
    every: every.optional(),
    pages: pages.optional(),
    /** A channel's newest stored videos whose statistics each run reads again (default 50; 0: none). */
    refresh: z.number().int().min(0).max(500).optional(),
    /**
     * With comments or channelComments: every reply of a new thread that has more than the 5 its thread
     * carries, read by comments.list (by parentId). Not part of the target's key.
     */
    allReplies: z.boolean().optional(),
  })
  .strict()
  .refine(
    (target) =>
      [target.channel, target.search, target.comments, target.channelComments].filter((kind) => kind !== undefined)
        .length === 1,
    { message: 'a video target names exactly one of channel, search, comments or channelComments' },
  )
  .refine((target) => target.refresh === undefined || target.channel !== undefined, {
    message: 'refresh goes with channel',
  })
  .refine((target) => !target.allReplies || target.comments !== undefined || target.channelComments !== undefined, {
    message: 'allReplies goes with comments or channelComments',
  });

const spotifyId = (what: string) =>
  z.string().regex(/^[A-Za-z0-9]{22}$/, { message: `a Spotify ${what} id: 22 letters and digits` });

/** A music target (Spotify): an artist's releases, a playlist's tracks, a show's episodes. */
export const musicTargetSchema = z
  .object({
    platform: z.literal('music'),
    artist: spotifyId('artist').optional(),
    playlist: spotifyId('playlist').optional(),
    show: spotifyId('show').optional(),
    every: every.optional(),
    pages: pages.optional(),
  })
  .strict()
  .refine((target) => [target.artist, target.playlist, target.show].filter(Boolean).length === 1, {
    message: 'a music target names exactly one of artist, playlist or show',
  });

const username = z
  .string()
  .regex(/^@?[A-Za-z0-9_]{1,15}$/, { message: 'an X username: letters, digits and _, at most 15 characters' })
  .transform((value) => value.replace(/^@/, ''));

/** A microblog target (X): a user's posts, the posts mentioning a user, a recent search, a conversation's replies, a user's followers. */
export const microblogTargetSchema = z
  .object({
    platform: z.literal('microblog'),
    user: username.optional(),
    mentions: username.optional(),
    /** A recent-search query (X's search operators; the last 7 days). */
    search: z.string().trim().min(1).max(512).optional(),
    conversation: z
      .string()
      .regex(/^[0-9]{1,20}$/, { message: 'a conversation id: the decimal id of its first post' })
      .optional(),
    followers: username.optional(),
    every: every.optional(),
    pages: pages.optional(),
  })
  .strict()
  .refine(
    (target) =>
      [target.user, target.mentions, target.search, target.conversation, target.followers].filter(Boolean).length === 1,
    { message: 'a microblog target names exactly one of user, mentions, search, conversation or followers' },
  );

/** A short-video target (TikTok Research API): a user's videos. */
export const shortvideoTargetSchema = z
  .object({
    platform: z.literal('shortvideo'),
    user: z
      .string()
      .regex(/^@?[A-Za-z0-9_.]{2,24}$/, { message: 'a TikTok username: letters, digits, _ and ., 2 to 24 characters' })
      .transform((value) => value.replace(/^@/, '')),
    every: every.optional(),
    pages: pages.optional(),
  })
  .strict();

export type ForumTarget = z.infer<typeof forumTargetSchema>;
export type VideoTarget = z.infer<typeof videoTargetSchema>;
export type MusicTarget = z.infer<typeof musicTargetSchema>;
export type MicroblogTarget = z.infer<typeof microblogTargetSchema>;
export type ShortvideoTarget = z.infer<typeof shortvideoTargetSchema>;
export type Target = ForumTarget | VideoTarget | MusicTarget | MicroblogTarget | ShortvideoTarget;

/** Platforms sync will collect from in a later release (none left: the professional network has no public API). */
export const PLANNED_PLATFORMS: readonly string[] = [];
export const SUPPORTED_PLATFORMS = ['forum', 'video', 'music', 'microblog', 'shortvideo'] as const;

const SCHEMAS = {
  forum: forumTargetSchema,
  video: videoTargetSchema,
  music: musicTargetSchema,
  microblog: microblogTargetSchema,
  shortvideo: shortvideoTargetSchema,
} as const;

/**
 * Targets that cannot be synced, with why (the CLI exits 2 on it): every problem found, one line each
 * (`targets[2].every: expected a duration …`), in `problems`; the message holds them all.
 */
export class TargetError extends Error {
  override readonly name = 'TargetError';
  constructor(
    message: string,
    readonly problems: readonly string[] = [message],
  ) {
    super(message);
  }
}

/** A problem of a declared target: where it is (`targets[2].every`; empty: the whole file), and what is wrong. */
export interface TargetProblem {
  where: string;
  message: string;
  /** A target declared twice: where it was declared first. */
  first?: string;
}

/** A problem as one line: `targets[2].every: expected a duration …`. */
export const problemText = (problem: TargetProblem, firstAt = problem.first): string =>
  `${problem.where ? `${problem.where}: ` : ''}${problem.message}${firstAt ? ` (first at ${firstAt})` : ''}`;

/** `problems` as one error: one problem is the message; more are counted, one a line (the subject names where). */
export function targetsError(problems: readonly string[], subject?: string): TargetError {
  const lines = problems.length === 1 ? problems[0]! : `${problems.length} problems:\n${problems.join('\n')}`;
  return new TargetError(subject ? `${subject}: ${lines}` : lines, problems);
}

/** Why a platform has no sync: the professional network has no public API; the others are planned. */
export function unsupportedPlatformMessage(platform: string): string | undefined {
  if (platform === 'professional')
    return 'the professional network has no public API: sync cannot collect from it (import your own data export instead: socialquery import professional linkedin-export)';
  if (PLANNED_PLATFORMS.includes(platform))
    return `${platform}: not yet supported (planned): sync collects from ${SUPPORTED_PLATFORMS.join(', ')} today`;
  if (!(SUPPORTED_PLATFORMS as readonly string[]).includes(platform))
    return `unknown platform '${platform}' (sync collects from: ${SUPPORTED_PLATFORMS.join(', ')})`;
  return undefined;
}

/** A declared target, checked: the target, or every problem it has (each zod issue its own). */
function checkTarget(value: unknown, where: string): { target: Target } | { problems: TargetProblem[] } {
  const platform: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'platform') : undefined;
  if (typeof platform !== 'string')
    return {
      problems: [{ where: `${where}.platform`, message: `expected one of ${SUPPORTED_PLATFORMS.join(', ')}` }],
    };
  const unsupported = unsupportedPlatformMessage(platform);
  if (unsupported) return { problems: [{ where, message: unsupported }] };
  const parsed = SCHEMAS[platform as keyof typeof SCHEMAS].safeParse(value);
  if (parsed.success) return { target: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => ({
      where: [where, ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  };
}

/** One target from its declared form; throws TargetError saying what is wrong (with `where`, e.g. `targets[2]`). */
export function parseTarget(value: unknown, where = 'target'): Target {
  const checked = checkTarget(value, where);
  if ('target' in checked) return checked.target;
  const problems = checked.problems.map((problem) => problemText(problem));
  throw new TargetError(problems.join('; '), problems);
}

/**
 * Checks a targets file's content (`{ "targets": [ {…}, … ] }`) whole: its targets, or every problem it
 * has — each target's, and each target declared again — never only the first.
 */
export function checkTargets(value: unknown): { targets: Target[]; problems: TargetProblem[] } {
  const declared: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'targets') : undefined;
  if (!Array.isArray(declared) || declared.length === 0)
    return { targets: [], problems: [{ where: '', message: 'expected an object with a non-empty "targets" array' }] };
  const targets: Target[] = [];
  const problems: TargetProblem[] = [];
  const firstOf = new Map<string, string>();
  declared.forEach((item, n) => {
    const where = `targets[${n}]`;
    const checked = checkTarget(item, where);
    if (!('target' in checked)) {
      problems.push(...checked.problems);
      return;
    }
    const key = targetKey(checked.target);
    const first = firstOf.get(key);
    if (first) problems.push({ where, message: `${key} is declared twice`, first });
    else firstOf.set(key, where);
    targets.push(checked.target);
  });
  return { targets, problems };
}

/** The targets file's content: its targets; TargetError listing every problem when it has any. */
export function parseTargets(value: unknown): Target[] {
  const { targets, problems } = checkTargets(value);
  if (problems.length > 0) throw targetsError(problems.map((problem) => problemText(problem)));
  return targets;
}

/**
 * The key a target's state is kept under: `forum:community:rust:new` (`…:hot`, `…:top:day`, `…:comments`),
 * `forum:search:<q>`, `forum:community:rust:search:<q>`, `forum:user:spez`, `forum:post:abc`,
 * `video:channel:UC…`, `video:search:<q>`, `video:comments:<video id>`, `video:channel-comments:UC…`,
 * `music:artist|playlist|show:<id>`, `microblog:user:<name>`, `microblog:conversation:<id>`,
 * `microblog:followers:<name>`, `microblog:mentions:<name>`, `microblog:search:<q>`, `shortvideo:user:<name>`.
 */
export function targetKey(target: Target): string {
  switch (target.platform) {
    case 'forum':
      if (target.search !== undefined)
        return `forum:${target.community ? `community:${target.community.toLowerCase()}:` : ''}search:${target.search.toLowerCase()}`;
      if (target.community) {
        const listing = target.listing ?? 'new';
        const timeframe = listing === 'top' ? `:${target.timeframe ?? 'day'}` : '';
        return `forum:community:${target.community.toLowerCase()}:${listing}${timeframe}`;
      }
      if (target.user) return `forum:user:${target.user.toLowerCase()}`;
      return `forum:post:${target.post!.replace(/^t3_/, '')}`;
    case 'video':
      if (target.channel) return `video:channel:${target.channel}`;
      if (target.comments) return `video:comments:${target.comments}`;
      if (target.channelComments) return `video:channel-comments:${target.channelComments}`;
      return `video:search:${target.search!.toLowerCase()}`;
    case 'music':
      if (target.artist) return `music:artist:${target.artist}`;
      return target.playlist ? `music:playlist:${target.playlist}` : `music:show:${target.show!}`;
    case 'microblog':
      if (target.user) return `microblog:user:${target.user.toLowerCase()}`;
      if (target.followers) return `microblog:followers:${target.followers.toLowerCase()}`;
      if (target.mentions) return `microblog:mentions:${target.mentions.toLowerCase()}`;
      if (target.search !== undefined) return `microblog:search:${target.search.toLowerCase()}`;
      return `microblog:conversation:${target.conversation!}`;
    case 'shortvideo':
      return `shortvideo:user:${target.user.toLowerCase()}`;
  }
}

/** The default interval of a target that gives none. */
export const DEFAULT_EVERY = '1h';

/** A target's interval in milliseconds. */
export const everyMs = (target: Target, fallback = DEFAULT_EVERY): number =>
  parseEvery(target.every ?? fallback) ?? 3_600_000;
