import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { readTargetState } from '../checkpoints.js';
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
          'id,create_time,username,region_code,video_description,music_id,like_count,comment_count,share_count,view_count,hashtag_names',
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

  it('a page limit keeps the checkpoint: the next run walks the same days again', async () => {
    const [summary] = await run([{ platform: 'shortvideo', user: 'someone.else', pages: 1 }], {
      ...tiktok.env(),
      SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS: '90',
    });
    expect(summary).toMatchObject({ pages: 1, recordsNew: 3, stopped: 'page-limit' });
    expect((await readTargetState(store.db, 'shortvideo:user:someone.else'))?.checkpoint).toBeUndefined();
  });

  it('missing credentials name the variables; a wrong secret fails without showing it', async () => {
    const [missing] = await run([user], {});
    expect(missing?.detail).toBe(
      'tiktok credentials are not configured: set SOCIALQUERY_TIKTOK_CLIENT_KEY and SOCIALQUERY_TIKTOK_CLIENT_SECRET',
    );
    const [wrong] = await run([user], { ...tiktok.env(), SOCIALQUERY_TIKTOK_CLIENT_SECRET: 'wrong-secret-999' });
    expect(wrong).toMatchObject({ stopped: 'error', detail: 'tiktok: POST /v2/oauth/token/ answered 401' });
    const text = JSON.stringify(progress);
    for (const secret of [TIKTOK_CLIENT_SECRET, TIKTOK_CLIENT_KEY, 'wrong-secret-999', 'clt.tiktok-token'])
      expect(text).not.toContain(secret);
  });
});
