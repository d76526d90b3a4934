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
} from '../../import/values.js';
import { RecordError } from '../../import/types.js';

const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An ISO 8601 duration (`PT1H2M3S`, `P1DT2H`, `P0D`) → whole seconds. */
export function isoDurationSeconds(text: string): number {
  const match = ISO_DURATION.exec(text);
  if (!match || text === 'P' || text.endsWith('T'))
    throw new RecordError(`contentDetails.duration: expected an ISO 8601 duration, got ${JSON.stringify(text)}`);
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return Math.round(weeks! * 604_800 + days! * 86_400 + hours! * 3_600 + minutes! * 60 + seconds!);
}

/**
 * One `videos.list` item (`youtube#video`) or `search.list` result for a video → a video and its
 * channel. Search results carry no statistics or duration: those are 0 until a videos.list
 * response for the same video is imported.
 */
/** search.list snippets escape their text as HTML (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`); videos.list snippets do not. */
const unescapeSearchSnippet = htmlUnescaper({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" });

export function mapYoutubeItem(item: Json): ImportRow[] | undefined {
  let id: string;
  const searchResult = item.kind === 'youtube#searchResult';
  if (searchResult) {
    const ref = object(item, 'id');
    if (ref.kind !== 'youtube#video') return undefined; // a channel or playlist result: nothing to import
    id = requiredString(ref, 'videoId');
  } else if (item.kind === 'youtube#video' || item.kind === undefined) {
    id = requiredString(item, 'id');
  } else {
    throw new RecordError(`kind: expected youtube#video or youtube#searchResult, got ${JSON.stringify(item.kind)}`);
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
      },
    },
    { table: 'video_channels', values: { id: channelId, name: channelName, verified: 0 } },
  ];
}

/** One videos.list / search.list response → import items, one per video item (`<where> item N`). */
export function* mapYoutubeResponse(value: unknown, where: string): Generator<ImportItem> {
  if (!isObject(value) || !Array.isArray(value.items)) {
    yield { location: where, error: 'not a videos.list / search.list response (no items array)' };
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
    'YouTube Data API v3 videos.list / search.list responses: a .json file (one or more responses, or NDJSON) or a folder of them',
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
