export * from './schemas.js';
export { messageReplies, messagesByIds, microblogContract, userFollowers, userMessages } from './contract.js';
export { createMicroblogClient, iterateUserMessages } from './client.js';
export type { MicroblogClient, MicroblogClientOptions, UserMessagesIterationArgs } from './client.js';
