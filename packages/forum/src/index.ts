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
  userPosts,
} from './contract.js';
export { createForumClient } from './client.js';
export type { ForumClient, ForumClientOptions } from './client.js';
