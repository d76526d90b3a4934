import { definePlatform } from '@socialquery/core/server';
import { shortvideoContract } from '../contract.js';
import { createShortVideoHandlers } from './handlers.js';

/** The shortvideo platform: its contract and how its handlers are made over a `ShortVideoSource`. */
export const shortvideoPlatform = definePlatform({
  name: 'shortvideo',
  contract: shortvideoContract,
  handlers: createShortVideoHandlers,
});
