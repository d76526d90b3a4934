/**
 * What every client package exports besides its own client (`export *` from
 * `@socialquery/core/client-surface`): the error classes a call throws and the types of a call's
 * options and of an error. One list, so the seven client packages cannot drift apart; the classes
 * are core's own objects, so `instanceof` holds whichever package they are imported from.
 */
export {
  ApiResponseError,
  NoResponseError,
  RateLimitError,
  RequestAbortedError,
  RequestSetupError,
  SocialQueryClientError,
} from './client-errors.js';
export type { ApiErrorCode } from './client-errors.js';
export type { ErrorBody } from './error-body.js';
export type { RetryInfo } from './transport.js';
export type { CallOptions } from './client.js';
