import { termsOf } from '@socialquery/video/server';
import type { Kysely } from 'kysely';
import { VIDEO_COLUMNS } from './columns.js';
import { addCounts, deleteByKey, eachBatchByNum } from '../../rows/keyed-rows.js';
import { inKeyOrder } from '../../rows/key-order.js';
import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import type { Database, VideoSearchTable, VideoVideosTable } from '../../schema.js';
import type { TableWrite } from '../store-platform.js';

/**
 * The video search index: one posting per (video, term of its title or channel name) in
 * `video_search`, and per-term document counts by stretch of publication time in
 * `video_search_terms`. Search (search.ts) walks it in rank order; the layout and why are in
 * docs/search.md. Every write of `video_videos` keeps it in step (`writeVideoRows`: the demo seed,
 * imports and copies all write through it); `rebuildVideoSearch` makes it anew from the videos.
 */

/**
 * The stretch of publication time one count of `video_search_terms` covers: 2^30 ms, about 12.4
 * days. A window's estimate counts the buckets it covers and a share of the two it cuts; a year of
 * a term is ~30 counts to read, and a write of videos spread over years touches a few per term.
 */
export const SEARCH_BUCKET_MS = 2 ** 30;
/** Rows per statement of the index's own statements (reads by id, deletes and upserts by key). */
const CHUNK = 500;

/** A video's postings: its distinct title and channel-name terms (termsOf: lower-cased letter and digit runs). */
export function postingsOf(video: VideoVideosTable): VideoSearchTable[] {
  const title = new Set(termsOf(video.title));
  const terms = new Set([...title, ...termsOf(video.channel_name)]);
  return [...terms].map((term) => ({
    term,
    type: video.type,
    in_title: title.has(term) ? 1 : 0,
    views: Number(video.views),
    num: Number(video.num),
    published_at: Number(video.published_at),
    blocked_regions: video.blocked_regions,
  }));
}

/** The columns a video's postings are made of: a write that changes none of them leaves its postings as they are. */
const INDEXED = ['num', 'title', 'channel_name', 'type', 'views', 'published_at', 'blocked_regions'] as const;
const sameIndexed = (a: VideoVideosTable, b: VideoVideosTable) =>
  INDEXED.every((column) => String(a[column]) === String(b[column]));

/** Postings in key order (POSTING_KEY_COLUMNS; in_title left to the B-tree), the order they are written in. */
export const inPostingKeyOrder = (postings: readonly VideoSearchTable[]) =>
  inKeyOrder(
    postings,
    // a term never holds U+0000: the order of term and type
    (posting) => `${posting.term}\u0000${posting.type}`,
    (a, b) => a.views - b.views,
  );

/**
 * Writes rows of `video_videos` (`write`, the plain write) and brings the search index in step, in
 * the caller's transaction: the postings of the rows as stored before go, those of the rows as
 * written come (none for a row whose indexed columns did not change), and the counts follow.
 * Every writer of videos goes through it (`PlatformTable.write`: imports and copies; the demo's rows).
 */
export async function writeVideoRows(
  db: RowWriter,
  rows: readonly VideoVideosTable[],
  how: TableWrite,
  write: () => Promise<number>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const before = how === 'inserted' ? new Map<string, VideoVideosTable>() : await storedVideos(db, rows);
  const written = await write();
  const after = how === 'patched' ? [...(await storedVideos(db, rows)).values()] : rows;
  const gone: VideoSearchTable[] = [];
  const come: VideoSearchTable[] = [];
  for (const video of after) {
    const old = before.get(video.id);
    if (old && sameIndexed(old, video)) continue;
    if (old) gone.push(...postingsOf(old));
    come.push(...postingsOf(video));
  }
  await deleteByKey(db, 'video_search', POSTING_KEY, gone);
  // in key order: the b-trees take their inserts along a few paths rather than at random
  await writeRows(db, 'video_search', inPostingKeyOrder(come), {
    insertOnly: true,
    columns: VIDEO_COLUMNS.video_search,
  });
  await addPostingCounts(db, gone, come);
  return written;
}

/** The stored rows of these videos, by id. */
async function storedVideos(db: RowWriter, rows: readonly VideoVideosTable[]): Promise<Map<string, VideoVideosTable>> {
  const stored = new Map<string, VideoVideosTable>();
  for (let start = 0; start < rows.length; start += CHUNK) {
    const ids = rows.slice(start, start + CHUNK).map((row) => row.id);
    for (const row of await db.selectFrom('video_videos').selectAll().where('id', 'in', ids).execute())
      stored.set(row.id, row);
  }
  return stored;
}

/** A posting's key: the posting table's primary key, in order. */
export const POSTING_KEY_COLUMNS = ['term', 'type', 'in_title', 'views', 'num'] as const;

/** The key of a posting, with its columns' SQL types (as declared in columns.ts). */
const POSTING_KEY = POSTING_KEY_COLUMNS.map((column) => [column, VIDEO_COLUMNS.video_search[column]] as const);

/** Adds the postings that come to the counts of their term, type and bucket, and takes off those that go. */
async function addPostingCounts(
  db: RowWriter,
  gone: readonly VideoSearchTable[],
  come: readonly VideoSearchTable[],
): Promise<void> {
  const counts = new Map<string, { term: string; type: string; bucket: number; docs: number }>();
  const count = (posting: VideoSearchTable, delta: number) => {
    const bucket = Math.floor(posting.published_at / SEARCH_BUCKET_MS);
    const key = `${posting.term}\u0000${posting.type}\u0000${bucket}`;
    const entry = counts.get(key);
    if (entry) entry.docs += delta;
    else counts.set(key, { term: posting.term, type: posting.type, bucket, docs: delta });
  };
  for (const posting of gone) count(posting, -1);
  for (const posting of come) count(posting, 1);
  const changes = [...counts.values()].filter((change) => change.docs !== 0);
  await addCounts(db, 'video_search_terms', VIDEO_COLUMNS.video_search_terms, changes);
}

/**
 * Makes the search index anew from `video_videos`, in the caller's transaction (run it in one:
 * readers then see the old index or the new one). Returns the videos indexed.
 */
export async function rebuildVideoSearch(
  db: Kysely<Database>,
  onProgress: (indexed: number) => void = () => {},
): Promise<number> {
  await db.deleteFrom('video_search').execute();
  await db.deleteFrom('video_search_terms').execute();
  let indexed = 0;
  return eachBatchByNum(db, 'video_videos', async (batch) => {
    await writeVideoRows(db, batch, 'inserted', async () => batch.length);
    onProgress((indexed += batch.length));
  });
}
