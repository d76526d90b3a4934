import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { readTargetState } from '../checkpoints.js';
import { nextQuotaDay, QuotaLedger } from '../quota.js';
import { runTargets } from '../run.js';
import type { Target } from '../targets.js';
import {
  fakeClock,
  fakeConfig,
  fakeTiktok,
  fastUpstream,
  TIKTOK_CLIENT_KEY,
  TIKTOK_CLIENT_SECRET,
  tiktokVideos,
} from '../testing.js';
import { isDailyQuotaSpent } from './tiktok.js';
import { UpstreamError } from '../upstream.js';

const DAY = 86_400_000;
const user: Target = { platform: 'shortvideo', user: 'dance.daily' };

describe('tiktok sync', () => {
  let store: Store;
  let tiktok: Awaited<ReturnType<typeof fakeTiktok>>;
  const progress: string[] = [];
  // 2026-03-02T12:00:00Z
  const clock = fakeClock();
  const run = (targets: Target[], env: NodeJS.ProcessEnv = tiktok.env()) =>
    runTargets(store.db, targets, {
      config: fakeConfig(undefined, undefined, env),
      clock,
      upstream: fastUpstream,
      onProgress: (key, message) => progress.push(`${key}: ${message}`),
    });
  const windows = () => tiktok.queries().map((query) => [query.start_date, query.end_date, query.cursor ?? 0]);
  const count = async () =>
    Number(
      (
        await store.db
          .selectFrom('shortvideo_videos')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    store = await openTestStore();
    tiktok = await fakeTiktok();
    // four a day over 60 days: 240 videos, the newest an hour ago
    tiktok.videos.push(...tiktokVideos(240, 'dance.daily', clock.now() - 3_600_000));
    tiktok.videos.push(...tiktokVideos(3, 'someone.else', clock.now(), 7_400_000_000_000_000_000n));
  });
  afterAll(async () => {
    await tiktok.close();
    await store.close();
  });
  beforeEach(() => {
    tiktok.requests.length = 0;
    clock.sleeps.length = 0;
  });

  it('a first run walks back from today over the first-run depth in 30-day windows, each paged by cursor', async () => {
    const [summary] = await run([user], { ...tiktok.env(), SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS: '45' });
    expect(summary).toMatchObject({ key: 'shortvideo:user:dance.daily', stopped: 'caught-up', recordsUpdated: 0 });
    // 45 days, 4 a day (today's 2 by noon): 178 videos
    expect(summary!.recordsNew).toBe(178);
    expect(windows()).toEqual([
      ['20260201', '20260302', 0],
      ['20260201', '20260302', 100],
      ['20260117', '20260131', 0],
    ]);
    const [first] = tiktok.queries();
    expect(first).toMatchObject({
      query: { and: [{ operation: 'EQ', field_name: 'username', field_values: ['dance.daily'] }] },
      max_count: 100,
    });
    expect(tiktok.queries()[1]).toMatchObject({ cursor: 100, search_id: '7400000000000000001' });
    expect(tiktok.requests.find((r) => r.path === '/v2/research/video/query/')).toMatchObject({
      method: 'POST',
      query: {
        fields:
          'id,create_time,username,region_code,video_description,music_id,like_count,comment_count,share_count,view_count,hashtag_names,video_duration,effect_ids,playlist_id,voice_to_text,is_stem_verified,favorites_count,video_mention_list,video_label,video_tag,hashtag_info_list,sticker_info_list,effect_info_list',
      },
    });
    expect(await count()).toBe(178);
    // ids past 2^53 are stored exactly
    const newest = tiktok.videos[0]!;
    const row = await store.db
      .selectFrom('shortvideo_videos')
      .selectAll()
      .where('id', '=', newest.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: '7300000000000000240', author: 'dance.daily', description: 'video 240 #fyp' });
    expect((await readTargetState(store.db, 'shortvideo:user:dance.daily'))?.checkpoint).toEqual({
      through: '20260302',
    });
  });

  it('the next day walks back to the checkpoint only; an edited video updates its row; again is idempotent', async () => {
    clock.advance(DAY);
    tiktok.videos.unshift(...tiktokVideos(2, 'dance.daily', clock.now() - 60_000, 7_310_000_000_000_000_000n));
    const edited = tiktok.videos.find((video) => video.id === '7300000000000000240')!;
    edited.description = 'video 240, edited #fyp';
    const [summary] = await run([user]);
    expect(windows()).toEqual([['20260302', '20260303', 0]]);
    expect(summary).toMatchObject({ pages: 1, recordsNew: 2, stopped: 'caught-up' });
    expect(summary!.recordsUpdated).toBeGreaterThan(0);
    const row = await store.db
      .selectFrom('shortvideo_videos')
      .select('description')
      .where('id', '=', edited.id)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe('video 240, edited #fyp');
    const [again] = await run([user]);
    expect(again).toMatchObject({ recordsNew: 0, stopped: 'caught-up' });
    expect(await count()).toBe(180);
  });

  it('429 with Retry-After; an expired token is refreshed once', async () => {
    tiktok.fail(
      '/v2/research/',
      { status: 429, headers: { 'retry-after': '2' } },
      {
        status: 401,
        body: { error: { code: 'access_token_invalid', message: 'The access token is invalid', log_id: 'x' } },
      },
    );
    const [summary] = await run([user]);
    expect(summary?.stopped).toBe('caught-up');
    expect(clock.sleeps).toEqual([2_000]);
    expect(tiktok.tokenRequests()).toBe(2);
    const tokens = tiktok.requests.filter((r) => r.path === '/v2/research/video/query/').map((r) => r.authorization);
    expect(new Set(tokens).size).toBe(2);
  });

  it('a page limit keeps what is left in the checkpoint: the next runs read the new days, then go on where it stopped', async () => {
    const target: Target = { platform: 'shortvideo', user: 'someone.else', pages: 1 };
    const key = 'shortvideo:user:someone.else';
    const env = { ...tiktok.env(), SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS: '90' };
    // today is 2026-03-03: 90 days are three windows
    const [first] = await run([target], env);
    expect(first).toMatchObject({ pages: 1, recordsNew: 3, stopped: 'page-limit' });
    expect(windows()).toEqual([['20260202', '20260303', 0]]);
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({
      through: '20260303',
      backlog: [{ end: '20260201', floor: '20251204' }],
    });
    tiktok.requests.length = 0;
    const [second] = await run([target], env);
    // the days since the last run's top, then one window more of the backlog
    expect(windows()).toEqual([
      ['20260303', '20260303', 0],
      ['20260103', '20260201', 0],
    ]);
    expect(second).toMatchObject({ stopped: 'page-limit', recordsNew: 0 });
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({
      through: '20260303',
      backlog: [{ end: '20260102', floor: '20251204' }],
    });
    tiktok.requests.length = 0;
    const [third] = await run([target], env);
    expect(windows()).toEqual([
      ['20260303', '20260303', 0],
      ['20251204', '20260102', 0],
    ]);
    expect(third).toMatchObject({ stopped: 'caught-up' });
    expect((await readTargetState(store.db, key))?.checkpoint).toEqual({ through: '20260303' });
  });

  it('missing credentials name the variables; a wrong secret fails without showing it', async () => {
    const [missing] = await run([user], {});
    expect(missing?.detail).toBe(
      'tiktok credentials are not configured: set SOCIALQUERY_TIKTOK_CLIENT_KEY and SOCIALQUERY_TIKTOK_CLIENT_SECRET',
    );
    const [wrong] = await run([user], { ...tiktok.env(), SOCIALQUERY_TIKTOK_CLIENT_SECRET: 'wrong-secret-999' });
    expect(wrong).toMatchObject({
      stopped: 'error',
      detail: 'tiktok: POST /v2/oauth/token/ answered 401: Client key or secret is invalid.',
    });
    const text = JSON.stringify(progress);
    for (const secret of [TIKTOK_CLIENT_SECRET, TIKTOK_CLIENT_KEY, 'wrong-secret-999', 'clt.tiktok-token'])
      expect(text).not.toContain(secret);
  });

  describe('the daily request budget (SOCIALQUERY_TIKTOK_DAILY_REQUESTS, by UTC day)', () => {
    const big: Target = { platform: 'shortvideo', user: 'big.backlog' };
    const ledger = () => new QuotaLedger(store.db, 'tiktok', 3, clock, { timeZone: 'UTC' });
    const toNextUtcDay = () => clock.advance(nextQuotaDay(clock.now(), 'UTC') - clock.now());
    const env = () => ({
      ...tiktok.env(),
      SOCIALQUERY_TIKTOK_DAILY_REQUESTS: '3',
      SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS: '90',
    });

    it('counts each query (token requests not), stops every TikTok target at the budget until the next UTC midnight', async () => {
      toNextUtcDay();
      expect(new Date(clock.now()).toISOString()).toBe('2026-03-04T00:00:00.000Z');
      // 250 videos, four a day, the newest an hour ago: 116 in the first window (February has 28 days), 120 in the second, 14 in the third
      tiktok.videos.push(...tiktokVideos(250, 'big.backlog', clock.now() - 3_600_000, 7_500_000_000_000_000_000n));
      const tokens = tiktok.tokenRequests();
      const [first, other] = await run([big, user], env());
      expect(windows()).toEqual([
        ['20260203', '20260304', 0],
        ['20260203', '20260304', 100],
        ['20260104', '20260202', 0],
      ]);
      expect(tiktok.tokenRequests()).toBe(tokens + 1);
      expect(await ledger().used()).toBe(3);
      const midnight = Date.parse('2026-03-05T00:00:00Z');
      expect(first).toMatchObject({ stopped: 'budget', recordsNew: 216, nextRunAt: midnight });
      expect(first?.detail).toBe(
        "quota budget reached (sync's own budget, SOCIALQUERY_TIKTOK_DAILY_REQUESTS: 3 of 3 requests used today; a video query costs 1)",
      );
      expect(first?.quota).toMatchObject({ whose: 'budget', used: 3, budget: 3, call: 'a video query', cost: 1 });
      // the other target sends nothing and keeps its checkpoint
      expect(other).toMatchObject({ stopped: 'budget', pages: 0, nextRunAt: midnight });
      expect((await readTargetState(store.db, 'shortvideo:user:dance.daily'))?.checkpoint).toEqual({
        through: '20260303',
      });
      // the run stopped inside the second window: the next goes on there
      expect((await readTargetState(store.db, 'shortvideo:user:big.backlog'))?.checkpoint).toEqual({
        through: '20260304',
        backlog: [{ end: '20260202', floor: '20251205', cursor: 100, searchId: '7400000000000000001' }],
      });
    });

    it('the next UTC day resumes: the new days, then the backlog at its cursor, each video once', async () => {
      toNextUtcDay();
      const [summary] = await run([big], env());
      expect(windows()).toEqual([
        ['20260304', '20260305', 0],
        ['20260104', '20260202', 100],
        ['20251205', '20260103', 0],
      ]);
      expect(tiktok.queries()[1]).toMatchObject({ search_id: '7400000000000000001' });
      // the 34 left, none read twice
      expect(summary).toMatchObject({ stopped: 'caught-up', recordsNew: 34, recordsUpdated: 0 });
      expect(await ledger().used()).toBe(3);
      expect((await readTargetState(store.db, 'shortvideo:user:big.backlog'))?.checkpoint).toEqual({
        through: '20260305',
      });
      const stored = await store.db
        .selectFrom('shortvideo_videos')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('author', '=', 'big.backlog')
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(250);
    });

    it('a resumed search the API no longer knows (400) reads its window again from the start', async () => {
      toNextUtcDay();
      const key = 'shortvideo:user:big.backlog';
      // nothing new to read today (through tomorrow): the resumed search is the first request
      const checkpoint = {
        through: '20260307',
        backlog: [{ end: '20260202', floor: '20260104', cursor: 100, searchId: '1' }],
      };
      await store.db
        .updateTable('sync_targets')
        .set({ checkpoint: JSON.stringify(checkpoint) })
        .where('key', '=', key)
        .execute();
      // no answer (retried), then the search is unknown
      tiktok.fail('/v2/research/video/query/', 'drop', {
        status: 400,
        body: { error: { code: 'invalid_params', message: 'search_id is invalid', log_id: 'x' } },
      });
      tiktok.requests.length = 0;
      const [summary] = await run([big], { ...env(), SOCIALQUERY_TIKTOK_DAILY_REQUESTS: '10' });
      expect(summary).toMatchObject({ stopped: 'caught-up', recordsNew: 0 });
      expect(windows()).toEqual([
        ['20260104', '20260202', 100],
        ['20260104', '20260202', 100],
        ['20260104', '20260202', 0],
        ['20260104', '20260202', 100],
      ]);
      // four requests: the dropped one, retried, counts too
      expect(await ledger().used()).toBe(4);
      expect((await readTargetState(store.db, key))?.checkpoint).toEqual({ through: '20260306' });
    });

    it('a 429 saying the daily quota is spent spends the ledger: every TikTok target stops until the next UTC day', async () => {
      toNextUtcDay();
      const spent = {
        status: 429,
        body: { error: { code: 'daily_quota_limit_exceeded', message: 'Daily quota limit exceeded', log_id: 'x' } },
      };
      tiktok.fail('/v2/research/', spent);
      const [first, other] = await run([big, user]);
      expect(first).toMatchObject({
        stopped: 'budget',
        detail:
          "platform quota reached (TikTok's quota for the project is spent: the API answered 429 daily_quota_limit_exceeded; sync had used 1 of its 1000 requests today)",
        quota: {
          whose: 'platform',
          api: 'tiktok',
          unit: 'requests',
          used: 1,
          budget: 1000,
          answer: '429 daily_quota_limit_exceeded',
        },
        nextRunAt: nextQuotaDay(clock.now(), 'UTC'),
      });
      // the other target sends nothing: the platform's quota, not sync's budget, stops it
      expect(other).toMatchObject({
        stopped: 'budget',
        pages: 0,
        detail:
          "platform quota reached (TikTok's quota for the project is spent: the API answered 429 daily_quota_limit_exceeded earlier today; sync had used 1 of its 1000 requests today)",
      });
      // such a 429 is not retried: one request, and the ledger says so
      expect(tiktok.queries()).toHaveLength(1);
      expect(await ledger().used()).toBe(1);
    });

    it('a query whose token request fails is never sent, and not charged: the ledger equals the queries the fake saw', async () => {
      toNextUtcDay();
      tiktok.expireTokens();
      tiktok.fail('/v2/oauth/token/', { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
      const [summary] = await run([user], env());
      expect(summary).toMatchObject({ stopped: 'error' });
      expect(tiktok.queries()).toHaveLength(0);
      expect(await ledger().used()).toBe(0);
    });

    it.each([
      ['a 503', { status: 503, body: { error: { code: 'internal_error', message: 'Service unavailable' } } }],
      ['no answer', 'drop' as const],
      ['a 429 rate limit', { status: 429, body: { error: { code: 'rate_limit_exceeded', message: 'Too many' } } }],
      ['a 401', { status: 401, body: { error: { code: 'access_token_invalid', message: 'expired' } } }],
    ])(
      'a query that fails once (%s) and is sent again: the ledger equals the queries the fake saw',
      async (_what, fault) => {
        toNextUtcDay();
        tiktok.fail('/v2/research/video/query/', fault);
        const [summary] = await run([user], { ...env(), SOCIALQUERY_TIKTOK_DAILY_REQUESTS: '10' });
        expect(summary?.stopped).toBe('caught-up');
        expect(tiktok.queries().length).toBeGreaterThanOrEqual(2);
        expect(await ledger().used()).toBe(tiktok.queries().length);
      },
    );

    it('tells the daily quota apart from the rate limit', () => {
      const answer = (status: number, error: unknown) => new UpstreamError('tiktok', status, { error });
      expect(isDailyQuotaSpent(answer(429, { code: 'daily_quota_limit_exceeded' }))).toBe(true);
      expect(
        isDailyQuotaSpent(answer(429, { code: 'rate_limit_exceeded', message: 'Daily request limit reached' })),
      ).toBe(true);
      expect(
        isDailyQuotaSpent(answer(429, { code: 'rate_limit_exceeded', message: 'The API rate limit was exceeded' })),
      ).toBe(false);
      expect(isDailyQuotaSpent(answer(500, { code: 'daily_quota_limit_exceeded' }))).toBe(false);
      expect(isDailyQuotaSpent(new Error('x'))).toBe(false);
      expect(isDailyQuotaSpent(new UpstreamError('tiktok', 429))).toBe(false);
    });

    it('SOCIALQUERY_TIKTOK_DAILY_REQUESTS is a whole number from 1 to 1000000', () => {
      expect(fakeConfig(undefined, undefined, env()).tiktok.dailyRequests).toBe(3);
      expect(fakeConfig().tiktok.dailyRequests).toBe(1000);
      expect(() => fakeConfig(undefined, undefined, { SOCIALQUERY_TIKTOK_DAILY_REQUESTS: '0' })).toThrow(
        'SOCIALQUERY_TIKTOK_DAILY_REQUESTS must be a whole number of requests from 1 to 1000000, got "0"',
      );
    });
  });
});
