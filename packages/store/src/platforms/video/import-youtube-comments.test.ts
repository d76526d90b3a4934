import type { Store } from '../../store.js';
import { importDocuments } from '../../import/index.js';
import { openTestStore } from '../../testing.js';

/** A reply as `commentThreads.list?part=snippet,replies` carries it (YouTube Data API v3 comments resource). */
const reply = {
  kind: 'youtube#comment',
  etag: 'hT6KcGHe3nB7uZ_bZ8ZhWb2lVtQ',
  id: 'UgzDE2tasfmrYLyNkGt4AaABAg.9wCT7uBmWp99wCTA2CMd4K',
  snippet: {
    channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
    videoId: 'dQw4w9WgXcQ',
    textDisplay: 'Same here &amp; still &lt;3',
    textOriginal: 'Same here & still <3',
    parentId: 'UgzDE2tasfmrYLyNkGt4AaABAg',
    authorDisplayName: '@replyperson',
    authorProfileImageUrl: 'https://yt3.ggpht.com/ytc/AIdro_reply=s48-c-k-c0x00ffffff-no-rj',
    authorChannelUrl: 'http://www.youtube.com/@replyperson',
    authorChannelId: { value: 'UCsT0YIqwnpJCM-mx7-gSA4Q' },
    canRate: true,
    viewerRating: 'none',
    likeCount: 12,
    publishedAt: '2024-03-02T10:15:00Z',
    updatedAt: '2024-03-02T10:15:00Z',
  },
};

/** A `youtube#commentThread`: the top-level comment (its textDisplay HTML, differing) and one reply. */
const thread = {
  kind: 'youtube#commentThread',
  etag: 'L0ZdD0M4yVwsqEJxTnSgE3GS4Sw',
  id: 'UgzDE2tasfmrYLyNkGt4AaABAg',
  snippet: {
    channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
    videoId: 'dQw4w9WgXcQ',
    topLevelComment: {
      kind: 'youtube#comment',
      etag: 'xq7Uy5yL5b8gqN0cY4uo2XcGv3M',
      id: 'UgzDE2tasfmrYLyNkGt4AaABAg',
      snippet: {
        channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
        videoId: 'dQw4w9WgXcQ',
        textDisplay: 'Still a classic at <a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=43">0:43</a>',
        textOriginal: 'Still a classic at 0:43',
        authorDisplayName: '@fan',
        authorProfileImageUrl: 'https://yt3.ggpht.com/ytc/AIdro_fan=s48-c-k-c0x00ffffff-no-rj',
        authorChannelUrl: 'http://www.youtube.com/@fan',
        authorChannelId: { value: 'UCa9Y57gfeY0Zro_noHRVrnw' },
        canRate: true,
        viewerRating: 'none',
        likeCount: 1520,
        publishedAt: '2024-03-01T08:00:00Z',
        updatedAt: '2024-03-01T09:30:00Z',
      },
    },
    canReply: true,
    totalReplyCount: 7,
    isPublic: true,
  },
  replies: { comments: [reply] },
};

const threadsPage = (...items: unknown[]) => ({
  kind: 'youtube#commentThreadListResponse',
  etag: 'aWTHcQpTzHv2rDbGVgVfNwYZ1Pk',
  nextPageToken: 'QURTSl9pMkR1cE9ha0x3',
  pageInfo: { totalResults: items.length, resultsPerPage: 100 },
  items,
});

