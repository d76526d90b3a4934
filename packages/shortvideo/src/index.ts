export * from './schemas.js';
export { shortvideoContract, userPosts, videoComments, videosByIds } from './contract.js';
export { createShortVideoClient, iterateUserPosts, iterateVideoComments } from './client.js';
export type { ShortVideoClient, ShortVideoClientOptions, UserPostsArgs, VideoCommentsArgs } from './client.js';
