import {
  enumParam,
  extraField,
  idsParam,
  integerParam,
  optionalBooleanParam,
  optionalIntegerParam,
  optionalString,
  relativeTimeBoundParam,
  requiredString,
  searchQueryParam,
  Timestamp,
  type SearchQuery,
} from '@socialquery/core';
import { z } from 'zod';

/**
 * A forum post (forum platform resources); `extra` (only with `fields=…,extra`) the post's other
 * source fields (a Reddit submission's link, flair, media, crosspost and moderation fields…).
 */
export const Post = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  author: z.string(),
  community: z.string(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  score: z.number().int(),
  commentCount: z.number().int(),
  createdAt: Timestamp,
  url: z.string(),
  extra: extraField,
});
export type Post = z.infer<typeof Post>;

/** Body of both forum listings: a page of posts and the cursor of the next page ('' on the last). */
export const PostsResponse = z.object({
  posts: z.array(Post),
  cursor: z.string().describe("Pass back as `cursor` (with the same parameters) for the next page; '' on the last."),
});
export type PostsResponse = z.infer<typeof PostsResponse>;

/** Body of the batch lookup: the posts found, in the order asked, and the ids with no post, in the order asked. */
export const PostsByIdsResponse = z.object({ posts: z.array(Post), notFound: z.array(z.string()) });
export type PostsByIdsResponse = z.infer<typeof PostsByIdsResponse>;

export const forumSorts = ['hot', 'new', 'top', 'rising'] as const;
export type ForumSort = (typeof forumSorts)[number];

export const forumTimeframes = ['hour', 'day', 'week', 'month', 'year', 'all'] as const;
export type ForumTimeframe = (typeof forumTimeframes)[number];

/**
 * Most items a listing, search or user-comments page holds. Each page is one bounded index walk (a
 * range of `limit` entries: docs/forum-listings.md, docs/forum-search.md), so its cost grows with the
 * page, never with the store.
 */
export const PAGE_LIMIT_MAX = 1000;

/** Forum posts limit: default 25, upper bound PAGE_LIMIT_MAX. */
export const postsLimit = () => integerParam({ min: 1, max: PAGE_LIMIT_MAX, default: 25 });

/** Bound of `minScore` and `maxScore`: scores are 32-bit integers in the store. */
export const MIN_SCORE_BOUND = 1_000_000_000;

/** `minScore` and `maxScore` of the listings, searches and the aggregate: a score range, each end inclusive (an empty one is a 400). */
const scoreRangeParams = (what: string) => ({
  minScore: optionalIntegerParam({
    min: -MIN_SCORE_BOUND,
    max: MIN_SCORE_BOUND,
    description: `Only ${what} whose score is at least this (inclusive).`,
  }),
  maxScore: optionalIntegerParam({
    min: -MIN_SCORE_BOUND,
    max: MIN_SCORE_BOUND,
    description: `Only ${what} whose score is at most this (inclusive); not below minScore.`,
  }),
});

/**
 * `after`, `before`, `minScore` and `maxScore` of the listings (an extension: without them the answer is
 * unchanged). A bound may be relative to the request (`7d`): handlers.ts says which moment it is resolved at.
 */
const postFilters = (note?: string, what = 'posts') => ({
  after: relativeTimeBoundParam('after', note ? { note } : {}),
  before: relativeTimeBoundParam('before', note ? { note } : {}),
  ...scoreRangeParams(what),
});

export const CommunityPostsPath = z.object({ community: requiredString(100) });
export const CommunityPostsQuery = z.object({
  limit: postsLimit(),
  sort: enumParam(forumSorts, 'hot'),
  timeframe: enumParam(forumTimeframes, 'day').describe(
    "Window ending now (a cursor's walk: the moment of its first page); applies to sort=top only.",
  ),
  cursor: optionalString().describe(
    "The previous page's cursor (pass the same community, sort, timeframe, after, before, minScore and maxScore).",
  ),
  ...postFilters(
    'With sort=top (timeframe) or rising (last 24 hours) the listing keeps the intersection of both windows. ' +
      'Pass the same value with the cursor.',
  ),
});

export const UserPostsPath = z.object({ username: requiredString(100) });
export const UserPostsQuery = z.object({
  limit: postsLimit(),
  cursor: optionalString().describe("The previous page's cursor (pass the same after, before, minScore and maxScore)."),
  ...postFilters('Pass the same value with the cursor.'),
});

