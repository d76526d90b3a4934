import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { readTargetState, removeTargets } from './checkpoints.js';
import { planLines, planTargets, quotaLines } from './plan.js';
import { QuotaLedger } from './quota.js';
import { runTargets, syncPlatforms } from './run.js';
import { type Target, targetKey } from './targets.js';
import {
  fakeClock,
  fakeConfig,
  fakeReddit,
  fakeSpotify,
  fakeTiktok,
  fakeX,
  fakeYoutube,
  fastUpstream,
  type LoggedRequest,
  redditPosts,
  spotifyAlbums,
  spotifyId,
  tiktokVideos,
  xPosts,
  youtubeThreads,
  youtubeVideos,
} from './testing.js';
import { requestLine } from './upstream.js';

const CHANNEL = 'UCabcdefghijklmnopqrstuv';
const ARTIST = spotifyId('art', 1);
const SHOW = spotifyId('shw', 1);
const PLAYLIST = spotifyId('pls', 1);
const ROOT = '1800000000000000001';
const targets: Target[] = [
  { platform: 'forum', community: 'programming' },
  { platform: 'forum', user: 'author1', every: '1d' },
  { platform: 'forum', post: 'p1' },
  { platform: 'forum', community: 'programming', listing: 'hot', pages: 2 },
  { platform: 'video', channel: CHANNEL },
  { platform: 'video', search: 'cooking' },
  { platform: 'video', channel: 'UCzyxwvutsrqponmlkjihgfe', refresh: 0, pages: 1 },
  { platform: 'video', comments: 'vid00000001' },
  { platform: 'video', channelComments: CHANNEL, pages: 2 },
  { platform: 'music', artist: ARTIST },
  { platform: 'music', show: SHOW },
  { platform: 'music', playlist: PLAYLIST },
  { platform: 'microblog', user: 'fakeuser' },
  { platform: 'microblog', conversation: ROOT },
  { platform: 'microblog', followers: 'fakeuser' },
  { platform: 'shortvideo', user: 'dance.daily' },
];
/** Query parameters a plan leaves out of its request line: the field lists, and the key the auth hook adds. */
const LEFT_OUT = new Set(['tweet.fields', 'expansions', 'user.fields', 'media.fields', 'fields', 'key']);
const TOKEN_PATHS = new Set(['/api/v1/access_token', '/api/token', '/v2/oauth/token/']);

