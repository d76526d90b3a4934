import type { Kysely } from 'kysely';
import type { Database } from '../../schema.js';

/** The microblog's most active user whose messages include replies and reposts, and the message with the most replies. */
export async function findMicroblogExamples(
  db: Kysely<Database>,
): Promise<{ username: string; messageId: string; ids: string } | undefined> {
  const user = await db
    .selectFrom('microblog_messages')
    .select(['author_key', (eb) => eb.fn.max('author').as('name'), (eb) => eb.fn.countAll().as('n')])
    .groupBy('author_key')
    .having((eb) => eb.and([eb(eb.fn.sum('is_reply'), '>', 0), eb(eb.fn.sum('is_repost'), '>', 0)]))
    .orderBy('n', 'desc')
    .orderBy('author_key')
    .limit(1)
    .executeTakeFirst();
  // Counted on the (reply_to_id, id_key) index alone: joining every reply to its parent scans the table.
  const candidates = await db
    .selectFrom('microblog_messages')
    .select(['reply_to_id', (eb) => eb.fn.countAll().as('n')])
    .where('reply_to_id', 'is not', null)
    .groupBy('reply_to_id')
    .orderBy('n', 'desc')
    .orderBy('reply_to_id')
    .limit(10)
    .execute();
  let message: { id: string } | undefined;
  for (const { reply_to_id } of candidates) {
    message = await db.selectFrom('microblog_messages').select('id').where('id', '=', reply_to_id!).executeTakeFirst();
    if (message) break;
  }
  return user && message ? { username: String(user.name), messageId: message.id, ids: message.id } : undefined;
}
