import type { ImportRow } from '../../import/types.js';
import { RecordError } from '../../import/types.js';
import { remainderOf, taken } from '../../import/remainder.js';
import {
  isObject,
  isoTimestamp,
  type Json,
  integer,
  object,
  optionalObject,
  optionalString,
  requiredString,
} from '../../import/values.js';
import type { VideoCommentsTable } from '../../schema.js';

/** The fields of a `youtube#comment` its columns hold (`snippet.textDisplay` too, where it repeats textOriginal). */
const COMMENT_FIELDS = [
  'kind',
  'id',
  'snippet.videoId',
  'snippet.channelId',
  'snippet.parentId',
  'snippet.authorDisplayName',
  'snippet.authorProfileImageUrl',
  'snippet.authorChannelId.value',
  'snippet.textOriginal',
  'snippet.likeCount',
  'snippet.publishedAt',
  'snippet.updatedAt',
];
/** The fields of a `youtube#commentThread` its top-level comment's row holds (`replies.comments` are rows of their own). */
const THREAD_FIELDS = [
  'kind',
  'id',
  'snippet.channelId',
  'snippet.videoId',
  'snippet.canReply',
  'snippet.totalReplyCount',
  'snippet.isPublic',
  'replies.comments',
];

/** The taken tree of a comment's fields under `prefix` (`snippet.topLevelComment.` in a thread), with or without textDisplay. */
function commentTaken(prefix: string, textDisplayRepeats: boolean) {
  const fields = [...COMMENT_FIELDS, ...(textDisplayRepeats ? ['snippet.textDisplay'] : [])];
  return fields.map((field) => prefix + field);
}
const COMMENT_TAKEN = taken(...commentTaken('', false));
const COMMENT_TAKEN_PLAIN = taken(...commentTaken('', true));
const THREAD_TAKEN = taken(...THREAD_FIELDS, ...commentTaken('snippet.topLevelComment.', false));
const THREAD_TAKEN_PLAIN = taken(...THREAD_FIELDS, ...commentTaken('snippet.topLevelComment.', true));

/** What a comment read without its thread updates of a stored row: not the thread's counts and flags, which it lacks. */
const COMMENT_ONLY_COLUMNS = [
  'channel_id',
  'parent_id',
  'author_name',
  'author_channel_id',
  'author_image',
  'text',
  'like_count',
  'published_at',
  'updated_at',
  'extra',
] as const;

/**
 * Whether `snippet.textDisplay` is the same text as `textOriginal` (a plainText answer, or HTML of a
 * text with nothing to escape or link): then it is not kept twice; an HTML one that differs goes to `extra`.
 */
const textDisplayRepeats = (snippet: Json) =>
  typeof snippet.textDisplay === 'string' && snippet.textDisplay === snippet.textOriginal;

/** `snippet.textOriginal`; an answer without it (a text the viewer may not read raw) falls back to `textDisplay`. */
const textOf = (snippet: Json) =>
  typeof snippet.textOriginal === 'string' ? snippet.textOriginal : optionalString(snippet, 'textDisplay');

/** What a comment's item may leave out and its thread says: its video, channel and (a reply's) parent. */
interface Where {
  videoId: string;
  channelId: string;
  parentId: string;
}

/** The comment's columns but `extra` and the thread's: what a `youtube#comment` says of itself. */
function commentValues(
  comment: Json,
  where: Where,
): Omit<VideoCommentsTable, 'extra' | 'reply_count' | 'can_reply' | 'is_public'> {
  if (comment.kind !== undefined && comment.kind !== 'youtube#comment')
    throw new RecordError(`kind: expected youtube#comment, got ${JSON.stringify(comment.kind)}`);
  const snippet = object(comment, 'snippet');
  const published = isoTimestamp(snippet, 'publishedAt');
  return {
    id: requiredString(comment, 'id'),
    video_id: optionalString(snippet, 'videoId', where.videoId),
    channel_id: optionalString(snippet, 'channelId', where.channelId),
    parent_id: optionalString(snippet, 'parentId', where.parentId),
    author_name: optionalString(snippet, 'authorDisplayName'),
    author_channel_id: optionalString(optionalObject(snippet, 'authorChannelId'), 'value'),
    author_image: optionalString(snippet, 'authorProfileImageUrl'),
    text: textOf(snippet),
    like_count: integer(snippet, 'likeCount', 0),
    published_at: published,
    updated_at: snippet.updatedAt === undefined ? published : isoTimestamp(snippet, 'updatedAt'),
  };
}

