export * from './schemas.js';
export { shortvideoContract, userPosts, videoComments, videosByIds } from './contract.js';
export { createShortVideoClient, iterateUserPosts, iterateVideoComments } from './client.js';
export type { ShortVideoClient, ShortVideoClientOptions, UserPostsArgs, VideoCommentsArgs } from './client.js';
// The client's error classes are core's own (the same class objects, so `instanceof` holds whichever
// package they are imported from); the list is @socialquery/client's (packages/client/src/index.ts).
export {
  ApiResponseError,
  NoResponseError,
  RateLimitError,
  RequestAbortedError,
  RequestSetupError,
  SocialQueryClientError,
} from '@socialquery/core';
export type { ApiErrorCode, CallOptions, ErrorBody, RetryInfo } from '@socialquery/core';
