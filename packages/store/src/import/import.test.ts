import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../store.js';
import { importFixture, openTestStore } from '../testing.js';
import { ImportAbortedError, ImportInputError, type ImportSummary, importData, importDocuments } from './index.js';

/** Every format over its fixture: what the first import writes (records, skips, rows per table). */
const formats: {
  platform: string;
  format: string;
  path: string;
  first: Pick<ImportSummary, 'imported' | 'updated' | 'unchanged' | 'skipped' | 'tables'>;
  skip?: string;
}[] = [
  {
    platform: 'forum',
    format: 'reddit-ndjson',
    path: importFixture('reddit', 'submissions.ndjson'),
    first: {
      imported: 4,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      tables: { forum_posts: { imported: 4, updated: 0, unchanged: 0 } },
    },
  },
  {
    platform: 'forum',
    format: 'reddit-api',
    path: importFixture('reddit-api'),
    first: {
      imported: 4,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      tables: {
        forum_posts: { imported: 3, updated: 0, unchanged: 0 },
        forum_comments: { imported: 1, updated: 0, unchanged: 0 },
      },
    },
    skip: 'new.json response 1 item 3: id: expected a non-empty string',
  },
  {
    platform: 'microblog',
    format: 'twitter-archive',
    path: importFixture('twitter-archive'),
    first: {
      imported: 4,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      tables: {
        microblog_users: { imported: 1, updated: 0, unchanged: 0 },
        microblog_messages: { imported: 3, updated: 0, unchanged: 0 },
      },
    },
    skip: 'tweets.js record 3: created_at: expected a date like',
  },
  {
    platform: 'microblog',
    format: 'twitter-v2',
    path: importFixture('twitter-v2'),
    first: {
      imported: 5,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      tables: {
        microblog_users: { imported: 2, updated: 0, unchanged: 0 },
        microblog_messages: { imported: 3, updated: 0, unchanged: 0 },
      },
    },
    skip: 'timeline.json response 1 tweet 4: author_id 999 is not in includes.users',
  },
  {
    platform: 'shortvideo',
    format: 'tiktok',
    path: importFixture('tiktok'),
    first: {
      imported: 5,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      tables: {
        shortvideo_videos: { imported: 2, updated: 0, unchanged: 0 },
        shortvideo_comments: { imported: 3, updated: 0, unchanged: 0 },
      },
    },
    skip: 'videos.json response 1 video 3: create_time: expected epoch seconds',
  },
  {
    platform: 'shortvideo',
    format: 'tiktok-export',
    path: importFixture('tiktok-export', 'user_data_tiktok.json'),
    first: {
      imported: 2,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      tables: { shortvideo_videos: { imported: 2, updated: 0, unchanged: 0 } },
    },
    skip: 'user_data_tiktok.json post 3: Link: no post id in',
  },
  {
    platform: 'shortvideo',
    format: 'tiktok-export',
    path: importFixture('tiktok-export', 'user_data.json'),
    first: {
      imported: 1,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      tables: { shortvideo_videos: { imported: 1, updated: 0, unchanged: 0 } },
    },
    skip: 'user_data.json post 2: Date: expected a date like',
  },
  {
    platform: 'professional',
    format: 'linkedin-export',
    path: importFixture('linkedin'),
    first: {
      imported: 3,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      tables: {
        professional_profiles: { imported: 1, updated: 0, unchanged: 0 },
        professional_positions: { imported: 2, updated: 0, unchanged: 0 },
        professional_companies: { imported: 2, updated: 0, unchanged: 0 },
      },
    },
    skip: 'Positions.csv line 4: Started On: expected a date like',
  },
  {
    platform: 'video',
    format: 'youtube-v3',
    path: importFixture('youtube'),
    // the third video's channel is the first's, as it was: written once, its second mention unchanged
    first: {
      imported: 3,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      tables: {
        video_videos: { imported: 3, updated: 0, unchanged: 0 },
        video_channels: { imported: 2, updated: 0, unchanged: 1 },
      },
    },
    skip: 'videos.json response 1 item 3: contentDetails.duration: expected an ISO 8601 duration',
  },
  {
    platform: 'music',
    format: 'spotify-web-api',
    path: importFixture('spotify'),
    // the files name the same albums, artists and tracks again and again: a later mention that carries
    // other values (a fuller object) counts as updated, one that carries nothing new as unchanged
    first: {
      imported: 19,
      updated: 3,
      unchanged: 6,
      skipped: 0,
      tables: {
        music_albums: { imported: 2, updated: 0, unchanged: 9 },
        music_album_artists: { imported: 2, updated: 0, unchanged: 9 },
        music_artists: { imported: 3, updated: 2, unchanged: 25 },
        music_tracks: { imported: 4, updated: 3, unchanged: 5 },
        music_track_artists: { imported: 5, updated: 0, unchanged: 10 },
        music_genres: { imported: 1, updated: 0, unchanged: 0 },
        music_episodes: { imported: 3, updated: 0, unchanged: 0 },
        music_shows: { imported: 1, updated: 0, unchanged: 2 },
        music_playlists: { imported: 2, updated: 0, unchanged: 1 },
        music_users: { imported: 2, updated: 1, unchanged: 1 },
        music_playlist_tracks: { imported: 8, updated: 0, unchanged: 0 },
      },
    },
  },
];

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

