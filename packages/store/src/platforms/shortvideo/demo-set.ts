import { toShortVideoCommentRow, toShortVideoRow, upsertShortVideoCommentRows, upsertShortVideoRows } from './rows.js';
import { writeInBatches } from '../../demo/batches.js';
import type { DemoSet } from '../../demo/demo-set.js';
import { shortVideoDemoComments, shortVideoDemoSize, shortVideoDemoVideos } from './demo.js';

/** Videos, then comments and replies, each table from its own lazy generator. */
export const shortVideoDemoSet: DemoSet = {
  name: 'shortvideo',
  size: shortVideoDemoSize,
  async load(db, { now, scale, onRows }) {
    const videos = await writeInBatches(
      db,
      mapRows(shortVideoDemoVideos({ now, scale }), toShortVideoRow),
      upsertShortVideoRows,
      onRows,
    );
    const comments = await writeInBatches(
      db,
      mapRows(shortVideoDemoComments({ now, scale }), toShortVideoCommentRow),
      upsertShortVideoCommentRows,
      onRows,
    );
    return videos + comments;
  },
};

function* mapRows<A, B>(rows: Iterable<A>, map: (row: A) => B): Generator<B> {
  for (const row of rows) yield map(row);
}
