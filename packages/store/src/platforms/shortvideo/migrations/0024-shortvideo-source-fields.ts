import type { Kysely, Migration } from 'kysely';

/**
 * What an imported or synced short video carries beyond the columns of 0003-shortvideo, one column
 * per format, so that importing one format never replaces what the other kept:
 *
 * - `extra`: every other field of the video's TikTok Research API item (`tiktok` format), as a
 *   JSON object in the API's own nesting (region, music id, hashtags, effects, stickers, labels…);
 * - `export_extra`: every other field of the post's entry in a "Download your data" file
 *   (`tiktok-export` format): who can view it, whether duets are allowed, its cover image…
 *
 * The answers give them as one `extra` object (packages/store/src/import/README.md lists the
 * fields). `''` means nothing was recorded (the demo's videos, and rows stored before this
 * migration, until their source is imported again). Comments get no column: the Research API's
 * comment object has no field the comment columns do not hold.
 */
export const shortvideoSourceFields: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['extra', 'export_extra'])
      await db.schema
        .alterTable('shortvideo_videos')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['extra', 'export_extra'])
      await db.schema.alterTable('shortvideo_videos').dropColumn(column).execute();
  },
};
