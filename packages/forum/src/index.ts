export * from './schemas.js';
export {
  commentsByIds,
  communityPosts,
  forumContract,
  postComments,
  postsByIds,
  userComments,
  userPosts,
} from './contract.js';
export { createForumClient } from './client.js';
export type { ForumClient, ForumClientOptions } from './client.js';
