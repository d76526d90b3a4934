import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import { VIDEO_COLUMNS } from './columns.js';
import { writeVideoRows } from './search-index.js';
import type { VideoChannelsTable, VideoChartEntriesTable, VideoCommentsTable, VideoVideosTable } from '../../schema.js';

/** Inserts or updates channels by id; returns the rows written. */
export const upsertVideoChannelRows = (db: RowWriter, rows: readonly VideoChannelsTable[]) =>
  writeRows(db, 'video_channels', rows, { columns: VIDEO_COLUMNS.video_channels });
/** Inserts or updates videos by id, and their postings in the search index. */
export const upsertVideoRows = (db: RowWriter, rows: readonly VideoVideosTable[]) =>
  writeVideoRows(db, rows, 'upserted', () =>
    writeRows(db, 'video_videos', rows, { columns: VIDEO_COLUMNS.video_videos }),
  );
/** Inserts or updates chart entries by id (country:TYPE:YYYYMMDD:position). */
export const upsertVideoChartRows = (db: RowWriter, rows: readonly VideoChartEntriesTable[]) =>
  writeRows(db, 'video_chart_entries', rows, { columns: VIDEO_COLUMNS.video_chart_entries });
/** Inserts or updates comments (top-level and replies) by id. */
export const upsertVideoCommentRows = (db: RowWriter, rows: readonly VideoCommentsTable[]) =>
  writeRows(db, 'video_comments', rows, { columns: VIDEO_COLUMNS.video_comments });
