import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { readTargetState } from '../checkpoints.js';
import { nextQuotaDay, QuotaLedger } from '../quota.js';
import { planLines, planTargets } from '../plan.js';
import { runTargets, summaryLine } from '../run.js';
import { parseTarget, type Target, targetKey } from '../targets.js';
import {
  fakeClock,
  fakeConfig,
  fakeYoutube,
  fastUpstream,
  YOUTUBE_API_KEY,
  type YoutubeThread,
  youtubeThreads,
  youtubeVideos,
} from '../testing.js';

const CHANNEL = 'UCabcdefghijklmnopqrstuv';
const OTHER = 'UCzyxwvutsrqponmlkjihgfe';
const BACKLOG = 'UCbacklogbacklogbacklog0';
const GAP = 'UCgapgapgapgapgapgapgap0';
const BAKING = 'UCbakingbakingbakingbak0';
const channel: Target = { platform: 'video', channel: CHANNEL };
const HOUR = 3_600_000;
/** The channel's stored videos newest first once the second run stored two uploads (new00000002 and vid00000001 share an hour: by id, descending). */
const newestStored = [
  'new00000001',
  'vid00000001',
  'new00000002',
  ...Array.from({ length: 119 }, (_, i) => `vid${String(i + 2).padStart(8, '0')}`),
];

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
  const ids = (videos: { id: string }[]) => videos.map((v) => v.id);
  /** Each request's method with its page token, or its videos.list ids. */
  const log = () =>
    youtube.requests.map((r) =>
      r.path === '/videos' ? `videos ${r.query.id}` : `${r.path.slice(1)} ${r.query.pageToken ?? '-'}`,
    );
  const views = async (id: string) =>
    Number(
      (await store.db.selectFrom('video_videos').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views,
    );
  const channelVideos = async (id: string) =>
    (
      await store.db
        .selectFrom('video_videos')
        .select('id')
        .where('channel_id', '=', id)
        .orderBy('published_at', 'desc')
        .execute()
    ).map((row) => row.id);
  const checkpointOf = async (key: string) => (await readTargetState(store.db, key))?.checkpoint;
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

  it("pages a channel's uploads to the end: channels.list once (the channel imported: 1 page, 1 record), then playlistItems.list and videos.list per page", async () => {
    const used = await ledger().used();
    const [summary] = await run([channel]);
    expect(summary).toMatchObject({ key: `video:channel:${CHANNEL}`, pages: 4, recordsNew: 121, stopped: 'caught-up' });
    expect(methods()).toEqual([
      'channels',
      'playlistItems',
      'videos',
      'playlistItems',
      'videos',
      'playlistItems',
      'videos',
    ]);
    expect(youtube.requests[0]?.query).toMatchObject({ part: 'snippet,contentDetails,statistics', id: CHANNEL });
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
    // the source's address and pictures, the channel's from its channels.list item
    expect(row).toMatchObject({
      url: 'https://www.youtube.com/watch?v=vid00000001',
      thumbnails: JSON.stringify([{ url: 'https://i.ytimg.com/vi/vid00000001/default.jpg', width: 120, height: 90 }]),
    });
    expect(
      await store.db.selectFrom('video_channels').select(['thumbnails', 'extra']).where('id', '=', CHANNEL).execute(),
    ).toEqual([
      {
        thumbnails: JSON.stringify([{ url: `https://yt3.ggpht.com/${CHANNEL}=s88`, width: 88, height: 88 }]),
        extra: JSON.stringify({
          contentDetails: { relatedPlaylists: { uploads: `UU${CHANNEL.slice(2)}` } },
          statistics: { subscriberCount: '1000' },
        }),
      },
    ]);
    expect((await readTargetState(store.db, `video:channel:${CHANNEL}`))?.checkpoint).toEqual({
      uploads: `UU${CHANNEL.slice(2)}`,
      newest: { videoId: 'vid00000001', publishedAt: '2026-03-02T11:00:00Z' },
    });
  });

  it('a second run stops at the checkpoint: one playlist page, the new videos only, then the 50 newest stored refreshed; a third refreshes only', async () => {
    youtube.videos.push(...youtubeVideos(2, CHANNEL, clock.now(), 'new'));
    const [summary] = await run([channel]);
    expect(summary).toMatchObject({
      pages: 2,
      recordsNew: 2,
      recordsUpdated: 0,
      recordsUnchanged: 50,
      stopped: 'caught-up',
    });
    expect(methods()).toEqual(['playlistItems', 'videos', 'videos']);
    expect(youtube.requests[1]?.query.id).toBe('new00000001,new00000002');
    // the refresh: the channel's 50 newest stored videos but the two this run read, newest first
    expect(youtube.requests[2]?.query.id?.split(',')).toEqual(ids(youtubeVideos(50, CHANNEL, 0)));
    youtube.requests.length = 0;
    expect((await run([channel]))[0]).toMatchObject({
      pages: 1,
      recordsNew: 0,
      recordsUpdated: 0,
      recordsUnchanged: 50,
      stopped: 'caught-up',
    });
    expect(methods()).toEqual(['playlistItems', 'videos']);
    expect(youtube.requests[1]?.query.id?.split(',')).toEqual([...newestStored.slice(0, 50)]);
    expect(await videoCount()).toBe(122);
  });

  it('a search target: search.list (100 units) by date, then videos.list; the next run asks only for newer videos', async () => {
    const used = await ledger().used();
    const [summary] = await run([{ platform: 'video', search: 'Cooking' }]);
    expect(summary).toMatchObject({ key: 'video:search:cooking', pages: 1, stopped: 'page-limit' });
    expect(summary!.recordsNew).toBe(3);
    expect(summary!.recordsUpdated).toBe(0);
    expect(summary!.recordsUnchanged).toBe(47);
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
    // whose quota: sync's own budget, named by its variable, with how much of it is used
    const used = Number(budget) - 1;
    expect(search?.detail).toBe(
      `quota budget reached (sync's own budget, SOCIALQUERY_YOUTUBE_DAILY_QUOTA: ${used} of ${budget} units used today; search.list costs 100)`,
    );
    expect(search?.quota).toEqual({
      whose: 'budget',
      api: 'youtube',
      unit: 'units',
      used,
      budget: Number(budget),
      variable: 'SOCIALQUERY_YOUTUBE_DAILY_QUOTA',
      call: 'search.list',
      cost: 100,
      resumesAt: nextQuotaDay(clock.now()),
    });
    expect(summaryLine(search!)).toContain(`stopped: ${search!.detail} (`);
    expect(await readTargetState(store.db, 'video:search:budget')).toMatchObject({
      lastDetail: search!.detail,
      lastQuota: search!.quota,
    });
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
    // the project's quota, not the store's budget: sync had spent only the refused call
    const SPENT =
      "platform quota reached (YouTube's quota for the project is spent: the API answered 403 quotaExceeded; sync had used 1 of its 10000 units today)";
    expect(first).toMatchObject({
      stopped: 'budget',
      detail: SPENT,
      quota: {
        whose: 'platform',
        api: 'youtube',
        unit: 'units',
        used: 1,
        budget: 10_000,
        answer: '403 quotaExceeded',
        resumesAt: nextQuotaDay(clock.now()),
      },
    });
    // the next target sends nothing, and says it was the platform's quota (not "10000 of 10000 units used")
    expect(second).toMatchObject({
      stopped: 'budget',
      detail:
        "platform quota reached (YouTube's quota for the project is spent: the API answered 403 quotaExceeded earlier today; sync had used 1 of its 10000 units today)",
      quota: { whose: 'platform', used: 1, answer: '403 quotaExceeded' },
    });
    // whose quota it was, in the summary line and in the target's state (sync status)
    expect(summaryLine(first!)).toMatch(
      new RegExp(
        `^video:channel:${CHANNEL}: 0 pages, 0 new, 0 updated, stopped: platform quota reached \\(YouTube's quota for the project is spent: the API answered 403 quotaExceeded; sync had used 1 of its 10000 units today\\) \\(`,
      ),
    );
    expect(await readTargetState(store.db, `video:channel:${CHANNEL}`)).toMatchObject({
      lastStopped: 'budget',
      lastDetail: SPENT,
      lastQuota: first!.quota,
    });
    expect(methods()).toEqual(['playlistItems']);
    // the ledger counts the one call sent; the platform's answer is kept beside it, for the rest of the day
    expect(await ledger().used()).toBe(1);
    const plans = await planTargets(store.db, [channel], { config: fakeConfig(undefined, youtube), clock });
    expect(planLines(plans[0]!).find((line) => line.startsWith('  youtube quota: '))).toBe(
      "  youtube quota: 2 to 21 units (1 of 10000 used today): the platform's quota would stop it (the API answered 403 quotaExceeded today)",
    );
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
  describe("a channel's statistics refresh", () => {
    it("each run reads its newest stored videos' statistics again: changed counts are stored; a deleted video keeps its row", async () => {
      clock.advance(24 * HOUR);
      const used = await ledger().used();
      youtube.videos.find((v) => v.id === 'vid00000003')!.viewCount = '987654';
      youtube.videos.find((v) => v.id === 'new00000002')!.viewCount = '4321';
      // deleted (or made private): gone from the uploads playlist and from videos.list's answers
      youtube.videos.splice(
        youtube.videos.findIndex((v) => v.id === 'vid00000004'),
        1,
      );
      expect(await views('vid00000003')).toBe(1002);
      // the budget test's upload, never stored, is the run's one new video
      const [summary] = await run([channel]);
      expect(summary).toMatchObject({ stopped: 'caught-up', pages: 2, recordsNew: 1, recordsUpdated: 2 });
      expect(methods()).toEqual(['playlistItems', 'videos', 'videos']);
      expect(youtube.requests[1]?.query.id).toBe('bud00000001');
      expect(youtube.requests[2]?.query).toMatchObject({ part: 'snippet,contentDetails,statistics' });
      expect(youtube.requests[2]?.query.id?.split(',')).toEqual([...newestStored.slice(0, 50)]);
      // playlistItems.list, videos.list for the new video, videos.list for the refresh: 1 unit each
      expect((await ledger().used()) - used).toBe(3);
      expect(await views('vid00000003')).toBe(987654);
      expect(await views('new00000002')).toBe(4321);
      // the answer left it out: its stored row is as the last answer that had it
      expect(await views('vid00000004')).toBe(1003);
      expect(await channelVideos(CHANNEL)).toHaveLength(123);
    });

    it('a run with nothing new still refreshes (1 unit); refresh sets how many: 120 is three calls, 0 none', async () => {
      const used = await ledger().used();
      youtube.videos.find((v) => v.id === 'vid00000001')!.viewCount = '55555';
      const [again] = await run([channel]);
      expect(again).toMatchObject({ stopped: 'caught-up', pages: 1, recordsNew: 0, recordsUpdated: 1 });
      expect(methods()).toEqual(['playlistItems', 'videos']);
      expect(youtube.requests[1]?.query.id?.split(',')).toEqual(['bud00000001', ...newestStored.slice(0, 49)]);
      expect((await ledger().used()) - used).toBe(2);
      expect(await views('vid00000001')).toBe(55555);
      youtube.requests.length = 0;
      const [wide] = await run([{ ...channel, refresh: 120 }]);
      expect(wide).toMatchObject({
        stopped: 'caught-up',
        pages: 3,
        recordsNew: 0,
        recordsUpdated: 0,
        recordsUnchanged: 119,
      });
      expect(methods()).toEqual(['playlistItems', 'videos', 'videos', 'videos']);
      expect(youtube.requests.slice(1).map((r) => r.query.id?.split(',').length)).toEqual([50, 50, 20]);
      expect((await ledger().used()) - used).toBe(2 + 4);
      youtube.requests.length = 0;
      expect((await run([{ ...channel, refresh: 0 }]))[0]).toMatchObject({ pages: 0, recordsUpdated: 0 });
      expect(methods()).toEqual(['playlistItems']);
      expect(() => parseTarget({ platform: 'video', search: 'x', refresh: 5 })).toThrow('refresh goes with channel');
      expect(() => parseTarget({ platform: 'video', channel: CHANNEL, refresh: 501 })).toThrow(/refresh/);
    });

    it('a refresh the budget cannot cover stops the target until the next quota day; what the walk stored moves the checkpoint', async () => {
      youtube.videos.push(...youtubeVideos(1, CHANNEL, clock.now() + 120_000, 'lat'));
      const budget = String((await ledger().used()) + 2);
      const [summary] = await run([channel], { SOCIALQUERY_YOUTUBE_DAILY_QUOTA: budget });
      expect(summary).toMatchObject({
        stopped: 'budget',
        pages: 1,
        recordsNew: 1,
        nextRunAt: nextQuotaDay(clock.now()),
      });
      expect(summary?.detail).toMatch(/; videos.list costs 1\)$/);
      expect(methods()).toEqual(['playlistItems', 'videos']);
      expect(await checkpointOf(`video:channel:${CHANNEL}`)).toMatchObject({ newest: { videoId: 'lat00000001' } });
    });
  });

  describe('a backlog longer than --pages', () => {
    it('a first run of 3 pages with pages: 1 is stored whole after three runs, uploads between runs included, nothing read twice', async () => {
      clock.advance(24 * HOUR);
      const target: Target = { platform: 'video', channel: BACKLOG, pages: 1, refresh: 0 };
      const key = `video:channel:${BACKLOG}`;
      const uploads = `UU${BACKLOG.slice(2)}`;
      const backlog = youtubeVideos(150, BACKLOG, clock.now() - HOUR, 'bk');
      youtube.videos.push(...backlog);
      const read: string[] = [];
      const readIds = () => youtube.requests.filter((r) => r.path === '/videos').map((r) => r.query.id!.split(','));

      // run 1: the first page; the rest is the backlog, to the listing's end
      const [first] = await run([target]);
      expect(first).toMatchObject({ stopped: 'page-limit', pages: 2, recordsNew: 51 });
      expect(log()).toEqual(['channels -', 'playlistItems -', `videos ${ids(backlog.slice(0, 50)).join(',')}`]);
      expect(await checkpointOf(key)).toEqual({
        uploads,
        newest: { videoId: 'bk000000001', publishedAt: backlog[0]!.publishedAt },
        backlog: { pageToken: '0:50' },
      });
      read.push(...readIds().flat());

      // run 2: two uploads first; then the backlog at its token, which now lists 2 stored videos again:
      // they are not read, and that page is not counted (one more page)
      clock.advance(2 * HOUR);
      const uploaded = youtubeVideos(2, BACKLOG, clock.now(), 'bn');
      youtube.videos.push(...uploaded);
      youtube.requests.length = 0;
      const [second] = await run([target]);
      expect(second).toMatchObject({ stopped: 'page-limit', pages: 3, recordsNew: 100, recordsUpdated: 0 });
      expect(log()).toEqual([
        'playlistItems -',
        'videos bn000000001,bn000000002',
        'playlistItems 0:50',
        `videos ${ids(backlog.slice(50, 98)).join(',')}`,
        'playlistItems 0:100',
        `videos ${ids(backlog.slice(98, 148)).join(',')}`,
      ]);
      expect(await checkpointOf(key)).toEqual({
        uploads,
        newest: { videoId: 'bn000000001', publishedAt: uploaded[0]!.publishedAt },
        backlog: { pageToken: '0:150' },
      });
      read.push(...readIds().flat());

      // run 3: one more upload, then the backlog's end: the checkpoint is a plain one again
      clock.advance(2 * HOUR);
      const last = youtubeVideos(1, BACKLOG, clock.now(), 'bm');
      youtube.videos.push(...last);
      youtube.requests.length = 0;
      const [third] = await run([target]);
      expect(third).toMatchObject({ stopped: 'caught-up', pages: 2, recordsNew: 3 });
      expect(log()).toEqual([
        'playlistItems -',
        'videos bm000000001',
        'playlistItems 0:150',
        'videos bk000000149,bk000000150',
      ]);
      expect(await checkpointOf(key)).toEqual({
        uploads,
        newest: { videoId: 'bm000000001', publishedAt: last[0]!.publishedAt },
      });
      read.push(...readIds().flat());

      const all = ids([...last, ...uploaded, ...backlog]);
      expect(await channelVideos(BACKLOG)).toEqual(all);
      expect([...read].sort()).toEqual([...all].sort());

      // a plain checkpoint (as written before backlogs existed): one page, nothing new
      youtube.requests.length = 0;
      expect((await run([target]))[0]).toMatchObject({ stopped: 'caught-up', pages: 0 });
      expect(log()).toEqual(['playlistItems -']);
    });

    it("a search's later backlog resumes with its token and the old publishedAfter; a search's first run leaves none", async () => {
      const target: Target = { platform: 'video', search: 'baking' };
      const key = 'video:search:baking';
      const baking = (n: number, newest: number, prefix: string) =>
        youtubeVideos(n, BAKING, newest, prefix).map((v, i) => ({ ...v, title: `video ${i + 1} baking` }));
      const older = baking(60, clock.now() - HOUR, 'sa');
      youtube.videos.push(...older);
      const [first] = await run([target]);
      expect(first).toMatchObject({ stopped: 'page-limit', recordsNew: 50 });
      // a search's target is what is published from its first run on: no backlog of older results
      expect(await checkpointOf(key)).toEqual({
        newest: { videoId: 'sa000000001', publishedAt: older[0]!.publishedAt },
      });

      clock.advance(100 * HOUR);
      const newer = baking(70, clock.now(), 'sb');
      youtube.videos.push(...newer);
      youtube.requests.length = 0;
      const [second] = await run([target]);
      expect(second).toMatchObject({ stopped: 'page-limit', recordsNew: 50 });
      expect(youtube.requests[0]?.query.publishedAfter).toBe(older[0]!.publishedAt);
      expect(await checkpointOf(key)).toEqual({
        newest: { videoId: 'sb000000001', publishedAt: newer[0]!.publishedAt },
        backlog: { pageToken: '0:50', stop: { videoId: 'sa000000001', publishedAt: older[0]!.publishedAt } },
      });

      // a budget for the top's search only: the backlog waits, as it was, for the next quota day
      const [short] = await run([target], { SOCIALQUERY_YOUTUBE_DAILY_QUOTA: String((await ledger().used()) + 100) });
      expect(short).toMatchObject({ stopped: 'budget', pages: 0, nextRunAt: nextQuotaDay(clock.now()) });
      expect(await checkpointOf(key)).toMatchObject({ backlog: { pageToken: '0:50' } });

      clock.advance(24 * HOUR);
      youtube.requests.length = 0;
      const used = await ledger().used();
      const [third] = await run([target]);
      expect(third).toMatchObject({ stopped: 'caught-up', pages: 1, recordsNew: 20 });
      expect(youtube.requests.map((r) => [r.path, r.query.publishedAfter, r.query.pageToken])).toEqual([
        ['/search', newer[0]!.publishedAt, undefined],
        ['/search', older[0]!.publishedAt, '0:50'],
        ['/videos', undefined, undefined],
      ]);
      expect(youtube.requests[2]?.query.id).toBe(ids(newer.slice(50)).join(','));
      expect((await ledger().used()) - used).toBe(201);
      expect(await checkpointOf(key)).toEqual({
        newest: { videoId: 'sb000000001', publishedAt: newer[0]!.publishedAt },
      });
      expect(await channelVideos(BAKING)).toEqual(ids([...newer, ...older.slice(0, 50)]));
    });

    it('a gap behind new uploads stops at the old newest video; a refused page token restarts it at the top, nothing missed', async () => {
      const target: Target = { platform: 'video', channel: GAP, pages: 1, refresh: 0 };
      const key = `video:channel:${GAP}`;
      const start = youtubeVideos(10, GAP, clock.now() - HOUR, 'ga');
      youtube.videos.push(...start);
      expect((await run([target]))[0]).toMatchObject({ stopped: 'caught-up', recordsNew: 11 });

      clock.advance(200 * HOUR);
      const burst = youtubeVideos(120, GAP, clock.now(), 'gb');
      youtube.videos.push(...burst);
      youtube.requests.length = 0;
      expect((await run([target]))[0]).toMatchObject({ stopped: 'page-limit', recordsNew: 50 });
      const stop = { videoId: 'ga000000001', publishedAt: start[0]!.publishedAt };
      expect(await checkpointOf(key)).toMatchObject({ backlog: { pageToken: '0:50', stop } });

      // the API no longer takes the saved token: the backlog walks again from the top, its stored first page not counted
      youtube.expireTokens();
      clock.advance(2 * HOUR);
      const later = youtubeVideos(1, GAP, clock.now(), 'gc');
      youtube.videos.push(...later);
      youtube.requests.length = 0;
      progress.length = 0;
      const [third] = await run([target]);
      expect(third).toMatchObject({ stopped: 'page-limit', recordsNew: 50 });
      expect(log()).toEqual([
        'playlistItems -',
        'videos gc000000001',
        'playlistItems 0:50',
        'playlistItems -',
        'playlistItems 1:50',
        `videos ${ids(burst.slice(50, 99)).join(',')}`,
      ]);
      expect(progress).toContain(
        `${key}: the saved page token was refused (invalidPageToken): the backlog is walked again from the top`,
      );
      expect(await checkpointOf(key)).toMatchObject({ backlog: { pageToken: '1:100', stop } });

      // the rest of the gap, down to the old newest video: a plain checkpoint again
      youtube.requests.length = 0;
      const [fourth] = await run([target]);
      expect(fourth).toMatchObject({ stopped: 'caught-up', recordsNew: 21 });
      expect(log()).toEqual(['playlistItems -', 'playlistItems 1:100', `videos ${ids(burst.slice(99)).join(',')}`]);
      expect(await checkpointOf(key)).toEqual({
        uploads: `UU${GAP.slice(2)}`,
        newest: { videoId: 'gc000000001', publishedAt: later[0]!.publishedAt },
      });
      expect(await channelVideos(GAP)).toEqual(ids([...later, ...burst, ...start]));
    });

    it("the budget stopping a backlog's walk keeps what is new and the backlog's progress: the next day resumes there", async () => {
      clock.advance(24 * HOUR);
      const BUDGET = 'UCbudgetbudgetbudgetbu00';
      const target: Target = { platform: 'video', channel: BUDGET, pages: 1, refresh: 0 };
      const key = `video:channel:${BUDGET}`;
      // (page tokens `1:…`: the test before expired the fake's first ones)
      const older = youtubeVideos(120, BUDGET, clock.now() - HOUR, 'bu');
      youtube.videos.push(...older);
      expect((await run([target]))[0]).toMatchObject({ stopped: 'page-limit', recordsNew: 51 });
      clock.advance(2 * HOUR);
      const added = youtubeVideos(1, BUDGET, clock.now(), 'bv');
      youtube.videos.push(...added);
      youtube.requests.length = 0;
      // 4 units: the top page and its new video, the backlog's first page (1 stored video again: not counted) and its
      // videos; the second backlog page is not sent
      const budget = String((await ledger().used()) + 4);
      const [stopped] = await run([target], { SOCIALQUERY_YOUTUBE_DAILY_QUOTA: budget });
      expect(stopped).toMatchObject({ stopped: 'budget', pages: 2, recordsNew: 50 });
      expect(log()).toEqual([
        'playlistItems -',
        'videos bv000000001',
        'playlistItems 1:50',
        `videos ${ids(older.slice(50, 99)).join(',')}`,
      ]);
      expect(await checkpointOf(key)).toEqual({
        uploads: `UU${BUDGET.slice(2)}`,
        newest: { videoId: 'bv000000001', publishedAt: added[0]!.publishedAt },
        backlog: { pageToken: '1:100' },
      });
      clock.advance(24 * HOUR);
      youtube.requests.length = 0;
      expect((await run([target]))[0]).toMatchObject({ stopped: 'caught-up', recordsNew: 21 });
      expect(log()).toEqual(['playlistItems -', 'playlistItems 1:100', `videos ${ids(older.slice(99)).join(',')}`]);
      expect(await channelVideos(BUDGET)).toEqual(ids([...added, ...older]));
    });

    it('uploads past the page limit while a backlog waits: the two become one, walked from the top to the older stop', async () => {
      const target: Target = { platform: 'video', channel: GAP, pages: 1, refresh: 0 };
      const key = `video:channel:${GAP}`;
      const before = (await checkpointOf(key)) as { newest: unknown };
      clock.advance(200 * HOUR);
      const first = youtubeVideos(70, GAP, clock.now(), 'gd');
      youtube.videos.push(...first);
      expect((await run([target]))[0]).toMatchObject({ stopped: 'page-limit', recordsNew: 50 });
      expect(await checkpointOf(key)).toMatchObject({ backlog: { pageToken: '1:50', stop: before.newest } });
      clock.advance(200 * HOUR);
      const second = youtubeVideos(60, GAP, clock.now(), 'ge');
      youtube.videos.push(...second);
      youtube.requests.length = 0;
      expect((await run([target]))[0]).toMatchObject({ stopped: 'page-limit', recordsNew: 50 });
      // merged: no token (the newer gap lies above the older token's position), the older stop
      expect(await checkpointOf(key)).toMatchObject({ backlog: { stop: before.newest } });
      expect(((await checkpointOf(key)) as { backlog: object }).backlog).not.toHaveProperty('pageToken');
      // two runs: the stored top page (not counted) and ge51…ge60, then gd51…gd70 down to the stop
      youtube.requests.length = 0;
      await run([target]);
      await run([target]);
      expect(log()).toEqual([
        'playlistItems -',
        'playlistItems -',
        'playlistItems 1:50',
        `videos ${ids(second.slice(50)).join(',')}`,
        'playlistItems -',
        'playlistItems 1:100',
        `videos ${ids(first.slice(50)).join(',')}`,
      ]);
      expect(await checkpointOf(key)).not.toHaveProperty('backlog');
      const stored = new Set(await channelVideos(GAP));
      expect(ids([...second, ...first]).filter((id) => !stored.has(id))).toEqual([]);
    });
  });
});

