export * from './schemas.js';
export { companyEmployees, professionalContract, profile, profilesByIds } from './contract.js';
export { createProfessionalClient } from './client.js';
export type { ProfessionalClient, ProfessionalClientOptions } from './client.js';
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
