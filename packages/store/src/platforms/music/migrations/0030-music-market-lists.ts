import type { Kysely, Migration } from 'kysely';

/**
 * Spotify `available_markets` lists stored once each (packages/store/src/platforms/music/market-lists.ts):
 * `id` derived from the list's content, `markets` the list as the source gave it (a JSON array). An
 * album's, track's or show's `extra` (0026) holds the id in place of a list of more than ten codes;
 * rows stored before keep theirs inline until their source is imported again.
 */
export const musicMarketLists: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('music_market_lists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('markets', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('music_market_lists').execute();
  },
};
