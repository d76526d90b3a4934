import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore, type Database as StoreDatabase } from '@socialquery/store';
import { SEARCH_INDEX_WRITES } from '@socialquery/store/testing';
import { machineLine, positive } from './args.js';
import { markdownTable } from './report.js';
import { BENCH_CACHE, prepareStores } from './stores.js';

export const LAYOUTS_USAGE = `Usage: pnpm bench --layouts [options]

Measures what the video search index costs to write and keep on disk in the layout the store
uses, against full-text layouts that could hold the same postings, on SQLite: the videos of the
scale-N bench store (built once into the bench cache, docs/development.md) written into a new
file per layout, one transaction, in each layout's own order. Nothing is served: this is the
measurement docs/search.md ("What it costs") weighs the index's design by.

  index        the store's own tables (video_search in rank order, its time-order index built
               after the rows, as a large import does), as a migrated store creates them
  fts5-rank    FTS5, contentless, one document per video whose rowid is its rank (views, then
               num) and whose tokens carry the type and tier: a term's list read by rowid
               descending is the index's rank-order walk
  fts5-time    fts5-rank and a second such table whose rowid is the publication time, for the
               time-window reads
  fts5-0005    the full-text index the store had before the search index (migration 0005:
               FTS5 over title and channel name, rowid num), the import speed's reference

Options:
  --layouts        this mode
  --scale N        the bench store whose videos are written (default 1: 50,000 videos; every
                   layout's rows are held in memory, ~5 KB a video, so a scale whose videos do
                   not fit Node's heap is refused)
  --rounds N       writes of each layout, alternated; the median is reported (default 3)`;

interface LayoutValues {
  scale?: string | undefined;
  rounds?: string | undefined;
}

/** What a video brings to every layout: the columns its postings are made of. */
type Video = Pick<
  StoreDatabase['video_videos'],
  'num' | 'title' | 'channel_name' | 'type' | 'views' | 'published_at' | 'blocked_regions'
>;

/** One layout: the statements that make it, and its writes of the videos (rows prepared before the clock starts). */
interface Layout {
  name: string;
  create: (db: Database.Database) => void;
  /** Rows to insert, each a statement's parameters, in the order they are written. */
  rows: (videos: readonly Video[]) => { insert: string; values: unknown[][] }[];
  /** Statements run after the rows, inside the timed write (an index built once). */
  after?: string[];
  /** A page of the broad word's videos (VIDEO, title matches): the first, and the one after the 1,000th match. */
  pages: Pages;
}

/**
 * A page read in rank order: `first` answers the first 20 matches and one more, `after` the 20 and one after
 * a position, which `markAt` reads at the 1,000th match (page 50).
 */
interface Pages {
  first: string;
  after: string;
  /** The first statement's parameters for a term (`after`'s are these and the mark's). */
  params: (term: string) => unknown[];
  /** Where the 1,000th match is, as `after` takes it. */
  markAt: string;
}

/**
 * Bits of num in an FTS5 rank rowid (views × 2^26 + num): 67 M videos, with views up to 2^37
 * (1.4 × 10^11, capped) in the rest of the 63 bits. A limit the layout would have to lift.
 */
const NUM_BITS = 26n;
const MAX_VIEWS = 2 ** 37 - 1;
const rankRowid = (video: Video) => (BigInt(Math.min(video.views, MAX_VIEWS)) << NUM_BITS) + BigInt(video.num);
const timeRowid = (video: Video) => (BigInt(Math.floor(video.published_at / 1000)) << NUM_BITS) + BigInt(video.num);
const byRowid = (a: { rowid: bigint }, b: { rowid: bigint }) => (a.rowid < b.rowid ? -1 : a.rowid > b.rowid ? 1 : 0);

/** A posting of the store's video search index (packages/store/src/platforms/video/search-index.ts `postingsOf`). */
type Posting = StoreDatabase['video_search'];

const VIDEO_INDEX = SEARCH_INDEX_WRITES.video_search;

/** The store's postings of a video: one per distinct term of its title or channel name. */
const postingsOf = (video: Video) => VIDEO_INDEX.postingsOf('video_videos', { ...video }) as Posting[];

/** FTS5 documents of tokens `<type letter><tier digit?><term>` (of the store's postings), in rowid order (FTS5 appends to its lists). */
function ftsDocuments(videos: readonly Video[], rowid: (video: Video) => bigint, tiered: boolean) {
  return videos
    .map((video) => {
      const tokens = postingsOf(video).map(
        (posting) => `${posting.type === 'MOVIE' ? 'm' : 'v'}${tiered ? posting.in_title : ''}${posting.term}`,
      );
      return { rowid: rowid(video), text: tokens.join(' ') };
    })
    .sort(byRowid)
    .map(({ rowid, text }) => [rowid, text]);
}

const INDEX_WHERE = `where term = ? and type = 'VIDEO' and in_title = 1`;
const INDEX_PAGE = `select num from video_search ${INDEX_WHERE}`;

