import { defineOperation } from '@socialquery/core';
import {
  AggregateData,
  ArcticShiftInteractionsQuery,
  InteractionsData,
  ArcticShiftCommentAggregateQuery,
  ArcticShiftPostAggregateQuery,
  ArcticShiftCommentIdsQuery,
  ArcticShiftCommentSearchQuery,
  ArcticShiftPostIdsQuery,
  ArcticShiftPostSearchQuery,
  COMPAT_CHECKED_MAX,
  COMPAT_IDS_MAX,
  CommentsData,
  PushshiftCommentQuery,
  PushshiftSubmissionQuery,
  SubmissionsData,
} from './schemas.js';

/**
 * Every compatibility route's path starts with this: an operator turns them all off with one
 * setting (SOCIALQUERY_COMPAT_ROUTES=off, docs/configuration.md).
 */
export const COMPAT_PATH_PREFIX = '/compat/';

const ARCTIC_SHIFT = `${COMPAT_PATH_PREFIX}arctic-shift`;
const PUSHSHIFT = `${COMPAT_PATH_PREFIX}pushshift`;

const SHAPE =
  'Records as the Reddit dumps spell them (created_utc in epoch seconds, t3_/t1_ link and parent ids, every field ' +
  "the source gave), under `data`; text decoded (as Reddit's raw_json=1). docs/compat.md says what is supported.";

const SEARCH_WALK =
  "Oldest or newest first by created_utc; to read on, pass the last record's created_utc as after (sort=asc) or before " +
  '(desc), as with the original service. Filters that only the records hold (flair, url, spoiler, num_comments) are ' +
  `checked on each record read, up to ${COMPAT_CHECKED_MAX.toLocaleString('en')} a request: a rare one may answer ` +
  'fewer records than asked.';

export const arcticShiftPostsByIds = defineOperation({
  id: 'forum.compat.arcticShiftPostsByIds',
  method: 'GET',
  path: `${ARCTIC_SHIFT}/api/posts/ids`,
  auth: 'bearer',
  params: { query: ArcticShiftPostIdsQuery },
  response: SubmissionsData,
  summary: 'Arctic Shift: posts by id',
  description: `Up to ${COMPAT_IDS_MAX} post ids (t3_ optional), the posts found in the order asked. ${SHAPE}`,
});

export const arcticShiftCommentsByIds = defineOperation({
  id: 'forum.compat.arcticShiftCommentsByIds',
  method: 'GET',
  path: `${ARCTIC_SHIFT}/api/comments/ids`,
  auth: 'bearer',
  params: { query: ArcticShiftCommentIdsQuery },
  response: CommentsData,
  summary: 'Arctic Shift: comments by id',
  description: `Up to ${COMPAT_IDS_MAX} comment ids (t1_ optional), the comments found in the order asked. ${SHAPE}`,
});

export const arcticShiftSearchPosts = defineOperation({
  id: 'forum.compat.arcticShiftSearchPosts',
  method: 'GET',
  path: `${ARCTIC_SHIFT}/api/posts/search`,
  auth: 'bearer',
  params: { query: ArcticShiftPostSearchQuery },
  response: SubmissionsData,
  summary: 'Arctic Shift: search posts',
  description: `Posts matching every parameter given. ${SEARCH_WALK} ${SHAPE}`,
  heavy: true,
});

export const arcticShiftSearchComments = defineOperation({
  id: 'forum.compat.arcticShiftSearchComments',
  method: 'GET',
  path: `${ARCTIC_SHIFT}/api/comments/search`,
  auth: 'bearer',
  params: { query: ArcticShiftCommentSearchQuery },
  response: CommentsData,
  summary: 'Arctic Shift: search comments',
  description: `Comments matching every parameter given. ${SEARCH_WALK} ${SHAPE}`,
  heavy: true,
});

const AGGREGATE =
  'Counts, as the forum aggregate counts them (docs/forum-aggregate.md): by created_utc (`frequency` hour, day, week ' +
  'from Monday, month or year, UTC; each unit keyed by its start, ISO 8601), by author or by subreddit (largest ' +
  'first, at most 1,000 groups). Under `data`: `{created_utc|author|subreddit, count}`.';

