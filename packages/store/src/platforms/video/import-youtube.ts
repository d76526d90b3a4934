import { sql } from 'kysely';
import { readResponses } from '../../import/input.js';
import type { Importer, ImportItem, ImportRow } from '../../import/types.js';
import {
  isObject,
  isoTimestamp,
  type Json,
  integer,
  object,
  optionalObject,
  optionalString,
  reasonOf,
  requiredString,
  htmlUnescaper,
  imageListJson,
} from '../../import/values.js';
import { RecordError } from '../../import/types.js';
import { remainderOf, taken } from '../../import/remainder.js';
import { mapYoutubeComment, mapYoutubeCommentThread } from './import-youtube-comments.js';

const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An ISO 8601 duration (`PT1H2M3S`, `P1DT2H`, `P0D`) → whole seconds. */
export function isoDurationSeconds(text: string): number {
  const match = ISO_DURATION.exec(text);
  if (!match || text === 'P' || text.endsWith('T'))
    throw new RecordError(`contentDetails.duration: expected an ISO 8601 duration, got ${JSON.stringify(text)}`);
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return Math.round(weeks! * 604_800 + days! * 86_400 + hours! * 3_600 + minutes! * 60 + seconds!);
}

/** search.list snippets escape their text as HTML (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`); videos.list snippets do not. */
const unescapeSearchSnippet = htmlUnescaper({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" });

/** The platform's own address of a video (the API items carry the id, not the address). */
export const youtubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/**
 * `snippet.thumbnails` ({default, medium, high, standard, maxres: {url, width, height}}) → the
 * store's JSON array of {url, width, height}, in the item's key order; a size the API leaves out
 * reads 0. No thumbnails → `[]` (recorded as none, unlike `''`: nothing recorded).
 */
function thumbnails(snippet: Json): string {
  const value = snippet.thumbnails;
  if (value === undefined || value === null) return '[]';
  if (!isObject(value)) throw new RecordError('snippet.thumbnails: expected an object');
  return imageListJson(Object.values(value));
}

const VIDEO_COLUMN_FIELDS = [
  'kind',
  'id',
  'snippet.channelId',
  'snippet.channelTitle',
  'snippet.title',
  'snippet.publishedAt',
  'snippet.thumbnails',
  'contentDetails.duration',
  'contentDetails.regionRestriction.blocked',
  'statistics.viewCount',
];
const VIDEO_TAKEN = taken(...VIDEO_COLUMN_FIELDS);
/** The same, and `snippet.localized` where it only repeats the title and description (see localizedRepeats). */
const VIDEO_TAKEN_UNLOCALIZED = taken(...VIDEO_COLUMN_FIELDS, 'snippet.localized');
const CHANNEL_TAKEN = taken('kind', 'id', 'snippet.title', 'snippet.thumbnails');

/**
 * Whether `snippet.localized` is `{title, description}` equal to the snippet's own: the API sends
 * it so whenever no other language applies, doubling the description. Such a copy is not kept (an
 * `extra` without `snippet.localized` means it was the snippet's title and description); one that
 * differs is.
 */
function localizedRepeats(snippet: Json): boolean {
  const localized = snippet.localized;
  if (!isObject(localized)) return false;
  const keys = Object.keys(localized);
  return (
    keys.length === 2 &&
    localized.title === snippet.title &&
    localized.description === (snippet.description ?? '') &&
    keys.includes('title') &&
    keys.includes('description')
  );
}

/** What a search result updates of a stored video: not its counts, regions or `extra`, which it lacks. */
const SEARCH_RESULT_COLUMNS = ['channel_id', 'channel_name', 'title', 'published_at', 'is_live', 'url', 'thumbnails'];

/**
 * One `videos.list` item (`youtube#video`) or `search.list` result for a video → a video and its
 * channel; a `channels.list` item (`youtube#channel`) → the channel with its thumbnails. Search
 * results carry no statistics or duration: a new video gets 0 until a videos.list response for it
 * is imported, and a stored one keeps its counts, regions and `extra` (a search result is a thinner
 * view of the same video). A channel first seen in a video item has no thumbnails (`[]`) until its
 * channels.list item is imported; no item changes a channel's `verified` (the API does not say).
 */
export function mapYoutubeItem(item: Json): ImportRow[] | undefined {
  if (item.kind === 'youtube#channel') return [mapChannel(item)];
  if (item.kind === 'youtube#commentThread') return mapYoutubeCommentThread(item);
  if (item.kind === 'youtube#comment') return mapYoutubeComment(item);
  let id: string;
  const searchResult = item.kind === 'youtube#searchResult';
  if (searchResult) {
    const ref = object(item, 'id');
    if (ref.kind !== 'youtube#video') return undefined; // a channel or playlist result: nothing to import
    id = requiredString(ref, 'videoId');
  } else if (item.kind === 'youtube#video' || item.kind === undefined) {
    id = requiredString(item, 'id');
  } else {
    throw new RecordError(
      `kind: expected youtube#video, youtube#searchResult, youtube#channel, youtube#commentThread or youtube#comment, got ${JSON.stringify(item.kind)}`,
    );
  }
  const snippet = object(item, 'snippet');
  const details = optionalObject(item, 'contentDetails');
  const statistics = optionalObject(item, 'statistics');
  const blocked = optionalObject(details, 'regionRestriction').blocked;
  const regions = Array.isArray(blocked) ? blocked.filter((code): code is string => typeof code === 'string') : [];
  const channelId = requiredString(snippet, 'channelId');
  const channelName = optionalString(snippet, 'channelTitle');
  return [
    {
      table: 'video_videos',
      values: {
        id,
        num: 0, // assigned by the writer: an existing video keeps its number
        channel_id: channelId,
        channel_name: channelName,
        title: searchResult
          ? unescapeSearchSnippet(requiredString(snippet, 'title'))
          : requiredString(snippet, 'title'),
        views: integer(statistics, 'viewCount', 0),
        duration: typeof details.duration === 'string' ? isoDurationSeconds(details.duration) : 0,
        published_at: isoTimestamp(snippet, 'publishedAt'),
        type: 'VIDEO',
        blocked_regions: regions.length > 0 ? `,${regions.map((code) => code.toUpperCase()).join(',')},` : '',
        is_live: snippet.liveBroadcastContent === 'live' ? 1 : 0,
        url: youtubeWatchUrl(id),
        thumbnails: thumbnails(snippet),
        extra: remainderOf(item, localizedRepeats(snippet) ? VIDEO_TAKEN_UNLOCALIZED : VIDEO_TAKEN),
      },
      ...(searchResult && { update: SEARCH_RESULT_COLUMNS }),
    },
    {
      table: 'video_channels',
      values: { id: channelId, name: channelName, verified: 0, thumbnails: '[]', extra: '' },
      update: ['name'],
    },
  ];
}

/** A channels.list item: its name, thumbnails and the rest of its fields (statistics, branding…) in `extra`. */
function mapChannel(item: Json): ImportRow {
  const snippet = optionalObject(item, 'snippet');
  return {
    table: 'video_channels',
    values: {
      id: requiredString(item, 'id'),
      name: optionalString(snippet, 'title'),
      verified: 0,
      thumbnails: thumbnails(snippet),
      extra: remainderOf(item, CHANNEL_TAKEN),
    },
    update: [
      ...(typeof snippet.title === 'string' ? ['name'] : []),
      ...('thumbnails' in snippet ? ['thumbnails'] : []),
      'extra',
    ],
  };
}

/**
 * One videos.list / search.list / channels.list / commentThreads.list / comments.list response → import
 * items, one per item (`<where> item N`): a video, a channel, a comment thread (with the replies it
 * carries: import-youtube-comments.ts) or a comment.
 */
export function* mapYoutubeResponse(value: unknown, where: string): Generator<ImportItem> {
  if (!isObject(value) || !Array.isArray(value.items)) {
    yield {
      location: where,
      error:
        'not a videos.list / search.list / channels.list / commentThreads.list / comments.list response (no items array)',
    };
    return;
  }
  for (const [n, item] of value.items.entries()) {
    const location = `${where} item ${n + 1}`;
    try {
      if (!isObject(item)) throw new RecordError('not a JSON object');
      const rows = mapYoutubeItem(item);
      if (rows) yield { location, rows } satisfies ImportItem;
    } catch (error) {
      yield { location, error: reasonOf(error) };
    }
  }
}

export const youtubeV3: Importer = {
  platform: 'video',
  format: 'youtube-v3',
  description:
    'YouTube Data API v3 videos.list / search.list / channels.list / commentThreads.list / comments.list responses: a .json file (one or more responses, or NDJSON) or a folder of them',
  input: 'file-or-dir',
  async *read(path, progress) {
    for await (const { where, value } of readResponses(path, progress)) yield* mapYoutubeResponse(value, where);
  },
  async *readDocuments(documents, where) {
    let n = 0;
    for await (const value of documents) yield* mapYoutubeResponse(value, `${where} response ${++n}`);
  },
  async afterImport(trx, written) {
    // chart entries copy their video's channel name (the entry's artist) and publication time: they follow the imported videos
    if (!written.has('video_videos')) return;
    await sql`update video_chart_entries
      set artist = (select v.channel_name from video_videos v where v.id = video_chart_entries.video_id),
        published_at = (select v.published_at from video_videos v where v.id = video_chart_entries.video_id)
      where exists (select 1 from video_videos v where v.id = video_chart_entries.video_id
        and (v.channel_name <> video_chart_entries.artist or v.published_at <> video_chart_entries.published_at))`.execute(
      trx,
    );
  },
};