/** Most post ids one batch lookup takes (one indexed `id in (…)` read). */
export const POSTS_BY_IDS_MAX = 500;
export const PostsByIdsQuery = z.object({ ids: idsParam({ max: POSTS_BY_IDS_MAX, maxLength: 100 }) });

/**
 * A comment (an extension: the platform's own operations list posts only). `depth` counts the comments
 * above it (0 for a top-level comment); it is null while one of them is not in the store. `body` is
 * the text as the source gave it, `[deleted]` and `[removed]` included; `deleted` and `removed` say
 * what those markers mean. `extra` (only with `fields=…,extra`): the comment's other source fields.
 */
export const Comment = z.object({
  id: z.string(),
  postId: z.string(),
  parentId: z.string().nullable().describe('The comment this one replies to; null for a top-level comment.'),
  community: z.string(),
  author: z.string(),
  body: z.string(),
  score: z.number().int(),
  createdAt: Timestamp,
  depth: z.number().int().nullable(),
  edited: z.boolean(),
  editedAt: Timestamp.nullable().describe('When it was last edited, where the source says (null otherwise).'),
  distinguished: z.string().nullable().describe('moderator, admin or special; null for an ordinary comment.'),
  stickied: z.boolean(),
  deleted: z.boolean().describe('Its author deleted it (the source shows `[deleted]`).'),
  removed: z.boolean().describe('Moderators or the platform removed it (the source shows `[removed]`).'),
  url: z.string(),
  extra: extraField,
});
export type Comment = z.infer<typeof Comment>;

/** Replies of a comment that a comment tree page leaves out. */
export const MoreReplies = z.object({
  count: z.number().int().describe('How many direct replies the page leaves out (each may have replies of its own).'),
  cursor: z.string().describe('Pass as `cursor` (same post and sort) for those replies and their subtrees.'),
});
export type MoreReplies = z.infer<typeof MoreReplies>;

/** A comment as a tree page shows it: with the replies the page leaves out (and `extra` last, as everywhere). */
export const TreeComment = Comment.omit({ extra: true }).extend({
  moreReplies: MoreReplies.nullable().describe('Null when the page shows every reply (or it has none).'),
  extra: extraField,
});
export type TreeComment = z.infer<typeof TreeComment>;

/**
 * A page of a comment tree: comments depth first (each followed by the replies the page shows,
 * before its next sibling), and the top of the page's own continuation.
 */
export const CommentTreeResponse = z.object({
  comments: z.array(TreeComment),
  moreCount: z
    .number()
    .int()
    .describe(
      'Comments at the top level of the page (top-level comments, or the replies a cursor continues) it leaves out.',
    ),
  cursor: z
    .string()
    .describe("The page's continuation: the next of those comments with their subtrees ('' when none)."),
});
export type CommentTreeResponse = z.infer<typeof CommentTreeResponse>;

/** A page of comments in one order, and the cursor of the next page ('' on the last). */
export const CommentsResponse = z.object({ comments: z.array(Comment), cursor: z.string() });
export type CommentsResponse = z.infer<typeof CommentsResponse>;

export const CommentsByIdsResponse = z.object({ comments: z.array(Comment), notFound: z.array(z.string()) });
export type CommentsByIdsResponse = z.infer<typeof CommentsByIdsResponse>;

/**
 * Orders of a comment tree's siblings, ties by id: best = the lower bound of the Wilson score interval
 * of the comment's up and down votes (Reddit's `confidence`) desc; top = score desc; new = newest
 * first; old = oldest first (ties by id ascending).
 */
export const commentSorts = ['best', 'top', 'new', 'old'] as const;
export type CommentSort = (typeof commentSorts)[number];

/** Most levels one comment tree page descends. */
export const COMMENT_TREE_MAX_DEPTH = 10;

export const PostCommentsPath = z.object({ postId: requiredString(100) });
export const PostCommentsQuery = z.object({
  sort: enumParam(commentSorts, 'best'),
  depth: integerParam({ min: 1, max: COMMENT_TREE_MAX_DEPTH, default: COMMENT_TREE_MAX_DEPTH }).describe(
    'Levels of the tree the page descends: 1 shows top-level comments only (or the replies a cursor continues).',
  ),
  limit: integerParam({ min: 1, max: 500, default: 100 }).describe('Most comments the page holds.'),
  cursor: optionalString().describe(
    "A cursor of a previous page (its `cursor`, or a comment's `moreReplies.cursor`): the comments it continues, same post and sort.",
  ),
});