export const arcticShiftAggregatePosts = defineOperation({
  id: 'forum.compat.arcticShiftAggregatePosts',
  method: 'GET',
  path: `${ARCTIC_SHIFT}/api/posts/search/aggregate`,
  auth: 'bearer',
  params: { query: ArcticShiftPostAggregateQuery },
  response: AggregateData,
  summary: 'Arctic Shift: count posts',
  description: `Posts matching every filter given, counted. ${AGGREGATE}`,
  heavy: true,
});

export const arcticShiftAggregateComments = defineOperation({
  id: 'forum.compat.arcticShiftAggregateComments',
  method: 'GET',
  path: `${ARCTIC_SHIFT}/api/comments/search/aggregate`,
  auth: 'bearer',
  params: { query: ArcticShiftCommentAggregateQuery },
  response: AggregateData,
  summary: 'Arctic Shift: count comments',
  description: `Comments matching every filter given, counted. ${AGGREGATE}`,
  heavy: true,
});

const INTERACTIONS =
  "The users `author` replied to or was replied to by, each with the sum of both ways (the forum's " +
  'GET /api/v1/forum/user/{username}/interactions: docs/forum-users.md), largest first, at most `limit` (default ' +
  '100; empty: all, up to 1,000), at least `min_count`. `subreddit`, `after` and `before` apply to the replies ' +
  'counted. Under `data`: `{author, count}`.';

export const arcticShiftUserInteractions = defineOperation({
  id: 'forum.compat.arcticShiftUserInteractions',
  method: 'GET',
  path: `${ARCTIC_SHIFT}/api/users/interactions/users`,
  auth: 'bearer',
  params: { query: ArcticShiftInteractionsQuery },
  response: InteractionsData,
  summary: 'Arctic Shift: user interactions',
  description: INTERACTIONS,
  heavy: true,
});

/** The route's earlier path, which older scripts still call. */
export const arcticShiftUserInteractionsLegacy = defineOperation({
  ...arcticShiftUserInteractions,
  id: 'forum.compat.arcticShiftUserInteractionsLegacy',
  path: `${ARCTIC_SHIFT}/api/user_interactions/users`,
  summary: 'Arctic Shift: user interactions (earlier path)',
});

export const pushshiftSearchSubmissions = defineOperation({
  id: 'forum.compat.pushshiftSearchSubmissions',
  method: 'GET',
  path: `${PUSHSHIFT}/reddit/search/submission`,
  auth: 'bearer',
  params: { query: PushshiftSubmissionQuery },
  response: SubmissionsData,
  summary: 'Pushshift: search submissions',
  description:
    `Submissions matching every parameter given (ids: those, in the order asked). sort_type=score orders a q search by score. ` +
    `${SEARCH_WALK} ${SHAPE}`,
  heavy: true,
});

export const pushshiftSearchComments = defineOperation({
  id: 'forum.compat.pushshiftSearchComments',
  method: 'GET',
  path: `${PUSHSHIFT}/reddit/search/comment`,
  auth: 'bearer',
  params: { query: PushshiftCommentQuery },
  response: CommentsData,
  summary: 'Pushshift: search comments',
  description:
    `Comments matching every parameter given (ids: those, in the order asked). sort_type=score orders a q search by score. ` +
    `${SEARCH_WALK} ${SHAPE}`,
  heavy: true,
});

/** The Arctic Shift and Pushshift routes over the forum's store (docs/compat.md); not part of the typed client. */
export const redditCompatContract = {
  arcticShiftPostsByIds,
  arcticShiftCommentsByIds,
  arcticShiftSearchPosts,
  arcticShiftSearchComments,
  arcticShiftAggregatePosts,
  arcticShiftAggregateComments,
  arcticShiftUserInteractions,
  arcticShiftUserInteractionsLegacy,
  pushshiftSearchSubmissions,
  pushshiftSearchComments,
};