describe('youtube quota: every request sent is charged', () => {
  let store: Store;
  let youtube: Awaited<ReturnType<typeof fakeYoutube>>;
  const clock = fakeClock();
  beforeAll(async () => {
    store = await openTestStore();
    youtube = await fakeYoutube();
    youtube.videos.push(...youtubeVideos(3, CHANNEL, clock.now() - HOUR));
  });
  afterAll(async () => {
    await youtube.close();
    await store.close();
  });

  it('a call retried after a 503 costs its units again (Google charges failed requests too)', async () => {
    const unavailable = {
      status: 503,
      body: { error: { code: 503, message: 'The service is currently unavailable.' } },
    };
    youtube.fail('/videos', unavailable, unavailable);
    const [summary] = await runTargets(store.db, [channel], {
      config: fakeConfig(undefined, youtube, {}),
      clock,
      upstream: fastUpstream,
    });
    expect(summary).toMatchObject({ stopped: 'caught-up', recordsNew: 4 });
    // channels.list, playlistItems.list, then videos.list three times (two 503s and the answer): 1 unit each
    expect(youtube.requests.map((r) => r.path)).toEqual([
      '/channels',
      '/playlistItems',
      '/videos',
      '/videos',
      '/videos',
    ]);
    expect(await new QuotaLedger(store.db, 'youtube', 10_000, clock).used()).toBe(5);
  });

  /** The units of the requests the fake saw from `from` on (search.list 100, the others 1). */
  const unitsSeen = (from: number) =>
    youtube.requests.slice(from).reduce((units, request) => units + (request.path === '/search' ? 100 : 1), 0);
  const used = () => new QuotaLedger(store.db, 'youtube', 10_000, clock).used();

  it.each([
    ['/videos', 'a 503', { status: 503, body: { error: { code: 503, message: 'Backend Error' } } }],
    ['/playlistItems', 'no answer', 'drop' as const],
    ['/videos', 'a 429', { status: 429, headers: { 'retry-after': '1' } }],
    ['/search', 'a 500', { status: 500 }],
    [
      '/playlistItems',
      "a 403 rateLimitExceeded (Google's short-term limit, not the day's quota)",
      {
        status: 403,
        body: {
          error: {
            errors: [{ domain: 'youtube.quota', reason: 'rateLimitExceeded', message: 'Rate limit exceeded.' }],
            code: 403,
            message: 'Rate limit exceeded.',
          },
        },
      },
    ],
  ])(
    'a %s call that fails once (%s) and is sent again: the ledger equals the calls the fake saw',
    async (path, _what, fault) => {
      youtube.videos.push(...youtubeVideos(1, CHANNEL, clock.now(), `f${youtube.requests.length}`));
      const seen = youtube.requests.length;
      const before = await used();
      youtube.fail(path, fault);
      const [summary] = await runTargets(
        store.db,
        [path === '/search' ? { platform: 'video', search: 'cooking' } : channel],
        { config: fakeConfig(undefined, youtube, {}), clock, upstream: fastUpstream },
      );
      expect(summary?.stopped).not.toBe('error');
      // the failed call was seen, and sent again
      expect(youtube.requests.slice(seen).filter((r) => r.path === path).length).toBeGreaterThanOrEqual(2);
      expect((await used()) - before).toBe(unitsSeen(seen));
      clock.advance(60_000);
    },
  );

  it("a 403 dailyLimitExceeded (usageLimits) is the project's daily quota too: a quota stop, the ledger the one call sent", async () => {
    clock.advance(nextQuotaDay(clock.now()) - clock.now());
    const seen = youtube.requests.length;
    const message =
      'Daily Limit Exceeded. The quota will be reset at midnight Pacific Time (PT). You may monitor your quota usage and adjust limits in the API Console.';
    youtube.fail('/playlistItems', {
      status: 403,
      body: {
        error: { errors: [{ domain: 'usageLimits', reason: 'dailyLimitExceeded', message }], code: 403, message },
      },
    });
    const [summary] = await runTargets(store.db, [channel], {
      config: fakeConfig(undefined, youtube, {}),
      clock,
      upstream: fastUpstream,
    });
    expect(summary).toMatchObject({
      stopped: 'budget',
      detail:
        "platform quota reached (YouTube's quota for the project is spent: the API answered 403 dailyLimitExceeded; sync had used 1 of its 10000 units today)",
      quota: { whose: 'platform', answer: '403 dailyLimitExceeded', used: 1 },
      nextRunAt: nextQuotaDay(clock.now()),
    });
    expect(youtube.requests.length - seen).toBe(1);
    expect(await used()).toBe(1);
  });
});

