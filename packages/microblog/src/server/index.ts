export { createMicroblogHandlers } from './handlers.js';
export { canonicalMessageId, compareMessageIds, MESSAGE_ID_DIGITS, messageIdKey, minMessageId } from './message-ids.js';
export type * from './source.js';
export { microblogPlatform } from './platform.js';
