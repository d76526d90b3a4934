import { enumParam, integerParam, optionalString, searchQueryParam } from '@socialquery/core';
import { z } from 'zod';
import { uncountable } from '../schemas.js';
import {
  comparisonParam,
  compatName,
  compatBooleanParam,
  compatDateParam,
  compatIdParam,
  compatIdsParam,
  compatNameParam,
} from './params.js';

/**
 * The records of the compatibility routes: a Reddit submission or comment as the dumps, Arctic Shift
 * and Pushshift spell it (docs/compat.md). The fields below are those every stored record can answer
 * and those Arctic Shift lets `fields` select; every other field the source gave (its `extra`) comes
 * along under its own name, so the objects are open.
 */
const redditCommon = {
  id: z.string(),
  author: z.string(),
  subreddit: z.string(),
  score: z.number().int(),
  created_utc: z.number().describe('Seconds since the epoch (a fraction where the source had one).'),
  permalink: z.string().optional().describe('The path on reddit.com, where the source gave one.'),
  author_fullname: z.unknown().optional(),
  author_flair_text: z.unknown().optional(),
  distinguished: z.unknown().optional(),
  retrieved_on: z.unknown().optional(),
  subreddit_id: z.unknown().optional(),
};

export const RedditSubmission = z.looseObject({
  ...redditCommon,
  title: z.string(),
  selftext: z.string(),
  ups: z.number().int(),
  downs: z.number().int(),
  num_comments: z.number().int(),
  url: z.string().optional().describe("The post's link (a self post's own address), where the source gave one."),
  over_18: z.unknown().optional(),
  spoiler: z.unknown().optional(),
  link_flair_text: z.unknown().optional(),
  crosspost_parent: z.unknown().optional(),
  post_hint: z.unknown().optional(),
});
export type RedditSubmission = z.infer<typeof RedditSubmission>;

export const RedditComment = z.looseObject({
  ...redditCommon,
  body: z.string(),
  link_id: z.string().describe('`t3_` and the post id.'),
  parent_id: z.string().describe('`t1_` and the parent comment id, or `t3_` and the post id for a top-level comment.'),
  edited: z.union([z.boolean(), z.number()]).describe('false, true, or when it was edited (epoch seconds).'),
  stickied: z.boolean(),
});
export type RedditComment = z.infer<typeof RedditComment>;

/** Both services' body: `{"data": [...]}`. */
export const SubmissionsData = z.object({ data: z.array(RedditSubmission) });
export type SubmissionsData = z.infer<typeof SubmissionsData>;
export const CommentsData = z.object({ data: z.array(RedditComment) });
export type CommentsData = z.infer<typeof CommentsData>;

/** Most ids one lookup takes (Arctic Shift's limit). */
export const COMPAT_IDS_MAX = 500;
/** Most records one request checks against the filters only the records hold (flair, url, spoiler, num_comments). */
export const COMPAT_CHECKED_MAX = 10_000;

/** Most records one search answers (Arctic Shift's `limit=auto` and Pushshift's `size` at their largest). */
export const COMPAT_LIMIT_MAX = 1000;

export const ArcticShiftPostIdsQuery = z.object({ ids: compatIdsParam('t3', COMPAT_IDS_MAX) });
export const ArcticShiftCommentIdsQuery = z.object({ ids: compatIdsParam('t1', COMPAT_IDS_MAX) });

const text = (what: string) =>
  searchQueryParam({ fields: [], maxLength: 200 })
    .optional()
    .describe(
      `Full-text search in ${what}: words (all of them), "a phrase", a OR b, -excluded, pre* (docs/query-language.md).`,
    );

/** `limit`: 1–1000, or `auto` (1000), default 25. */
const arcticLimit = z
  .union([z.literal('auto'), z.string().regex(/^[0-9]{1,4}$/)], {
    error: `must be auto or an integer from 1 to ${COMPAT_LIMIT_MAX}`,
  })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return 25;
    if (value === 'auto') return COMPAT_LIMIT_MAX;
    const n = Number(value);
    if (n < 1 || n > COMPAT_LIMIT_MAX) {
      ctx.addIssue({ code: 'custom', message: `must be auto or an integer from 1 to ${COMPAT_LIMIT_MAX}` });
      return z.NEVER;
    }
    return n;
  })
  // `maximum`: the largest page, which an export asks for (core's parameterMaximum)
  .meta({
    type: 'string',
    maximum: COMPAT_LIMIT_MAX,
    description: `How many records: 1 to ${COMPAT_LIMIT_MAX}, or auto (${COMPAT_LIMIT_MAX}); default 25.`,
  });

