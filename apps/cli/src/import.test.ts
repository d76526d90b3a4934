import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImportAbortedError, importData, openStore, type Store } from '@socialquery/store';
import { createTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import { importProgress } from './import-progress.js';
import type { Io } from './io.js';
import { runCli } from './program.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'import');
const fixture = (...parts: string[]) => join(fixtures, ...parts);
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
    expect(result.out).toMatch(/^imported 4, updated 0, skipped 0 \(4 records in /);
    expect(result.out).toContain('forum_posts: 4 new, 0 updated');
    // community names match case-insensitively: "typescript" and "TypeScript" are one community, newest first
    const posts = await typescriptPosts();
    expect(posts.map((p) => p.id)).toEqual(['1a2b3f', '1a2b3e', '1a2b3c']);
    expect(posts[2]).toEqual({
      id: '1a2b3c', title: 'Show r/typescript: a streaming importer', content: 'It reads NDJSON line by line.', author: 'Alice_Dev',
      community: 'typescript', upvotes: 120, downvotes: 0, score: 118, commentCount: 14, createdAt: '2023-11-14T22:13:20.000Z',
      url: 'https://www.reddit.com/r/typescript/comments/1a2b3c/show_rtypescript_a_streaming_importer/',
    });
    // ups missing → max(score, 0); created_utc as a float
    expect(posts[1]).toMatchObject({ upvotes: 9, downvotes: 0, score: 9, createdAt: '2023-11-15T00:13:20.000Z' });
    // numeric strings (Pushshift writes some fields as strings)
    const [tomato] = await store.forum.userPosts({ username: 'GreenThumb', limit: 25 });
    expect(tomato).toMatchObject({ id: '1a2b3d', community: 'gardening', commentCount: 7, createdAt: '2023-11-14T23:13:20.000Z' });
    expect((await typescriptPosts('top')).map((p) => p.score)).toEqual([118, 9, 3]);
  });

  it('re-importing updates the same records, never duplicates them; the .zst file reads the same', async () => {
    const before = await forumSnapshot();
    const again = await cli('import', 'forum', 'reddit-ndjson', fixture('reddit', 'submissions.ndjson.zst'));
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^imported 0, updated 4, skipped 0 /);
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
    expect(error).toMatchObject({ location: 'line 2', reason: expect.stringMatching(/^not JSON \(/) });
    expect(progress).toEqual([1]); // line 1 had been written inside the import's transaction
    expect(await forumSnapshot()).toEqual(before);
    expect(await store.forum.userExists('bob')).toBe(false);
  });

  it('by default skips bad records with line numbers and reasons, imports the rest, and exits 1', async () => {
    const result = await cli('import', 'forum', 'reddit-ndjson', fixture('reddit', 'malformed.ndjson'));
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toEqual([
      expect.stringMatching(/^imported 2, updated 0, skipped 4 \(6 records in /),
      '  forum_posts: 2 new, 0 updated',
      expect.stringMatching(/^skipped line 2: not JSON \(/),
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
      [['music', 'spotify', fixture('reddit')], "unknown platform 'music' (importable: forum, microblog, video, shortvideo, professional)"],
      [['forum', 'pushshift-csv', fixture('reddit')], "unknown forum format 'pushshift-csv' (formats: reddit-ndjson)"],
      [['forum', 'reddit-ndjson', fixture('reddit', 'missing.ndjson')], 'no such file or directory: '],
      [['forum', 'reddit-ndjson', fixture('reddit')], 'is a directory; this format reads a file'],
      [['forum', 'reddit-ndjson', fixture('twitter-archive', 'data', 'tweets.js')], 'no record could be read as forum reddit-ndjson (is it the right format?); first failure at line 1: not JSON'],
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
    for (const format of ['reddit-ndjson', 'twitter-archive', 'twitter-v2', 'youtube-v3', 'tiktok', 'linkedin-export']) expect(result.out).toContain(format);
    expect(result.out).toContain('--strict');
  });
});

describe('import forum: a large file (SQLite rebuilds the listing indexes once)', () => {
  const LINES = 30_000;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-import-'));
    const line = (i: number) =>
      JSON.stringify({
        id: `bulk${i}`, title: `Bulk post ${i}`, selftext: 'x'.repeat(600), author: `bulk_author_${i % 100}`, subreddit: `bulk${i % 3}`,
        ups: i % 500, downs: 0, score: i % 500, num_comments: i % 7, created_utc: 1_650_000_000 + i, permalink: `/r/bulk/comments/bulk${i}/`,
      });
    const lines = Array.from({ length: LINES }, (_, i) => line(i));
    writeFileSync(join(dir, 'bulk.ndjson'), `${lines.join('\n')}\n`);
    writeFileSync(join(dir, 'bulk-bad-end.ndjson'), `${lines.map((l) => l.replace('"bulk', '"late')).join('\n')}\n{"id": "broken"\n`);
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
        ? (await catalog.selectFrom('sqlite_master').select('name').where('type', '=', 'index').where('tbl_name', '=', 'forum_posts').execute()).map((r) => r.name)
        : (await catalog.selectFrom('pg_indexes').select('indexname').where('tablename', '=', 'forum_posts').execute()).map((r) => r.indexname);
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
  }, 120_000);

  it('imports every record, keeps the indexes, and listings read them in order', async () => {
    const indexes = await forumIndexes();
    expect(indexes.length).toBeGreaterThanOrEqual(5);
    const result = await cli('import', 'forum', 'reddit-ndjson', join(dir, 'bulk.ndjson'));
    expect(result.code).toBe(0);
    expect(result.out).toMatch(new RegExp(`^imported ${LINES}, updated 0, skipped 0 `));
    expect(await forumIndexes()).toEqual(indexes);
    const newest = await store.forum.communityPosts({ community: 'bulk2', order: 'new', createdUntil: FAR_FUTURE, limit: 3 });
    expect(newest.map((p) => p.id)).toEqual([`bulk${LINES - 1}`, `bulk${LINES - 4}`, `bulk${LINES - 7}`]);
    const top = await store.forum.communityPosts({ community: 'bulk0', order: 'top', createdUntil: FAR_FUTURE, limit: 2 });
    const bulk0Scores = Array.from({ length: LINES }, (_, i) => i).filter((i) => i % 3 === 0).map((i) => i % 500).sort((a, b) => b - a);
    expect(top.map((p) => p.score)).toEqual(bulk0Scores.slice(0, 2));
    const again = await cli('import', 'forum', 'reddit-ndjson', join(dir, 'bulk.ndjson'));
    expect(again.out).toMatch(new RegExp(`^imported 0, updated ${LINES}, skipped 0 `));
  }, 120_000);
});