const FTS5_RANK_PAGES: Pages = {
  first: `select rowid from video_rank where video_rank match ? order by rowid desc limit 21`,
  after: `select rowid from video_rank where video_rank match ? and rowid < ? order by rowid desc limit 21`,
  params: (term) => [`"v1${term}"`],
  markAt: `select rowid from video_rank where video_rank match ? order by rowid desc limit 1 offset 999`,
};

const FTS5_CONTENTLESS = `using fts5(d, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')`;

function layouts(indexStatements: readonly string[]): Layout[] {
  const [table, ...indexes] = indexStatements;
  return [
    {
      name: 'index',
      create: (db) => db.exec(table!),
      rows: (videos) => {
        // the store's postings in the order it writes them (its key's)
        const postings = VIDEO_INDEX.inKeyOrder(videos.flatMap(postingsOf)) as Posting[];
        const columns = Object.keys(postings[0] ?? {});
        return [
          {
            insert: `insert into video_search (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
            values: postings.map((posting) => columns.map((column): unknown => Reflect.get(posting, column))),
          },
        ];
      },
      after: indexes,
      pages: {
        first: `${INDEX_PAGE} order by views desc, num desc limit 21`,
        after: `${INDEX_PAGE} and (views, num) < (?, ?) order by views desc, num desc limit 21`,
        params: (term) => [term],
        markAt: `select views, num from video_search ${INDEX_WHERE} order by views desc, num desc limit 1 offset 999`,
      },
    },
    {
      name: 'fts5-rank',
      create: (db) => db.exec(`create virtual table video_rank ${FTS5_CONTENTLESS}`),
      rows: (videos) => [
        { insert: 'insert into video_rank (rowid, d) values (?, ?)', values: ftsDocuments(videos, rankRowid, true) },
      ],
      pages: FTS5_RANK_PAGES,
    },
    {
      name: 'fts5-time',
      create: (db) =>
        db.exec(
          `create virtual table video_rank ${FTS5_CONTENTLESS}; create virtual table video_time ${FTS5_CONTENTLESS}`,
        ),
      rows: (videos) => [
        { insert: 'insert into video_rank (rowid, d) values (?, ?)', values: ftsDocuments(videos, rankRowid, true) },
        { insert: 'insert into video_time (rowid, d) values (?, ?)', values: ftsDocuments(videos, timeRowid, false) },
      ],
      pages: FTS5_RANK_PAGES,
    },
    {
      name: 'fts5-0005',
      create: (db) =>
        db.exec(
          `create virtual table video_fts using fts5(title, channel_name, tokenize = 'unicode61 remove_diacritics 0')`,
        ),
      rows: (videos) => [
        {
          insert: 'insert into video_fts (rowid, title, channel_name) values (?, ?, ?)',
          values: videos.map((video) => [video.num, video.title, video.channel_name]),
        },
      ],
      // no rank order: a page needs every match read (and then ranked, which this leaves out)
      pages: {
        first: `select count(*) from video_fts where video_fts match ?`,
        after: `select count(*) from video_fts where video_fts match ? and ? is not null`,
        params: (term) => [`title: "${term}"`],
        markAt: `select count(*) from video_fts where video_fts match ?`,
      },
    },
  ];
}

/** The statements a migrated SQLite store makes `video_search` and its indexes with, table first. */
async function storeIndexStatements(dir: string): Promise<string[]> {
  const store = await openStore(`sqlite:${join(dir, 'migrated.db')}`);
  try {
    const file = new Database(join(dir, 'migrated.db'), { readonly: true });
    try {
      const rows = file
        .prepare(
          `select sql from sqlite_master where tbl_name = 'video_search' and sql is not null order by type = 'index'`,
        )
        .all() as { sql: string }[];
      return rows.map((row) => row.sql);
    } finally {
      file.close();
    }
  } finally {
    await store.close();
  }
}

interface Written {
  prepareMs: number;
  writeMs: number;
  rows: number;
  mib: number;
  firstPageUs: number;
  page50Us: number;
}

/** Reads of each page timed, after one unmeasured. */
const PAGE_READS = 2_000;

/** The mean time of the broad word's first page and of its page 50 (after the 1,000th match), in µs. */
function timePages(db: Database.Database, pages: Pages, term: string) {
  db.defaultSafeIntegers(true); // FTS5 rank rowids pass 2^53
  const params = pages.params(term);
  const first = db.prepare(pages.first);
  const after = db.prepare(pages.after);
  const mark = Object.values(db.prepare(pages.markAt).get(...params) as Record<string, unknown>);
  const time = (read: () => unknown) => {
    read();
    const started = performance.now();
    for (let i = 0; i < PAGE_READS; i++) read();
    return ((performance.now() - started) * 1000) / PAGE_READS;
  };
  return { firstPageUs: time(() => first.all(...params)), page50Us: time(() => after.all(...params, ...mark)) };
}

/** Rows per statement, as the store writes rows (packages/store/src/rows/write-rows.ts). */
const ROWS_PER_STATEMENT = 500;

/** Rows inserted by `insert` (one row's `values (…)`) ROWS_PER_STATEMENT at a time, each statement's shape prepared once. */
function insertRows(db: Database.Database, insert: string, rows: readonly unknown[][]) {
  const [head, tuple] = insert.split(' values ');
  const statementOf = (count: number) => db.prepare(`${head} values ${Array<string>(count).fill(tuple!).join(', ')}`);
  const full = statementOf(ROWS_PER_STATEMENT);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    (chunk.length === ROWS_PER_STATEMENT ? full : statementOf(chunk.length)).run(chunk.flat());
  }
}

/** Writes the videos in one layout into a new file: rows prepared (timed apart), then written in one transaction and checkpointed. */
function writeLayout(layout: Layout, videos: readonly Video[], file: string, broad: string): Written {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const db = new Database(file);
  try {
    // the store's own settings for a connection and for an import (packages/store: sqlite-dialect.ts, import/writer.ts)
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536');
    layout.create(db);
    const started = performance.now();
    const batches = layout.rows(videos);
    const prepared = performance.now();
    db.transaction(() => {
      for (const { insert, values } of batches) insertRows(db, insert, values);
      for (const statement of layout.after ?? []) db.exec(statement);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    const written = performance.now();
    return {
      prepareMs: prepared - started,
      writeMs: written - prepared,
      rows: batches.reduce((sum, batch) => sum + batch.values.length, 0),
      mib: statSync(file).size / 2 ** 20,
      ...timePages(db, layout.pages, broad),
    };
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

/** The word most videos of type VIDEO hold in their titles: the walk's worst case for a page. */
function mostFrequentTitleTerm(videos: readonly Video[]): string {
  const counts = new Map<string, number>();
  for (const video of videos)
    for (const { term, type, in_title } of postingsOf(video))
      if (type === 'VIDEO' && in_title === 1) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best), ['', 0])[0];
}

/** Memory a video's rows take in the probe, every layout's at once (peak RSS 257 MB at 50,000 videos). */
const BYTES_PER_VIDEO = 5_000;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function layoutsCommand(values: LayoutValues): Promise<void> {
  const scale = positive(values.scale ?? '1', 'scale');
  const rounds = positive(values.rounds ?? '3', 'rounds');
  const say = (line: string) => console.error(line);
  const [store] = await prepareStores(scale, ['sqlite'], say);
  let videos: Video[];
  try {
    const file = new Database(store!.address.replace(/^sqlite:/, ''), { readonly: true });
    try {
      const { count } = file.prepare('select count(*) as count from video_videos').get() as { count: number };
      const heap = getHeapStatistics().heap_size_limit;
      if (count * BYTES_PER_VIDEO > heap)
        throw new Error(
          `--layouts --scale ${scale}: the rows of ${count} videos take about ${Math.round((count * BYTES_PER_VIDEO) / 2 ** 20)} MiB ` +
            `of memory, over Node's heap limit (${Math.round(heap / 2 ** 20)} MiB): give a smaller scale, or a larger heap ` +
            `(NODE_OPTIONS=--max-old-space-size=MiB)`,
        );
      videos = file
        .prepare('select num, title, channel_name, type, views, published_at, blocked_regions from video_videos')
        .all() as Video[];
    } finally {
      file.close();
    }
  } finally {
    await store!.drop();
  }
  const broad = mostFrequentTitleTerm(videos);
  const dir = mkdtempSync(join(tmpdir(), 'sq-bench-layouts-'));
  try {
    const measured = layouts(await storeIndexStatements(dir));
    const runs = new Map<string, Written[]>(measured.map((layout) => [layout.name, []]));
    for (let round = 1; round <= rounds; round++)
      for (const layout of measured) {
        say(`round ${round}: ${layout.name}…`);
        runs.get(layout.name)!.push(writeLayout(layout, videos, join(dir, `${layout.name}.db`), broad));
      }
    const index = median(runs.get('index')!.map((run) => run.writeMs));
    const rows = measured.map(({ name }) => {
      const all = runs.get(name)!;
      const writeMs = median(all.map((run) => run.writeMs));
      return {
        layout: name,
        rows: all[0]!.rows,
        'SQLite ms': Math.round(writeMs),
        'vs index': (writeMs / index).toFixed(2),
        'rows prepared ms': Math.round(median(all.map((run) => run.prepareMs))),
        MiB: all[0]!.mib.toFixed(1),
        'page 1 µs': median(all.map((run) => run.firstPageUs)).toFixed(1),
        'page 50 µs': median(all.map((run) => run.page50Us)).toFixed(1),
      };
    });
    console.log(
      `${videos.length} videos of the scale-${scale} store (${BENCH_CACHE}), median of ${rounds}; pages of "${broad}" ` +
        `(its most frequent title word; fts5-0005: its matches counted, what ranking them needs at least); ${machineLine()}\n`,
    );
    console.log(markdownTable(rows));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
