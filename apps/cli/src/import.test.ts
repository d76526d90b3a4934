import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportAbortedError, importData, openStore, type Store } from '@socialquery/store';
import { createTestStoreAddress, importFixture, type TestStoreAddress } from '@socialquery/store/testing';
import { importProgress } from './import-progress.js';
import type { Io } from './io.js';
import { runCli } from './program.js';

/** The importers' fixtures, beside them in the store package. */
const fixture = importFixture;
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

let target: TestStoreAddress;
let store: Store;
beforeAll(async () => {
  target = await createTestStoreAddress({ shared: true });
  store = await openStore(target.address);
});
afterAll(async () => {
  await store.close();
  await target.drop();
});

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), interactive: false };
  const code = await runCli(['--store', target.address, ...args], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Every forum row, in id order: what "the store is exactly as before" compares. */
async function forumSnapshot() {
  return store.db.selectFrom('forum_posts').selectAll().orderBy('id').execute();
}

const typescriptPosts = (order: 'new' | 'top' = 'new') =>
  store.forum.communityPosts({ community: 'TYPESCRIPT', order, createdUntil: FAR_FUTURE, limit: 25 });

describe('import forum reddit-ndjson', () => {
  it('imports every submission, mapping each field the API serves', async () => {
    const result = await cli('import', 'forum', 'reddit-ndjson', fixture('reddit', 'submissions.ndjson'));
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^imported 4, updated 0, unchanged 0, skipped 0 \(4 records in /);
    expect(result.out).toContain('forum_posts: 4 new, 0 updated, 0 unchanged');
    // community names match case-insensitively: "typescript" and "TypeScript" are one community, newest first
    const posts = await typescriptPosts();
    expect(posts.map((p) => p.id)).toEqual(['1a2b3f', '1a2b3e', '1a2b3c']);
    expect(posts[2]).toEqual({
      id: '1a2b3c',
      title: 'Show r/typescript: a streaming importer',
      content: 'It reads NDJSON line by line.',
      author: 'Alice_Dev',
      community: 'typescript',
      upvotes: 120,
      downvotes: 0,
      score: 118,
      commentCount: 14,
      createdAt: '2023-11-14T22:13:20.000Z',
      url: 'https://www.reddit.com/r/typescript/comments/1a2b3c/show_rtypescript_a_streaming_importer/',
    });
    // ups missing → max(score, 0); created_utc as a float
    expect(posts[1]).toMatchObject({ upvotes: 9, downvotes: 0, score: 9, createdAt: '2023-11-15T00:13:20.000Z' });
    // numeric strings (Pushshift writes some fields as strings)
    const [tomato] = await store.forum.userPosts({ username: 'GreenThumb', limit: 25 });
    expect(tomato).toMatchObject({
      id: '1a2b3d',
      community: 'gardening',
      commentCount: 7,
      createdAt: '2023-11-14T23:13:20.000Z',
    });
    expect((await typescriptPosts('top')).map((p) => p.score)).toEqual([118, 9, 3]);
  });

  it('re-importing writes nothing for records as they are stored, and says so; the .zst file reads the same', async () => {
    const before = await forumSnapshot();
    const again = await cli('import', 'forum', 'reddit-ndjson', fixture('reddit', 'submissions.ndjson.zst'));
    expect(again.code).toBe(0);
    expect(again.out.split('\n')).toEqual([
      expect.stringMatching(/^imported 0, updated 0, unchanged 4, skipped 0 \(4 records in /),
      '  forum_posts: 0 new, 0 updated, 4 unchanged',
    ]);
    expect(await forumSnapshot()).toEqual(before);
  });

  it('--strict: the first bad record aborts with its line and reason, and the store is exactly as before', async () => {
    const before = await forumSnapshot();
    const result = await cli('import', '--strict', 'forum', 'reddit-ndjson', fixture('reddit', 'malformed.ndjson'));
    expect(result.code).toBe(1);
    expect(result.err).toContain('--strict: aborted at line 2: not JSON');
    expect(result.err).toContain('the store is unchanged');
    expect(await forumSnapshot()).toEqual(before);
  });

  it('--strict after earlier batches were written: all of them are rolled back with the rest', async () => {
    const before = await forumSnapshot();
    const progress: number[] = [];
    const attempt = importData(store.db, 'forum', 'reddit-ndjson', fixture('reddit', 'malformed.ndjson'), {
      strict: true,
      recordsPerFlush: 1,
      onProgress: (summary) => progress.push(summary.imported),
    });
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportAbortedError);
    expect(error).toMatchObject({ location: 'line 2', reason: expect.stringMatching(/^not JSON at column 80 \(/) });
    expect(progress).toEqual([1]); // line 1 had been written inside the import's transaction
    expect(await forumSnapshot()).toEqual(before);
    expect(await store.forum.userExists('bob')).toBe(false);
  });

  it('by default skips bad records with line numbers and reasons, imports the rest, and exits 1', async () => {
    const result = await cli('import', 'forum', 'reddit-ndjson', fixture('reddit', 'malformed.ndjson'));
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toEqual([
      expect.stringMatching(/^imported 2, updated 0, unchanged 0, skipped 4 \(6 records in /),
      '  forum_posts: 2 new, 0 updated, 0 unchanged',
      expect.stringMatching(/^skipped line 2: not JSON at column 80 \(Unterminated string/),
      'skipped line 3: created_utc: expected epoch seconds, got undefined',
      'skipped line 4: not a JSON object',
      'skipped line 6: score: expected an integer, got "lots"',
    ]);
    const bob = await store.forum.userPosts({ username: 'bob', limit: 25 });
    expect(bob.map((p) => p.id)).toEqual(['2b0001']);
  });

  it('rejects an unknown platform or format, a missing file, a file of another format and a corrupt .zst with exit 2', async () => {
    const before = await forumSnapshot();
    const cases: [string[], string][] = [
      [
        ['chess', 'pgn', fixture('reddit')],
        "unknown platform 'chess' (importable: forum, microblog, shortvideo, professional, video, music)",
      ],
      [['music', 'spotify', fixture('spotify')], "unknown music format 'spotify' (formats: spotify-web-api)"],
      [
        ['music', 'spotify-web-api', fixture('youtube', 'videos.json')],
        'no record could be read as music spotify-web-api (is it the right format?); first failure at videos.json response 1 item 1',
      ],
      [
        ['forum', 'pushshift-csv', fixture('reddit')],
        "unknown forum format 'pushshift-csv' (formats: reddit-ndjson, reddit-api)",
      ],
      [['forum', 'reddit-ndjson', fixture('reddit', 'missing.ndjson')], 'no such file or directory: '],
      [['forum', 'reddit-ndjson', fixture('reddit')], 'is a directory; this format reads a file'],
      [
        ['forum', 'reddit-ndjson', fixture('twitter-archive', 'data', 'tweets.js')],
        'no record could be read as forum reddit-ndjson (is it the right format?); first failure at line 1: not JSON',
      ],
      [['forum', 'reddit-ndjson', fixture('reddit', 'corrupt.ndjson.zst')], 'not a valid zstd file'],
      [['professional', 'linkedin-export', fixture('linkedin-bad')], "expected the export's columns"],
    ];
    for (const [args, message] of cases) {
      const result = await cli('import', ...args);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.err).toContain(message);
    }
    expect(await forumSnapshot()).toEqual(before);
  });

  it('--help lists every platform and format', async () => {
    const result = await cli('import', '--help');
    expect(result.code).toBe(0);
    for (const format of [
      'reddit-ndjson',
      'twitter-archive',
      'twitter-v2',
      'youtube-v3',
      'spotify-web-api',
      'tiktok',
      'tiktok-export',
      'reddit-api',
      'linkedin-export',
    ]) {
      expect(result.out).toContain(format);
    }
    expect(result.out).toContain('--strict');
  });
});

describe('import forum reddit-api: what a re-import changed, and a JSON syntax error', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-reddit-api-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const post = (n: number, score = n) => ({
    kind: 't3',
    data: {
      id: `rac${n}`,
      title: `Post ${n}`,
      selftext: '',
      author: 'counter',
      subreddit: 'recounts',
      score,
      ups: score,
      downs: 0,
      num_comments: 0,
      created_utc: 1_700_000_000 + n,
      permalink: `/r/recounts/comments/rac${n}/post/`,
    },
  });
  const listing = (scores: number[]) =>
    JSON.stringify({ kind: 'Listing', data: { children: scores.map((score, i) => post(i + 1, score)) } });

  it('counts new records, then unchanged ones, then the one record whose field changed', async () => {
    const file = join(dir, 'new.json');
    writeFileSync(file, listing([1, 2, 3, 4, 5, 6]));
    const first = await cli('import', 'forum', 'reddit-api', file);
    expect(first.code).toBe(0);
    expect(first.out.split('\n')).toEqual([
      expect.stringMatching(/^imported 6, updated 0, unchanged 0, skipped 0 \(6 records in /),
      '  forum_posts: 6 new, 0 updated, 0 unchanged',
    ]);
    const again = await cli('import', 'forum', 'reddit-api', file);
    expect(again.out.split('\n')).toEqual([
      expect.stringMatching(/^imported 0, updated 0, unchanged 6, skipped 0 \(6 records in /),
      '  forum_posts: 0 new, 0 updated, 6 unchanged',
    ]);
    writeFileSync(file, listing([1, 2, 30, 4, 5, 6]));
    const changed = await cli('import', 'forum', 'reddit-api', file);
    expect(changed.out.split('\n')).toEqual([
      expect.stringMatching(/^imported 0, updated 1, unchanged 5, skipped 0 \(6 records in /),
      '  forum_posts: 0 new, 1 updated, 5 unchanged',
    ]);
    const scores = (await store.forum.postsByIds(['rac3', 'rac4'])).map((p) => [p.id, p.score]);
    expect(Object.fromEntries(scores)).toEqual({ rac3: 30, rac4: 4 });
  });

  it('a JSON syntax error names the file, its line and column, exits 2, and writes nothing of the import', async () => {
    const folder = mkdtempSync(join(dir, 'broken-'));
    // a good file first (files are read in name order): its records are read, and rolled back with the rest
    writeFileSync(join(folder, 'a-good.json'), listing([7, 8, 9, 10, 11, 12, 13]));
    writeFileSync(
      join(folder, 'b-bad.json'),
      ['{"kind": "Listing",', '  "data": {"children": [', '    {"kind": "t3" "data": {}}', '  ]}', '}', ''].join('\n'),
    );
    const before = await forumSnapshot();
    const result = await cli('import', 'forum', 'reddit-api', folder);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `error: ${join(folder, 'b-bad.json')}: not valid JSON at line 3, column 19 (unexpected "data")`,
    );
    expect(result.out).toBe('');
    expect(await forumSnapshot()).toEqual(before);
  });
});

describe('import forum: a large file (SQLite rebuilds the listing indexes once)', () => {
  const LINES = 30_000;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-import-'));
    const line = (i: number) =>
      JSON.stringify({
        id: `bulk${i}`,
        title: `Bulk post ${i}`,
        selftext: 'x'.repeat(600),
        author: `bulk_author_${i % 100}`,
        subreddit: `bulk${i % 3}`,
        ups: i % 500,
        downs: 0,
        score: i % 500,
        num_comments: i % 7,
        created_utc: 1_650_000_000 + i,
        permalink: `/r/bulk/comments/bulk${i}/`,
      });
    const lines = Array.from({ length: LINES }, (_, i) => line(i));
    writeFileSync(join(dir, 'bulk.ndjson'), `${lines.join('\n')}\n`);
    writeFileSync(
      join(dir, 'bulk-bad-end.ndjson'),
      `${lines.map((l) => l.replace('"bulk', '"late')).join('\n')}\n{"id": "broken"\n`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The forum table's index names, on either store. */
  async function forumIndexes(): Promise<string[]> {
    const catalog = store.db.withTables<{
      sqlite_master: { name: string; type: string; tbl_name: string };
      pg_indexes: { indexname: string; tablename: string };
    }>();
    const names =
      target.kind === 'sqlite'
        ? (
            await catalog
              .selectFrom('sqlite_master')
              .select('name')
              .where('type', '=', 'index')
              .where('tbl_name', '=', 'forum_posts')
              .execute()
          ).map((r) => r.name)
        : (
            await catalog.selectFrom('pg_indexes').select('indexname').where('tablename', '=', 'forum_posts').execute()
          ).map((r) => r.indexname);
    return names.sort();
  }

  it('--strict aborting near the end leaves rows and indexes as they were', async () => {
    const indexes = await forumIndexes();
    const before = await forumSnapshot();
    const result = await cli('import', '--strict', 'forum', 'reddit-ndjson', join(dir, 'bulk-bad-end.ndjson'));
    expect(result.code).toBe(1);
    expect(result.err).toContain(`aborted at line ${LINES + 1}:`);
    expect(await forumIndexes()).toEqual(indexes);
    expect(await forumSnapshot()).toEqual(before);
  });

  it('imports every record, keeps the indexes, and listings read them in order', async () => {
    const indexes = await forumIndexes();
    expect(indexes.length).toBeGreaterThanOrEqual(5);
    const result = await cli('import', 'forum', 'reddit-ndjson', join(dir, 'bulk.ndjson'));
    expect(result.code).toBe(0);
    expect(result.out).toMatch(new RegExp(`^imported ${LINES}, updated 0, unchanged 0, skipped 0 `));
    expect(await forumIndexes()).toEqual(indexes);
    const newest = await store.forum.communityPosts({
      community: 'bulk2',
      order: 'new',
      createdUntil: FAR_FUTURE,
      limit: 3,
    });
    expect(newest.map((p) => p.id)).toEqual([`bulk${LINES - 1}`, `bulk${LINES - 4}`, `bulk${LINES - 7}`]);
    const top = await store.forum.communityPosts({
      community: 'bulk0',
      order: 'top',
      createdUntil: FAR_FUTURE,
      limit: 2,
    });
    const bulk0Scores = Array.from({ length: LINES }, (_, i) => i)
      .filter((i) => i % 3 === 0)
      .map((i) => i % 500)
      .sort((a, b) => b - a);
    expect(top.map((p) => p.score)).toEqual(bulk0Scores.slice(0, 2));
    const again = await cli('import', 'forum', 'reddit-ndjson', join(dir, 'bulk.ndjson'));
    expect(again.out).toMatch(new RegExp(`^imported 0, updated 0, unchanged ${LINES}, skipped 0 `));
  });
});

describe('import microblog', () => {
  it('twitter-archive: the account from account.js, tweets from data/tweets.js with replies, media and counts', async () => {
    const result = await cli('import', 'microblog', 'twitter-archive', fixture('twitter-archive'));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 4, updated 0, unchanged 0, skipped 1 /);
    expect(result.out).toContain(
      'skipped tweets.js record 3: created_at: expected a date like "Wed Oct 10 20:19:24 +0000 2018", got "10/10/2018"',
    );
    const messages = await store.microblog.userMessages({
      username: 'adacodes',
      includeReplies: true,
      includeReposts: true,
      limit: 10,
    });
    expect(messages.map((m) => m.id)).toEqual(['1050120000000000000', '1050119000000000000', '1050118621198921728']);
    expect(messages[2]).toMatchObject({
      text: 'Parsing is just pattern matching with feelings',
      author: 'AdaCodes',
      likeCount: 12,
      repostCount: 3,
      createdAt: '2018-10-10T20:19:24.000Z',
      url: 'https://x.com/AdaCodes/status/1050118621198921728',
      media: [],
    });
    expect(messages[1]!.media).toEqual([
      { type: 'photo', url: 'https://pbs.twimg.com/media/one.jpg' },
      { type: 'photo', url: 'https://pbs.twimg.com/media/two.jpg' },
    ]);
    const replies = await store.microblog.messageReplies({ messageId: '1050118621198921728', limit: 10 });
    expect(replies.map((m) => m.id)).toEqual(['1050119000000000000']);
    // only replies excluded
    const own = await store.microblog.userMessages({
      username: 'AdaCodes',
      includeReplies: false,
      includeReposts: true,
      limit: 10,
    });
    expect(own.map((m) => m.id)).toEqual(['1050120000000000000', '1050118621198921728']);
  });

  it('twitter-archive: the data/tweets.js file alone reads account.js beside it; re-importing changes nothing', async () => {
    const result = await cli('import', 'microblog', 'twitter-archive', fixture('twitter-archive', 'data', 'tweets.js'));
    expect(result.out).toMatch(/^imported 0, updated 0, unchanged 4, skipped 1 /);
  });

  it('twitter-v2: users from includes.users, replies and retweets from referenced_tweets, media from includes.media', async () => {
    const result = await cli('import', 'microblog', 'twitter-v2', fixture('twitter-v2', 'timeline.json'));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 5, updated 0, unchanged 0, skipped 1 /);
    expect(result.out).toContain('skipped timeline.json response 1 tweet 4: author_id 999 is not in includes.users');
    const [shipped] = await store.microblog.userMessages({
      username: 'twitterdev',
      includeReplies: true,
      includeReposts: true,
      limit: 10,
    });
    expect(shipped).toMatchObject({
      id: '1700000000000000100',
      likeCount: 25,
      repostCount: 4,
      replyCount: 1,
      quoteCount: 2,
      viewCount: 1800,
      isRepost: false,
      media: [{ type: 'photo', url: 'https://pbs.twimg.com/media/ship.jpg' }],
      url: 'https://x.com/TwitterDev/status/1700000000000000100',
    });
    const byX = await store.microblog.userMessages({
      username: 'X',
      includeReplies: true,
      includeReposts: true,
      limit: 10,
    });
    expect(byX.map((m) => [m.id, m.isRepost])).toEqual([
      ['1700000000000000300', true],
      ['1700000000000000200', false],
    ]);
    expect((byX[0]!.repostedMessage as { id: string } | null)?.id).toBe('1700000000000000100');
    const replies = await store.microblog.messageReplies({ messageId: '1700000000000000100', limit: 10 });
    expect(replies.map((m) => m.id)).toEqual(['1700000000000000200']);
    const user = await store.db
      .selectFrom('microblog_users')
      .selectAll()
      .where('username_key', '=', 'twitterdev')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ id: '2244994945', display_name: 'Developers', is_verified: 1 });
    expect(Number(user.follower_count)).toBe(570000);
  });
});

describe('import video youtube-v3', () => {
  it('maps videos.list and search.list items: ISO 8601 durations, string statistics, blocked regions, live', async () => {
    const result = await cli('import', 'video', 'youtube-v3', fixture('youtube'));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 3, updated 0, unchanged 0, skipped 1 /);
    expect(result.out).toContain(
      'skipped videos.json response 1 item 3: contentDetails.duration: expected an ISO 8601 duration, got "3 minutes"',
    );
    expect(await store.video.video('dQw4w9WgXcQ')).toEqual({
      id: 'dQw4w9WgXcQ',
      channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
      channelName: 'Rick Astley',
      channelVerified: false,
      title: 'Never Gonna Give You Up (Official Video)',
      views: 1_500_000_000,
      durationSeconds: 213,
      publishedAt: Date.parse('2009-10-25T06:57:33Z'),
      type: 'VIDEO',
      isLive: false,
      // the platform's address; the item and its channel carry no pictures: none (not made-up ones)
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnails: [],
      channelThumbnails: [],
    });
    expect(await store.video.video('live12345ab')).toMatchObject({ durationSeconds: 93_600, views: 42, isLive: true });
    expect(await store.video.video('yPYZpwSpKmA')).toMatchObject({
      views: 0,
      durationSeconds: 0,
      title: 'Together Forever',
    });
    const search = (geoCode: 'US' | 'DE') =>
      store.video.search({
        terms: ['never', 'gonna'],
        since: 0,
        until: FAR_FUTURE.getTime(),
        type: 'VIDEO',
        geoCode,
        limit: 10,
      });
    const ids = async (geoCode: 'US' | 'DE') => (await search(geoCode)).videos.map((video) => video.id);
    expect(await ids('US')).toEqual(['dQw4w9WgXcQ']);
    expect(await ids('DE')).toEqual([]); // blocked there
    const rick = (await store.video.video('dQw4w9WgXcQ'))!;
    expect((await store.video.related(rick, 10)).map((v) => v.id)).toContain('yPYZpwSpKmA');
  });

  it('re-importing keeps each video (its search postings) as it is', async () => {
    const nums = await store.db.selectFrom('video_videos').select(['id', 'num']).orderBy('id').execute();
    const result = await cli('import', 'video', 'youtube-v3', fixture('youtube', 'videos.json'));
    expect(result.out).toMatch(/^imported 0, updated 0, unchanged 3, skipped 1 /);
    expect(await store.db.selectFrom('video_videos').select(['id', 'num']).orderBy('id').execute()).toEqual(nums);
    const search = await store.video.search({
      terms: ['together'],
      since: 0,
      until: FAR_FUTURE.getTime(),
      type: 'VIDEO',
      geoCode: 'US',
      limit: 10,
    });
    expect(search.videos.map((video) => video.id)).toEqual(['yPYZpwSpKmA']);
  });
});