describe('youtube sync: comment threads', () => {
  const VIDEO = 'vid00000001';
  const CHANNEL_WITH_COMMENTS = 'UCcommentscommentscomm00';
  const clock = fakeClock();
  let store: Store;
  let youtube: Awaited<ReturnType<typeof fakeYoutube>>;
  const run = (targets: Target[], env: NodeJS.ProcessEnv = {}) =>
    runTargets(store.db, targets, { config: fakeConfig(undefined, youtube, env), clock, upstream: fastUpstream });
  const used = () => new QuotaLedger(store.db, 'youtube', 10_000, clock).used();
  const stored = async () =>
    await store.db
      .selectFrom('video_comments')
      .select(['id', 'video_id', 'parent_id', 'like_count'])
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    store = await openTestStore();
    youtube = await fakeYoutube();
    // 250 threads on the video (1 in 3 with a reply, 1 in 3 with two), 3 on another video of the channel
    youtube.threads.push(...youtubeThreads(250, VIDEO, CHANNEL_WITH_COMMENTS, clock.now() - HOUR));
    youtube.threads.push(...youtubeThreads(3, 'vid00000002', CHANNEL_WITH_COMMENTS, clock.now() - 2 * HOUR, 'oth'));
  });
  afterEach(async () => {
    await youtube.close();
    await store.close();
  });

  it('targets, keys and the dry run: a video (11 characters) or a channel (UC…), never with another kind', () => {
    expect(targetKey(parseTarget({ platform: 'video', comments: VIDEO }))).toBe(`video:comments:${VIDEO}`);
    expect(targetKey(parseTarget({ platform: 'video', channelComments: CHANNEL_WITH_COMMENTS }))).toBe(
      `video:channel-comments:${CHANNEL_WITH_COMMENTS}`,
    );
    expect(() => parseTarget({ platform: 'video', comments: 'short' })).toThrow(/a video id: 11 letters/);
    expect(() => parseTarget({ platform: 'video', comments: VIDEO, channel: CHANNEL_WITH_COMMENTS })).toThrow(
      /exactly one of channel, search, comments or channelComments/,
    );
  });

  it("a first run pages a video's threads newest first to the end: commentThreads.list, 1 unit a page; threads and replies stored", async () => {
    const [summary] = await run([{ platform: 'video', comments: VIDEO }]);
    expect(summary).toMatchObject({ key: `video:comments:${VIDEO}`, pages: 3, stopped: 'caught-up', recordsNew: 250 });
    expect(youtube.requests.map((r) => [r.path, r.query.pageToken ?? '-'])).toEqual([
      ['/commentThreads', '-'],
      ['/commentThreads', '0:100'],
      ['/commentThreads', '0:200'],
    ]);
    expect(youtube.requests[0]!.query).toMatchObject({
      part: 'snippet,replies',
      videoId: VIDEO,
      order: 'time',
      maxResults: '100',
      textFormat: 'plainText',
    });
    expect(await used()).toBe(3);
    const rows = await stored();
    expect(rows.filter((row) => row.parent_id === '')).toHaveLength(250);
    // replies: 83 threads with 1, 83 with 2 (i % 3)
    expect(rows.filter((row) => row.parent_id !== '')).toHaveLength(83 + 2 * 83);
    expect((await readTargetState(store.db, `video:comments:${VIDEO}`))?.checkpoint).toEqual({
      newest: new Date(clock.now() - HOUR).toISOString().replace('.000', ''),
    });
  });

  it('a second run stops at the checkpoint: one page when nothing older is newer, the new threads stored, 1 unit', async () => {
    await run([{ platform: 'video', comments: VIDEO }]);
    youtube.requests.length = 0;
    const before = await used();
    youtube.threads.push(...youtubeThreads(4, VIDEO, CHANNEL_WITH_COMMENTS, clock.now(), 'new'));
    const [summary] = await run([{ platform: 'video', comments: VIDEO }]);
    expect(summary).toMatchObject({ pages: 1, stopped: 'caught-up', recordsNew: 4 });
    expect(youtube.requests).toHaveLength(1);
    expect((await used()) - before).toBe(1);
    expect((await readTargetState(store.db, `video:comments:${VIDEO}`))?.checkpoint).toEqual({
      newest: new Date(clock.now()).toISOString().replace('.000', ''),
    });
    // nothing new: one page, the checkpoint unchanged
    const [idle] = await run([{ platform: 'video', comments: VIDEO }]);
    expect(idle).toMatchObject({ pages: 1, recordsNew: 0, stopped: 'caught-up' });
  });

  it("a channel's threads (allThreadsRelatedToChannelId), cut at --pages: the checkpoint moves to the newest seen", async () => {
    const [summary] = await run([{ platform: 'video', channelComments: CHANNEL_WITH_COMMENTS, pages: 2 }]);
    expect(summary).toMatchObject({
      key: `video:channel-comments:${CHANNEL_WITH_COMMENTS}`,
      pages: 2,
      stopped: 'page-limit',
      recordsNew: 200,
    });
    expect(youtube.requests[0]!.query).toMatchObject({ allThreadsRelatedToChannelId: CHANNEL_WITH_COMMENTS });
    expect(youtube.requests[0]!.query.videoId).toBeUndefined();
    expect(await used()).toBe(2);
  });

  /** The target's checkpoint as stored. */
  const checkpoint = async () => (await readTargetState(store.db, `video:comments:${VIDEO}`))?.checkpoint;
  const rfc3339 = (ms: number) => new Date(ms).toISOString().replace('.000', '');

  /** A first run of every thread, then 250 new threads over the last 250 minutes (6 hours later): the newest one's time. */
  async function storedThen250New(): Promise<{ first: string; newest: string }> {
    await run([{ platform: 'video', comments: VIDEO }]);
    const first = rfc3339(clock.now() - HOUR);
    clock.advance(6 * HOUR);
    youtube.threads.push(...youtubeThreads(250, VIDEO, CHANNEL_WITH_COMMENTS, clock.now(), 'new'));
    youtube.requests.length = 0;
    return { first, newest: rfc3339(clock.now()) };
  }

  it('a run cut by --pages leaves a backlog down to what was stored; later runs walk it after what is new, none skipped', async () => {
    const { first, newest } = await storedThen250New();
    const [cut] = await run([{ platform: 'video', comments: VIDEO, pages: 1 }]);
    expect(cut).toMatchObject({ pages: 1, stopped: 'page-limit', recordsNew: 100 });
    expect(await checkpoint()).toEqual({ newest, backlog: { pageToken: '0:100', stop: first } });
    // the top (nothing new: one page), then the backlog's next page
    const [second] = await run([{ platform: 'video', comments: VIDEO, pages: 1 }]);
    expect(second).toMatchObject({ pages: 2, stopped: 'page-limit', recordsNew: 100 });
    expect(await checkpoint()).toEqual({ newest, backlog: { pageToken: '0:200', stop: first } });
    // the backlog's last page reaches the threads stored before it: done
    const [third] = await run([{ platform: 'video', comments: VIDEO, pages: 1 }]);
    expect(third).toMatchObject({ pages: 2, stopped: 'caught-up', recordsNew: 50 });
    expect(await checkpoint()).toEqual({ newest });
    expect(youtube.requests.map((r) => r.query.pageToken ?? '-')).toEqual(['-', '-', '0:100', '-', '0:200']);
    expect((await stored()).filter((row) => row.parent_id === '')).toHaveLength(500);
  });

  it("a backlog whose page token the API no longer takes is walked again from the listing's top", async () => {
    const { newest } = await storedThen250New();
    await run([{ platform: 'video', comments: VIDEO, pages: 1 }]);
    youtube.expireTokens();
    youtube.requests.length = 0;
    const [summary] = await run([{ platform: 'video', comments: VIDEO, pages: 3 }]);
    expect(summary).toMatchObject({ stopped: 'caught-up', recordsNew: 150 });
    // the top; the refused token; the backlog from the top again, down to the threads stored before it
    expect(youtube.requests.map((r) => r.query.pageToken ?? '-')).toEqual(['-', '0:100', '-', '1:100', '1:200']);
    expect(await checkpoint()).toEqual({ newest });
    expect((await stored()).filter((row) => row.parent_id === '')).toHaveLength(500);
  });

  it('a page retried after a 503 is charged again', async () => {
    const unavailable = {
      status: 503,
      body: { error: { code: 503, message: 'The service is currently unavailable.' } },
    };
    youtube.fail('/commentThreads', unavailable);
    const [summary] = await run([{ platform: 'video', comments: VIDEO, pages: 1 }]);
    expect(summary).toMatchObject({ pages: 1, stopped: 'page-limit', recordsNew: 100 });
    expect(youtube.requests.map((r) => r.path)).toEqual(['/commentThreads', '/commentThreads']);
    expect(await used()).toBe(2);
  });

  describe('allReplies: every reply of a thread with more than the 5 it carries', () => {
    /** A thread on the video `minutes` before the clock's now (newer than the 250 others: on the first page). */
    const thread = (id: string, replies: number, minutes: number): YoutubeThread => ({
      id,
      videoId: VIDEO,
      channelId: CHANNEL_WITH_COMMENTS,
      publishedAt: rfc3339(clock.now() - minutes * 60_000),
      likeCount: 0,
      replies,
    });
    const target: Target = { platform: 'video', comments: VIDEO, allReplies: true };
    const MANY = 'Ugmany000001';
    const SEVEN = 'Ugseven00001';
    /** Each request: its path, and a comments.list call's parent, with its page token. */
    const calls = () =>
      youtube.requests.map((r) =>
        r.path === '/comments'
          ? `comments ${r.query.parentId} ${r.query.pageToken ?? '-'}`
          : `${r.path.slice(1)} ${r.query.pageToken ?? '-'}`,
      );
    /** The stored replies of a thread. */
    const repliesOf = async (id: string) => (await stored()).filter((row) => row.parent_id === id);
    beforeEach(() => {
      youtube.threads.push(thread(MANY, 230, 30), thread(SEVEN, 7, 40));
    });

    it('reads them by comments.list (parentId, 100 a page) after each threads page: every reply stored, 1 unit a call', async () => {
      const [summary] = await run([target]);
      expect(summary).toMatchObject({ key: `video:comments:${VIDEO}`, stopped: 'caught-up' });
      // the first page holds both threads: the 230 replies in 3 pages, the 7 in 1, before the next threads page
      expect(calls()).toEqual([
        'commentThreads -',
        `comments ${MANY} -`,
        `comments ${MANY} 0:100`,
        `comments ${MANY} 0:200`,
        `comments ${SEVEN} -`,
        'commentThreads 0:100',
        'commentThreads 0:200',
      ]);
      expect(youtube.requests[1]!.query).toEqual({
        part: 'snippet',
        parentId: MANY,
        maxResults: '100',
        textFormat: 'plainText',
        key: YOUTUBE_API_KEY,
      });
      expect(youtube.requests[2]!.query).toMatchObject({ parentId: MANY, pageToken: '0:100' });
      expect(await used()).toBe(7);
      expect(await repliesOf(MANY)).toHaveLength(230);
      expect(await repliesOf(SEVEN)).toHaveLength(7);
      // the 250 others' replies (none over 5) as before: 83 with 1, 83 with 2
      expect((await stored()).filter((row) => row.parent_id !== '')).toHaveLength(83 + 2 * 83 + 230 + 7);
      // a reply read by comments.list leaves its thread's counts as the thread's page stored them
      const [many] = await store.db
        .selectFrom('video_comments')
        .select(['reply_count', 'video_id'])
        .where('id', '=', MANY)
        .execute();
      expect(many).toEqual({ reply_count: 230, video_id: VIDEO });
      expect(await checkpoint()).toEqual({ newest: rfc3339(clock.now() - 30 * 60_000) });
    });

    it('without it, the same threads store the 5 replies they carry and no comments.list is sent', async () => {
      await run([{ platform: 'video', comments: VIDEO }]);
      expect(calls()).toEqual(['commentThreads -', 'commentThreads 0:100', 'commentThreads 0:200']);
      expect(await used()).toBe(3);
      expect(await repliesOf(MANY)).toHaveLength(5);
      expect(await repliesOf(SEVEN)).toHaveLength(5);
    });

    it('threads stored by an earlier run are not read again (their later replies neither); a new one is', async () => {
      await run([target]);
      youtube.requests.length = 0;
      const before = await used();
      // nothing new, though the stored thread has 10 replies more: the threads page only
      youtube.threads.find((t) => t.id === MANY)!.replies = 240;
      const [idle] = await run([target]);
      expect(idle).toMatchObject({ pages: 1, recordsNew: 0, stopped: 'caught-up' });
      expect(calls()).toEqual(['commentThreads -']);
      expect(await repliesOf(MANY)).toHaveLength(230);
      // a new thread with 12 replies: its replies only, though its page lists the stored ones too
      youtube.requests.length = 0;
      youtube.threads.push(thread('Ugnew0000001', 12, 10));
      await run([target]);
      expect(calls()).toEqual(['commentThreads -', 'comments Ugnew0000001 -']);
      expect(await repliesOf('Ugnew0000001')).toHaveLength(12);
      expect((await used()) - before).toBe(3);
    });

    it('a comments.list call retried after a 503 is charged again', async () => {
      const unavailable = {
        status: 503,
        body: { error: { code: 503, message: 'The service is currently unavailable.' } },
      };
      youtube.fail('/comments', unavailable);
      const [summary] = await run([{ ...target, pages: 1 }]);
      expect(summary).toMatchObject({ stopped: 'page-limit' });
      expect(calls()).toEqual([
        'commentThreads -',
        `comments ${MANY} -`,
        `comments ${MANY} -`,
        `comments ${MANY} 0:100`,
        `comments ${MANY} 0:200`,
        `comments ${SEVEN} -`,
      ]);
      // the threads page, the 503 and its retry, the other 3 comments.list calls
      expect(await used()).toBe(6);
      expect(await repliesOf(MANY)).toHaveLength(230);
    });

    it('goes with comments or channelComments only, and leaves the target key as it is', () => {
      expect(targetKey(parseTarget(target))).toBe(`video:comments:${VIDEO}`);
      expect(
        targetKey(parseTarget({ platform: 'video', channelComments: CHANNEL_WITH_COMMENTS, allReplies: true })),
      ).toBe(`video:channel-comments:${CHANNEL_WITH_COMMENTS}`);
      expect(() => parseTarget({ platform: 'video', channel: CHANNEL_WITH_COMMENTS, allReplies: true })).toThrow(
        'allReplies goes with comments or channelComments',
      );
      expect(() => parseTarget({ platform: 'video', search: 'cooking', allReplies: true })).toThrow(
        'allReplies goes with comments or channelComments',
      );
    });
  });
});
