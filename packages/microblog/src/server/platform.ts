import { definePlatform } from '@socialquery/core/server';
import { microblogContract } from '../contract.js';
import { createMicroblogHandlers } from './handlers.js';

/**
 * The microblog platform: its contract and how its handlers are made over a `MicroblogSource`. Every
 * listing pages by `nextToken`, which bulk export follows as a client would.
 */
export const microblogPlatform = definePlatform({
  name: 'microblog',
  contract: microblogContract,
  handlers: createMicroblogHandlers,
});
