import type { Kysely, Migration } from 'kysely';

/**
 * A channel's uploads newest first (`channelVideos`, source.ts): one range of this index per channel,
 * walked backwards from a keyset position (publish time, then `num`), which also counts the
 * channel's videos in a window of publish time.
 */
export const videoChannelUploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('video_videos_channel_uploads')
      .on('video_videos')
      .columns(['channel_id', 'published_at', 'num'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('video_videos_channel_uploads').execute();
  },
};