/** A plainText `comments.list` answer: textDisplay repeats textOriginal, so it is not kept twice. */
const plainReply = {
  kind: 'youtube#comment',
  etag: 'Vq6d3Bu1Qb0l0aQxS3n5oGd0Zxk',
  id: 'UgzDE2tasfmrYLyNkGt4AaABAg.9wCTZ1lA2fX9wCTb0qV3aN',
  snippet: {
    channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
    textDisplay: 'Agreed',
    textOriginal: 'Agreed',
    parentId: 'UgzDE2tasfmrYLyNkGt4AaABAg',
    authorDisplayName: '@third',
    authorProfileImageUrl: 'https://yt3.ggpht.com/ytc/AIdro_third=s48-c-k-c0x00ffffff-no-rj',
    authorChannelUrl: 'http://www.youtube.com/@third',
    authorChannelId: { value: 'UCbW18JZRgko_mOGm5er8Yzg' },
    canRate: true,
    viewerRating: 'none',
    likeCount: 0,
    publishedAt: '2024-03-03T12:00:00.5Z',
    updatedAt: '2024-03-04T12:00:00Z',
  },
};

describe('video youtube-v3: comment threads and comments', () => {
  let store: Store;
  const importPages = (...pages: unknown[]) =>
    importDocuments(store.db, 'video', 'youtube-v3', pages, { where: 'test' });
  const stored = async () => await store.db.selectFrom('video_comments').selectAll().orderBy('id').execute();

  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('a commentThreads.list page: the top-level comment with the thread’s counts, and its reply, every value exact', async () => {
    const summary = await importPages(threadsPage(thread));
    expect(summary).toMatchObject({ imported: 1, skipped: 0 });
    expect(summary.tables.video_comments).toEqual({ imported: 2, updated: 0, unchanged: 0 });
    const [top, answer] = await stored();
    expect({ ...top, like_count: Number(top!.like_count), published_at: Number(top!.published_at) }).toEqual({
      id: 'UgzDE2tasfmrYLyNkGt4AaABAg',
      video_id: 'dQw4w9WgXcQ',
      channel_id: 'UCuAXFkgsw1L7xaCfnd5JJOw',
      parent_id: '',
      author_name: '@fan',
      author_channel_id: 'UCa9Y57gfeY0Zro_noHRVrnw',
      author_image: 'https://yt3.ggpht.com/ytc/AIdro_fan=s48-c-k-c0x00ffffff-no-rj',
      text: 'Still a classic at 0:43',
      like_count: 1520,
      published_at: Date.parse('2024-03-01T08:00:00Z'),
      updated_at: expect.anything(),
      reply_count: 7,
      can_reply: 1,
      is_public: 1,
      extra: expect.any(String),
    });
    expect(Number(top!.updated_at)).toBe(Date.parse('2024-03-01T09:30:00Z'));
    // the thread's other fields in its own nesting: the HTML textDisplay (it differs), the URLs, the flags the viewer has
    expect(JSON.parse(top!.extra)).toEqual({
      etag: thread.etag,
      snippet: {
        topLevelComment: {
          etag: thread.snippet.topLevelComment.etag,
          snippet: {
            textDisplay: thread.snippet.topLevelComment.snippet.textDisplay,
            authorChannelUrl: 'http://www.youtube.com/@fan',
            canRate: true,
            viewerRating: 'none',
          },
        },
      },
    });
    expect({ ...answer, like_count: Number(answer!.like_count) }).toMatchObject({
      id: reply.id,
      video_id: 'dQw4w9WgXcQ',
      channel_id: 'UCuAXFkgsw1L7xaCfnd5JJOw',
      parent_id: 'UgzDE2tasfmrYLyNkGt4AaABAg',
      author_name: '@replyperson',
      author_channel_id: 'UCsT0YIqwnpJCM-mx7-gSA4Q',
      text: 'Same here & still <3',
      like_count: 12,
      reply_count: 0,
      can_reply: null,
      is_public: null,
    });
    expect(JSON.parse(answer!.extra)).toEqual({
      etag: reply.etag,
      snippet: {
        textDisplay: 'Same here &amp; still &lt;3',
        authorChannelUrl: 'http://www.youtube.com/@replyperson',
        canRate: true,
        viewerRating: 'none',
      },
    });
  });

  it('a comments.list reply in plain text: textDisplay not kept twice; the video stays unknown until its thread says', async () => {
    await importPages({ kind: 'youtube#commentListResponse', items: [plainReply] });
    const [row] = await stored();
    expect({ ...row, published_at: Number(row!.published_at), updated_at: Number(row!.updated_at) }).toMatchObject({
      video_id: '',
      parent_id: 'UgzDE2tasfmrYLyNkGt4AaABAg',
      text: 'Agreed',
      published_at: Date.parse('2024-03-03T12:00:00.500Z'),
      updated_at: Date.parse('2024-03-04T12:00:00Z'),
    });
    expect(JSON.parse(row!.extra)).toEqual({
      etag: plainReply.etag,
      snippet: { authorChannelUrl: 'http://www.youtube.com/@third', canRate: true, viewerRating: 'none' },
    });
    await importPages(
      threadsPage({
        ...thread,
        replies: { comments: [reply, { ...plainReply, snippet: { ...plainReply.snippet, videoId: 'dQw4w9WgXcQ' } }] },
      }),
    );
    expect((await stored()).map((r) => [r.id, r.video_id])).toEqual([
      ['UgzDE2tasfmrYLyNkGt4AaABAg', 'dQw4w9WgXcQ'],
      [reply.id, 'dQw4w9WgXcQ'],
      [plainReply.id, 'dQw4w9WgXcQ'],
    ]);
  });

  it('a top-level comment read without its thread keeps the thread’s reply count and flags', async () => {
    await importPages(threadsPage(thread));
    const alone = {
      ...thread.snippet.topLevelComment,
      snippet: { ...thread.snippet.topLevelComment.snippet, likeCount: 1600 },
    };
    await importPages({ kind: 'youtube#commentListResponse', items: [alone] });
    const [top] = await stored();
    expect([Number(top!.like_count), top!.reply_count, top!.can_reply, top!.is_public]).toEqual([1600, 7, 1, 1]);
  });

  it('a re-import of the same page changes nothing; a changed like count updates that comment only', async () => {
    await importPages(threadsPage(thread));
    const before = await stored();
    const again = await importPages(threadsPage(thread));
    expect(again.tables.video_comments).toEqual({ imported: 0, updated: 0, unchanged: 2 });
    expect(await stored()).toEqual(before);
    const liked = {
      ...thread,
      snippet: {
        ...thread.snippet,
        topLevelComment: {
          ...thread.snippet.topLevelComment,
          snippet: { ...thread.snippet.topLevelComment.snippet, likeCount: 1777 },
        },
      },
    };
    const changed = await importDocuments(store.db, 'video', 'youtube-v3', [threadsPage(liked)], {
      where: 'test',
      observedAt: Date.parse('2099-01-01T00:00:00Z'),
    });
    expect(changed.tables.video_comments).toEqual({ imported: 0, updated: 1, unchanged: 1 });
    const after = await stored();
    expect(Number(after[0]!.like_count)).toBe(1777);
    expect(after[1]).toEqual(before[1]);
    // a comment's likes are counts over time: a reading when stored new, another when they changed
    const readings = await store.db
      .selectFrom('observations')
      .select(['counts', 'observed_at'])
      .where('item_table', '=', 'video_comments')
      .where('item_id', '=', thread.id)
      .orderBy('observed_at')
      .execute();
    expect(readings.map((r) => r.counts)).toEqual(['{"like_count":1520}', '{"like_count":1777}']);
    expect(Number(readings[1]!.observed_at)).toBe(Date.parse('2099-01-01T00:00:00Z'));
  });

  it('a bad item is skipped with its reason while the rest import', async () => {
    const broken = {
      ...thread,
      id: 'UgyOther',
      snippet: { ...thread.snippet, topLevelComment: { kind: 'youtube#comment', id: 'UgyOther' } },
    };
    const summary = await importPages(threadsPage(broken, { ...thread, replies: undefined }));
    expect(summary.skipped).toBe(1);
    expect(summary.skips[0]!.reason).toBe('snippet: expected an object');
    expect((await stored()).map((r) => r.id)).toEqual(['UgzDE2tasfmrYLyNkGt4AaABAg']);
  });
});
