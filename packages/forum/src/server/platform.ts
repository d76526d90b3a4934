import { definePlatform } from '@socialquery/core/server';
import { forumContract } from '../contract.js';
import { createForumExporters } from './exporters.js';
import { createForumHandlers } from './handlers.js';

/** The forum platform: its contract and how its handlers and exporters are made over a `ForumSource`. */
export const forumPlatform = definePlatform({
  name: 'forum',
  contract: forumContract,
  handlers: createForumHandlers,
  exporters: createForumExporters,
});
