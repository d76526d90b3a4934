export * from './schemas.js';
export { communityPosts, forumContract, postsByIds, userPosts } from './contract.js';
export { createForumClient } from './client.js';
export type { ForumClient, ForumClientOptions } from './client.js';
