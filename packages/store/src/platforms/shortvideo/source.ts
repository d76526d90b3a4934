import { type Comment, REPLIES_PER_COMMENT, type Reply, type Video } from '@socialquery/shortvideo';
import type { ReadOptions, ShortVideoSource } from '@socialquery/shortvideo/server';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ShortVideoCommentsTable, ShortVideoVideosTable } from '../../schema.js';
import { historyReader } from '../../rows/observations.js';
import { shortvideoObserved } from './observed.js';
import { recordedJson } from '../../rows/recorded-json.js';
import { nameKey } from '../forum/names.js';

const VIDEO_COLUMNS = [
  'id',
  'author',
  'description',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
  'duration',
  'created_at',
  'video_url',
  'music_title',
  'music_author',
] as const;
const COMMENT_COLUMNS = ['id', 'parent_id', 'author', 'text', 'like_count', 'reply_count', 'created_at'] as const;

/** The columns of a video's `extra`, read only when a read asks for it (ReadOptions). */
const EXTRA_COLUMNS = ['extra', 'export_extra'] as const;

type VideoRow = Pick<Selectable<ShortVideoVideosTable>, (typeof VIDEO_COLUMNS)[number]> &
  Partial<Pick<Selectable<ShortVideoVideosTable>, (typeof EXTRA_COLUMNS)[number]>>;
type CommentRow = Pick<Selectable<ShortVideoCommentsTable>, (typeof COMMENT_COLUMNS)[number]>;

/** `parent_id` of a top-level comment. */
export const TOP_LEVEL = '';

/**
 * ShortVideoSource over SQL. Every listing is one index range scan that starts right after the
 * keyset position (a row-value comparison on the index's order columns), so a deep page costs
 * what the first does; the first replies of a whole page of comments come in one more query.
 * A time window narrows the created_at range of the time-ordered listings and filters the rows of
 * the video's most_liked range.
 */
export function createSqlShortVideoSource(db: Kysely<Database>): ShortVideoSource {
  return {
    history: historyReader(db, shortvideoObserved),
    async userPosts({ username, after, window, limit }, options) {
      let query = videos(db, options).where('author_key', '=', nameKey(username));
      if (window?.after) query = query.where('created_at', '>', window.after.getTime());
      if (window?.before && !tighter(after, window.before, 'desc'))
        query = query.where('created_at', '<', window.before.getTime());
      if (after)
        query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toVideo);
    },

    async videoComments({ videoId, sort, after, window, limit }) {
      let query = db
        .selectFrom('shortvideo_comments')
        .select(COMMENT_COLUMNS)
        .where('video_id', '=', videoId)
        .where('parent_id', '=', TOP_LEVEL);
      // in a time order the keyset position, once inside the window, replaces the bound it walks towards
      const direction = sort === 'oldest' ? 'asc' : sort === 'newest' ? 'desc' : undefined;
      if (window?.after && !(direction === 'asc' && tighter(after, window.after, 'asc')))
        query = query.where('created_at', '>', window.after.getTime());
      if (window?.before && !(direction === 'desc' && tighter(after, window.before, 'desc')))
        query = query.where('created_at', '<', window.before.getTime());
      switch (sort) {
        case 'newest':
          if (after)
            query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
          query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
          break;
        case 'oldest':
          if (after)
            query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)));
          query = query.orderBy('created_at', 'asc').orderBy('id', 'asc');
          break;
        case 'most_liked':
          if (after) {
            if (after.likeCount === undefined) throw new TypeError('a most_liked position needs its likeCount');
            const likes = after.likeCount;
            query = query.where((eb) =>
              eb(eb.refTuple('like_count', 'created_at', 'id'), '<', eb.tuple(likes, after.createdAt, after.id)),
            );
          }
          query = query.orderBy('like_count', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc');
          break;
      }
      const rows = await query.limit(limit).execute();
      const replies = await firstReplies(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row): Comment => ({ ...toComment(row), replies: replies.get(row.id) ?? [] }));
    },

    async userExists(username) {
      const row = await db
        .selectFrom('shortvideo_videos')
        .select('id')
        .where('author_key', '=', nameKey(username))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async videosByIds(ids, options) {
      if (ids.length === 0) return [];
      // primary-key lookups; ids compare exactly (text equality is binary on both dialects)
      const rows = await videos(db, options)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map(toVideo);
    },

    async videoExists(videoId) {
      const row = await db.selectFrom('shortvideo_videos').select('id').where('id', '=', videoId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** The answered columns of videos, and their `extra` columns only when the read asks for them. */
const videos = (db: Kysely<Database>, options: ReadOptions | undefined) =>
  db
    .selectFrom('shortvideo_videos')
    .select(VIDEO_COLUMNS)
    .$if(options?.extra === true, (query) => query.select(EXTRA_COLUMNS));

/**
 * Whether a keyset position already bounds a time-ordered walk at least as tightly as a window's bound
 * does: walking newest first (desc) it lies before `before`, oldest first (asc) after `after`. Then the
 * bound is left out, so that the planner takes the position, not the bound, as the start of the range
 * (SQLite uses one of two upper bounds on a column) and a deep page costs what the first does.
 */
function tighter(position: { createdAt: number } | undefined, bound: Date, direction: 'asc' | 'desc'): boolean {
  if (!position) return false;
  return direction === 'desc' ? position.createdAt < bound.getTime() : position.createdAt > bound.getTime();
}

/**
 * The first replies (oldest first, at most REPLIES_PER_COMMENT) of each of these comments, in
 * one query: replies numbered per parent in (created_at, id) order over the replies index, then cut.
 */
async function firstReplies(db: Kysely<Database>, parentIds: string[]): Promise<Map<string, Reply[]>> {
  const byParent = new Map<string, Reply[]>();
  if (parentIds.length === 0) return byParent;
  const numbered = db
    .selectFrom('shortvideo_comments')
    .select(COMMENT_COLUMNS)
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('parent_id').orderBy('created_at').orderBy('id'))
        .as('rn'),
    )
    .where('parent_id', 'in', parentIds);
  const rows = await db
    .selectFrom(numbered.as('numbered'))
    .selectAll()
    .where('rn', '<=', REPLIES_PER_COMMENT)
    .execute();
  // rn is each reply's place under its comment (bigint: a string on PostgreSQL)
  rows.sort((a, b) => Number(a.rn) - Number(b.rn));
  for (const row of rows) {
    const list = byParent.get(row.parent_id) ?? [];
    list.push({ ...toComment(row), replies: [] });
    byParent.set(row.parent_id, list);
  }
  return byParent;
}

function toVideo(row: VideoRow): Video {
  return {
    id: row.id,
    description: row.description,
    author: row.author,
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    shareCount: Number(row.share_count),
    viewCount: Number(row.view_count),
    duration: Number(row.duration),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    videoUrl: row.video_url,
    music: { title: row.music_title, author: row.music_author },
    ...extraOf(row),
  };
}

/**
 * A video's `extra` when it was read and some source recorded one: its Research API item's other
 * fields, then its export entry's (the two name their fields apart: `region_code`, `WhoCanView`).
 */
function extraOf(row: VideoRow): { extra?: Record<string, unknown> } {
  const research = recordedJson<Record<string, unknown>>(row.extra);
  const exported = recordedJson<Record<string, unknown>>(row.export_extra);
  return research || exported ? { extra: { ...research, ...exported } } : {};
}

function toComment(row: CommentRow): Omit<Comment, 'replies'> {
  return {
    id: row.id,
    text: row.text,
    author: row.author,
    likeCount: Number(row.like_count),
    replyCount: Number(row.reply_count),
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}