describe('import music spotify-web-api', () => {
  const AR1 = '4Z8W4fKeB5YxbusRsdQVPb';
  const AR2 = '3WrFJ7ztbogyGnTHbHJFl2';
  const AR3 = '6eUKZXaKkcviH0Ku9w2n3V';
  const AL1 = '2noRn2Aes5aoNVsU6iWThc';
  const [T1, T2, T3, T4] = [
    '3n3Ppam7vgaVa1iaRUc9Lp',
    '7ouMYWpwJ422jRcDASZB7P',
    '4VqPOruhp5EdPBeR92t6lQ',
    '2takcwOaAZWiXQijPHIx7B',
  ];
  const PL1 = '37i9dQZF1DXcBWIGoYBM5M';
  const PL2 = '1h0CEZCm6IbFTbxThn6Xcs';
  const SHOW = '5CfCWKI5pZ28U0uOzXkDHe';
  const ids = <T extends { id: string }>(page: { items: T[] }) => page.items.map((item) => item.id);
  const MUSIC_TABLES = [
    'music_artists',
    'music_albums',
    'music_album_artists',
    'music_tracks',
    'music_track_artists',
    'music_users',
    'music_playlists',
    'music_playlist_tracks',
    'music_shows',
    'music_episodes',
    'music_genres',
    'music_track_recommendations',
    'music_related_artists',
  ] as const;
  /** Every music row, table by table in id order. */
  const musicSnapshot = async () =>
    Promise.all(MUSIC_TABLES.map((table) => store.db.selectFrom(table).selectAll().orderBy('id').execute()));
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-spotify-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports a folder of responses: every object kind, the wrappers, and the catalog serves them', async () => {
    const result = await cli('import', 'music', 'spotify-web-api', fixture('spotify'));
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^imported 19, updated 3, unchanged 6, skipped 0 /);
    expect(result.out).toContain('music_playlist_tracks: 8 new, 0 updated, 0 unchanged');
    const music = store.music;
    // artists.json's full artists keep their followers, genres and images although later files name them again (simplified)
    expect(await music.artist(AR1)).toEqual({
      id: AR1,
      name: 'Luna Vega',
      verified: false,
      biography: '',
      genres: ['synthwave', 'electropop'],
      followers: 250_000,
      monthlyListeners: 0,
      images: [640, 300, 64].map((size) => ({
        url: `https://i.scdn.co/image/art-ar1-${size}`,
        width: size,
        height: size,
      })),
    });
    // the album: label and popularity from album.json stay when tracks name it as a simplified album
    expect(await music.album(AL1)).toMatchObject({
      name: 'Midnight Roads',
      type: 'ALBUM',
      releaseDate: '2025-03-14',
      totalTracks: 3,
      artists: [{ id: AR1, name: 'Luna Vega' }],
    });
    expect(
      await store.db
        .selectFrom('music_albums')
        .select(['label', 'popularity', 'release_precision'])
        .where('id', '=', AL1)
        .executeTakeFirst(),
    ).toEqual({ label: 'Moonlight Records', popularity: 61, release_precision: 'day' });
    const single = await music.artistReleases({
      artistId: AR2,
      type: 'SINGLE',
      order: 'DATE_DESC',
      offset: 0,
      limit: 10,
    });
    expect(single.items.map((a) => [a.name, a.releaseDate])).toEqual([['Owl Hours', '2019-06-01']]);
    const tracks = await music.albumTracks(AL1, { offset: 0, limit: 10 });
    expect(tracks.items.map((t) => [t.name, t.discNumber, t.trackNumber])).toEqual([
      ['Starlight Drive', 1, 1],
      ['Neon Rain (feat. DJ Mira)', 1, 2],
      ['Afterglow', 2, 1],
    ]);
    expect(await music.track(T2)).toMatchObject({
      durationMs: 187_500,
      explicit: true,
      playcount: 0,
      artists: [
        { id: AR1, name: 'Luna Vega' },
        { id: AR3, name: 'DJ Mira' },
      ],
      album: { id: AL1, name: 'Midnight Roads', type: 'ALBUM' },
    });
    expect(ids(await music.featuring(AR3, 10))).toEqual([T2]);
    // the playlist: local files and episodes are not catalog tracks; the others keep their positions and added_at
    expect(await music.playlist(PL1)).toMatchObject({
      name: 'Late Night Drive',
      owner: { id: 'ana_beats', name: 'Ana Beats' },
      followers: 1234,
      totalTracks: 6,
    });
    const entries = await music.playlistTracks(PL1, { offset: 0, limit: 10 });
    expect(entries.items.map((t) => [t.id, new Date(t.addedAt).toISOString()])).toEqual([
      [T1, '2025-04-01T10:00:00.000Z'],
      [T2, '2025-04-01T10:01:00.000Z'],
      [T3, '2025-04-01T10:04:00.000Z'],
      [T4, '2025-04-03T09:30:00.000Z'],
    ]);
    // the second playlist came as /me/playlists plus two pages of /playlists/{id}/tracks (the page's href names it)
    expect(ids(await music.playlistTracks(PL2, { offset: 0, limit: 10 }))).toEqual([T1, T2, T3, T4]);
    expect(await music.playlist(PL2)).toMatchObject({
      owner: { id: 'roadtripper', name: 'roadtripper' },
      description: '',
      followers: 0,
    });
    // derived after the import: tracks two playlists hold within two places of each other
    expect(ids(await music.recommendations(T1, 10))).toEqual([T3, T2]);
    expect(ids(await music.recommendations(T4, 10))).toEqual([T3, T2]);
    expect(ids(await music.relatedArtists(AR1, 10))).toEqual([AR2]);
    // shows and episodes (a show's episodes page, and a full episode naming its show); month precision → its first day
    expect(await music.show(SHOW)).toMatchObject({ name: 'Code Talk', publisher: 'Dev Media', totalEpisodes: 3 });
    const episodes = await music.episodes(SHOW, { offset: 0, limit: 10 });
    expect(episodes.items.map((e) => [e.name, e.releaseDate, e.durationMs])).toEqual([
      ['Episode 3: Indexes', '2025-03-01', 1_500_000],
      ['Episode 2: Batches', '2025-02-01', 2_100_000],
      ['Episode 1: Streams', '2025-01-10', 1_800_000],
    ]);
    expect(await music.user('ana_beats')).toMatchObject({ name: 'Ana Beats', followers: 77 });
    expect((await music.searchGenres({ terms: ['hip'], offset: 0, limit: 5 })).map((genre) => genre.id)).toEqual([
      '0JQ5DAqbMKFQ00XGBls6ym',
    ]);
    expect(
      (await music.searchTracks({ terms: ['neon', 'rain'], offset: 0, limit: 5 })).map((track) => track.id),
    ).toEqual([T2]);
  });

  it('re-importing writes none of the same rows, never duplicates them, and keeps their search numbers', async () => {
    const before = await musicSnapshot();
    const again = await cli('import', 'music', 'spotify-web-api', fixture('spotify'));
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^imported 0, updated 0, unchanged 28, skipped 0 /);
    expect(await musicSnapshot()).toEqual(before);
  });

  it('a playlist page that became shorter removes the entries after it, and the derived tables follow', async () => {
    const page = {
      href: `https://api.spotify.com/v1/playlists/${PL2}/tracks?offset=0&limit=100`,
      offset: 0,
      limit: 100,
      next: null,
      total: 1,
      items: [
        {
          added_at: '2025-06-01T00:00:00Z',
          track: {
            type: 'track',
            id: T1,
            name: 'Starlight Drive',
            artists: [{ id: AR1, name: 'Luna Vega' }],
            album: {
              id: AL1,
              name: 'Midnight Roads',
              album_type: 'album',
              release_date: '2025-03-14',
              artists: [{ id: AR1, name: 'Luna Vega' }],
            },
          },
        },
      ],
    };
    writeFileSync(join(dir, 'shorter.json'), JSON.stringify(page));
    const result = await cli('import', 'music', 'spotify-web-api', join(dir, 'shorter.json'));
    expect(result.code).toBe(0);
    expect(ids(await store.music.playlistTracks(PL2, { offset: 0, limit: 10 }))).toEqual([T1]);
    expect((await store.music.recommendations(T1, 10)).items).toEqual([]); // each pair is now in one playlist only
    expect((await store.music.relatedArtists(AR1, 10)).items).toEqual([]);
    // what the simplified track and album left out is kept
    expect(
      await store.db
        .selectFrom('music_tracks')
        .select(['popularity', 'isrc', 'duration_ms'])
        .where('id', '=', T1)
        .executeTakeFirst(),
    ).toEqual({ popularity: 70, isrc: 'USXYZ2500001', duration_ms: 201_000 });
    expect(
      await store.db
        .selectFrom('music_albums')
        .select(['label', 'total_tracks'])
        .where('id', '=', AL1)
        .executeTakeFirst(),
    ).toEqual({ label: 'Moonlight Records', total_tracks: 3 });
  });

  it('skips malformed objects with where they were read and why; --strict leaves the store exactly as before', async () => {
    const before = await musicSnapshot();
    const strict = await cli('import', '--strict', 'music', 'spotify-web-api', fixture('spotify-bad'));
    expect(strict.code).toBe(1);
    expect(strict.err).toContain(
      '--strict: aborted at responses.json response 1: artists: expected a non-empty array of artists',
    );
    expect(await musicSnapshot()).toEqual(before);
    const result = await cli('import', 'music', 'spotify-web-api', fixture('spotify-bad'));
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toEqual([
      expect.stringMatching(/^imported 1, updated 0, unchanged 0, skipped 5 /),
      '  music_artists: 1 new, 0 updated, 0 unchanged',
      'skipped responses.json response 1: artists: expected a non-empty array of artists',
      'skipped responses.json response 2: album_type: expected album, single or compilation, got "ep"',
      'skipped responses.json response 3: release_date: expected YYYY-MM-DD, YYYY-MM or YYYY, got "sometime"',
      'skipped responses.json response 4: type: expected track, album, artist, playlist, show, episode or user, got "audiobook"',
      'skipped responses.json response 5: not a JSON object',
    ]);
    expect(await store.music.artist('goodArtist000000000001')).toMatchObject({ name: 'Good Artist', followers: 0 });
    expect(await store.music.track('badTrack000000000000001')).toBeUndefined();
  });
});