export const UserCommentsPath = z.object({ username: requiredString(100) });
export const UserCommentsQuery = z.object({
  limit: postsLimit(),
  cursor: optionalString().describe("The previous page's cursor (pass the same after, before, minScore and maxScore)."),
  ...postFilters('Pass the same value with the cursor.', 'comments'),
});

/** Most comment ids one batch lookup takes (one indexed `id in (…)` read). */
export const COMMENTS_BY_IDS_MAX = 500;
export const CommentsByIdsQuery = z.object({ ids: idsParam({ max: COMMENTS_BY_IDS_MAX, maxLength: 100 }) });

/** Orders of a search: relevance (see the operations), newest, oldest, or highest score first. */
export const searchSorts = ['relevance', 'new', 'old', 'top'] as const;
export type SearchSort = (typeof searchSorts)[number];

/** The filters both searches take (an empty set of filters searches everything). */
const searchFilters = (fields: readonly string[]) => ({
  q: searchQueryParam({ fields, maxLength: 200 }).describe(
    'What to find, in the query language (docs/query-language.md): words, all of them (whole, case-insensitive; ' +
      `anything but letters and digits separates words), "a phrase", pre*, -excluded, a OR b, ` +
      `${fields.map((field) => `${field}:word`).join(', ')}.`,
  ),
  community: optionalString(100).describe('Only in this community (case-insensitive).'),
  author: optionalString(100).describe('Only by this user (case-insensitive).'),
  after: relativeTimeBoundParam('after', { note: 'Pass the same value with the cursor.' }),
  before: relativeTimeBoundParam('before', { note: 'Pass the same value with the cursor.' }),
  ...scoreRangeParams('results'),
  sort: enumParam(searchSorts, 'relevance'),
  limit: postsLimit(),
  cursor: optionalString().describe("The previous page's cursor (pass the same query with it)."),
});

/** The fields a search's `field:` terms name: a post's title and body, a comment's body. */
export const POST_SEARCH_FIELDS = ['title', 'body'] as const;
export const COMMENT_SEARCH_FIELDS = ['body'] as const;

export const SearchPostsQuery = z.object({
  ...searchFilters(POST_SEARCH_FIELDS),
  over18: optionalBooleanParam().describe('true: only posts marked NSFW; false: only posts not marked.'),
});
export const SearchCommentsQuery = z.object({
  ...searchFilters(COMMENT_SEARCH_FIELDS),
  postId: optionalString(100).describe('Only comments of this post.'),
});

/** Most matches a search's hit count counts; past it the count says "at least" this many. */
export const SEARCH_TOTAL_MAX = 1_000;

/**
 * A search's hit count, beside its page (scalars: the page's items stay the response's one list of
 * records, which `fields` and the exports read): every match of the query and its filters (not only
 * from the cursor on), exact up to SEARCH_TOTAL_MAX, else that many as a lower bound. Null when the
 * query has a phrase, a field or an exclusion: those are checked on each result's text as pages are
 * read, so no count is known ahead.
 */
const searchTotal = {
  total: z
    .number()
    .int()
    .nullable()
    .describe(
      `How many items match the whole query (every page says the same): exact up to ${SEARCH_TOTAL_MAX.toLocaleString('en')}, ` +
        'past it that many (see totalExact); null when the query has a phrase, a field or an exclusion ' +
        '(docs/forum-search.md).',
    ),
  totalExact: z.boolean().describe('Whether total is the exact count (false: at least total; or no count).'),
};

export const SearchPostsResponse = z.object({ posts: z.array(Post), cursor: z.string(), ...searchTotal });
export type SearchPostsResponse = z.infer<typeof SearchPostsResponse>;

/** A search's hit count: `total` and whether it is exact. */
export type SearchTotal = Pick<SearchPostsResponse, 'total' | 'totalExact'>;

export const SearchCommentsResponse = z.object({ comments: z.array(Comment), cursor: z.string(), ...searchTotal });
export type SearchCommentsResponse = z.infer<typeof SearchCommentsResponse>;

