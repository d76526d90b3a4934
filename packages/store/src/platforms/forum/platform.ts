import { forumPlatform } from '@socialquery/forum/server';
import { defineStorePlatform } from '../store-platform.js';
import { FORUM_COLUMNS } from './columns.js';
import { forumDemoSet } from './demo-set.js';
import { findForumExamples } from './examples.js';
import { redditNdjson } from './import-reddit.js';
import { redditApi } from './import-reddit-api.js';
import { forumComments } from './migrations/0011-forum-comments.js';
import { createSqlForumSource } from './source.js';

/** The forum platform's store side: what the kernel reads for it (platforms/store-platform.ts).
 *
 * Its posts' table was made by the store's first migration (migrations/0001-initial.ts), with the kernel's; later
 * forum migrations are in ./migrations/. */
export const forumStorePlatform = defineStorePlatform({
  name: 'forum',
  definition: forumPlatform,
  source: createSqlForumSource,
  migrations: { '0011-forum-comments': forumComments },
  tables: [{ name: 'forum_posts' }, { name: 'forum_comments' }],
  columnTypes: FORUM_COLUMNS,
  importers: [redditNdjson, redditApi],
  demo: forumDemoSet,
  examples: findForumExamples,
});