/** Every row of the tables a summary names, in id order: what "the store is as it was" compares. */
async function snapshot(tables: readonly string[]): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of [...tables].sort()) {
    const found = await store.db
      .selectFrom(table as 'forum_posts')
      .selectAll()
      .orderBy('id')
      .execute();
    rows[table] = found;
  }
  return rows;
}

describe('importData over each format (run on each store kind)', () => {
  it.each(formats)(
    '$platform $format: writes each record once, skips the bad ones with where and why, and a re-import counts every record unchanged',
    async ({ platform, format, path, first, skip }) => {
      const progress: number[] = [];
      const summary = await importData(store.db, platform, format, path, {
        onProgress: (counts) => progress.push(counts.imported + counts.updated + counts.unchanged),
      });
      expect(summary).toMatchObject(first);
      expect(summary.tables).toEqual(first.tables);
      const records = first.imported + first.updated + first.unchanged;
      expect(progress.at(-1)).toBe(records);
      if (skip) expect(summary.skips.map((s) => `${s.location}: ${s.reason}`).join('\n')).toContain(skip);
      const tables = Object.keys(first.tables);
      const before = await snapshot(tables);
      const again = await importData(store.db, platform, format, path);
      expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: records, skipped: first.skipped });
      // every row of every table the same as stored: none written
      expect(again.tables).toEqual(
        Object.fromEntries(
          Object.entries(first.tables).map(([table, rows]) => [
            table,
            { imported: 0, updated: 0, unchanged: rows.imported + rows.updated + rows.unchanged },
          ]),
        ),
      );
      expect(await snapshot(tables)).toEqual(before);
    },
  );

  it.each(['submissions.ndjson.zst', 'submissions.long-window.ndjson.zst'])(
    'reads %s as the plain file: the same records, so all unchanged',
    async (file) => {
      const summary = await importData(store.db, 'forum', 'reddit-ndjson', importFixture('reddit', file));
      expect(summary).toMatchObject({ imported: 0, updated: 0, unchanged: 4, skipped: 0 });
    },
  );

  it('--strict aborts at the first bad record, even after earlier batches, and leaves the store as it was', async () => {
    const before = await snapshot(['forum_posts']);
    const attempt = importData(store.db, 'forum', 'reddit-ndjson', importFixture('reddit', 'malformed.ndjson'), {
      strict: true,
      recordsPerFlush: 1,
    });
    await expect(attempt).rejects.toThrow(ImportAbortedError);
    await expect(attempt).rejects.toThrow(/^line 2: not JSON/);
    expect(await snapshot(['forum_posts'])).toEqual(before);
  });

  it('without --strict, imports the good records of a file with bad ones and reports the bad', async () => {
    const summary = await importData(store.db, 'forum', 'reddit-ndjson', importFixture('reddit', 'malformed.ndjson'));
    expect(summary.skipped).toBeGreaterThan(0);
    expect(summary.imported + summary.updated + summary.unchanged).toBeGreaterThan(0);
    expect(summary.skips[0]).toMatchObject({ location: 'line 2', reason: expect.stringMatching(/^not JSON/) });
  });

  it('refuses what cannot be imported at all, writing nothing', async () => {
    const before = await snapshot(['forum_posts', 'microblog_messages']);
    const refusals: [string, string, string, RegExp][] = [
      ['chess', 'pgn', importFixture('reddit'), /^unknown platform 'chess' \(importable: forum, microblog, shortvideo/],
      ['forum', 'pgn', importFixture('reddit'), /^unknown forum format 'pgn' \(formats: reddit-ndjson, reddit-api\)/],
      ['forum', 'reddit-ndjson', importFixture('reddit', 'missing.ndjson'), /missing\.ndjson/],
      ['forum', 'reddit-ndjson', importFixture('twitter-archive', 'data', 'tweets.js'), /is it the right format\?/],
      ['forum', 'reddit-ndjson', importFixture('reddit', 'corrupt.ndjson.zst'), /not a valid zstd file/],
    ];
    for (const [platform, format, path, message] of refusals) {
      const attempt = importData(store.db, platform, format, path);
      await expect(attempt).rejects.toThrow(ImportInputError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await snapshot(['forum_posts', 'microblog_messages'])).toEqual(before);
  });
});

