import { definePlatform } from '@socialquery/core/server';
import { musicOperations } from '../contract.js';
import { createMusicHandlers } from './handlers.js';

/** The music platform: its contract and how its handlers are made over a `MusicSource`. */
export const musicPlatform = definePlatform({
  name: 'music',
  contract: musicOperations,
  handlers: createMusicHandlers,
});
