import { microblogPlatform } from '@socialquery/microblog/server';
import { defineStorePlatform } from '../store-platform.js';
import { MICROBLOG_COLUMNS } from './columns.js';
import { microblogDemoSet } from './demo-set.js';
import { findMicroblogExamples } from './examples.js';
import { twitterArchive, twitterV2 } from './import-twitter.js';
import { microblog } from './migrations/0002-microblog.js';
import { microblogSourceFields } from './migrations/0023-microblog-source-fields.js';
import { createSqlMicroblogSource } from './source.js';
import { microblogObserved } from './observed.js';

/** The microblog platform's store side: what the kernel reads for it (platforms/store-platform.ts). */
export const microblogStorePlatform = defineStorePlatform({
  name: 'microblog',
  definition: microblogPlatform,
  source: createSqlMicroblogSource,
  migrations: { '0002-microblog': microblog, '0023-microblog-source-fields': microblogSourceFields },
  tables: [
    {
      name: 'microblog_users',
    },
    {
      name: 'microblog_messages',
    },
    { name: 'microblog_follows' },
  ],
  observed: microblogObserved,
  columnTypes: MICROBLOG_COLUMNS,
  importers: [twitterArchive, twitterV2],
  demo: microblogDemoSet,
  examples: findMicroblogExamples,
});