describe('what a re-import changed: new, updated and unchanged records (run on each store kind)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-import-counts-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const post = (n: number, score: number) => ({
    kind: 't3',
    data: {
      id: `cnt${n}`,
      title: `Post ${n}`,
      selftext: '',
      author: 'counter',
      subreddit: 'counts',
      score,
      ups: score,
      downs: 0,
      num_comments: 0,
      created_utc: 1_700_000_000 + n,
      permalink: `/r/counts/comments/cnt${n}/post/`,
    },
  });
  const comment = (n: number, body: string) => ({
    kind: 't1',
    data: {
      id: `cntc${n}`,
      link_id: 't3_cnt1',
      parent_id: 't3_cnt1',
      body,
      author: 'replier',
      subreddit: 'counts',
      score: 1,
      created_utc: 1_700_000_100 + n,
      replies: '',
    },
  });
  /** A listing of six posts (their scores) and two comments (their bodies). */
  const listing = (scores: number[], bodies: string[]) =>
    JSON.stringify({
      kind: 'Listing',
      data: {
        children: [...scores.map((score, i) => post(i + 1, score)), ...bodies.map((body, i) => comment(i + 1, body))],
      },
    });
  const counts = async (text: string) => {
    const file = join(dir, 'new.json');
    writeFileSync(file, text);
    const { imported, updated, unchanged, skipped, tables } = await importData(store.db, 'forum', 'reddit-api', file);
    return { imported, updated, unchanged, skipped, tables };
  };
  const scores = async () =>
    (
      await store.db
        .selectFrom('forum_posts')
        .select(['id', 'score'])
        .where('community', '=', 'counts')
        .orderBy('id')
        .execute()
    ).map((row) => Number(row.score));

  it('a file imported again: nothing inserted, nothing updated, every record unchanged; one field changed: that record updated', async () => {
    expect(await counts(listing([1, 2, 3, 4, 5, 6], ['a', 'b']))).toEqual({
      imported: 8,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      tables: {
        forum_posts: { imported: 6, updated: 0, unchanged: 0 },
        forum_comments: { imported: 2, updated: 0, unchanged: 0 },
      },
    });
    expect(await counts(listing([1, 2, 3, 4, 5, 6], ['a', 'b']))).toEqual({
      imported: 0,
      updated: 0,
      unchanged: 8,
      skipped: 0,
      tables: {
        forum_posts: { imported: 0, updated: 0, unchanged: 6 },
        forum_comments: { imported: 0, updated: 0, unchanged: 2 },
      },
    });
    expect(await counts(listing([1, 2, 30, 4, 5, 6], ['a', 'b']))).toEqual({
      imported: 0,
      updated: 1,
      unchanged: 7,
      skipped: 0,
      tables: {
        forum_posts: { imported: 0, updated: 1, unchanged: 5 },
        forum_comments: { imported: 0, updated: 0, unchanged: 2 },
      },
    });
    expect(await scores()).toEqual([1, 2, 30, 4, 5, 6]);
    // a changed comment and a new post, the rest as stored
    expect(await counts(listing([1, 2, 30, 4, 5, 6, 7], ['a', 'b edited']))).toMatchObject({
      imported: 1,
      updated: 1,
      unchanged: 7,
      tables: {
        forum_posts: { imported: 1, updated: 0, unchanged: 6 },
        forum_comments: { imported: 0, updated: 1, unchanged: 1 },
      },
    });
  });

  it('a JSON syntax error names the file, line and column, and the import writes nothing (the files before it included)', async () => {
    const folder = mkdtempSync(join(dir, 'broken-'));
    writeFileSync(join(folder, 'a-good.json'), listing([8, 9, 10, 11, 12, 13, 14, 15], []));
    writeFileSync(
      join(folder, 'b-bad.json'),
      ['{"kind": "Listing",', '  "data": {"children": [', '    {"kind": "t3" "data": {}}', '  ]}', '}', ''].join('\n'),
    );
    const before = await snapshot(['forum_posts', 'forum_comments']);
    const attempt = importData(store.db, 'forum', 'reddit-api', folder);
    await expect(attempt).rejects.toThrow(ImportInputError);
    await expect(attempt).rejects.toThrow(
      `${join(folder, 'b-bad.json')}: not valid JSON at line 3, column 19 (unexpected "data")`,
    );
    expect(await snapshot(['forum_posts', 'forum_comments'])).toEqual(before);
  });
});

