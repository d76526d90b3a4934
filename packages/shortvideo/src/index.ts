export * from './schemas.js';
export { shortvideoContract, userPosts, videoComments, videosByIds } from './contract.js';
export { history, shortvideoHistoryKinds } from './history.js';
export type { ShortvideoHistoryKind } from './history.js';
export { createShortVideoClient, iterateUserPosts, iterateVideoComments } from './client.js';
export type { ShortVideoClient, ShortVideoClientOptions, UserPostsArgs, VideoCommentsArgs } from './client.js';
// the error classes and the types of calls and errors, as every client package exports them
export * from '@socialquery/core/client-surface';
