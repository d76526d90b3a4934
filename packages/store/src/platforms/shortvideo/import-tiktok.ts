import { toShortVideoCommentRow, toShortVideoRow } from './rows.js';
import { SHORTVIDEO_COLUMNS } from './columns.js';
import { readResponses } from '../../import/input.js';
import { remainderOf, taken } from '../../import/remainder.js';
import { type Importer, type ImportItem, type ImportRow, RecordError } from '../../import/types.js';
import {
  epochSeconds,
  integer,
  isObject,
  type Json,
  optionalString,
  reasonOf,
  requiredString,
} from '../../import/values.js';

/**
 * The fields of a Research API video the columns hold; everything else of the item is its `extra`.
 * `music_title` and `music_author` are not the API's (it names the sound only by `music_id`, which
 * stays in `extra`), but responses a tool has added them to are read as they were before.
 */
const VIDEO_COLUMN_FIELDS = [
  'id',
  'username',
  'video_description',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
  'video_duration',
  'create_time',
  'music_title',
  'music_author',
];
const VIDEO_TAKEN = taken(...VIDEO_COLUMN_FIELDS);
/** The same, and `duration` where it is what the duration column holds (the item has no `video_duration`). */
const VIDEO_TAKEN_DURATION = taken(...VIDEO_COLUMN_FIELDS, 'duration');

/**
 * What a Research API item updates of a stored video: every column but `export_extra`, which only
 * a "Download your data" entry writes (import-tiktok-export.ts), so neither format's fields wipe
 * the other's.
 */
const RESEARCH_COLUMNS = Object.keys(SHORTVIDEO_COLUMNS.shortvideo_videos).filter(
  (column) => column !== 'export_extra',
);

/**
 * A TikTok Research API video (`/v2/research/video/query/` fields) → a short video. The API
 * names the sound only by `music_id`; its title and author are left empty. The item's other
 * fields (the ones its request asked for: region, hashtags, effects, stickers, labels…) are its
 * `extra`, replaced by each later item of the video.
 */
export function mapTiktokVideo(video: Json): ImportRow<'shortvideo_videos'> {
  const id = requiredString(video, 'id');
  const username = requiredString(video, 'username');
  // the duration column falls back to `duration` where the item has no `video_duration`
  const fromDuration = video.video_duration === undefined || video.video_duration === null;
  return {
    table: 'shortvideo_videos',
    update: RESEARCH_COLUMNS,
    values: toShortVideoRow({
      id,
      author: username,
      description: optionalString(video, 'video_description'),
      likeCount: integer(video, 'like_count', 0),
      commentCount: integer(video, 'comment_count', 0),
      shareCount: integer(video, 'share_count', 0),
      viewCount: integer(video, 'view_count', 0),
      duration: integer(video, 'video_duration', integer(video, 'duration', 0)),
      createdAt: epochSeconds(video, 'create_time'),
      videoUrl: `https://www.tiktok.com/@${username}/video/${id}`,
      music: { title: optionalString(video, 'music_title'), author: optionalString(video, 'music_author') },
      extra: remainderOf(video, fromDuration ? VIDEO_TAKEN_DURATION : VIDEO_TAKEN),
    }),
  };
}

/**
 * A Research API comment (`/v2/research/video/comment/list/`) → a comment. A top-level comment's
 * `parent_comment_id` is its video's id; the API does not name comment authors (left empty).
 * Every field of the API's comment object has its column, so a comment keeps no `extra`.
 */
export function mapTiktokComment(comment: Json): ImportRow<'shortvideo_comments'> {
  const videoId = requiredString(comment, 'video_id');
  const parent = optionalString(comment, 'parent_comment_id');
  return {
    table: 'shortvideo_comments',
    values: toShortVideoCommentRow({
      id: requiredString(comment, 'id'),
      videoId,
      parentId: parent === videoId ? '' : parent,
      author: optionalString(comment, 'username'),
      text: optionalString(comment, 'text'),
      likeCount: integer(comment, 'like_count', 0),
      replyCount: integer(comment, 'reply_count', 0),
      createdAt: epochSeconds(comment, 'create_time'),
    }),
  };
}

/** Top-level sections of the app's "Download your data" file (import-tiktok-export.ts), either layout. */
const EXPORT_SECTIONS = ['Profile And Settings', 'Post', 'Your Activity', 'Activity', 'Profile', 'Video'];

/** One Research API response (`{data: {videos | comments}}`) → its videos and comments; located as `<where> video N`. */
export function* mapTiktokResponse(value: unknown, where: string): Generator<ImportItem> {
  const data = isObject(value) && isObject(value.data) ? value.data : value;
  const lists = isObject(data)
    ? (
        [
          ['videos', mapTiktokVideo],
          ['comments', mapTiktokComment],
        ] as const
      ).filter(([key]) => Array.isArray(data[key]))
    : [];
  if (!isObject(data) || lists.length === 0) {
    const isExport = isObject(value) && EXPORT_SECTIONS.some((section) => section in value);
    yield {
      location: where,
      error: isExport
        ? 'this is a "Download your data" export, not a research API response: import it as shortvideo tiktok-export'
        : 'not a research API response (no data.videos or data.comments array)',
    };
    return;
  }
  for (const [key, map] of lists) {
    for (const [n, record] of (data[key] as unknown[]).entries()) {
      const location = `${where} ${key.slice(0, -1)} ${n + 1}`;
      try {
        if (!isObject(record)) throw new RecordError('not a JSON object');
        yield { location, rows: [map(record)] };
      } catch (error) {
        yield { location, error: reasonOf(error) };
      }
    }
  }
}

export const tiktokResearch: Importer = {
  platform: 'shortvideo',
  format: 'tiktok',
  description:
    'TikTok Research API video query and comment list responses ({data: {videos | comments}}): a .json file or a folder of them',
  input: 'file-or-dir',
  async *read(path, progress) {
    for await (const { where, value } of readResponses(path, progress)) yield* mapTiktokResponse(value, where);
  },
  async *readDocuments(documents, where) {
    let n = 0;
    for await (const value of documents) yield* mapTiktokResponse(value, `${where} response ${++n}`);
  },
};
