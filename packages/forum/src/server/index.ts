export { createForumExporters } from './exporters.js';
export { createForumHandlers } from './handlers.js';
export { hotScore, RISING_MIN_AGE_MS, RISING_WINDOW_MS, risingScore, timeframeMs, windowStart } from './ranking.js';
export type { CommunityPostsQuery, ForumSource, UserPostsQuery } from './source.js';
export { forumPlatform } from './platform.js';
