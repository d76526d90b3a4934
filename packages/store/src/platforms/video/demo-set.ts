import { upsertVideoChannelRows, upsertVideoChartRows, upsertVideoCommentRows, upsertVideoRows } from './rows.js';
import { writeInBatches } from '../../demo/batches.js';
import type { DemoSet } from '../../demo/demo-set.js';
import { videoDemoChannels, videoDemoCharts, videoDemoSize, videoDemoVideos } from './demo.js';
import { videoDemoComments, videoDemoCommentsSize } from './demo-comments.js';

/** Channels, videos, charts, then the popular videos' comments, each table from its own lazy generator. */
export const videoDemoSet: DemoSet = {
  name: 'video',
  // below 1, fewer channels and videos (the first start's demo); the charts keep their size
  fractionalScale: true,
  size: (scale) => videoDemoSize(scale) + videoDemoCommentsSize(scale),
  async load(db, { now, scale, onRows }) {
    const channels = await writeInBatches(db, videoDemoChannels({ now, scale }), upsertVideoChannelRows, onRows);
    const videos = await writeInBatches(db, videoDemoVideos({ now, scale }), upsertVideoRows, onRows);
    const charts = await writeInBatches(db, videoDemoCharts({ now, scale }), upsertVideoChartRows, onRows);
    const comments = await writeInBatches(db, videoDemoComments({ now, scale }), upsertVideoCommentRows, onRows);
    return channels + videos + charts + comments;
  },
};
