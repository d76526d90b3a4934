import { termsOf } from '@socialquery/video/server';
import { type Kysely, sql } from 'kysely';
import { VIDEO_COLUMNS } from './columns.js';
import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import type { Database, VideoSearchTable, VideoVideosTable } from '../../schema.js';
import type { TableWrite } from '../store-platform.js';

/**
 * The video search index: one posting per (video, term of its title or channel name) in
 * `video_search`, and per-term document counts by stretch of publication time in
 * `video_search_terms`. Search (search.ts) walks it in rank order; the layout and why are in
 * docs/search.md. Every write of `video_videos` keeps it in step (`indexVideoRows`: the demo seed,
 * imports and copies all write through it); `rebuildVideoSearch` makes it anew from the videos.
 */

/**
 * The stretch of publication time one count of `video_search_terms` covers: 2^28 ms, about 3.1
 * days. A window's estimate counts the buckets it covers and a share of the two it cuts, so the
 * error is at most the postings of those two; a year of a term is ~118 counts to read.
 */
export const SEARCH_BUCKET_MS = 2 ** 28;
/** Rows per statement of the index's own queries (`in` lists and upserts). */
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

const byKey = (a: VideoSearchTable, b: VideoSearchTable) =>
  a.term < b.term ? -1 : a.term > b.term ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : a.views - b.views;
const bucketOf = (publishedAt: number) => Math.floor(publishedAt / SEARCH_BUCKET_MS);
const countKey = (term: string, type: string, bucket: number) => `${term}\u0000${type}\u0000${bucket}`;

/**
 * Brings the search index in step with rows just written to `video_videos`, in the caller's
 * transaction: the rows' old postings go (and their counts), their new ones come.
 */
export async function indexVideoRows(db: RowWriter, rows: readonly VideoVideosTable[], how: TableWrite): Promise<void> {
  if (rows.length === 0) return;
  const videos = how === 'patched' ? await storedVideos(db, rows) : rows;
  const counts = new Map<string, number>();
  const count = (term: string, type: string, publishedAt: number, delta: number) => {
    const key = countKey(term, type, bucketOf(Number(publishedAt)));
    counts.set(key, (counts.get(key) ?? 0) + delta);
  };
  if (how !== 'inserted')
    for (let start = 0; start < videos.length; start += CHUNK) {
      const nums = videos.slice(start, start + CHUNK).map((video) => Number(video.num));
      const gone = await db
        .deleteFrom('video_search')
        .where('num', 'in', nums)
        .returning(['term', 'type', 'published_at'])
        .execute();
      for (const posting of gone) count(posting.term, posting.type, posting.published_at, -1);
    }
  // in key order: each b-tree takes its inserts along a few paths rather than at random
  const postings = videos.flatMap(postingsOf).sort(byKey);
  for (const posting of postings) count(posting.term, posting.type, posting.published_at, 1);
  await writeRows(db, 'video_search', postings, { insertOnly: true, columns: VIDEO_COLUMNS.video_search });
  const changes = [...counts]
    .filter(([, delta]) => delta !== 0)
    .map(([key, docs]) => {
      const [term = '', type = '', bucket = '0'] = key.split('\u0000');
      return { term, type, bucket: Number(bucket), docs };
    });
  for (let start = 0; start < changes.length; start += CHUNK)
    await db
      .insertInto('video_search_terms')
      .values(changes.slice(start, start + CHUNK))
      .onConflict((conflict) =>
        conflict
          .columns(['term', 'type', 'bucket'])
          .doUpdateSet({ docs: sql<number>`${sql.ref('video_search_terms.docs')} + ${sql.ref('excluded.docs')}` }),
      )
      .execute();
}

/** The stored rows of videos some of whose columns were just written. */
async function storedVideos(db: RowWriter, rows: readonly VideoVideosTable[]): Promise<VideoVideosTable[]> {
  const stored: VideoVideosTable[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const ids = rows.slice(start, start + CHUNK).map((row) => row.id);
    stored.push(...(await db.selectFrom('video_videos').selectAll().where('id', 'in', ids).execute()));
  }
  return stored;
}

/** Videos read per step of a rebuild. */
const REBUILD_BATCH = 5_000;

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
  let after: number | undefined;
  for (;;) {
    const batch = await db
      .selectFrom('video_videos')
      .selectAll()
      .$if(after !== undefined, (query) => query.where('num', '>', after!))
      .orderBy('num')
      .limit(REBUILD_BATCH)
      .execute();
    const last = batch.at(-1);
    if (last === undefined) return indexed;
    await indexVideoRows(db, batch, 'inserted');
    indexed += batch.length;
    after = Number(last.num);
    onProgress(indexed);
  }
}
