import { toForumRow, upsertForumRows } from './rows.js';
import type { DemoSet } from '../../demo/demo-set.js';
import { writeInBatches } from '../../demo/batches.js';
import { forumDemoPosts, forumDemoSize } from './demo.js';

export const forumDemoSet: DemoSet = {
  name: 'forum',
  size: forumDemoSize,
  load: (db, { now, scale, onRows }) =>
    writeInBatches(db, mapRows(forumDemoPosts({ now, scale }), toForumRow), upsertForumRows, onRows),
};

function* mapRows<A, B>(rows: Iterable<A>, map: (row: A) => B): Generator<B> {
  for (const row of rows) yield map(row);
}
