import { videoPlatform } from '@socialquery/video/server';
import { defineStorePlatform } from '../store-platform.js';
import { VIDEO_COLUMNS } from './columns.js';
import { videoDemoSet } from './demo-set.js';
import { findVideoExamples } from './examples.js';
import { youtubeV3 } from './import-youtube.js';
import { video } from './migrations/0005-video.js';
import { videoSearch } from './migrations/0008-video-search.js';
import { videoChannelUploads } from './migrations/0015-video-channel-uploads.js';
import { videoSourceMedia } from './migrations/0022-video-source-media.js';
import { videoComments } from './migrations/0031-video-comments.js';
import { videoSearchPrefixes } from './migrations/0033-video-search-prefixes.js';
import { rebuildVideoSearch, writeVideoRows } from './search-index.js';
import { createSqlVideoSource } from './source.js';
import { videoObserved } from './observed.js';

/** The video platform's store side: what the kernel reads for it (platforms/store-platform.ts). */
export const videoStorePlatform = defineStorePlatform({
  name: 'video',
  definition: videoPlatform,
  source: createSqlVideoSource,
  migrations: {
    '0005-video': video,
    '0008-video-search': videoSearch,
    '0015-video-channel-uploads': videoChannelUploads,
    '0022-video-source-media': videoSourceMedia,
    '0031-video-comments': videoComments,
    '0033-video-search-prefixes': videoSearchPrefixes,
  },
  tables: [
    { name: 'video_channels' },
    {
      name: 'video_videos',
      numbered: true,
      write: writeVideoRows,
      derived: ['video_search'],
    },
    { name: 'video_chart_entries' },
    { name: 'video_comments' },
  ],
  observed: videoObserved,
  columnTypes: VIDEO_COLUMNS,
  importers: [youtubeV3],
  demo: videoDemoSet,
  rebuild: rebuildVideoSearch,
  examples: findVideoExamples,
});
