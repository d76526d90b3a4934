import type { Database } from '@socialquery/store';
import type { Kysely } from 'kysely';
import {
  toMicroblogMessageRow,
  toMicroblogUserRow,
  upsertMicroblogMessageRows,
  upsertMicroblogUserRows,
} from '@socialquery/store';

/**
 * The demo's most active microblog user has 492 messages at every scale (the demo grows by adding
 * users, not by lengthening timelines), so no demo user reaches page 1,000 even at limit=1. The
 * bench adds one account whose timeline does: the most active demo user's messages (their text,
 * counts, replies and reposts, so a page costs what a demo page costs) repeated under new ids,
 * one every 10 minutes back from the seed moment.
 */
export const LONG_TIMELINE_USER = 'bench_timeline';
/** Page size of the microblog scenarios (the operation's default). */
export const TIMELINE_LIMIT = 20;
/** The page the deep-paging scenario measures. */
export const DEEP_PAGE = 1000;
/**
 * Messages shown by the operation's defaults (includeReplies=false drops replies): enough for
 * DEEP_PAGE full pages and a few more (so page 1,000 is not the last).
 */
const SHOWN = TIMELINE_LIMIT * DEEP_PAGE + 200;
const USER_ID = '999000000001';
/** Twenty-digit ids above any the demo generates (its ids are 19-digit snowflakes). */
const FIRST_ID = 90_000_000_000_000_000_000n;
const EVERY_MS = 10 * 60_000;

export async function addLongTimeline(db: Kysely<Database>, now: Date): Promise<number> {
  const source = await db
    .selectFrom('microblog_messages')
    .select(['author_key', (eb) => eb.fn.countAll().as('n')])
    .groupBy('author_key')
    .orderBy('n', 'desc')
    .orderBy('author_key')
    .limit(1)
    .executeTakeFirst();
  if (!source) throw new Error('the store has no microblog messages to build the long timeline from');
  const templates = await db
    .selectFrom('microblog_messages')
    .selectAll()
    .where('author_key', '=', source.author_key)
    .orderBy('id_key')
    .execute();
  const shownPerRound = templates.filter((m) => m.is_reply === 0).length;
  const messages = Math.ceil(SHOWN / shownPerRound) * templates.length;
  await upsertMicroblogUserRows(db, [
    toMicroblogUserRow({
      id: USER_ID,
      username: LONG_TIMELINE_USER,
      displayName: 'Bench Timeline',
      bio: 'A long timeline for the benchmark.',
      followerCount: 10,
      followingCount: 10,
      messageCount: messages,
      likeCount: 0,
      isVerified: false,
      isProtected: false,
      profileImageUrl: `https://media.microblog.example.org/profile_images/${USER_ID}/avatar.jpg`,
      createdAt: now.getTime() - messages * EVERY_MS,
    }),
  ]);
  const batch: ReturnType<typeof toMicroblogMessageRow>[] = [];
  for (let i = 0; i < messages; i++) {
    const template = templates[i % templates.length]!;
    const id = String(FIRST_ID + BigInt(i));
    batch.push(
      toMicroblogMessageRow({
        id,
        author: LONG_TIMELINE_USER,
        text: template.text,
        likeCount: template.like_count,
        repostCount: template.repost_count,
        replyCount: template.reply_count,
        quoteCount: template.quote_count,
        viewCount: Number(template.view_count),
        createdAt: now.getTime() - (messages - i) * EVERY_MS,
        replyToId: template.reply_to_id,
        repostedId: template.reposted_id,
        url: `https://microblog.example.org/${LONG_TIMELINE_USER}/status/${id}`,
        media: JSON.parse(template.media) as { type: string; url: string }[],
      }),
    );
    if (batch.length === 500 || i === messages - 1) await upsertMicroblogMessageRows(db, batch.splice(0));
  }
  return messages;
}
