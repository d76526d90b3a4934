import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SyncConfigError, syncConfigFromEnv } from './config.js';
import { parseEvery } from './duration.js';
import { nextQuotaDay, quotaDay } from './quota.js';
import { everyMs, parseTarget, parseTargets, TargetError, targetKey } from './targets.js';
import { readTargetsFile } from './targets-file.js';
import { jsonLines, lineOf } from './json-lines.js';

describe('targets', () => {
  it('parses every kind of target and keys it', () => {
    const keys = parseTargets({
      targets: [
        { platform: 'forum', community: 'Programming' },
        { platform: 'forum', community: 'rust', listing: 'hot', every: '10m', pages: 2 },
        { platform: 'forum', user: 'spez' },
        { platform: 'forum', post: 't3_abc123' },
        { platform: 'forum', community: 'rust', listing: 'top', timeframe: 'week' },
        { platform: 'forum', community: 'rust', listing: 'top' },
        { platform: 'forum', community: 'rust', listing: 'comments' },
        { platform: 'forum', search: 'Zebrafish' },
        { platform: 'forum', community: 'biology', search: 'zebrafish' },
        { platform: 'forum', community: 'science', refresh: 200 },
        { platform: 'video', channel: 'UC_x5XG1OV2P6uZZ5FSM9Ttw', every: '1h' },
        { platform: 'video', search: 'Sourdough' },
        { platform: 'music', artist: '0OdUWJ0sBjDrqHygGUXeCF' },
        { platform: 'music', playlist: '37i9dQZF1DXcBWIGoYBM5M', pages: 5 },
        { platform: 'music', show: '4rOoJ6Egrf8K2IrywzwOMk' },
        { platform: 'microblog', user: '@XDevelopers' },
        { platform: 'microblog', conversation: '1800000000000000001' },
        { platform: 'microblog', followers: 'XDevelopers' },
        { platform: 'microblog', mentions: '@XDevelopers' },
        { platform: 'microblog', search: 'Zebrafish lang:en' },
        { platform: 'shortvideo', user: '@dance.daily' },
      ],
    }).map(targetKey);
    expect(keys).toEqual([
      'forum:community:programming:new',
      'forum:community:rust:hot',
      'forum:user:spez',
      'forum:post:abc123',
      'forum:community:rust:top:week',
      'forum:community:rust:top:day',
      'forum:community:rust:comments',
      'forum:search:zebrafish',
      'forum:community:biology:search:zebrafish',
      'forum:community:science:new',
      'video:channel:UC_x5XG1OV2P6uZZ5FSM9Ttw',
      'video:search:sourdough',
      'music:artist:0OdUWJ0sBjDrqHygGUXeCF',
      'music:playlist:37i9dQZF1DXcBWIGoYBM5M',
      'music:show:4rOoJ6Egrf8K2IrywzwOMk',
      'microblog:user:xdevelopers',
      'microblog:conversation:1800000000000000001',
      'microblog:followers:xdevelopers',
      'microblog:mentions:xdevelopers',
      'microblog:search:zebrafish lang:en',
      'shortvideo:user:dance.daily',
    ]);
    expect(parseTarget({ platform: 'microblog', user: '@XDevelopers' })).toEqual({
      platform: 'microblog',
      user: 'XDevelopers',
    });
  });

  it('says what is wrong, where', () => {
    const error = (value: unknown) => {
      try {
        parseTargets(value);
      } catch (caught) {
        expect(caught).toBeInstanceOf(TargetError);
        return (caught as Error).message;
      }
      throw new Error('no error');
    };
    expect(error({})).toBe('expected an object with a non-empty "targets" array');
    expect(error({ targets: [{ platform: 'forum' }] })).toBe(
      'targets[0]: a forum target names exactly one of community, search (with a community or not), user or post',
    );
    expect(error({ targets: [{ platform: 'forum', community: 'a', every: '10 minutes' }] })).toBe(
      'targets[0].every: expected a duration such as 30s, 10m, 1h or 1d',
    );
    expect(error({ targets: [{ platform: 'video', channel: 'nope' }] })).toMatch(/^targets\[0\].channel: a channel id/);
    expect(error({ targets: [{ platform: 'forum', user: 'a', listing: 'hot' }] })).toBe(
      'targets[0]: listing goes with community (not with search)',
    );
    expect(error({ targets: [{ platform: 'forum', community: 'a', colour: 'red' }] })).toMatch(
      /^targets\[0\]: Unrecognized key/,
    );
    expect(error({ targets: [{ platform: 'professional' }] })).toMatch(
      /^targets\[0\]: the professional network has no public API/,
    );
    expect(error({ targets: [{ platform: 'music' }] })).toBe(
      'targets[0]: a music target names exactly one of artist, playlist or show',
    );
    expect(error({ targets: [{ platform: 'music', artist: 'abc' }] })).toMatch(
      /^targets\[0\].artist: a Spotify artist id/,
    );
    expect(error({ targets: [{ platform: 'microblog', user: 'a', followers: 'b' }] })).toBe(
      'targets[0]: a microblog target names exactly one of user, mentions, search, conversation or followers',
    );
    expect(error({ targets: [{ platform: 'microblog', conversation: 'x1' }] })).toMatch(
      /^targets\[0\].conversation: a conversation id/,
    );
    expect(error({ targets: [{ platform: 'shortvideo' }] })).toMatch(/^targets\[0\].user: /);
    expect(error({ targets: [{ platform: 'myspace' }] })).toBe(
      "targets[0]: unknown platform 'myspace' (sync collects from: forum, video, music, microblog, shortvideo)",
    );
    expect(error({ targets: [{}] })).toBe(
      'targets[0].platform: expected one of forum, video, music, microblog, shortvideo',
    );
    const twice = { platform: 'forum', community: 'a' };
    expect(error({ targets: [twice, { ...twice, community: 'A' }] })).toBe(
      'targets[1]: forum:community:a:new is declared twice (first at targets[0])',
    );
    expect(() => parseTarget({ platform: 'forum', post: 'UPPER' })).toThrow(/post id in base 36/);
    // the new listings' and search's combinations
    expect(error({ targets: [{ platform: 'forum', community: 'a', timeframe: 'week' }] })).toBe(
      'targets[0]: timeframe goes with listing top',
    );
    expect(error({ targets: [{ platform: 'forum', community: 'a', listing: 'top', timeframe: 'decade' }] })).toMatch(
      /^targets\[0\]\.timeframe: Invalid option: expected one of "hour"\|"day"\|"week"\|"month"\|"year"\|"all"/,
    );
    expect(error({ targets: [{ platform: 'forum', search: 'a', user: 'b' }] })).toBe(
      'targets[0]: a forum target names exactly one of community, search (with a community or not), user or post',
    );
    expect(error({ targets: [{ platform: 'forum', community: 'a', search: 'b', listing: 'hot' }] })).toBe(
      'targets[0]: listing goes with community (not with search)',
    );
    expect(error({ targets: [{ platform: 'forum', community: 'a', listing: 'hot', refresh: 100 }] })).toBe(
      "targets[0]: refresh goes with a community's new listing or a user (the posts their earlier runs stored)",
    );
    expect(error({ targets: [{ platform: 'forum', post: 'abc', refresh: 100 }] })).toBe(
      "targets[0]: refresh goes with a community's new listing or a user (the posts their earlier runs stored)",
    );
    expect(error({ targets: [{ platform: 'microblog', mentions: 'a', search: 'b' }] })).toBe(
      'targets[0]: a microblog target names exactly one of user, mentions, search, conversation or followers',
    );
  });

  it('lists every problem at once, each where it is, not only the first', () => {
    let caught: unknown;
    try {
      parseTargets({
        targets: [
          { platform: 'video', channel: 'UCshort', every: 'often' },
          { platform: 'forum', community: 'rust' },
          { platform: 'forum' },
          { platform: 'professional' },
          { platform: 'forum', community: 'Rust' },
          { platform: 'forum', community: 'rust', colour: 'red' },
        ],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TargetError);
    const { problems, message } = caught as TargetError;
    expect(problems).toEqual([
      expect.stringMatching(/^targets\[0\]\.channel: a channel id/),
      'targets[0].every: expected a duration such as 30s, 10m, 1h or 1d',
      'targets[2]: a forum target names exactly one of community, search (with a community or not), user or post',
      expect.stringMatching(/^targets\[3\]: the professional network has no public API/),
      'targets[4]: forum:community:rust:new is declared twice (first at targets[1])',
      expect.stringMatching(/^targets\[5\]: Unrecognized key/),
    ]);
    expect(message).toBe(`6 problems:\n${problems.join('\n')}`);
  });

  it('a targets file: every problem with its line, nothing returned', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sq-sync-'));
    try {
      const file = join(dir, 'sync.json');
      // one field a line, as people write the file; a string holding brackets and an escaped quote
      await writeFile(
        file,
        [
          '{',
          '  "targets": [',
          '    { "platform": "forum", "community": "rust" },',
          '    {',
          '      "platform": "video",',
          '      "search": "a [b] {c} \\"d\\"",',
          '      "every": "often"',
          '    },',
          '    {',
          '      "platform": "video",',
          '      "channel": "UCshort",',
          '      "extra": { "deep": [[{ "x": "]" }]] }',
          '    },',
          '    { "platform": "music" },',
          '    { "platform": "forum", "community": "Rust" }',
          '  ]',
          '}',
        ].join('\n'),
      );
      let caught: unknown;
      await readTargetsFile(file).catch((error: unknown) => (caught = error));
      expect(caught).toBeInstanceOf(TargetError);
      const { problems, message } = caught as TargetError;
      expect(problems).toEqual([
        `${file}:7: targets[1].every: expected a duration such as 30s, 10m, 1h or 1d`,
        expect.stringMatching(new RegExp(`^${file}:11: targets\\[2\\]\\.channel: a channel id`)),
        expect.stringMatching(new RegExp(`^${file}:9: targets\\[2\\]: Unrecognized key: "extra"`)),
        `${file}:14: targets[3]: a music target names exactly one of artist, playlist or show`,
        `${file}:15: targets[4]: forum:community:rust:new is declared twice (first at targets[0], line 3)`,
      ]);
      expect(message).toBe(`${file}: 5 problems:\n${problems.join('\n')}`);
      // one problem: one line, as before
      await writeFile(file, JSON.stringify({ targets: [{ platform: 'forum', user: 'a', every: 'x' }] }));
      await expect(readTargetsFile(file)).rejects.toThrow(
        new TargetError(`${file}:1: targets[0].every: expected a duration such as 30s, 10m, 1h or 1d`),
      );
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('maps the lines of a JSON text to its paths, skipping what is nested deeper', () => {
    const lines = jsonLines('{\n"targets": [\n{"a": 1,\n"b": [1,\n2]},\n"x\\n]"\n],\n"z": {"y": {"x": [[\n[]]]}}}');
    expect(Object.fromEntries(lines)).toEqual({
      '': 1,
      targets: 2,
      'targets[0]': 3,
      'targets[0].a': 3,
      'targets[0].b': 4,
      'targets[1]': 6,
      z: 8,
      'z.y': 8,
      'z.y.x': 8,
    });
    expect(lineOf(lines, 'targets[0].missing')).toBe(3);
    expect(lineOf(lines, 'nothing')).toBe(1);
    expect(jsonLines('['.repeat(10_000) + ']'.repeat(10_000)).size).toBe(4);
  });

  it('reads a targets file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sq-sync-'));
    try {
      const file = join(dir, 'sync.json');
      await writeFile(file, JSON.stringify({ targets: [{ platform: 'forum', community: 'rust' }] }));
      expect(await readTargetsFile(file)).toEqual([{ platform: 'forum', community: 'rust' }]);
      await writeFile(file, '{ targets: ');
      await expect(readTargetsFile(file)).rejects.toThrow(`${file}: not JSON`);
      await expect(readTargetsFile(join(dir, 'missing.json'))).rejects.toThrow('missing.json: no such file');
      await writeFile(file, '{"targets": []}');
      await expect(readTargetsFile(file)).rejects.toThrow(
        `${file}: expected an object with a non-empty "targets" array`,
      );
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('intervals', () => {
    expect(['30s', '10m', '1h', '2d', '0s', '5', '1w'].map(parseEvery)).toEqual([
      30_000,
      600_000,
      3_600_000,
      172_800_000,
      undefined,
      undefined,
      undefined,
    ]);
    expect(everyMs({ platform: 'forum', community: 'a' })).toBe(3_600_000);
    expect(everyMs({ platform: 'forum', community: 'a' }, '10m')).toBe(600_000);
    expect(everyMs({ platform: 'forum', community: 'a', every: '30s' }, '10m')).toBe(30_000);
  });
});

describe('quota day', () => {
  it('is the Pacific date; the next one begins at Pacific midnight (summer and winter time)', () => {
    expect(quotaDay(Date.parse('2026-03-02T07:59:59Z'))).toBe('2026-03-01');
    expect(quotaDay(Date.parse('2026-03-02T08:00:00Z'))).toBe('2026-03-02');
    expect(new Date(nextQuotaDay(Date.parse('2026-03-02T12:00:00Z'))).toISOString()).toBe('2026-03-03T08:00:00.000Z');
    expect(new Date(nextQuotaDay(Date.parse('2026-07-01T06:59:00Z'))).toISOString()).toBe('2026-07-01T07:00:00.000Z');
  });
});

describe('syncConfigFromEnv', () => {
  it('reads the credentials and endpoints; defaults; refuses bad values naming the variable', () => {
    expect(syncConfigFromEnv({})).toEqual({
      reddit: {
        userAgent: 'server:socialquery-sync:0.1.0 (self-hosted socialquery)',
        apiUrl: 'https://oauth.reddit.com',
        authUrl: 'https://www.reddit.com/api/v1/access_token',
      },
      youtube: { dailyQuota: 10_000, apiUrl: 'https://www.googleapis.com/youtube/v3' },
      spotify: {
        market: 'US',
        apiUrl: 'https://api.spotify.com/v1',
        authUrl: 'https://accounts.spotify.com/api/token',
      },
      x: { apiUrl: 'https://api.x.com/2' },
      tiktok: {
        apiUrl: 'https://open.tiktokapis.com',
        authUrl: 'https://open.tiktokapis.com/v2/oauth/token',
        firstRunDays: 30,
        dailyRequests: 1000,
      },
    });
    expect(
      syncConfigFromEnv({
        SOCIALQUERY_SPOTIFY_CLIENT_ID: 'id',
        SOCIALQUERY_SPOTIFY_CLIENT_SECRET: 'secret',
        SOCIALQUERY_SPOTIFY_MARKET: 'GB',
        SOCIALQUERY_X_BEARER_TOKEN: 'token',
        SOCIALQUERY_TIKTOK_CLIENT_KEY: 'key',
        SOCIALQUERY_TIKTOK_CLIENT_SECRET: 'tsecret',
        SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS: '90',
      }),
    ).toMatchObject({
      spotify: { clientId: 'id', clientSecret: 'secret', market: 'GB' },
      x: { bearerToken: 'token' },
      tiktok: { clientKey: 'key', clientSecret: 'tsecret', firstRunDays: 90 },
    });
    expect(() => syncConfigFromEnv({ SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS: '0' })).toThrow(
      'SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS must be a whole number of days from 1 to 3650, got "0"',
    );
    expect(() => syncConfigFromEnv({ SOCIALQUERY_SPOTIFY_MARKET: 'usa' })).toThrow(
      'SOCIALQUERY_SPOTIFY_MARKET must be a country code of two capital letters (US, GB, DE), got "usa"',
    );
    expect(
      syncConfigFromEnv({ SOCIALQUERY_YOUTUBE_DAILY_QUOTA: '500', SOCIALQUERY_YOUTUBE_API_KEY: ' k ' }).youtube,
    ).toMatchObject({
      dailyQuota: 500,
      apiKey: 'k',
    });
    expect(() => syncConfigFromEnv({ SOCIALQUERY_YOUTUBE_DAILY_QUOTA: 'lots' })).toThrow(
      new SyncConfigError(
        'SOCIALQUERY_YOUTUBE_DAILY_QUOTA must be a whole number of units from 1 to 100000000, got "lots"',
      ),
    );
    expect(() => syncConfigFromEnv({ SOCIALQUERY_REDDIT_API_URL: 'ftp://x' })).toThrow(
      'SOCIALQUERY_REDDIT_API_URL must be an http(s) URL, got "ftp://x"',
    );
  });
});
