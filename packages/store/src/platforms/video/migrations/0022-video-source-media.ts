import type { Kysely, Migration } from 'kysely';

/**
 * What an imported or synced YouTube item carries beyond the columns of 0005-video:
 *
 * - `video_videos.url` and `.thumbnails`, `video_channels.thumbnails`: the platform's own watch
 *   URL and the item's thumbnails (a JSON array of {url, width, height}). `''` means none was
 *   recorded (the demo's videos, and rows stored before this migration): the answers then show the
 *   demo's derived addresses (packages/video/src/server/text.ts), as they did before.
 * - `extra`: every other field of the source item, as a JSON object in the API's own nesting
 *   (docs/import-youtube.md lists them); `''` when there was no source item.
 *
 * Rows stored before keep `''` until their source is imported again.
 */
export const videoSourceMedia: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['url', 'thumbnails', 'extra'])
      await db.schema
        .alterTable('video_videos')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    for (const column of ['thumbnails', 'extra'])
      await db.schema
        .alterTable('video_channels')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['url', 'thumbnails', 'extra'])
      await db.schema.alterTable('video_videos').dropColumn(column).execute();
    for (const column of ['thumbnails', 'extra'])
      await db.schema.alterTable('video_channels').dropColumn(column).execute();
  },
};
