import type { Kysely, Migration } from 'kysely';

/**
 * What an imported or synced post or comment carries beyond the columns of 0001-initial and
 * 0011-forum-comments: `extra`, every other field of its source record (a Pushshift / Arctic Shift dump
 * line, or a Reddit API thing's `data`) as a JSON object in the source's own nesting and types;
 * packages/store/src/import/README.md lists them. The record's latest import writes it, as it writes
 * the other columns. `''` means nothing was recorded (the demo's rows, and rows stored before this
 * migration, until their source is imported again). No derived table reads it (search index,
 * activity counts, reply counts, thread versions).
 */
export const forumSourceFields: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['forum_posts', 'forum_comments'])
      await db.schema
        .alterTable(table)
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['forum_posts', 'forum_comments'])
      await db.schema.alterTable(table).dropColumn('extra').execute();
  },
};