describe('import microblog', () => {
  it('twitter-archive: the account from account.js, tweets from data/tweets.js with replies, media and counts', async () => {
    const result = await cli('import', 'microblog', 'twitter-archive', fixture('twitter-archive'));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 4, updated 0, skipped 1 /);
    expect(result.out).toContain('skipped tweets.js record 3: created_at: expected a date like "Wed Oct 10 20:19:24 +0000 2018", got "10/10/2018"');
    const messages = await store.microblog.userMessages({ username: 'adacodes', includeReplies: true, includeReposts: true, limit: 10 });
    expect(messages.map((m) => m.id)).toEqual(['1050120000000000000', '1050119000000000000', '1050118621198921728']);
    expect(messages[2]).toMatchObject({
      text: 'Parsing is just pattern matching with feelings', author: 'AdaCodes', likeCount: 12, repostCount: 3,
      createdAt: '2018-10-10T20:19:24.000Z', url: 'https://x.com/AdaCodes/status/1050118621198921728', media: [],
    });
    expect(messages[1]!.media).toEqual([
      { type: 'photo', url: 'https://pbs.twimg.com/media/one.jpg' },
      { type: 'photo', url: 'https://pbs.twimg.com/media/two.jpg' },
    ]);
    const replies = await store.microblog.messageReplies({ messageId: '1050118621198921728', limit: 10 });
    expect(replies.map((m) => m.id)).toEqual(['1050119000000000000']);
    // only replies excluded
    const own = await store.microblog.userMessages({ username: 'AdaCodes', includeReplies: false, includeReposts: true, limit: 10 });
    expect(own.map((m) => m.id)).toEqual(['1050120000000000000', '1050118621198921728']);
  });

  it('twitter-archive: the data/tweets.js file alone reads account.js beside it; re-importing updates', async () => {
    const result = await cli('import', 'microblog', 'twitter-archive', fixture('twitter-archive', 'data', 'tweets.js'));
    expect(result.out).toMatch(/^imported 0, updated 4, skipped 1 /);
  });

  it('twitter-v2: users from includes.users, replies and retweets from referenced_tweets, media from includes.media', async () => {
    const result = await cli('import', 'microblog', 'twitter-v2', fixture('twitter-v2', 'timeline.json'));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 5, updated 0, skipped 1 /);
    expect(result.out).toContain('skipped timeline.json response 1 tweet 4: author_id 999 is not in includes.users');
    const [shipped] = await store.microblog.userMessages({ username: 'twitterdev', includeReplies: true, includeReposts: true, limit: 10 });
    expect(shipped).toMatchObject({
      id: '1700000000000000100', likeCount: 25, repostCount: 4, replyCount: 1, quoteCount: 2, viewCount: 1800, isRepost: false,
      media: [{ type: 'photo', url: 'https://pbs.twimg.com/media/ship.jpg' }], url: 'https://x.com/TwitterDev/status/1700000000000000100',
    });
    const byX = await store.microblog.userMessages({ username: 'X', includeReplies: true, includeReposts: true, limit: 10 });
    expect(byX.map((m) => [m.id, m.isRepost])).toEqual([['1700000000000000300', true], ['1700000000000000200', false]]);
    expect((byX[0]!.repostedMessage as { id: string } | null)?.id).toBe('1700000000000000100');
    const replies = await store.microblog.messageReplies({ messageId: '1700000000000000100', limit: 10 });
    expect(replies.map((m) => m.id)).toEqual(['1700000000000000200']);
    const user = await store.db.selectFrom('microblog_users').selectAll().where('username_key', '=', 'twitterdev').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ id: '2244994945', display_name: 'Developers', is_verified: 1 });
    expect(Number(user.follower_count)).toBe(570000);
  });
});

