import { definePlatform } from '@socialquery/core/server';
import { microblogContract } from '../contract.js';
import { createMicroblogExporters } from './exporters.js';
import { createMicroblogHandlers } from './handlers.js';

/** The microblog platform: its contract and how its handlers and exporters are made over a `MicroblogSource`. */
export const microblogPlatform = definePlatform({
  name: 'microblog',
  contract: microblogContract,
  handlers: createMicroblogHandlers,
  exporters: createMicroblogExporters,
});