describe('planTargets (the dry run)', () => {
  let store: Store;
  const clock = fakeClock();
  let reddit: Awaited<ReturnType<typeof fakeReddit>>;
  let youtube: Awaited<ReturnType<typeof fakeYoutube>>;
  let spotify: Awaited<ReturnType<typeof fakeSpotify>>;
  let x: Awaited<ReturnType<typeof fakeX>>;
  let tiktok: Awaited<ReturnType<typeof fakeTiktok>>;
  let config: ReturnType<typeof fakeConfig>;
  /** Each platform's fake, and its API's path prefix (its requests' paths less it are the plan's). */
  const fakeOf = (target: Target) =>
    ({
      forum: { fake: reddit, prefix: '' },
      video: { fake: youtube, prefix: '' },
      music: { fake: spotify, prefix: '/v1' },
      microblog: { fake: x, prefix: '/2' },
      shortvideo: { fake: tiktok, prefix: '' },
    })[target.platform];
  const requestCounts = () => [reddit, youtube, spotify, x, tiktok].map((fake) => fake.requests.length);
  const count = async (table: 'forum_posts' | 'video_videos' | 'music_albums' | 'microblog_messages') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Everything sync writes: targets (checkpoints, history), settings (the quota ledgers), the lease, records. */
  const snapshot = async () => ({
    targets: await store.db.selectFrom('sync_targets').selectAll().orderBy('key').execute(),
    settings: await store.db.selectFrom('settings').selectAll().orderBy('key').execute(),
    lease: await store.db.selectFrom('sync_lease').selectAll().execute(),
    records: await Promise.all(
      (['forum_posts', 'video_videos', 'music_albums', 'microblog_messages'] as const).map(count),
    ),
  });
  const render = (request: LoggedRequest, prefix: string) =>
    requestLine(
      request.method === 'POST' ? 'POST' : 'GET',
      request.path.slice(prefix.length),
      Object.fromEntries(Object.entries(request.query).filter(([name]) => !LEFT_OUT.has(name))),
    );
  const used = (ledger: string) =>
    new QuotaLedger(store.db, ledger, 1_000_000, clock, ledger === 'tiktok' ? { timeZone: 'UTC' } : {}).used();

  beforeAll(async () => {
    store = await openTestStore();
    reddit = await fakeReddit();
    reddit.posts.push(...redditPosts(120, 'programming', Math.floor(clock.now() / 1000) - 60));
    youtube = await fakeYoutube();
    youtube.videos.push(
      ...youtubeVideos(60, CHANNEL, clock.now() - 3_600_000),
      ...youtubeVideos(3, 'UCzyxwvutsrqponmlkjihgfe', clock.now() - 7_200_000, 'oth'),
    );
    youtube.threads.push(...youtubeThreads(30, 'vid00000001', CHANNEL, clock.now() - 60_000));
    spotify = await fakeSpotify();
    spotify.artists.push({ id: ARTIST, name: 'The Fakes', followers: 10 });
    spotify.albums.push(...spotifyAlbums(3, ARTIST, '2026-02-01'));
    spotify.shows.push({
      id: SHOW,
      name: 'Fake talk',
      episodes: [1, 2, 3].map((n) => ({ id: spotifyId('epi', n), name: `episode ${n}`, releaseDate: `2026-02-0${n}` })),
    });
    spotify.playlists.push({
      id: PLAYLIST,
      name: 'Road trip',
      snapshot: 'snap-1',
      trackIds: spotify.albums.flatMap((album) => album.tracks.map((track) => track.id)),
    });
    x = await fakeX();
    x.users.push(
      { id: '1001', username: 'fakeuser', name: 'Fake', followers: [] },
      { id: '1002', username: 'replier', name: 'Replier', followers: [] },
    );
    x.posts.push(
      ...xPosts(5, '1001', clock.now() - 60_000),
      ...xPosts(3, '1002', clock.now(), 1_900_000_000_000_000_000n).map((post) => ({ ...post, conversationId: ROOT })),
    );
    tiktok = await fakeTiktok();
    tiktok.videos.push(...tiktokVideos(4, 'dance.daily', clock.now() - 3_600_000));
    config = fakeConfig(reddit, youtube, { ...spotify.env(), ...x.env(), ...tiktok.env() });
  });
  afterAll(async () => {
    for (const fake of [reddit, youtube, spotify, x, tiktok]) await fake.close();
    await store.close();
  });

  it('sends nothing and writes nothing; names the request each run then sends first, and the units it spends', async () => {
    for (const round of ['first', 'second'] as const) {
      const before = await snapshot();
      const sent = requestCounts();
      const plans = await planTargets(store.db, targets, { config, clock });
      const usedAtPlan = { youtube: await used('youtube'), tiktok: await used('tiktok') };
      expect(requestCounts()).toEqual(sent);
      expect(await snapshot()).toEqual(before);
      expect(plans.map((plan) => plan.key)).toEqual(targets.map(targetKey));
      for (const plan of plans) expect(plan).toMatchObject({ due: true, stored: round === 'second', unset: [] });
      if (round === 'first') expect(plans.every((plan) => plan.checkpoint === undefined)).toBe(true);

      for (const [n, target] of targets.entries()) {
        const plan = plans[n]!;
        const { fake, prefix } = fakeOf(target);
        const from = fake.requests.length;
        const spentBefore = plan.quota ? await used(plan.quota.ledger) : 0;
        const [summary] = await runTargets(store.db, [target], { config, clock, upstream: fastUpstream });
        expect(summary).toMatchObject({ key: plan.key });
        expect(summary!.stopped).not.toBe('error');
        const first = fake.requests.slice(from).find((request) => !TOKEN_PATHS.has(request.path))!;
        if (target.platform === 'shortvideo') {
          const body = JSON.parse(first.body ?? '{}') as { start_date: string; end_date: string; max_count: number };
          expect(plan.request).toBe(
            `${render(first, prefix)} (username dance.daily, ${body.start_date} to ${body.end_date}, max_count ${body.max_count})`,
          );
        } else expect(plan.request).toBe(render(first, prefix));
        if (plan.quota) {
          const spent = (await used(plan.quota.ledger)) - spentBefore;
          expect(plan.quota.used).toBe(usedAtPlan[plan.quota.ledger === 'youtube' ? 'youtube' : 'tiktok']);
          // the second round finds nothing new: it spends what the plan says is the least
          if (round === 'second') expect(spent).toBe(plan.quota.min);
          else {
            expect(spent).toBeGreaterThanOrEqual(plan.quota.min);
            expect(spent).toBeLessThanOrEqual(plan.quota.max);
          }
        }
      }
    }
  });

  it('tells a checkpoint, the schedule (not due until its next run) and unset credentials in its lines', async () => {
    const scheduled = await planTargets(store.db, targets, { config, clock, schedule: true });
    const community = scheduled.find((plan) => plan.key === 'forum:community:programming:new');
    const channel = scheduled.find((plan) => plan.key === `video:channel:${CHANNEL}`);
    expect(scheduled.every((plan) => !plan.due)).toBe(true);
    const state = await readTargetState(store.db, 'forum:community:programming:new');
    expect(community).toMatchObject({ due: false, stored: true, nextRunAt: state!.nextRunAt });
    expect(planLines(community!)).toEqual([
      expect.stringMatching(
        /^forum:community:programming:new: would wait until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(its next run\) \(last success \d{4}-.*Z\)$/,
      ),
      `  checkpoint: ${JSON.stringify(state!.checkpoint)}`,
      '  first request: GET /r/programming/new?limit=100',
      expect.stringMatching(/^ {2}reads: the posts newer than t3_p1 \(2026-.*\), at most 10 pages of 100$/),
    ]);
    expect(channel!.quota).toMatchObject({ ledger: 'youtube', unit: 'units', min: 2, max: 21, budget: 10_000 });
    const comments = scheduled.find((plan) => plan.key === 'video:comments:vid00000001')!;
    expect(planLines(comments).slice(1)).toEqual([
      `  checkpoint: {"newest":"${new Date(clock.now() - 60_000).toISOString().replace('.000', '')}"}`,
      '  first request: GET /commentThreads?part=snippet,replies&videoId=vid00000001&order=time&maxResults=100&textFormat=plainText',
      expect.stringMatching(
        /^ {2}reads: the threads published after 2026-.*Z, with the replies each carries \(up to 5\), at most 10 pages of 100$/,
      ),
      expect.stringMatching(/^ {2}youtube quota: 1 to 10 units \(\d+ of 10000 used today\)$/),
    ]);

    clock.advance(2 * 86_400_000);
    const noKey = fakeConfig(reddit);
    const plans = await planTargets(store.db, targets, { config: noKey, clock, schedule: true });
    const video = plans.find((plan) => plan.key === `video:channel:${CHANNEL}`)!;
    expect(video).toMatchObject({ due: true, unset: ['SOCIALQUERY_YOUTUBE_API_KEY'] });
    expect(planLines(video).slice(-2)).toEqual([
      '  youtube quota: 2 to 21 units (0 of 10000 used today)',
      '  credentials: SOCIALQUERY_YOUTUBE_API_KEY not set: the run would fail (youtube)',
    ]);
    expect(quotaLines(plans)).toEqual([
      'youtube quota, all targets: 105 to 136 units (0 of 10000 used today)',
      'tiktok quota, all targets: 1 to 20 requests (0 of 1000 used today)',
    ]);
  });
});

