import type {
  CommentPosition,
  CommentRecord,
  CommentThreadsPage,
  CommentThreadsQueryInput,
  ReadOptions,
} from '@socialquery/video/server';
import type { Kysely, Selectable } from 'kysely';
import { recordedJson } from '../../rows/recorded-json.js';
import type { Database, VideoCommentsTable } from '../../schema.js';

/** What the answers read of a comment: every column but `extra`, read only when asked for (ReadOptions). */
const ANSWERED_COLUMNS = [
  'c.id',
  'c.video_id',
  'c.parent_id',
  'c.author_name',
  'c.author_channel_id',
  'c.author_image',
  'c.text',
  'c.like_count',
  'c.published_at',
  'c.updated_at',
  'c.reply_count',
  'c.can_reply',
  'c.is_public',
] as const;

type CommentRow = Omit<Selectable<VideoCommentsTable>, 'extra' | 'channel_id'> & { extra?: string };

function toCommentRecord(row: CommentRow): CommentRecord {
  return {
    id: row.id,
    authorName: row.author_name,
    authorChannelId: row.author_channel_id,
    authorImage: row.author_image,
    text: row.text,
    likeCount: Number(row.like_count),
    publishedAt: Number(row.published_at),
    updatedAt: Number(row.updated_at),
    extra: recordedJson<Record<string, unknown>>(row.extra),
  };
}

const flagOf = (value: number | null) => (value === null ? undefined : Number(value) === 1);

/**
 * A page of a video's comment threads (migration 0031's indexes; the same SQL on both stores): the
 * top-level comments are one range of `video_comments_video_time` (order `time`: published_at, id) or
 * `video_comments_video_likes` (`relevance`: like_count, id), walked backwards from the keyset
 * position (a row-value comparison on the index's order columns), one row more than the page to know
 * whether another follows; the total counts the same range. Then the page's replies in one statement
 * over `video_comments_replies`: each thread's first `replies`, oldest first (a window numbering a
 * thread's replies, which also counts them: a thread answers the source's reply count, or the replies
 * stored when more).
 */
export async function readCommentThreads(
  db: Kysely<Database>,
  { videoId, order, after, limit, replies }: CommentThreadsQueryInput,
  options?: ReadOptions,
): Promise<CommentThreadsPage> {
  const extra = options?.extra === true;
  const orderColumn = order === 'time' ? 'c.published_at' : 'c.like_count';
  let page = db
    .selectFrom('video_comments as c')
    .select(ANSWERED_COLUMNS)
    .$if(extra, (query) => query.select('c.extra'))
    .where('c.video_id', '=', videoId)
    .where('c.parent_id', '=', '');
  if (after) page = page.where((eb) => eb(eb.refTuple(orderColumn, 'c.id'), '<', eb.tuple(after.value, after.id)));
  const rows = await page
    .orderBy(orderColumn, 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute();
  const { n } = await db
    .selectFrom('video_comments as c')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('c.video_id', '=', videoId)
    .where('c.parent_id', '=', '')
    .executeTakeFirstOrThrow();
  const shown = rows.slice(0, limit);
  const repliesOf = await readReplies(
    db,
    shown.map((row) => row.id),
    replies,
    extra,
  );
  const last = shown.at(-1);
  const next: CommentPosition | undefined =
    rows.length > limit && last
      ? { value: Number(order === 'time' ? last.published_at : last.like_count), id: last.id }
      : undefined;
  return {
    threads: shown.map((row) => {
      const stored = repliesOf.get(row.id);
      return {
        comment: toCommentRecord(row),
        videoId: row.video_id,
        totalReplyCount: Math.max(Number(row.reply_count), stored?.count ?? 0),
        canReply: flagOf(row.can_reply),
        isPublic: flagOf(row.is_public),
        replies: stored?.first ?? [],
      };
    }),
    next,
    total: Number(n),
  };
}

/** The first `count` replies of each thread, oldest first (then by id), and how many each thread has stored. */
async function readReplies(
  db: Kysely<Database>,
  threadIds: readonly string[],
  count: number,
  extra: boolean,
): Promise<Map<string, { first: CommentRecord[]; count: number }>> {
  const byThread = new Map<string, { first: CommentRecord[]; count: number }>();
  if (threadIds.length === 0) return byThread;
  const numbered = db
    .selectFrom('video_comments as c')
    .select(ANSWERED_COLUMNS)
    .$if(extra, (query) => query.select('c.extra'))
    .select((eb) => [
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('c.parent_id').orderBy('c.published_at').orderBy('c.id'))
        .as('n'),
      eb.fn
        .countAll()
        .over((over) => over.partitionBy('c.parent_id'))
        .as('stored'),
    ])
    .where('c.parent_id', 'in', threadIds)
    // the replies index's own condition, so that both stores may read it (it holds replies only)
    .where('c.parent_id', '<>', '')
    .as('r');
  const rows = await db
    .selectFrom(numbered)
    .selectAll()
    .where('r.n', '<=', count)
    .orderBy('r.parent_id')
    .orderBy('r.n')
    .execute();
  for (const row of rows) {
    let thread = byThread.get(row.parent_id);
    if (!thread) byThread.set(row.parent_id, (thread = { first: [], count: Number(row.stored) }));
    thread.first.push(toCommentRecord(row));
  }
  return byThread;
}