/**
 * A `commentThreads.list` item → its top-level comment (the thread's counts and flags with it),
 * then the replies it carries (`replies.comments`, a part of the thread's replies), each a row
 * whose `parent_id` is the thread's comment. The top-level comment's `extra` is the thread item
 * without what the columns hold and without the replies, in the thread's nesting
 * (`snippet.topLevelComment.snippet.…`); each reply's is its own item's remainder.
 */
export function mapYoutubeCommentThread(thread: Json): ImportRow[] {
  const snippet = object(thread, 'snippet');
  const topLevel = object(snippet, 'topLevelComment');
  const where = {
    videoId: optionalString(snippet, 'videoId'),
    channelId: optionalString(snippet, 'channelId'),
    parentId: '',
  };
  const top = commentValues(topLevel, where);
  const id = requiredString(thread, 'id');
  if (top.id !== id) throw new RecordError(`snippet.topLevelComment.id: expected the thread's id ${id}, got ${top.id}`);
  const repeats = textDisplayRepeats(optionalObject(topLevel, 'snippet'));
  const replies = optionalObject(thread, 'replies').comments ?? [];
  if (!Array.isArray(replies)) throw new RecordError('replies.comments: expected an array');
  return [
    {
      table: 'video_comments',
      values: {
        ...top,
        parent_id: '',
        reply_count: integer(snippet, 'totalReplyCount', 0),
        can_reply: flag(snippet, 'canReply'),
        is_public: flag(snippet, 'isPublic'),
        extra: remainderOf(thread, repeats ? THREAD_TAKEN_PLAIN : THREAD_TAKEN),
      },
    },
    ...replies.map((reply, n) => {
      if (!isObject(reply)) throw new RecordError(`replies.comments[${n}]: not a JSON object`);
      return commentRow(reply, { videoId: top.video_id, channelId: top.channel_id, parentId: id });
    }),
  ];
}

/**
 * A `comments.list` item (`youtube#comment`): a reply (`snippet.parentId`) or a top-level comment read
 * without its thread, which leaves the thread's reply count and flags as stored (0 and null when new).
 * A reply without `snippet.videoId` keeps the video stored for it ('' when new: replies are read by their parent).
 */
export function mapYoutubeComment(comment: Json): ImportRow[] {
  return [commentRow(comment, { videoId: '', channelId: '', parentId: '' })];
}

function commentRow(comment: Json, where: Where): ImportRow {
  const values = commentValues(comment, where);
  if (where.parentId !== '' && values.parent_id !== where.parentId)
    throw new RecordError(`replies.comments: ${values.id} is not a reply to ${where.parentId}`);
  const snippet = optionalObject(comment, 'snippet');
  const knowsVideo = values.video_id !== '';
  return {
    table: 'video_comments',
    values: {
      ...values,
      reply_count: 0,
      can_reply: null,
      is_public: null,
      extra: remainderOf(comment, textDisplayRepeats(snippet) ? COMMENT_TAKEN_PLAIN : COMMENT_TAKEN),
    },
    update: knowsVideo ? ['video_id', ...COMMENT_ONLY_COLUMNS] : COMMENT_ONLY_COLUMNS,
  };
}

/** A thread's boolean as the store's 0/1, null when the source left it out. */
function flag(snippet: Json, field: string): number | null {
  const value = snippet[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'boolean') throw new RecordError(`snippet.${field}: expected true or false`);
  return value ? 1 : 0;
}