const arcticCommon = {
  author: compatNameParam('u', 'Only by this user (case-insensitive; u/ dropped).'),
  subreddit: compatNameParam('r', 'Only in this subreddit (case-insensitive; r/ dropped).'),
  author_flair_text: text("the author's flair"),
  after: compatDateParam('after', 'months'),
  before: compatDateParam('before', 'months'),
  limit: arcticLimit,
  sort: enumParam(['asc', 'desc'], 'desc').describe('By created_utc: asc oldest first, desc newest first.'),
  sort_type: enumParam(['default', 'created_utc'], 'default').describe('Either: records are ordered by created_utc.'),
  distinguished: optionalString(20).describe(
    'Only records distinguished so (moderator, admin), checked on each record.',
  ),
};

export const ArcticShiftPostSearchQuery = z.object({
  ...arcticCommon,
  crosspost_parent_id: compatIdParam('t3', 'Only crossposts of this post.'),
  over_18: compatBooleanParam('Only posts marked NSFW (true) or not (false).'),
  spoiler: compatBooleanParam('Only posts marked as spoilers (true) or not (false).'),
  title: text('the title'),
  selftext: text('the text'),
  link_flair_text: text("the post's flair"),
  query: text('the title and the text'),
  url: optionalString(2000).describe('Only posts whose link starts with this (exactly it, with url_exact).'),
  url_exact: compatBooleanParam('url matches the whole link, not a prefix.'),
});

export const ArcticShiftCommentSearchQuery = z.object({
  ...arcticCommon,
  body: text('the body'),
  link_id: compatIdParam('t3', 'Only comments of this post.'),
  parent_id: z
    .string()
    .max(103)
    .transform((id) => (id === '' ? null : id.startsWith('t3_') ? null : id.replace(/^t1_/, '')))
    .optional()
    .describe("Only replies to this comment; empty (or the post's t3_ id): top-level comments only."),
});

const pushshiftCommon = (kind: 't3' | 't1') => ({
  q: text('the title and the text (comments: the body)'),
  ids: compatIdsParam(kind, COMPAT_IDS_MAX)
    .optional()
    .describe('Those records, in the order asked, that match the other filters given (sort and size do not apply).'),
  subreddit: compatNameParam('r', 'Only in this subreddit (case-insensitive).'),
  author: compatNameParam('u', 'Only by this user (case-insensitive).'),
  after: compatDateParam('after', 'minutes'),
  before: compatDateParam('before', 'minutes'),
  sort: enumParam(['asc', 'desc'], 'desc'),
  sort_type: enumParam(['created_utc', 'score'], 'created_utc').describe(
    'created_utc (either sort); score (desc only, with q).',
  ),
  size: integerParam({ min: 1, max: COMPAT_LIMIT_MAX, default: 25 }),
  score: comparisonParam('Score: 100, >100, <100, >=100 or <=100.'),
});

/** sort_type=score orders a text search (the forum's search by score), highest first only. */
function scoreOrderNeedsText(query: { sort_type: string; sort: string; q?: unknown }, ctx: z.RefinementCtx) {
  if (query.sort_type === 'score' && (query.q === undefined || query.sort === 'asc'))
    ctx.addIssue({
      code: 'custom',
      path: ['sort_type'],
      message: 'score orders a q search, highest first (sort=desc)',
    });
}

export const PushshiftSubmissionQuery = z
  .object({
    ...pushshiftCommon('t3'),
    title: text('the title'),
    selftext: text('the text'),
    num_comments: comparisonParam('Comment count: 10, >10, <10, >=10 or <=10.'),
    over_18: compatBooleanParam('Only posts marked NSFW (true) or not (false).'),
  })
  .superRefine(scoreOrderNeedsText);

export const PushshiftCommentQuery = z
  .object({
    ...pushshiftCommon('t1'),
    link_id: compatIdParam('t3', 'Only comments of this post.'),
    parent_id: compatIdParam('t1', "Only replies to this comment (a post's t3_ id: its top-level comments)."),
  })
  .superRefine(scoreOrderNeedsText)
  .superRefine((query, ctx) => {
    const post = query.parent_id?.startsWith('t3_') ? query.parent_id.slice(3) : undefined;
    if (post !== undefined && query.link_id !== undefined && post !== query.link_id)
      ctx.addIssue({ code: 'custom', path: ['parent_id'], message: "names a post other than link_id's" });
  });

/** What Arctic Shift's aggregates group by: the creation time (with `frequency`), the author or the subreddit. */
export const arcticAggregates = ['created_utc', 'author', 'subreddit'] as const;
export type ArcticAggregate = (typeof arcticAggregates)[number];
/** The time units a `frequency` may name (the forum aggregate's; Arctic Shift's `quarter` and `minute` are not counted). */
export const arcticFrequencies = ['hour', 'day', 'week', 'month', 'year'] as const;

/** A count of one group, keyed as Arctic Shift keys it: `created_utc` (the unit's start, ISO 8601), `author` or `subreddit`. */
export const ArcticAggregateBucket = z.object({
  created_utc: z.string().optional(),
  author: z.string().optional(),
  subreddit: z.string().optional(),
  count: z.number().int(),
});
export const AggregateData = z.object({ data: z.array(ArcticAggregateBucket) });
export type AggregateData = z.infer<typeof AggregateData>;