describe("the adapters' plans of checkpoints with a backlog", () => {
  let store: Store;
  const clock = fakeClock();
  const config = fakeConfig();
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store.close();
  });
  const plan = async (target: Target, checkpoint: unknown) => {
    const adapter = syncPlatforms.find((candidate) => candidate.platform === target.platform)!;
    return adapter.plan({ target, checkpoint, config, clock, db: store.db });
  };
  const created = Math.floor(clock.now() / 1000);

  it('say what the backlog is and where it goes on; the budget counts its walk', async () => {
    expect(
      await plan(
        { platform: 'forum', user: 'spez' },
        {
          newest: { name: 't3_b', created },
          backlog: { after: 't3_x', until: { name: 't3_a', created: created - 3600 } },
        },
      ),
    ).toEqual({
      request: 'GET /user/spez/submitted?limit=100&sort=new',
      reads:
        'the posts newer than t3_b (2026-03-02T12:00:00.000Z), at most 10 pages of 100; then the backlog from after t3_x down to t3_a (2026-03-02T11:00:00.000Z), at most 10 pages more',
    });
    // the comments stream, a search, a top listing, a refresh of stored posts
    expect(
      await plan({ platform: 'forum', community: 'rust', listing: 'comments' }, { newest: { name: 't1_c', created } }),
    ).toEqual({
      request: 'GET /r/rust/comments?limit=100',
      reads: 'the comments newer than t1_c (2026-03-02T12:00:00.000Z), at most 10 pages of 100',
    });
    expect(await plan({ platform: 'forum', community: 'biology', search: 'zebrafish larva' }, undefined)).toEqual({
      request: 'GET /r/biology/search?limit=100&q=zebrafish larva&sort=new&t=all&type=link&restrict_sr=1',
      reads: 'the newest posts (a first run), at most 10 pages of 100',
    });
    expect(await plan({ platform: 'forum', community: 'rust', listing: 'top', timeframe: 'week' }, undefined)).toEqual({
      request: 'GET /r/rust/top?limit=100&t=week',
      reads: 'its first 1 page of 100 again (a top listing changes order)',
    });
    expect((await plan({ platform: 'forum', community: 'rust', refresh: 250 }, undefined)).reads).toBe(
      'the newest posts (a first run), at most 10 pages of 100; then the 250 newest posts earlier runs stored, again (GET /api/info, 3 requests)',
    );
    expect(
      (await plan({ platform: 'forum', post: 't3_abc' }, { pending: { ids: ['c1', 'c2'], threads: ['c9'] } })).reads,
    ).toBe(
      'the post and its comments, then its "more" stubs expanded, first the 2 comments of "more" stubs and 1 "continue this thread" link the last run left: at most 20 requests',
    );
    const channel = await plan(
      { platform: 'video', channel: 'UCabcdefghijklmnopqrstuv', refresh: 0 },
      {
        uploads: 'UUabcdefghijklmnopqrstuv',
        newest: { videoId: 'v2', publishedAt: '2026-03-02T10:00:00Z' },
        backlog: { pageToken: '0:50', stop: { videoId: 'v1', publishedAt: '2026-01-01T00:00:00Z' } },
      },
    );
    expect(channel.reads).toContain(
      '; then the backlog from page token 0:50 down to v1 (2026-01-01T00:00:00Z), at most 10 pages more',
    );
    // a listing page a walk, nothing new; at most both walks' pages full, the backlog's first uncounted
    expect(channel.quota).toMatchObject({ min: 2, max: 42 });
    // comment threads: 1 unit a page, both walks; with allReplies, a comments.list page more for each thread a page holds
    const threads = {
      newest: '2026-03-02T10:00:00Z',
      backlog: { pageToken: '0:100', stop: '2026-01-01T00:00:00Z' },
    };
    const comments = await plan({ platform: 'video', comments: 'vid00000001', pages: 2 }, threads);
    expect(comments).toMatchObject({
      request:
        'GET /commentThreads?part=snippet,replies&videoId=vid00000001&order=time&maxResults=100&textFormat=plainText',
      reads:
        'the threads published after 2026-03-02T10:00:00Z, with the replies each carries (up to 5), at most 2 pages of 100; then the backlog from page token 0:100 down to the threads published after 2026-01-01T00:00:00Z, at most 2 pages more',
      quota: { min: 1, max: 4 },
    });
    const allReplies = await plan({ platform: 'video', comments: 'vid00000001', pages: 2, allReplies: true }, threads);
    expect(allReplies).toMatchObject({
      request: comments.request,
      reads: `${comments.reads}; for each new thread with more than 5 replies, all of them: GET /comments?part=snippet&parentId=<thread id>&maxResults=100&textFormat=plainText (comments.list, 100 a page, 1 unit each; the most units count one page a thread, the bound when no thread has more than 105 replies)`,
      // 4 pages of 100 threads, and a comments.list page for each
      quota: { min: 1, max: 4 + 4 * 100 },
    });
    expect((await plan({ platform: 'music', show: spotifyId('shw', 1) }, { backlog: { offset: 50 } })).reads).toBe(
      "the show and the newest episodes (a first run), at most 20 pages of 50; then the backlog from offset 50 down to the list's end, at most 20 pages more",
    );
    expect((await plan({ platform: 'music', artist: ARTIST }, { releases: 12 })).reads).toContain(
      'the last run counted 12 releases',
    );
    expect((await plan({ platform: 'music', playlist: PLAYLIST }, { snapshot: 'snap-1' })).reads).toBe(
      'the playlist: unchanged since snapshot snap-1, that one request; changed, its entries, at most 100 pages of 100',
    );
    expect(
      (await plan({ platform: 'microblog', user: 'fakeuser' }, { newest: '5', backlog: [{ until: '3' }] })).reads,
    ).toBe(
      'the user, then the posts newer than 5 (since_id), at most 32 pages of 100; then 1 gap earlier runs left, at most 32 pages more',
    );
    const days = await plan(
      { platform: 'shortvideo', user: 'dance.daily' },
      { through: '20260301', backlog: [{ end: '20260101', floor: '20251201' }] },
    );
    expect(days).toMatchObject({
      request: 'POST /v2/research/video/query/ (username dance.daily, 20260301 to 20260302, max_count 100)',
      reads:
        'the videos of 20260301 to 20260302 in windows of 30 days, at most 20 requests; then 1 span of days earlier runs left, at most 20 requests more',
      quota: { ledger: 'tiktok', unit: 'requests', min: 2, max: 40 },
    });
  });

  it('a plan with no success yet, and one the budget would stop', async () => {
    const [never] = await planTargets(store.db, [{ platform: 'video', search: 'x' }], { config, clock });
    await store.db
      .insertInto('settings')
      .values({ key: 'sync:youtube-quota', value: JSON.stringify({ day: '2026-03-02', used: 9_990 }) })
      .execute();
    const lines = planLines({ ...never!, stored: true });
    expect(lines[0]).toBe('video:search:x: would run now (no success yet)');
    const [spent] = await planTargets(store.db, [{ platform: 'video', search: 'x' }], { config, clock });
    expect(planLines(spent!)).toContain(
      '  youtube quota: 100 to 101 units (9990 of 10000 used today): the budget would stop it',
    );
    const [some] = await planTargets(store.db, [{ platform: 'video', channel: 'UCabcdefghijklmnopqrstuv' }], {
      config,
      clock,
    });
    expect(planLines(some!)).toContain(
      '  youtube quota: 2 to 22 units (9990 of 10000 used today): the budget may stop it',
    );
  });
});

