import type { Kysely, Transaction } from 'kysely';
import type { Database, VideoChannelsTable, VideoChartEntriesTable, VideoVideosTable } from '../../schema.js';

type Writer = Kysely<Database> | Transaction<Database>;

function upsert<T extends 'video_channels' | 'video_videos' | 'video_chart_entries'>(table: T, keys: string[]) {
  return async (db: Writer, rows: Database[T][]) => {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!).filter((column) => !keys.includes(column));
    const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const name = table as string;
    await untyped
      .insertInto(name)
      .values(rows as unknown as Record<string, unknown>[])
      .onConflict((oc) =>
        oc.columns(keys).doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      )
      .execute();
  };
}

/** Inserts or updates channels by id. */
export const upsertVideoChannelRows: (db: Writer, rows: VideoChannelsTable[]) => Promise<void> = upsert(
  'video_channels',
  ['id'],
);
/** Inserts or updates videos by id (the SQLite full-text index follows through triggers). */
export const upsertVideoRows: (db: Writer, rows: VideoVideosTable[]) => Promise<void> = upsert('video_videos', ['id']);
/** Inserts or updates chart entries by id (country:TYPE:YYYYMMDD:position). */
export const upsertVideoChartRows: (db: Writer, rows: VideoChartEntriesTable[]) => Promise<void> = upsert(
  'video_chart_entries',
  ['id'],
);
