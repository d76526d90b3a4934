import type { Store } from '../store.js';
import { openTestStore } from '../testing.js';
import { importDocuments } from './index.js';

const T = Date.parse('2026-03-02T12:00:00Z');
const post = (id: string, score: number, comments: number) => ({
  kind: 't3',
  data: {
    id,
    name: `t3_${id}`,
    subreddit: 'science',
    author: 'someone',
    title: `post ${id}`,
    selftext: 'text',
    selftext_html: '&lt;div&gt;text&lt;/div&gt;',
    created_utc: T / 1000 - 3600,
    score,
    ups: score,
    downs: 0,
    num_comments: comments,
    permalink: `/r/science/comments/${id}/post/`,
  },
});
const listing = (...things: unknown[]) => ({ kind: 'Listing', data: { after: null, children: things } });

describe('observations: counts over time', () => {
  let store: Store;
  const series = async (table: string, id: string) =>
    (
      await store.db
        .selectFrom('observations')
        .select(['observed_at', 'counts'])
        .where('item_table', '=', table)
        .where('item_id', '=', id)
        .orderBy('observed_at')
        .execute()
    ).map((row) => [Number(row.observed_at), JSON.parse(row.counts) as unknown]);
  const total = async () =>
    Number(
      (
        await store.db
          .selectFrom('observations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store.close();
  });

  it('a new record is observed once; seen again unchanged, nothing; its counts changed, one dated row', async () => {
    await importDocuments(store.db, 'forum', 'reddit-api', [listing(post('a1', 10, 1), post('a2', 5, 0))], {
      observedAt: T,
    });
    expect(await series('forum_posts', 'a1')).toEqual([[T, { score: 10, comment_count: 1 }]]);
    expect(await total()).toBe(2);

    // the same page an hour later: nothing changed, nothing recorded
    const again = await importDocuments(
      store.db,
      'forum',
      'reddit-api',
      [listing(post('a1', 10, 1), post('a2', 5, 0))],
      {
        observedAt: T + 3_600_000,
      },
    );
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 2 });
    expect(await total()).toBe(2);

    // two hours later a1's score and comments moved; a2's title changed but not its counts
    const edited = post('a2', 5, 0);
    edited.data.title = 'post a2, edited';
    await importDocuments(store.db, 'forum', 'reddit-api', [listing(post('a1', 42, 7), edited)], {
      observedAt: T + 7_200_000,
    });
    expect(await series('forum_posts', 'a1')).toEqual([
      [T, { score: 10, comment_count: 1 }],
      [T + 7_200_000, { score: 42, comment_count: 7 }],
    ]);
    expect(await series('forum_posts', 'a2')).toHaveLength(1);
    expect(await total()).toBe(3);
  });

  it('a record mentioned twice in one import is observed once, with the counts it was left with', async () => {
    await importDocuments(store.db, 'forum', 'reddit-api', [listing(post('b1', 1, 0), post('b1', 3, 0))], {
      observedAt: T,
    });
    expect(await series('forum_posts', 'b1')).toEqual([[T, { score: 3, comment_count: 0 }]]);
  });

  it("a partial mention observes only the counts it carries: a search result's video none, its videos.list item its views", async () => {
    const snippet = {
      channelId: 'UCabcdefghijklmnopqrstuv',
      channelTitle: 'A channel',
      title: 'A video',
      publishedAt: '2026-03-01T10:00:00Z',
      liveBroadcastContent: 'none',
    };
    const found = {
      kind: 'youtube#searchListResponse',
      items: [{ kind: 'youtube#searchResult', id: { kind: 'youtube#video', videoId: 'vid00000001' }, snippet }],
    };
    await importDocuments(store.db, 'video', 'youtube-v3', [found], { observedAt: T });
    // stored with a placeholder view count, which is not a reading
    expect(await series('video_videos', 'vid00000001')).toEqual([]);
    const item = (views: string) => ({
      kind: 'youtube#videoListResponse',
      items: [
        {
          kind: 'youtube#video',
          id: 'vid00000001',
          snippet,
          contentDetails: { duration: 'PT4M2S' },
          statistics: { viewCount: views },
        },
      ],
    });
    await importDocuments(store.db, 'video', 'youtube-v3', [item('1200')], { observedAt: T + 1000 });
    await importDocuments(store.db, 'video', 'youtube-v3', [found], { observedAt: T + 2000 });
    await importDocuments(store.db, 'video', 'youtube-v3', [item('1200')], { observedAt: T + 3000 });
    await importDocuments(store.db, 'video', 'youtube-v3', [item('1500')], { observedAt: T + 4000 });
    expect(await series('video_videos', 'vid00000001')).toEqual([
      [T + 1000, { views: 1200 }],
      [T + 4000, { views: 1500 }],
    ]);
  });
});