export const aggregateKinds = ['posts', 'comments'] as const;
export type AggregateKind = (typeof aggregateKinds)[number];
export const aggregateGroups = ['hour', 'day', 'week', 'month', 'year', 'community', 'author'] as const;
export type AggregateGroup = (typeof aggregateGroups)[number];

/**
 * Why a count cannot take a query: a count reads the index of words, never the texts, so what words
 * alone do not decide (phrases, fields, exclusions) is for the searches.
 */
export function uncountable(query: SearchQuery): string | undefined {
  const terms = [...query.clauses.flat(2), ...query.excluded];
  if (query.excluded.length > 0 || terms.some((term) => term.field !== undefined || term.kind === 'phrase'))
    return 'a count reads words (every word, a OR b, pre*); phrases, fields and exclusions are for the searches';
  return undefined;
}

export const AggregateQuery = z
  .object({
    kind: enumParam(aggregateKinds, 'posts'),
    groupBy: enumParam(aggregateGroups, 'day'),
    q: searchQueryParam({ fields: POST_SEARCH_FIELDS, maxLength: 200, refuse: uncountable })
      .optional()
      .describe(
        'Only items matching this query, as the searches match them (docs/query-language.md): words, all of them, ' +
          'a OR b, pre*; phrases, fields and exclusions are not counted (400).',
      ),
    community: optionalString(100).describe('Only in this community (case-insensitive).'),
    author: optionalString(100).describe('Only by this user (case-insensitive).'),
    ...scoreRangeParams('items'),
    over18: optionalBooleanParam().describe('kind=posts: true only posts marked NSFW, false only the others.'),
    postId: optionalString(100).describe('Only the comments of this post (kind=posts: the post itself).'),
    after: relativeTimeBoundParam('after'),
    before: relativeTimeBoundParam('before'),
    limit: integerParam({ min: 1, max: 1000, default: 100 }).describe(
      'groupBy community or author: the most groups answered. Time groups ignore it: up to 10,000 buckets, the earliest.',
    ),
    minCount: integerParam({ min: 1, max: MIN_SCORE_BOUND, default: 1 }).describe(
      'Only groups counting at least this.',
    ),
  })
  // a comment carries no NSFW mark of its own
  .superRefine((query, ctx) => {
    if (query.over18 !== undefined && query.kind === 'comments')
      ctx.addIssue({ code: 'custom', path: ['over18'], message: 'applies to kind=posts only' });
  });

/** One group: a bucket's start (ISO 8601, UTC; weeks start on Monday) or a community or author name, and its count. */
export const AggregateBucket = z.object({ key: z.string(), count: z.number().int() });
export type AggregateBucket = z.infer<typeof AggregateBucket>;

export const AggregateResponse = z.object({
  kind: z.enum(aggregateKinds),
  groupBy: z.enum(aggregateGroups),
  buckets: z.array(AggregateBucket),
});
export type AggregateResponse = z.infer<typeof AggregateResponse>;

export const UserInteractionsPath = z.object({ username: requiredString(100) });
export const UserInteractionsQuery = z.object({
  community: optionalString(100).describe('Only replies in this community (case-insensitive).'),
  after: relativeTimeBoundParam('after', { event: 'written' }),
  before: relativeTimeBoundParam('before', { event: 'written' }),
  limit: integerParam({ min: 1, max: 1000, default: 100 }).describe('The most users answered (the largest counts).'),
  minCount: integerParam({ min: 1, max: MIN_SCORE_BOUND, default: 1 }).describe(
    'Only users with at least this many interactions.',
  ),
});

/** Another user a user interacted with: replies each way, and their sum. */
export const UserInteraction = z.object({
  username: z
    .string()
    .describe(
      "As the other user's latest counted item spells the name (their post or comment replied to, or their reply).",
    ),
  count: z.number().int().describe('repliesTo + repliesFrom.'),
  repliesTo: z.number().int().describe("The user's comments replying to this user's posts and comments."),
  repliesFrom: z.number().int().describe("This user's comments replying to the user's posts and comments."),
});
export type UserInteraction = z.infer<typeof UserInteraction>;

export const UserInteractionsResponse = z.object({ users: z.array(UserInteraction) });
export type UserInteractionsResponse = z.infer<typeof UserInteractionsResponse>;
