import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../../dialect/index.js';
import {
  toMicroblogFollowRow,
  toMicroblogMessageRow,
  toMicroblogUserRow,
  upsertMicroblogFollowRows,
  upsertMicroblogMessageRows,
  upsertMicroblogUserRows,
  usernameKey,
} from './rows.js';
import type { Database } from '../../schema.js';
import { ROWS_PER_STATEMENT, writeInBatches } from '../../demo/batches.js';
import type { DemoSet } from '../../demo/demo-set.js';
import {
  microblogDemoAuthors,
  microblogDemoFollows,
  microblogDemoMessages,
  microblogDemoSize,
  microblogDemoUsers,
} from './demo.js';

/**
 * Users, follows and messages, upserted by key. Message ids encode the creation time, which
 * moves with `now`: the demo authors' earlier messages are removed first, so seeding again at
 * another moment replaces the demo's messages instead of adding a second set.
 */
export const microblogDemoSet: DemoSet = {
  name: 'microblog',
  size: microblogDemoSize,
  async load(db, { now, scale, onRows }) {
    const options = { now, scale };
    let written = await writeInBatches(
      db,
      mapRows(microblogDemoUsers(options), toMicroblogUserRow),
      upsertMicroblogUserRows,
      onRows,
    );
    written += await writeInBatches(
      db,
      mapRows(microblogDemoFollows(options), toMicroblogFollowRow),
      upsertMicroblogFollowRows,
      onRows,
    );
    await removeMessagesOf(db, microblogDemoAuthors(scale));
    written += await writeInBatches(
      db,
      mapRows(microblogDemoMessages(options), toMicroblogMessageRow),
      upsertMicroblogMessageRows,
      onRows,
    );
    return written;
  },
};

async function removeMessagesOf(db: Kysely<Database>, authors: string[]) {
  await inWriteTransaction(db, async (trx) => {
    for (let i = 0; i < authors.length; i += ROWS_PER_STATEMENT) {
      const keys = authors.slice(i, i + ROWS_PER_STATEMENT).map(usernameKey);
      await trx.deleteFrom('microblog_messages').where('author_key', 'in', keys).execute();
    }
  });
}

function* mapRows<A, B>(rows: Iterable<A>, map: (row: A) => B): Generator<B> {
  for (const row of rows) yield map(row);
}
