import { toForumCommentRow, toForumRow, upsertForumCommentRows, upsertForumRows } from './rows.js';
import type { DemoSet } from '../../demo/demo-set.js';
import { writeInBatches } from '../../demo/batches.js';
import { forumDemoPosts, forumDemoSize } from './demo.js';
import { forumDemoCommentCount, forumDemoComments } from './demo-comments.js';

/** The posts, then the comments under them. */
export const forumDemoSet: DemoSet = {
  name: 'forum',
  size: (scale) => forumDemoSize(scale) + forumDemoCommentCount(scale),
  load: async (db, { now, scale, onRows }) => {
    const posts = await writeInBatches(
      db,
      mapRows(forumDemoPosts({ now, scale }), toForumRow),
      upsertForumRows,
      onRows,
    );
    const comments = forumDemoComments({ now, scale });
    return posts + (await writeInBatches(db, mapRows(comments, toForumCommentRow), upsertForumCommentRows, onRows));
  },
};

function* mapRows<A, B>(rows: Iterable<A>, map: (row: A) => B): Generator<B> {
  for (const row of rows) yield map(row);
}
