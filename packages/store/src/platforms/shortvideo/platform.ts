import { shortvideoPlatform } from '@socialquery/shortvideo/server';
import { defineStorePlatform } from '../store-platform.js';
import { SHORTVIDEO_COLUMNS } from './columns.js';
import { shortVideoDemoSet } from './demo-set.js';
import { findShortVideoExamples } from './examples.js';
import { tiktokResearch } from './import-tiktok.js';
import { tiktokExport } from './import-tiktok-export.js';
import { shortvideo } from './migrations/0003-shortvideo.js';
import { shortvideoSourceFields } from './migrations/0024-shortvideo-source-fields.js';
import { createSqlShortVideoSource } from './source.js';
import { shortvideoObserved } from './observed.js';

/** The shortvideo platform's store side: what the kernel reads for it (platforms/store-platform.ts). */
export const shortvideoStorePlatform = defineStorePlatform({
  name: 'shortvideo',
  definition: shortvideoPlatform,
  source: createSqlShortVideoSource,
  migrations: { '0003-shortvideo': shortvideo, '0024-shortvideo-source-fields': shortvideoSourceFields },
  tables: [
    {
      name: 'shortvideo_videos',
    },
    { name: 'shortvideo_comments' },
  ],
  observed: shortvideoObserved,
  columnTypes: SHORTVIDEO_COLUMNS,
  importers: [tiktokResearch, tiktokExport],
  demo: shortVideoDemoSet,
  examples: findShortVideoExamples,
});