describe('import shortvideo tiktok', () => {
  it('maps research API videos and comments; ids past 2^53 stay exact', async () => {
    const result = await cli('import', 'shortvideo', 'tiktok', fixture('tiktok', 'videos.json'));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 5, updated 0, unchanged 0, skipped 1 /);
    expect(result.out).toContain(
      'skipped videos.json response 1 video 3: create_time: expected epoch seconds, got "yesterday"',
    );
    const videos = await store.shortvideo.userPosts({ username: 'dance.daily', limit: 10 });
    expect(videos.map((v) => v.id)).toEqual(['7221451285413948678', '7221451285413948677']);
    expect(videos[1]).toMatchObject({
      description: 'Trying the new trend #dance',
      likeCount: 5400,
      commentCount: 3,
      shareCount: 120,
      viewCount: 98000,
      duration: 15,
      createdAt: '2023-04-12T11:46:40.000Z',
      videoUrl: 'https://www.tiktok.com/@dance.daily/video/7221451285413948677',
    });
    const comments = await store.shortvideo.videoComments({
      videoId: '7221451285413948677',
      sort: 'oldest',
      limit: 10,
    });
    expect(comments.map((c) => [c.id, c.replyCount])).toEqual([
      ['7221500000000000003', 0],
      ['7221500000000000001', 1],
    ]);
  });
});

