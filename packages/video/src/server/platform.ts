import { definePlatform } from '@socialquery/core/server';
import { videoContract } from '../contract.js';
import { createVideoHandlers } from './handlers.js';

/** The video platform: its contract and how its handlers are made over a `VideoSource`. */
export const videoPlatform = definePlatform({
  name: 'video',
  contract: videoContract,
  handlers: createVideoHandlers,
});
