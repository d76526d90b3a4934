export * from './schemas.js';
export { messageReplies, messagesByIds, microblogContract, userFollowers, userMessages } from './contract.js';
export { history, microblogHistoryKinds } from './history.js';
export type { MicroblogHistoryKind } from './history.js';
export { createMicroblogClient, iterateUserMessages } from './client.js';
export type { MicroblogClient, MicroblogClientOptions, UserMessagesIterationArgs } from './client.js';
// the error classes and the types of calls and errors, as every client package exports them
export * from '@socialquery/core/client-surface';