describe('import shortvideo tiktok-export', () => {
  it("imports the user's own posts of a data export; a re-import keeps what it does not carry (counts a Research API import stored)", async () => {
    const exported = fixture('tiktok-export', 'user_data_tiktok.json');
    const result = await cli('import', 'shortvideo', 'tiktok-export', exported);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 2, updated 0, unchanged 0, skipped 1 /);
    const posts = await store.shortvideo.userPosts({ username: 'maya.rides', limit: 10 });
    expect(posts.map((v) => [v.id, v.createdAt, v.likeCount])).toEqual([
      ['7341234567890123456', '2024-02-29T23:59:58.000Z', 1203],
      ['7318000000000000000', '2023-12-31T08:15:00.000Z', 7],
    ]);
    await store.db
      .updateTable('shortvideo_videos')
      .set({ view_count: 5000, share_count: 9 })
      .where('id', '=', '7341234567890123456')
      .execute();
    expect((await cli('import', 'shortvideo', 'tiktok-export', exported)).out).toMatch(
      /^imported 0, updated 0, unchanged 2, /,
    );
    const [again] = await store.shortvideo.userPosts({ username: 'maya.rides', limit: 1 });
    expect(again).toMatchObject({ id: '7341234567890123456', viewCount: 5000, shareCount: 9, likeCount: 1203 });
  });
});