describe('removeTargets', () => {
  let store: Store;
  let reddit: Awaited<ReturnType<typeof fakeReddit>>;
  const clock = fakeClock();
  const rust: Target = { platform: 'forum', community: 'rust' };
  beforeAll(async () => {
    store = await openTestStore();
    reddit = await fakeReddit();
    reddit.posts.push(...redditPosts(5, 'rust', Math.floor(clock.now() / 1000) - 60, 'r'));
  });
  afterAll(async () => {
    await reddit.close();
    await store.close();
  });

  it('removes a target with its checkpoint (a re-added one is a first run), all or none; its records stay', async () => {
    const config = fakeConfig(reddit);
    await runTargets(store.db, [rust, { platform: 'forum', user: 'author1' }], {
      config,
      clock,
      upstream: fastUpstream,
    });
    expect((await readTargetState(store.db, 'forum:community:rust:new'))?.checkpoint).toBeDefined();
    const stored = await store.db.selectFrom('forum_posts').select('id').execute();

    expect(await removeTargets(store.db, ['forum:community:rust:new', 'forum:community:nosuch:new'])).toEqual({
      removed: [],
      unknown: ['forum:community:nosuch:new'],
    });
    expect(await readTargetState(store.db, 'forum:community:rust:new')).toBeDefined();

    expect(await removeTargets(store.db, ['forum:community:rust:new', 'forum:community:rust:new'])).toEqual({
      removed: ['forum:community:rust:new'],
      unknown: [],
    });
    expect(await readTargetState(store.db, 'forum:community:rust:new')).toBeUndefined();
    expect(await readTargetState(store.db, 'forum:user:author1')).toBeDefined();
    expect(await store.db.selectFrom('forum_posts').select('id').execute()).toEqual(stored);
    const [plan] = await planTargets(store.db, [rust], { config, clock });
    expect(plan).toMatchObject({ stored: false, checkpoint: undefined });
    expect(plan!.reads).toBe('the newest posts (a first run), at most 10 pages of 100');
    expect(await removeTargets(store.db, [])).toEqual({ removed: [], unknown: [] });
  });
});
