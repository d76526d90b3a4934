import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { readTargetState } from '../checkpoints.js';
import { nextQuotaDay, QuotaLedger } from '../quota.js';
import { runTargets } from '../run.js';
import type { Target } from '../targets.js';
import { fakeClock, fakeConfig, fakeYoutube, fastUpstream, YOUTUBE_API_KEY, youtubeVideos } from '../testing.js';

const CHANNEL = 'UCabcdefghijklmnopqrstuv';
const OTHER = 'UCzyxwvutsrqponmlkjihgfe';
const channel: Target = { platform: 'video', channel: CHANNEL };

describe('youtube sync', () => {
  let store: Store;
  let youtube: Awaited<ReturnType<typeof fakeYoutube>>;
  const progress: string[] = [];
  const clock = fakeClock();
  const run = (targets: Target[], env: NodeJS.ProcessEnv = {}) =>
    runTargets(store.db, targets, {
      config: fakeConfig(undefined, youtube, env),
      clock,
      upstream: fastUpstream,
      onProgress: (key, message) => progress.push(`${key}: ${message}`),
    });
  const ledger = (budget = 10_000) => new QuotaLedger(store.db, 'youtube', budget, clock);
  const methods = () => youtube.requests.map((r) => r.path.slice(1));
  const videoCount = async () =>
    Number(
      (
        await store.db
          .selectFrom('video_videos')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    store = await openTestStore();
    youtube = await fakeYoutube();
    youtube.videos.push(...youtubeVideos(120, CHANNEL, clock.now() - 3_600_000));
    youtube.videos.push(...youtubeVideos(3, OTHER, clock.now() - 7_200_000, 'oth'));
  });
  afterAll(async () => {
    await youtube.close();
    await store.close();
  });
  beforeEach(() => {
    youtube.requests.length = 0;
  });

  it("pages a channel's uploads to the end: channels.list once, then playlistItems.list and videos.list per page", async () => {
    const used = await ledger().used();
    const [summary] = await run([channel]);
    expect(summary).toMatchObject({ key: `video:channel:${CHANNEL}`, pages: 3, recordsNew: 120, stopped: 'caught-up' });
    expect(methods()).toEqual([
      'channels',
      'playlistItems',
      'videos',
      'playlistItems',
      'videos',
      'playlistItems',
      'videos',
    ]);
    expect(youtube.requests[1]?.query).toMatchObject({
      part: 'snippet,contentDetails',
      playlistId: `UU${CHANNEL.slice(2)}`,
      maxResults: '50',
    });
    expect(youtube.requests[2]?.query).toMatchObject({ part: 'snippet,contentDetails,statistics' });
    expect(youtube.requests[2]?.query.id?.split(',')).toHaveLength(50);
    // 1 + 3 + 3 units
    expect((await ledger().used()) - used).toBe(7);
    expect(await videoCount()).toBe(120);
    const row = await store.db
      .selectFrom('video_videos')
      .selectAll()
      .where('id', '=', 'vid00000001')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel_id: CHANNEL, title: 'video 1 cooking', duration: 253, views: 1000 });
    expect((await readTargetState(store.db, `video:channel:${CHANNEL}`))?.checkpoint).toEqual({
      uploads: `UU${CHANNEL.slice(2)}`,
      newest: { videoId: 'vid00000001', publishedAt: '2026-03-02T11:00:00Z' },
    });
  });

  it('a second run stops at the checkpoint: one playlist page, the new videos only; a third imports nothing', async () => {
    youtube.videos.push(...youtubeVideos(2, CHANNEL, clock.now(), 'new'));
    const [summary] = await run([channel]);
    expect(summary).toMatchObject({ pages: 1, recordsNew: 2, recordsUpdated: 0, stopped: 'caught-up' });
    expect(methods()).toEqual(['playlistItems', 'videos']);
    expect(youtube.requests[1]?.query.id).toBe('new00000001,new00000002');
    youtube.requests.length = 0;
    expect((await run([channel]))[0]).toMatchObject({ pages: 0, recordsNew: 0, stopped: 'caught-up' });
    expect(methods()).toEqual(['playlistItems']);
    expect(await videoCount()).toBe(122);
  });

  it('a search target: search.list (100 units) by date, then videos.list; the next run asks only for newer videos', async () => {
    const used = await ledger().used();
    const [summary] = await run([{ platform: 'video', search: 'Cooking' }]);
    expect(summary).toMatchObject({ key: 'video:search:cooking', pages: 1, stopped: 'page-limit' });
    expect(summary!.recordsNew).toBe(3);
    expect(summary!.recordsUpdated).toBe(47);
    expect(youtube.requests[0]?.query).toMatchObject({ part: 'snippet', q: 'Cooking', type: 'video', order: 'date' });
    expect((await ledger().used()) - used).toBe(101);
    youtube.requests.length = 0;
    await run([{ platform: 'video', search: 'Cooking' }]);
    expect(youtube.requests[0]?.query.publishedAfter).toBe(new Date(clock.now()).toISOString().replace('.000', ''));
  });

  it('the daily budget stops a target with "quota budget reached" until the next Pacific midnight; the others go on', async () => {
    youtube.videos.push(...youtubeVideos(1, CHANNEL, clock.now() + 60_000, 'bud'));
    const budget = String((await ledger().used()) + 1);
    const [search, uploads] = await run(
      [
        { platform: 'video', search: 'budget' },
        { platform: 'video', channel: CHANNEL },
      ],
      { SOCIALQUERY_YOUTUBE_DAILY_QUOTA: budget },
    );
    expect(search).toMatchObject({ stopped: 'budget', pages: 0, nextRunAt: nextQuotaDay(clock.now()) });
    expect(search?.detail).toMatch(/^quota budget reached \(\d+ of \d+ units used today; search.list costs 100\)$/);
    // 1 unit left: the playlist page is fetched, its videos.list is not
    expect(uploads).toMatchObject({ stopped: 'budget', pages: 0 });
    expect(methods()).toEqual(['playlistItems']);
    // the checkpoint stays where the last success left it
    expect((await readTargetState(store.db, `video:channel:${CHANNEL}`))?.checkpoint).toMatchObject({
      newest: { videoId: 'new00000001' },
    });
  });

  it('a quotaExceeded 403 stops every YouTube target for the day', async () => {
    youtube.fail('/playlistItems', {
      status: 403,
      body: {
        error: {
          code: 403,
          message: 'The request cannot be completed because you have exceeded your quota.',
          errors: [{ message: 'quota', domain: 'youtube.quota', reason: 'quotaExceeded' }],
        },
      },
    });
    clock.advance(24 * 3_600_000);
    const [first, second] = await run([channel, { platform: 'video', channel: OTHER }]);
    expect(first).toMatchObject({ stopped: 'budget', detail: 'quota budget reached (the API answered quotaExceeded)' });
    expect(second).toMatchObject({ stopped: 'budget' });
    expect(methods()).toEqual(['playlistItems']);
    expect(await ledger().used()).toBe(10_000);
  });

  it('a wrong key fails the target without showing the key; a missing key names the variable', async () => {
    clock.advance(24 * 3_600_000);
    const [wrong] = await run([channel], { SOCIALQUERY_YOUTUBE_API_KEY: 'AIzaWrongKey-999' });
    expect(wrong).toMatchObject({
      stopped: 'error',
      detail: 'youtube: GET /playlistItems answered 400: API key not valid. Please pass a valid API key.',
    });
    const [missing] = await runTargets(store.db, [channel], { config: fakeConfig(), clock });
    expect(missing?.detail).toBe('youtube credentials are not configured: set SOCIALQUERY_YOUTUBE_API_KEY');
    const [unknown] = await run([{ platform: 'video', channel: 'UC0000000000000000000000' }]);
    expect(unknown?.detail).toBe(
      'youtube: no channel UC0000000000000000000000 (channels.list found no uploads playlist)',
    );
    const text = JSON.stringify(progress);
    for (const secret of [YOUTUBE_API_KEY, 'AIzaWrongKey-999']) expect(text).not.toContain(secret);
    expect(youtube.requests.every((r) => r.query.key !== undefined)).toBe(true);
  });
});