describe('import professional linkedin-export', () => {
  it('builds the profile and its sections from the CSVs, and positions at companies', async () => {
    const result = await cli('import', 'professional', 'linkedin-export', fixture('linkedin'));
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      'skipped Positions.csv line 4: Started On: expected a date like "Mar 2021" or "2021", got "sometime in 1944"',
    );
    const profile = await store.professional.profile({
      username: 'grace-hopper',
      sections: ['experiences', 'skills', 'educations', 'certifications', 'follower_and_connection'],
    });
    expect(profile).toMatchObject({
      public_identifier: 'grace-hopper',
      first_name: 'Grace',
      last_name: 'Hopper',
      full_name: 'Grace Hopper',
      headline: 'Rear Admiral and computer scientist',
      birth: { day: 9, month: 12, year: 0 },
      location: { city: 'Arlington', country: 'United States', line1: '1 Navy Way', postal_code: '20001' },
      website: { url: 'https://grace.example.org' },
      follower_and_connection: { follower_count: 0, connection_count: 2 },
      skills: [
        { skill: 'Compilers', num_endorsements: 0, is_passed_skill_assessment: false },
        { skill: 'COBOL', num_endorsements: 0, is_passed_skill_assessment: false },
        { skill: 'Mathematics', num_endorsements: 0, is_passed_skill_assessment: false },
      ],
      certifications: [
        {
          title: 'Computer Sciences Man of the Year',
          authority: 'DPMA',
          credential_url: 'https://example.org/award',
          issued_at: 'Jan 1969',
        },
      ],
    });
    expect(profile!.experiences!.map((e) => [e.title, e.date])).toEqual([
      ['Rear Admiral', { start: 'Jan 1967', end: 'Aug 1986' }],
      ['Senior Mathematician', { start: '1949', end: 'Present' }],
    ]);
    expect(profile!.educations!.map((e) => e.school)).toEqual(['Yale University', 'Vassar College']);
    const current = await store.professional.companyEmployees({
      companyId: 'linkedin-company-eckert-mauchly-computer-corporation',
      limit: 10,
    });
    expect(current.total).toBe(1);
    const past = await store.professional.companyEmployees({
      companyId: 'linkedin-company-united-states-navy',
      limit: 10,
    });
    expect(past.total).toBe(0); // finished in 1986: not a current position
    const again = await cli('import', 'professional', 'linkedin-export', fixture('linkedin'));
    expect(again.out).toMatch(/^imported 0, updated 0, unchanged 3, skipped 1 /);
  });
});

describe('import progress', () => {
  it('writes a plain line at most every two seconds when stderr is not a terminal', () => {
    const lines: string[] = [];
    let now = 0;
    const progress = importProgress({ out: () => {}, err: (t) => lines.push(t), interactive: false }, () => now);
    const counts = (n: number) => ({ imported: n, updated: 0, unchanged: 0, skipped: 0, skips: [], tables: {} });
    now = 1_000;
    progress.update(counts(5_000), { bytesRead: 1024 * 1024, totalBytes: 4 * 1024 * 1024 });
    now = 2_500;
    progress.update(counts(10_000), { bytesRead: 2 * 1024 * 1024, totalBytes: 4 * 1024 * 1024 });
    expect(lines).toEqual(['import: 10000 records, 4000/s, 2.0 MiB of 4.0 MiB']);
  });
});