describe('import video youtube-v3', () => {
  it('maps videos.list and search.list items: ISO 8601 durations, string statistics, blocked regions, live', async () => {
    const result = await cli('import', 'video', 'youtube-v3', fixture('youtube'));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 3, updated 0, skipped 1 /);
    expect(result.out).toContain('skipped videos.json response 1 item 3: contentDetails.duration: expected an ISO 8601 duration, got "3 minutes"');
    expect(await store.video.video('dQw4w9WgXcQ')).toEqual({
      id: 'dQw4w9WgXcQ', channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw', channelName: 'Rick Astley', channelVerified: false,
      title: 'Never Gonna Give You Up (Official Video)', views: 1_500_000_000, durationSeconds: 213,
      publishedAt: Date.parse('2009-10-25T06:57:33Z'), type: 'VIDEO', isLive: false,
    });
    expect(await store.video.video('live12345ab')).toMatchObject({ durationSeconds: 93_600, views: 42, isLive: true });
    expect(await store.video.video('yPYZpwSpKmA')).toMatchObject({ views: 0, durationSeconds: 0, title: 'Together Forever' });
    const search = (geoCode: 'US' | 'DE') =>
      store.video.search({ terms: ['never', 'gonna'], since: 0, until: FAR_FUTURE.getTime(), type: 'VIDEO', geoCode, offset: 0, limit: 10 });
    expect((await search('US')).videos.map((v) => v.id)).toEqual(['dQw4w9WgXcQ']);
    expect((await search('DE')).videos).toEqual([]); // blocked there
    const rick = (await store.video.video('dQw4w9WgXcQ'))!;
    expect((await store.video.related(rick, 10)).map((v) => v.id)).toContain('yPYZpwSpKmA');
  });

  it('re-importing keeps each video (its full-text row) and updates it', async () => {
    const nums = await store.db.selectFrom('video_videos').select(['id', 'num']).orderBy('id').execute();
    const result = await cli('import', 'video', 'youtube-v3', fixture('youtube', 'videos.json'));
    expect(result.out).toMatch(/^imported 0, updated 3, skipped 1 /);
    expect(await store.db.selectFrom('video_videos').select(['id', 'num']).orderBy('id').execute()).toEqual(nums);
    const search = await store.video.search({ terms: ['together'], since: 0, until: FAR_FUTURE.getTime(), type: 'VIDEO', geoCode: 'US', offset: 0, limit: 10 });
    expect(search.videos.map((v) => v.id)).toEqual(['yPYZpwSpKmA']);
  });
});

