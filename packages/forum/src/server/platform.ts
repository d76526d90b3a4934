import { definePlatform } from '@socialquery/core/server';
import { redditCompatContract } from '../compat/contract.js';
import { forumContract } from '../contract.js';
import { createRedditCompatHandlers } from './compat/handlers.js';
import { createForumExporters } from './exporters.js';
import { createForumHandlers } from './handlers.js';
import type { ForumSource } from './source.js';

/**
 * The forum platform: its contract and the Arctic Shift and Pushshift routes over the same store
 * (docs/compat.md; the typed client has only the former), and how their handlers and exporters are
 * made over a `ForumSource`.
 */
export const forumPlatform = definePlatform({
  name: 'forum',
  contract: { ...forumContract, ...redditCompatContract },
  handlers: (source: ForumSource) => ({ ...createForumHandlers(source), ...createRedditCompatHandlers(source) }),
  exporters: createForumExporters,
});
