export * from './schemas.js';
export {
  aggregate,
  commentsByIds,
  communityPosts,
  forumContract,
  postComments,
  postsByIds,
  searchComments,
  searchPosts,
  userComments,
  userInteractions,
  userPosts,
} from './contract.js';
export { forumHistoryKinds, history } from './history.js';
export * from './compat/schemas.js';
export * from './compat/contract.js';
export { parseCompatDate } from './compat/params.js';
export type { ForumHistoryKind } from './history.js';
export { createForumClient } from './client.js';
export type { ForumClient, ForumClientOptions } from './client.js';
// the error classes and the types of calls and errors, as every client package exports them
export * from '@socialquery/core/client-surface';