/** An aggregate's text: words, a OR b, pre* (a count reads the index of words, never the texts). */
const countedText = (what: string) =>
  searchQueryParam({ fields: [], maxLength: 200, refuse: uncountable })
    .optional()
    .describe(`Only items holding these words in ${what} (words, a OR b, pre*: no phrases or exclusions).`);

/** Most groups an aggregate answers: the forum aggregate's bound of time buckets (author and subreddit: 1,000). */
const AGGREGATE_GROUPS_MAX = 10_000;

/** `limit`: empty or absent (no limit: every group, up to the forum aggregate's bounds), or 1 to AGGREGATE_GROUPS_MAX. */
const aggregateLimit = z
  .string({ error: `must be empty or an integer from 1 to ${AGGREGATE_GROUPS_MAX}` })
  .regex(/^[0-9]{0,5}$/, { error: `must be empty or an integer from 1 to ${AGGREGATE_GROUPS_MAX}` })
  .refine((value) => value === '' || (Number(value) >= 1 && Number(value) <= AGGREGATE_GROUPS_MAX), {
    error: `must be empty or an integer from 1 to ${AGGREGATE_GROUPS_MAX}`,
  })
  .transform((value) => (value === '' ? undefined : Number(value)))
  .optional()
  // `maximum`: what an export asks for (core's parameterMaximum)
  .meta({
    type: 'string',
    maximum: AGGREGATE_GROUPS_MAX,
    description: 'The most groups answered; empty or absent: all of them.',
  });

const arcticAggregateCommon = {
  aggregate: z
    .enum(arcticAggregates, { error: `must be one of: ${arcticAggregates.join(', ')}` })
    .meta({ description: 'What the counts are grouped by (required).', examples: ['author'] }),
  frequency: z
    .enum(arcticFrequencies, { error: `must be one of: ${arcticFrequencies.join(', ')}` })
    .optional()
    .describe('With aggregate=created_utc (required there): the unit counted by.'),
  limit: aggregateLimit,
  min_count: integerParam({ min: 0, max: 1_000_000_000, default: 0 }).describe(
    'author and subreddit: only groups counting at least this.',
  ),
  sort: z
    .enum(['asc', 'desc'], { error: 'must be one of: asc, desc' })
    .optional()
    .describe('created_utc: asc (default) or desc by time; author and subreddit: desc by count only.'),
  author: arcticCommon.author,
  subreddit: arcticCommon.subreddit,
  after: arcticCommon.after,
  before: arcticCommon.before,
};

function aggregateRules(
  query: { aggregate: ArcticAggregate; frequency?: unknown; sort?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (query.aggregate === 'created_utc' && query.frequency === undefined)
    ctx.addIssue({ code: 'custom', path: ['frequency'], message: 'is required with aggregate=created_utc' });
  if (query.aggregate !== 'created_utc' && query.sort === 'asc')
    ctx.addIssue({
      code: 'custom',
      path: ['sort'],
      message: 'author and subreddit groups come largest first (desc) only',
    });
}

export const ArcticShiftPostAggregateQuery = z
  .object({
    ...arcticAggregateCommon,
    query: countedText('the title or the text'),
    over_18: compatBooleanParam('Only posts marked NSFW (true) or not (false).'),
  })
  .superRefine(aggregateRules);

export const ArcticShiftCommentAggregateQuery = z
  .object({
    ...arcticAggregateCommon,
    body: countedText('the body'),
    link_id: compatIdParam('t3', 'Only comments of this post.'),
  })
  .superRefine(aggregateRules);

/** Arctic Shift's user-to-user interactions: another user and how often the two interacted. */
export const InteractionsData = z.object({
  data: z.array(z.object({ author: z.string(), count: z.number().int() })),
});
export type InteractionsData = z.infer<typeof InteractionsData>;

export const ArcticShiftInteractionsQuery = z.object({
  author: compatName('u', '').meta({
    description: 'The user whose interactions are counted (required; case-insensitive; u/ dropped).',
    examples: ['spez'],
  }),
  subreddit: arcticCommon.subreddit,
  after: arcticCommon.after,
  before: arcticCommon.before,
  min_count: integerParam({ min: 0, max: 1_000_000_000, default: 0 }).describe(
    'Only users with at least this many interactions.',
  ),
  limit: z
    .string({ error: 'must be empty or an integer from 1' })
    .regex(/^[0-9]{0,9}$/, { error: 'must be empty or an integer from 1' })
    .refine((value) => value !== '0', { error: 'must be empty or an integer from 1' })
    .optional()
    // absent: Arctic Shift's default of 100; empty: every user, up to the forum operation's 1,000
    .transform((value) => (value === undefined ? 100 : Math.min(value === '' ? 1000 : Number(value), 1000)))
    .meta({
      type: 'string',
      maximum: 1000,
      description: 'The most users answered: default 100; empty: all of them, at most 1,000.',
    }),
});
