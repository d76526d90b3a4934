export { createForumExporters } from './exporters.js';
export { createForumHandlers } from './handlers.js';
export { precedes, readTreePage } from './comment-tree.js';
export type { TreeRoot } from './comment-tree.js';
export {
  confidence,
  hotScore,
  RISING_MIN_AGE_MS,
  RISING_WINDOW_MS,
  risingScore,
  timeframeMs,
  windowStart,
} from './ranking.js';
export type {
  AggregateQuery,
  MatchCountQuery,
  CommentSource,
  ForumResearchSource,
  SearchCommentsQuery,
  SearchFilters,
  SearchHit,
  SearchPosition,
  SearchPostsQuery,
  CommunityPostsQuery,
  CommentListingQuery,
  InteractionsQuery,
  UserInteraction,
  PostListingQuery,
  TimeListingQuery,
  TimePosition,
  ForumSource,
  PostPosition,
  ReadOptions,
  RepliesOf,
  SiblingPosition,
  UserCommentsQuery,
  UserPostsQuery,
} from './source.js';
export { forumPlatform } from './platform.js';
export { createRedditCompatHandlers } from './compat/handlers.js';
export { redditComment, redditSubmission } from './compat/reddit-records.js';
export { commentPosition, positionOrder, postPosition, postTier } from './search-handlers.js';
