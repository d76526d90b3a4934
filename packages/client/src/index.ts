export { createSocialQueryClient } from './client.js';
export type { SocialQueryClient, SocialQueryClientOptions } from './client.js';
export {
  ApiResponseError,
  NoResponseError,
  RateLimitError,
  RequestAbortedError,
  RequestSetupError,
  SocialQueryClientError,
} from '@socialquery/core';
export type { ApiErrorCode, CallOptions, ErrorBody, RetryInfo } from '@socialquery/core';
