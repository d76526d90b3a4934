import { forumPlatform } from '@socialquery/forum/server';
import { defineStorePlatform } from '../store-platform.js';
import { FORUM_COLUMNS } from './columns.js';
import { forumDemoSet } from './demo-set.js';
import { findForumExamples } from './examples.js';
import { redditNdjson } from './import-reddit.js';
import { redditApi } from './import-reddit-api.js';
import { rebuildForum, writeForumCommentRows, writeForumPostRows } from './derived.js';
import { forumComments } from './migrations/0011-forum-comments.js';
import { forumActivity } from './migrations/0012-forum-activity.js';
import { forumSearch } from './migrations/0013-forum-search.js';
import { forumReplyCounts } from './migrations/0014-forum-reply-counts.js';
import { forumThreadVersions } from './migrations/0017-forum-thread-versions.js';
import { forumSearchCommunity } from './migrations/0018-forum-search-community.js';
import { forumSearchAuthor } from './migrations/0019-forum-search-author.js';
import { forumSearchOver18 } from './migrations/0020-forum-search-over18.js';
import { forumSourceFields } from './migrations/0029-forum-source-fields.js';
import { forumSearchPrefixes } from './migrations/0032-forum-search-prefixes.js';
import { forumNums } from './migrations/0034-forum-nums.js';
import { forumFts } from './migrations/0035-forum-fts.js';
import { createSqlForumSource } from './source.js';
import { forumObserved } from './observed.js';

/** The forum platform's store side: what the kernel reads for it (platforms/store-platform.ts).
 *
 * Its posts' table was made by the store's first migration (migrations/0001-initial.ts), with the kernel's; later
 * forum migrations are in ./migrations/. */
export const forumStorePlatform = defineStorePlatform({
  name: 'forum',
  definition: forumPlatform,
  source: createSqlForumSource,
  migrations: {
    '0011-forum-comments': forumComments,
    '0012-forum-activity': forumActivity,
    '0013-forum-search': forumSearch,
    '0014-forum-reply-counts': forumReplyCounts,
    '0017-forum-thread-versions': forumThreadVersions,
    '0018-forum-search-community': forumSearchCommunity,
    '0019-forum-search-author': forumSearchAuthor,
    '0020-forum-search-over18': forumSearchOver18,
    '0029-forum-source-fields': forumSourceFields,
    '0032-forum-search-prefixes': forumSearchPrefixes,
    '0034-forum-nums': forumNums,
    '0035-forum-fts': forumFts,
  },
  tables: [
    {
      name: 'forum_posts',
      numbered: true,
      write: writeForumPostRows,
      derived: ['forum_search'],
    },
    {
      name: 'forum_comments',
      numbered: true,
      write: writeForumCommentRows,
      derived: ['forum_search'],
    },
  ],
  observed: forumObserved,
  columnTypes: FORUM_COLUMNS,
  importers: [redditNdjson, redditApi],
  demo: forumDemoSet,
  rebuild: rebuildForum,
  examples: findForumExamples,
});
