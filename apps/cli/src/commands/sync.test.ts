import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@socialquery/store';
import { createTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import {
  fakeReddit,
  fakeSpotify,
  fakeTiktok,
  fakeX,
  fakeYoutube,
  SPOTIFY_CLIENT_SECRET,
  spotifyAlbums,
  spotifyId,
  TIKTOK_CLIENT_SECRET,
  tiktokVideos,
  X_BEARER_TOKEN,
  xPosts,
  REDDIT_CLIENT_ID,
  REDDIT_CLIENT_SECRET,
  redditPosts,
  YOUTUBE_API_KEY,
  youtubeVideos,
} from '@socialquery/sync/testing';
import { SyncLease, systemClock } from '@socialquery/sync';
import type { Io } from '../io.js';
import { runCli } from '../program.js';

const NOW_S = Math.floor(Date.now() / 1000);
const CHANNEL = 'UCabcdefghijklmnopqrstuv';
const VARIABLES = [
  'SOCIALQUERY_REDDIT_CLIENT_ID',
  'SOCIALQUERY_REDDIT_CLIENT_SECRET',
  'SOCIALQUERY_REDDIT_API_URL',
  'SOCIALQUERY_REDDIT_AUTH_URL',
  'SOCIALQUERY_YOUTUBE_API_KEY',
  'SOCIALQUERY_YOUTUBE_API_URL',
  'SOCIALQUERY_SPOTIFY_CLIENT_ID',
  'SOCIALQUERY_SPOTIFY_CLIENT_SECRET',
  'SOCIALQUERY_SPOTIFY_API_URL',
  'SOCIALQUERY_SPOTIFY_AUTH_URL',
  'SOCIALQUERY_X_BEARER_TOKEN',
  'SOCIALQUERY_X_API_URL',
  'SOCIALQUERY_TIKTOK_CLIENT_KEY',
  'SOCIALQUERY_TIKTOK_CLIENT_SECRET',
  'SOCIALQUERY_TIKTOK_API_URL',
  'SOCIALQUERY_TIKTOK_AUTH_URL',
];
const ARTIST = spotifyId('art', 1);

let target: TestStoreAddress;
let reddit: Awaited<ReturnType<typeof fakeReddit>>;
let youtube: Awaited<ReturnType<typeof fakeYoutube>>;
let spotify: Awaited<ReturnType<typeof fakeSpotify>>;
let x: Awaited<ReturnType<typeof fakeX>>;
let tiktok: Awaited<ReturnType<typeof fakeTiktok>>;
let dir: string;
beforeAll(async () => {
  target = await createTestStoreAddress({ shared: true });
  reddit = await fakeReddit();
  reddit.posts.push(...redditPosts(120, 'programming', NOW_S));
  youtube = await fakeYoutube();
  youtube.videos.push(...youtubeVideos(3, CHANNEL, Date.now()));
  spotify = await fakeSpotify();
  spotify.artists.push({ id: ARTIST, name: 'The Fakes', followers: 10 });
  spotify.albums.push(...spotifyAlbums(3, ARTIST, '2026-01-01'));
  x = await fakeX();
  x.users.push({ id: '1001', username: 'fakeuser', name: 'Fake', followers: [] });
  x.posts.push(...xPosts(5, '1001', Date.now()));
  tiktok = await fakeTiktok();
  tiktok.videos.push(...tiktokVideos(4, 'dance.daily', Date.now()));
  dir = await mkdtemp(join(tmpdir(), 'sq-cli-sync-'));
  Object.assign(process.env, {
    SOCIALQUERY_REDDIT_CLIENT_ID: REDDIT_CLIENT_ID,
    SOCIALQUERY_REDDIT_CLIENT_SECRET: REDDIT_CLIENT_SECRET,
    SOCIALQUERY_REDDIT_API_URL: reddit.url,
    SOCIALQUERY_REDDIT_AUTH_URL: `${reddit.url}/api/v1/access_token`,
    SOCIALQUERY_YOUTUBE_API_KEY: YOUTUBE_API_KEY,
    SOCIALQUERY_YOUTUBE_API_URL: youtube.url,
    ...spotify.env(),
    ...x.env(),
    ...tiktok.env(),
  });
});
afterAll(async () => {
  for (const name of VARIABLES) delete process.env[name];
  await reddit.close();
  await youtube.close();
  await spotify.close();
  await x.close();
  await tiktok.close();
  await rm(dir, { recursive: true, force: true });
  await target.drop();
});

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), interactive: false };
  const code = await runCli(['--store', target.address, ...args], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `text` as a regular expression matching itself. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const requestCounts = () => [reddit, youtube, spotify, x, tiktok].map((fake) => fake.requests.length);

/** Everything sync writes in the store: targets (their checkpoints and history), settings (the quota ledgers), the lease, records. */
async function storeState() {
  const store = await openStore(target.address);
  const count = async (
    table: 'forum_posts' | 'video_videos' | 'music_albums' | 'microblog_messages' | 'shortvideo_videos',
  ) =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  try {
    return {
      targets: await store.db.selectFrom('sync_targets').selectAll().orderBy('key').execute(),
      settings: await store.db.selectFrom('settings').selectAll().orderBy('key').execute(),
      lease: await store.db.selectFrom('sync_lease').selectAll().execute(),
      records: await Promise.all(
        (['forum_posts', 'video_videos', 'music_albums', 'microblog_messages', 'shortvideo_videos'] as const).map(
          count,
        ),
      ),
    };
  } finally {
    await store.close();
  }
}

describe('socialquery sync', () => {
  it('--help on each command', async () => {
    const help = await cli('sync', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/forum \[options\][\s\S]*video \[options\][\s\S]*run \[options\][\s\S]*status/);
    expect(help.out).toContain('SOCIALQUERY_YOUTUBE_API_KEY');
    expect((await cli('sync', 'forum', '--help')).out).toMatch(
      /--community <name>[\s\S]*--timeframe <window>[\s\S]*--search <query>[\s\S]*--refresh <n>/,
    );
    expect((await cli('sync', 'video', '--help')).out).toMatch(
      /--channel <id>[\s\S]*--comments <videoId>[\s\S]*--channel-comments <channelId>[\s\S]*--all-replies[\s\S]*--refresh <n>/,
    );
    expect((await cli('sync', 'run', '--help')).out).toContain('--targets <file>');
    expect((await cli('sync', 'music', '--help')).out).toMatch(
      /--artist <id>[\s\S]*--playlist <id>[\s\S]*--show <id>[\s\S]*--every/,
    );
    expect((await cli('sync', 'microblog', '--help')).out).toMatch(
      /--user <username>[\s\S]*--mentions <username>[\s\S]*--search <query>[\s\S]*--conversation <id>[\s\S]*--followers <username>[\s\S]*--loop/,
    );
    expect((await cli('sync', 'shortvideo', '--help')).out).toMatch(/--user <username>[\s\S]*--pages <n>/);
    expect(help.out).toContain('SOCIALQUERY_X_BEARER_TOKEN');
    expect((await cli('--help')).out).toContain('reindex, sync');
    expect(help.out).toMatch(/status[\s\S]*remove <key\.\.\.>[\s\S]*check \[options\] \[platform\.\.\.\]/);
    for (const command of ['run', 'forum', 'video', 'music', 'microblog', 'shortvideo'])
      expect((await cli('sync', command, '--help')).out).toMatch(/--dry-run +show what the run would fetch/);
    expect((await cli('sync', 'remove', '--help')).out).toMatch(/forget stored targets[\s\S]*All or none/);
    expect((await cli('sync', 'check', '--help')).out).toMatch(
      /check each platform's credentials[\s\S]*video \(youtube\): 1 quota unit \(channels\.list\)[\s\S]*Exit codes/,
    );
  });

  it('the professional network: exit 2 with why; a bad music, microblog or shortvideo target: exit 2', async () => {
    expect(await cli('sync', 'professional', '--company', 'x')).toMatchObject({
      code: 2,
      err: expect.stringContaining('error: the professional network has no public API'),
    });
    expect(await cli('sync', 'music')).toMatchObject({
      code: 2,
      err: 'error: a music target names exactly one of artist, playlist or show',
    });
    expect(await cli('sync', 'microblog', '--user', 'a', '--followers', 'b')).toMatchObject({
      code: 2,
      err: 'error: a microblog target names exactly one of user, mentions, search, conversation or followers',
    });
    expect(await cli('sync', 'shortvideo')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^error: target\.user: /),
    });
    expect(await cli('sync', 'forum', '--community', 'a', '--user', 'b')).toMatchObject({
      code: 2,
      err: 'error: a forum target names exactly one of community, search (with a community or not), user or post',
    });
  });

  it('sync forum: progress on stderr, a summary line; a second run is incremental', async () => {
    const first = await cli('sync', 'forum', '--community', 'programming', '--every', '10m');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /^forum:community:programming:new: 2 pages, 120 new, 0 updated, caught up \(\d+\.\d s\)$/,
    );
    expect(first.err).toContain('forum:community:programming:new: page 2: 20 new, 0 updated');
    const again = await cli('sync', 'forum', '--community', 'programming');
    expect(again.out).toMatch(/^forum:community:programming:new: 0 pages, 0 new, 0 updated, caught up/);
    const store = await openStore(target.address);
    try {
      const { n } = await store.db
        .selectFrom('forum_posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(120);
    } finally {
      await store.close();
    }
  });

  it('sync run: one target failing (exit 1) while the others are stored; sync status shows each', async () => {
    const file = join(dir, 'sync.json');
    await writeFile(
      file,
      JSON.stringify({
        targets: [
          { platform: 'forum', post: 'nosuch' },
          { platform: 'video', channel: CHANNEL, every: '1h' },
        ],
      }),
    );
    const result = await cli('sync', 'run', '--targets', file);
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toEqual([
      expect.stringMatching(
        /^forum:post:nosuch: 0 pages, 0 new, 0 updated, failed: reddit: GET \/comments\/nosuch answered 404: Not Found/,
      ),
      expect.stringMatching(/^video:channel:UCabcdefghijklmnopqrstuv: 2 pages, 4 new, 0 updated, caught up/),
    ]);
    const status = await cli('sync', 'status');
    expect(status.code).toBe(0);
    const lines = status.out.split('\n');
    expect(lines[0]).toMatch(/^target +last success +last run +next run +last error$/);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/))).toEqual([
      [
        'forum:community:programming:new',
        expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        expect.stringMatching(/^(caught up|refreshed|stopped at the page limit)$/),
        expect.any(String),
        '-',
      ],
      [
        'forum:post:nosuch',
        '-',
        'failed',
        expect.any(String),
        expect.stringMatching(/Z reddit: GET \/comments\/nosuch answered 404: Not Found$/),
      ],
      ['video:channel:UCabcdefghijklmnopqrstuv', expect.any(String), 'caught up', expect.any(String), '-'],
    ]);
    const json = JSON.parse((await cli('sync', 'status', '--json')).out) as { key: string; runs: number }[];
    expect(json.map((state) => [state.key, state.runs])).toEqual([
      ['forum:community:programming:new', 2],
      ['forum:post:nosuch', 1],
      ['video:channel:UCabcdefghijklmnopqrstuv', 1],
    ]);
    for (const text of [result.out, result.err, status.out]) {
      for (const secret of [REDDIT_CLIENT_SECRET, YOUTUBE_API_KEY]) expect(text).not.toContain(secret);
    }
  });

  it('a quota stop says whose quota it was, and how much of it was used: the summary line, sync status and its JSON', async () => {
    // a store of its own: the day's YouTube ledger of the shared one stays as the other tests expect it
    const own = await createTestStoreAddress({ shared: true });
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const io: Io = { out: (t) => out.push(t), err: () => {}, interactive: false };
      return { code: await runCli(['--store', own.address, ...args], io), out: out.join('\n') };
    };
    try {
      // sync's own budget: 1 unit a day, spent by channels.list; playlistItems.list is not sent
      process.env.SOCIALQUERY_YOUTUBE_DAILY_QUOTA = '1';
      const budget = await run('sync', 'video', '--channel', CHANNEL);
      delete process.env.SOCIALQUERY_YOUTUBE_DAILY_QUOTA;
      const BUDGET =
        "stopped: quota budget reached (sync's own budget, SOCIALQUERY_YOUTUBE_DAILY_QUOTA: 1 of 1 units used today; playlistItems.list costs 1)";
      expect(budget).toMatchObject({ code: 0 });
      expect(budget.out).toMatch(
        new RegExp(`^video:channel:${CHANNEL}: 1 page, 1 new, 0 updated, ${escape(BUDGET)} \\(`),
      );
      // the platform's quota: Google answers 403 quotaExceeded to the next call
      youtube.fail('/commentThreads', {
        status: 403,
        body: {
          error: {
            code: 403,
            message: 'The request cannot be completed because you have exceeded your quota.',
            errors: [{ message: 'quota', domain: 'youtube.quota', reason: 'quotaExceeded' }],
          },
        },
      });
      const platform = await run('sync', 'video', '--comments', 'dQw4w9WgXcQ');
      const PLATFORM =
        "stopped: platform quota reached (YouTube's quota for the project is spent: the API answered 403 quotaExceeded; sync had used 2 of its 10000 units today)";
      expect(platform).toMatchObject({ code: 0 });
      expect(platform.out).toMatch(
        new RegExp(`^video:comments:dQw4w9WgXcQ: 0 pages, 0 new, 0 updated, ${escape(PLATFORM)} \\(`),
      );
      const status = await run('sync', 'status');
      expect(
        status.out
          .split('\n')
          .slice(1)
          .map((line) => line.split(/ {2,}/)[2]),
      ).toEqual([BUDGET, PLATFORM]);
      const json = JSON.parse((await run('sync', 'status', '--json')).out) as Record<string, unknown>[];
      expect(json).toEqual([
        expect.objectContaining({
          key: `video:channel:${CHANNEL}`,
          lastStopped: 'budget',
          lastDetail: BUDGET.replace(/^stopped: /, ''),
          lastQuota: {
            whose: 'budget',
            api: 'youtube',
            unit: 'units',
            used: 1,
            budget: 1,
            variable: 'SOCIALQUERY_YOUTUBE_DAILY_QUOTA',
            call: 'playlistItems.list',
            cost: 1,
            resumesAt: expect.any(Number),
          },
        }),
        expect.objectContaining({
          key: 'video:comments:dQw4w9WgXcQ',
          lastStopped: 'budget',
          lastDetail: PLATFORM.replace(/^stopped: /, ''),
          lastQuota: {
            whose: 'platform',
            api: 'youtube',
            unit: 'units',
            used: 2,
            budget: 10000,
            answer: '403 quotaExceeded',
            resumesAt: expect.any(Number),
          },
        }),
      ]);
    } finally {
      delete process.env.SOCIALQUERY_YOUTUBE_DAILY_QUOTA;
      await own.drop();
    }
  });

  it('--loop: runs on the interval holding the lease until Ctrl-C (SIGINT)', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = {
      out: (text) => {
        out.push(text);
        // the first run's summary: stop as Ctrl-C would
        process.emit('SIGINT');
      },
      err: (text) => err.push(text),
      interactive: false,
    };
    const code = await runCli(
      ['--store', target.address, 'sync', 'forum', '--user', 'author1', '--loop', '--every', '30s'],
      io,
    );
    expect(code).toBe(0);
    expect(err.slice(0, 2)).toEqual(['syncing 1 target on their intervals; Ctrl-C stops', 'holding the sync lease']);
    expect(out).toEqual([
      expect.stringMatching(/^forum:user:author1: 1 page, 0 new, 0 updated, 40 unchanged, caught up/),
    ]);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });

  it('a bad targets file, a missing credential: clear errors', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ targets: [{ platform: 'video', channel: 'UCshort' }] }));
    expect(await cli('sync', 'run', '--targets', file)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^error: .*bad\.json:1: targets\[0\]\.channel: a channel id/),
    });
    const key = process.env.SOCIALQUERY_YOUTUBE_API_KEY;
    delete process.env.SOCIALQUERY_YOUTUBE_API_KEY;
    try {
      expect(await cli('sync', 'video', '--search', 'cooking')).toMatchObject({
        code: 1,
        out: expect.stringContaining('failed: youtube credentials are not configured: set SOCIALQUERY_YOUTUBE_API_KEY'),
      });
    } finally {
      process.env.SOCIALQUERY_YOUTUBE_API_KEY = key;
    }
    expect(await cli('sync', 'video', '--channel', CHANNEL, '--refresh', '501')).toMatchObject({
      code: 1,
      err: expect.stringContaining('expected a whole number from 0 to 500'),
    });
    expect(await cli('sync', 'video', '--search', 'cooking', '--refresh', '5')).toMatchObject({
      code: 2,
      err: expect.stringContaining('refresh goes with channel'),
    });
    expect(await cli('sync', 'video', '--channel', CHANNEL, '--all-replies')).toMatchObject({
      code: 2,
      err: expect.stringContaining('allReplies goes with comments or channelComments'),
    });
    expect(await cli('sync', 'forum', '--community', 'a', '--every', 'often')).toMatchObject({
      code: 1,
      err: expect.stringContaining('expected a duration such as 30s, 10m, 1h or 1d'),
    });
  });

  it('sync music, microblog and shortvideo: a summary line each; a second run fetches nothing old', async () => {
    const music = await cli('sync', 'music', '--artist', ARTIST, '--every', '1d');
    expect(music).toMatchObject({ code: 0 });
    expect(music.out).toMatch(new RegExp(`^music:artist:${ARTIST}: 2 pages, \\d+ new, 0 updated, caught up`));
    const microblog = await cli('sync', 'microblog', '--user', '@fakeuser', '--pages', '3');
    expect(microblog.out).toMatch(/^microblog:user:fakeuser: 2 pages, 6 new, 0 updated, 1 unchanged, caught up/);
    const again = await cli('sync', 'microblog', '--user', 'fakeuser');
    expect(again.out).toMatch(/^microblog:user:fakeuser: 1 page, 0 new, 0 updated, 1 unchanged, caught up/);
    const shortvideo = await cli('sync', 'shortvideo', '--user', 'dance.daily');
    expect(shortvideo.out).toMatch(/^shortvideo:user:dance\.daily: 1 page, 4 new, 0 updated, caught up/);
    for (const text of [music.out, music.err, microblog.err, shortvideo.err])
      for (const secret of [SPOTIFY_CLIENT_SECRET, X_BEARER_TOKEN, TIKTOK_CLIENT_SECRET])
        expect(text).not.toContain(secret);
  });

  it('a targets file with several problems: every one listed with its line; nothing runs, nothing is written', async () => {
    const file = join(dir, 'many.json');
    await writeFile(
      file,
      JSON.stringify(
        {
          targets: [
            { platform: 'forum', community: 'programming' },
            { platform: 'video', channel: 'UCshort', every: 'often' },
            { platform: 'forum' },
            { platform: 'forum', community: 'Programming' },
          ],
        },
        null,
        2,
      ),
    );
    const before = await storeState();
    const sent = requestCounts();
    const result = await cli('sync', 'run', '--targets', file);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^error: ${file}:9: targets\\[1\\]\\.channel: a channel id`)),
      `error: ${file}:10: targets[1].every: expected a duration such as 30s, 10m, 1h or 1d`,
      `error: ${file}:12: targets[2]: a forum target names exactly one of community, search (with a community or not), user or post`,
      `error: ${file}:15: targets[3]: forum:community:programming:new is declared twice (first at targets[0], line 3)`,
      `error: 4 problems in ${file}: nothing was run`,
    ]);
    expect(result.out).toBe('');
    expect(requestCounts()).toEqual(sent);
    expect(await storeState()).toEqual(before);
  });

  it('--dry-run: what each target would fetch, with its checkpoint and quota; no request upstream, nothing written', async () => {
    const file = join(dir, 'dry.json');
    await writeFile(
      file,
      JSON.stringify({
        targets: [
          { platform: 'forum', community: 'programming' },
          { platform: 'video', channel: CHANNEL },
          { platform: 'video', search: 'sourdough' },
          { platform: 'shortvideo', user: 'dance.daily' },
        ],
      }),
    );
    const before = await storeState();
    const sent = requestCounts();
    const dry = await cli('sync', 'run', '--targets', file, '--dry-run');
    expect(dry).toMatchObject({ code: 0, err: 'dry run: 4 targets; nothing is fetched and nothing is written' });
    const lines = dry.out.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      expect.stringMatching(/^forum:community:programming:new: would run now \(last success \d{4}-.*Z\)$/),
      expect.stringMatching(/^ {2}checkpoint: \{"newest":\{"name":"t3_p1","created":\d+\}\}$/),
      '  first request: GET /r/programming/new?limit=100',
      expect.stringMatching(/^ {2}reads: the posts newer than t3_p1 \(.*\), at most 10 pages of 100$/),
    ]);
    expect(lines).toContain(
      `  first request: GET /playlistItems?part=snippet,contentDetails&playlistId=UU${CHANNEL.slice(2)}&maxResults=50`,
    );
    expect(lines).toContain('video:search:sourdough: would run now (never run: a first run)');
    expect(lines).toContain(
      '  first request: GET /search?part=snippet&q=sourdough&type=video&order=date&maxResults=50',
    );
    expect(lines.filter((line) => line.startsWith('  youtube quota: '))).toEqual([
      expect.stringMatching(/^ {2}youtube quota: 2 to 21 units \(\d+ of 10000 used today\)$/),
      expect.stringMatching(/^ {2}youtube quota: 100 to 101 units \(\d+ of 10000 used today\)$/),
    ]);
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^youtube quota, all targets: 102 to 122 units \(\d+ of 10000 used today\)$/),
      expect.stringMatching(/^tiktok quota, all targets: 1 to 20 requests \(\d+ of 1000 used today\)$/),
    ]);
    expect(requestCounts()).toEqual(sent);
    expect(await storeState()).toEqual(before);

    // a platform command, and --loop: the schedule's next turn, without taking the lease or waiting
    const loop = await cli('sync', 'forum', '--community', 'programming', '--loop', '--dry-run');
    expect(loop.code).toBe(0);
    expect(loop.out.split('\n')[0]).toMatch(
      /^forum:community:programming:new: would wait until \d{4}-.*Z \(its next run\) \(last success .*\)$/,
    );
    const video = await cli('sync', 'video', '--channel', CHANNEL, '--refresh', '0', '--dry-run');
    expect(video.out).toMatch(/youtube quota: 1 to 20 units/);
    // comment threads: of a video, or of a channel's videos (1 unit a page)
    const comments = await cli('sync', 'video', '--comments', 'dQw4w9WgXcQ', '--pages', '3', '--dry-run');
    expect(comments.out).toContain('video:comments:dQw4w9WgXcQ: would run now (never run: a first run)');
    expect(comments.out).toContain(
      'first request: GET /commentThreads?part=snippet,replies&videoId=dQw4w9WgXcQ&order=time&maxResults=100&textFormat=plainText',
    );
    expect(comments.out).toMatch(/youtube quota: 1 to 3 units/);
    const channelComments = await cli('sync', 'video', '--channel-comments', CHANNEL, '--dry-run');
    expect(channelComments.out).toContain(`video:channel-comments:${CHANNEL}`);
    expect(channelComments.out).toContain(`allThreadsRelatedToChannelId=${CHANNEL}`);
    // every reply of a thread with more than 5 (comments.list): the same key, a comments.list page more a thread at most
    const allReplies = await cli(
      'sync',
      'video',
      '--comments',
      'dQw4w9WgXcQ',
      '--pages',
      '3',
      '--all-replies',
      '--dry-run',
    );
    expect(allReplies.out).toContain('video:comments:dQw4w9WgXcQ: would run now (never run: a first run)');
    expect(allReplies.out).toContain(
      'all of them: GET /comments?part=snippet&parentId=<thread id>&maxResults=100&textFormat=plainText (comments.list, 100 a page, 1 unit each',
    );
    expect(allReplies.out).toMatch(/youtube quota: 1 to 303 units/);
    // the new targets' flags reach their targets
    const top = await cli(
      'sync',
      'forum',
      '--community',
      'programming',
      '--listing',
      'top',
      '--timeframe',
      'week',
      '--dry-run',
    );
    expect(top.out).toContain('forum:community:programming:top:week');
    expect(top.out).toContain('GET /r/programming/top?limit=100&t=week');
    const refresh = await cli('sync', 'forum', '--user', 'author1', '--refresh', '150', '--dry-run');
    expect(refresh.out).toContain('then the 150 newest posts earlier runs stored, again (GET /api/info, 2 requests)');
    const mentions = await cli('sync', 'microblog', '--mentions', '@XDevelopers', '--dry-run');
    expect(mentions.out).toContain('microblog:mentions:xdevelopers');
    expect(mentions.out).toContain(
      'reads: the user, then the newest posts mentioning @XDevelopers (a first run), at most 8 pages',
    );
    expect(requestCounts()).toEqual(sent);
    expect(await storeState()).toEqual(before);
  });

  it('sync remove: forgets a target and its checkpoint; status no longer lists it; run again, it starts afresh', async () => {
    const key = 'forum:community:programming:new';
    const stored = async () => (await storeState()).targets.map((row) => row.key);
    expect(await stored()).toContain(key);
    const unknown = await cli('sync', 'remove', key, 'forum:community:nosuch:new');
    expect(unknown).toMatchObject({
      code: 2,
      out: '',
      err: 'error: no stored target forum:community:nosuch:new\nerror: nothing removed (sync status lists the stored targets)',
    });
    expect(await stored()).toContain(key);
    expect(await cli('sync', 'remove', 'forum:community:Programming:new')).toMatchObject({
      code: 2,
      err: expect.stringContaining(`error: no stored target forum:community:Programming:new (did you mean ${key}?)`),
    });

    const before = await storeState();
    // a schedule running on the store (another process holds the lease): the removal says it may run it again
    const store = await openStore(target.address);
    const lease = new SyncLease(store.db, 'another-process', 60_000, systemClock);
    await lease.acquire();
    const removed = await cli('sync', 'remove', key);
    await lease.release();
    await store.close();
    expect(removed).toMatchObject({
      code: 0,
      out: `removed ${key}`,
      err: expect.stringMatching(/^note: a sync schedule is running on this store \(it holds the lease\)/),
    });
    const after = await storeState();
    expect(after.targets).toEqual(before.targets.filter((row) => row.key !== key));
    expect(after.records).toEqual(before.records);
    expect((await cli('sync', 'status')).out).not.toContain(key);
    expect((await cli('sync', 'forum', '--community', 'programming', '--dry-run')).out.split('\n').slice(0, 2)).toEqual(
      [`${key}: would run now (never run: a first run)`, '  checkpoint: none'],
    );
    // declared again: a first run, walking the whole listing (its posts were stored: they update)
    expect((await cli('sync', 'forum', '--community', 'programming')).out).toMatch(
      /^forum:community:programming:new: 2 pages, 0 new, 0 updated, 120 unchanged, caught up/,
    );
  });

  it('sync check: each platform ok with one request; a wrong or unreachable one fails (exit 1), masked', async () => {
    const sent = requestCounts();
    const ok = await cli('sync', 'check');
    expect(ok).toMatchObject({ code: 0, err: '' });
    expect(ok.out.split('\n')).toEqual([
      'forum (reddit): ok: POST /api/v1/access_token; cost: one token request, no API request',
      "video (youtube): ok: GET /channels?part=id&id=UC_x5XG1OV2P6uZZ5FSM9Ttw; cost: 1 quota unit (channels.list), not counted in the store's ledger",
      'music (spotify): ok: POST /api/token; cost: one token request, no API request',
      "microblog (x): ok: GET /users/by/username/XDevelopers; cost: a request of the user lookup's 15-minute window, and one user read",
      'shortvideo (tiktok): ok: POST /v2/oauth/token/; cost: one token request, no Research API request',
    ]);
    expect(requestCounts().map((n, i) => n - sent[i]!)).toEqual([1, 1, 1, 1, 1]);

    const saved = { ...process.env };
    const closed = await fakeX();
    await closed.close();
    try {
      Object.assign(process.env, {
        SOCIALQUERY_X_BEARER_TOKEN: 'wrong-bearer-token-0000',
        SOCIALQUERY_SPOTIFY_AUTH_URL: `${closed.url}/api/token`,
      });
      const bad = await cli('sync', 'check');
      expect(bad.code).toBe(1);
      expect(bad.out.split('\n')).toEqual([
        expect.stringMatching(/^forum \(reddit\): ok: /),
        expect.stringMatching(/^video \(youtube\): ok: /),
        'music (spotify): failed: spotify: POST /api/token: no answer (ECONNREFUSED) after 1 tries',
        'microblog (x): failed: x: GET /users/by/username/XDevelopers answered 401: Unauthorized',
        expect.stringMatching(/^shortvideo \(tiktok\): ok: /),
      ]);
      process.env.SOCIALQUERY_YOUTUBE_API_KEY = 'AIzaWrongKey-0000';
      const key = await cli('sync', 'check', 'video', '--json');
      expect(key.code).toBe(1);
      expect(JSON.parse(key.out)).toEqual([
        {
          platform: 'video',
          api: 'youtube',
          status: 'failed',
          detail: 'youtube: GET /channels answered 400: API key not valid. Please pass a valid API key.',
          cost: "1 quota unit (channels.list), not counted in the store's ledger",
        },
      ]);
      for (const text of [bad.out, bad.err, key.out])
        for (const secret of [
          'wrong-bearer-token-0000',
          'AIzaWrongKey-0000',
          SPOTIFY_CLIENT_SECRET,
          REDDIT_CLIENT_SECRET,
        ])
          expect(text).not.toContain(secret);

      expect(await cli('sync', 'check', 'myspace')).toMatchObject({
        code: 2,
        err: "error: unknown platform 'myspace' (sync collects from: forum, video, music, microblog, shortvideo)",
      });
      for (const name of VARIABLES) if (/(ID|SECRET|KEY|TOKEN)$/.test(name)) delete process.env[name];
      const none = await cli('sync', 'check');
      expect(none).toMatchObject({
        code: 2,
        err: 'error: no platform has credentials set: nothing to check (docs/sync.md says how to get them)',
      });
      expect(none.out).toMatch(
        /^forum \(reddit\): not configured \(SOCIALQUERY_REDDIT_CLIENT_ID and SOCIALQUERY_REDDIT_CLIENT_SECRET not set\)$/m,
      );
    } finally {
      for (const name of VARIABLES) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
});
