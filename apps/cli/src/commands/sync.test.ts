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

describe('socialquery sync', () => {
  it('--help on each command', async () => {
    const help = await cli('sync', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/forum \[options\][\s\S]*video \[options\][\s\S]*run \[options\][\s\S]*status/);
    expect(help.out).toContain('SOCIALQUERY_YOUTUBE_API_KEY');
    expect((await cli('sync', 'forum', '--help')).out).toContain('--community <name>');
    expect((await cli('sync', 'video', '--help')).out).toMatch(/--channel <id>[\s\S]*--refresh <n>/);
    expect((await cli('sync', 'run', '--help')).out).toContain('--targets <file>');
    expect((await cli('sync', 'music', '--help')).out).toMatch(
      /--artist <id>[\s\S]*--playlist <id>[\s\S]*--show <id>[\s\S]*--every/,
    );
    expect((await cli('sync', 'microblog', '--help')).out).toMatch(
      /--user <username>[\s\S]*--conversation <id>[\s\S]*--followers <username>[\s\S]*--loop/,
    );
    expect((await cli('sync', 'shortvideo', '--help')).out).toMatch(/--user <username>[\s\S]*--pages <n>/);
    expect(help.out).toContain('SOCIALQUERY_X_BEARER_TOKEN');
    expect((await cli('--help')).out).toContain('reindex, sync');
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
      err: 'error: a microblog target names exactly one of user, conversation or followers',
    });
    expect(await cli('sync', 'shortvideo')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^error: target\.user: /),
    });
    expect(await cli('sync', 'forum', '--community', 'a', '--user', 'b')).toMatchObject({
      code: 2,
      err: 'error: a forum target names exactly one of community, user or post',
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
      expect.stringMatching(/^video:channel:UCabcdefghijklmnopqrstuv: 1 page, 3 new, 0 updated, caught up/),
    ]);
    const status = await cli('sync', 'status');
    expect(status.code).toBe(0);
    const lines = status.out.split('\n');
    expect(lines[0]).toMatch(/^target +last success +next run +last error$/);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/))).toEqual([
      [
        'forum:community:programming:new',
        expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        expect.any(String),
        '-',
      ],
      [
        'forum:post:nosuch',
        '-',
        expect.any(String),
        expect.stringMatching(/Z reddit: GET \/comments\/nosuch answered 404: Not Found$/),
      ],
      ['video:channel:UCabcdefghijklmnopqrstuv', expect.any(String), expect.any(String), '-'],
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
    expect(out).toEqual([expect.stringMatching(/^forum:user:author1: 1 page, 0 new, 40 updated, caught up/)]);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });

  it('a bad targets file, a missing credential: clear errors', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ targets: [{ platform: 'video', channel: 'UCshort' }] }));
    expect(await cli('sync', 'run', '--targets', file)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^error: .*bad\.json: targets\[0\]\.channel: a channel id/),
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
    expect(microblog.out).toMatch(/^microblog:user:fakeuser: 2 pages, 6 new, 1 updated, caught up/);
    const again = await cli('sync', 'microblog', '--user', 'fakeuser');
    expect(again.out).toMatch(/^microblog:user:fakeuser: 1 page, 0 new, 1 updated, caught up/);
    const shortvideo = await cli('sync', 'shortvideo', '--user', 'dance.daily');
    expect(shortvideo.out).toMatch(/^shortvideo:user:dance\.daily: 1 page, 4 new, 0 updated, caught up/);
    for (const text of [music.out, music.err, microblog.err, shortvideo.err])
      for (const secret of [SPOTIFY_CLIENT_SECRET, X_BEARER_TOKEN, TIKTOK_CLIENT_SECRET])
        expect(text).not.toContain(secret);
  });
});
