export { createSocialQueryClient } from './client.js';
export type { SocialQueryClient, SocialQueryClientOptions } from './client.js';
// the error classes and the types of calls and errors, as every client package exports them
export * from '@socialquery/core/client-surface';
