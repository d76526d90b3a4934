import { toForumCommentRow, toForumRow, upsertForumCommentRows, upsertForumRows } from './rows.js';
import type { Kysely } from 'kysely';
import type { DemoLoadOptions, DemoSet } from '../../demo/demo-set.js';
import { isEmpty, withoutSecondaryIndexes } from '../../rows/secondary-indexes.js';
import type { Database } from '../../schema.js';
import { writeInBatches } from '../../demo/batches.js';
import { dialectOf } from '../../dialect/index.js';
import { forumDemoPosts, forumDemoSize } from './demo.js';
import { forumDemoCommentCount, forumDemoComments } from './demo-comments.js';

/** The posts, then the comments under them. */
export const forumDemoSet: DemoSet = {
  name: 'forum',
  // below 1, a smaller set with the same shape (the first start's demo)
  fractionalScale: true,
  size: (scale) => forumDemoSize(scale) + forumDemoCommentCount(scale),
  // into an empty SQLite store without the secondary indexes of the items and their search index, built at the
  // end (SQLite inserts into them row by row; PostgreSQL's writes stream, and rebuilding would outlast its timeout)
  load: async (db, options) =>
    dialectOf(db).rebuildsIndexesOnBulkLoad && (await isEmpty(db, 'forum_posts'))
      ? withoutSecondaryIndexes(db, ['forum_posts', 'forum_comments', 'forum_search'], () => loadForum(db, options))
      : loadForum(db, options),
};

async function loadForum(db: Kysely<Database>, { now, scale, onRows }: DemoLoadOptions): Promise<number> {
  const posts = await writeInBatches(db, mapRows(forumDemoPosts({ now, scale }), toForumRow), upsertForumRows, onRows);
  const comments = forumDemoComments({ now, scale });
  return posts + (await writeInBatches(db, mapRows(comments, toForumCommentRow), upsertForumCommentRows, onRows));
}

function* mapRows<A, B>(rows: Iterable<A>, map: (row: A) => B): Generator<B> {
  for (const row of rows) yield map(row);
}