describe('import shortvideo tiktok', () => {
  it('maps research API videos and comments; ids past 2^53 stay exact', async () => {
    const result = await cli('import', 'shortvideo', 'tiktok', fixture('tiktok', 'videos.json'));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^imported 5, updated 0, skipped 1 /);
    expect(result.out).toContain('skipped videos.json response 1 video 3: create_time: expected epoch seconds, got "yesterday"');
    const videos = await store.shortvideo.userPosts({ username: 'dance.daily', limit: 10 });
    expect(videos.map((v) => v.id)).toEqual(['7221451285413948678', '7221451285413948677']);
    expect(videos[1]).toMatchObject({
      description: 'Trying the new trend #dance', likeCount: 5400, commentCount: 3, shareCount: 120, viewCount: 98000, duration: 15,
      createdAt: '2023-04-12T11:46:40.000Z', videoUrl: 'https://www.tiktok.com/@dance.daily/video/7221451285413948677',
    });
    const comments = await store.shortvideo.videoComments({ videoId: '7221451285413948677', sort: 'oldest', limit: 10 });
    expect(comments.map((c) => [c.id, c.replyCount])).toEqual([['7221500000000000003', 0], ['7221500000000000001', 1]]);
  });
});

describe('import professional linkedin-export', () => {
  it('builds the profile and its sections from the CSVs, and positions at companies', async () => {
    const result = await cli('import', 'professional', 'linkedin-export', fixture('linkedin'));
    expect(result.code).toBe(1);
    expect(result.out).toContain('skipped Positions.csv line 4: Started On: expected a date like "Mar 2021" or "2021", got "sometime in 1944"');
    const profile = await store.professional.profile({
      username: 'grace-hopper', sections: ['experiences', 'skills', 'educations', 'certifications', 'follower_and_connection'],
    });
    expect(profile).toMatchObject({
      public_identifier: 'grace-hopper', first_name: 'Grace', last_name: 'Hopper', full_name: 'Grace Hopper',
      headline: 'Rear Admiral and computer scientist', birth: { day: 9, month: 12, year: 0 },
      location: { city: 'Arlington', country: 'United States', line1: '1 Navy Way', postal_code: '20001' },
      website: { url: 'https://grace.example.org' },
      follower_and_connection: { follower_count: 0, connection_count: 2 },
      skills: [
        { skill: 'Compilers', num_endorsements: 0, is_passed_skill_assessment: false },
        { skill: 'COBOL', num_endorsements: 0, is_passed_skill_assessment: false },
        { skill: 'Mathematics', num_endorsements: 0, is_passed_skill_assessment: false },
      ],
      certifications: [{ title: 'Computer Sciences Man of the Year', authority: 'DPMA', credential_url: 'https://example.org/award', issued_at: 'Jan 1969' }],
    });
    expect(profile!.experiences!.map((e) => [e.title, e.date])).toEqual([
      ['Rear Admiral', { start: 'Jan 1967', end: 'Aug 1986' }],
      ['Senior Mathematician', { start: '1949', end: 'Present' }],
    ]);
    expect(profile!.educations!.map((e) => e.school)).toEqual(['Yale University', 'Vassar College']);
    const current = await store.professional.companyEmployees({ companyId: 'linkedin-company-eckert-mauchly-computer-corporation', limit: 10 });
    expect(current.total).toBe(1);
    const past = await store.professional.companyEmployees({ companyId: 'linkedin-company-united-states-navy', limit: 10 });
    expect(past.total).toBe(0); // finished in 1986: not a current position
    const again = await cli('import', 'professional', 'linkedin-export', fixture('linkedin'));
    expect(again.out).toMatch(/^imported 0, updated 3, skipped 1 /);
  });
});

describe('import progress', () => {
  it('writes a plain line at most every two seconds when stderr is not a terminal', () => {
    const lines: string[] = [];
    let now = 0;
    const progress = importProgress({ out: () => {}, err: (t) => lines.push(t), interactive: false }, () => now);
    const counts = (n: number) => ({ imported: n, updated: 0, skipped: 0, skips: [], tables: {} });
    now = 1_000;
    progress.update(counts(5_000), { bytesRead: 1024 * 1024, totalBytes: 4 * 1024 * 1024 });
    now = 2_500;
    progress.update(counts(10_000), { bytesRead: 2 * 1024 * 1024, totalBytes: 4 * 1024 * 1024 });
    expect(lines).toEqual(['import: 10000 records, 4000/s, 2.0 MiB of 4.0 MiB']);
  });
});