describe('link rows an owner no longer has (ImportItem.prune, run on each store kind)', () => {
  const artist = (n: number) => ({ id: `prune-artist-${n}`, name: `Prune Artist ${n}`, type: 'artist' });
  const album = {
    id: 'prune-album',
    name: 'Prune Album',
    type: 'album',
    album_type: 'album',
    release_date: '2024-05-01',
    release_date_precision: 'day',
    artists: [artist(1)],
  };
  const track = (id: string, artists: number[]) => ({
    id,
    name: `Track ${id}`,
    type: 'track',
    album,
    artists: artists.map(artist),
  });
  const links = async () =>
    (
      await store.db
        .selectFrom('music_track_artists')
        .select(['track_id', 'artist_id', 'position'])
        .where('track_id', 'like', 'prune-%')
        .orderBy('track_id')
        .orderBy('position')
        .execute()
    ).map((row) => `${row.track_id}@${row.position}:${row.artist_id}`);

  it("a re-imported track keeps the artists it now names, whatever else the batch prunes, and other tracks' links stay", async () => {
    await importDocuments(store.db, 'music', 'spotify-web-api', [
      { tracks: [track('prune-a', [1, 2, 3]), track('prune-b', [2, 3]), track('prune-c', [1, 3])] },
    ]);
    expect(await links()).toEqual([
      'prune-a@0:prune-artist-1',
      'prune-a@1:prune-artist-2',
      'prune-a@2:prune-artist-3',
      'prune-b@0:prune-artist-2',
      'prune-b@1:prune-artist-3',
      'prune-c@0:prune-artist-1',
      'prune-c@1:prune-artist-3',
    ]);
    // one batch: a's links drop to one, b's stay two, c is not in it (its links stay as they are)
    await importDocuments(store.db, 'music', 'spotify-web-api', [
      { tracks: [track('prune-a', [3]), track('prune-b', [1, 2])] },
    ]);
    expect(await links()).toEqual([
      'prune-a@0:prune-artist-3',
      'prune-b@0:prune-artist-1',
      'prune-b@1:prune-artist-2',
      'prune-c@0:prune-artist-1',
      'prune-c@1:prune-artist-3',
    ]);
  });
});
