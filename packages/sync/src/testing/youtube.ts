import { startFake } from './fake-server.js';

export interface YoutubeVideo {
  id: string;
  channelId: string;
  channelTitle: string;
  title: string;
  publishedAt: string;
  duration: string;
  viewCount: string;
  likeCount?: string;
  commentCount?: string;
}

/**
 * A comment thread the fake answers in commentThreads.list: its top-level comment, and `replies` replies
 * (ids `<id>.reply<r>`, oldest first); an item carries up to 5 of them, comments.list by parentId all.
 */
export interface YoutubeThread {
  id: string;
  videoId: string;
  channelId: string;
  publishedAt: string;
  likeCount: number;
  replies: number;
}

export const YOUTUBE_API_KEY = 'AIzaFakeKey-0123456789';

const invalidPageToken = {
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'The request specifies an invalid page token.',
      errors: [{ domain: 'youtube.parameter', reason: 'invalidPageToken' }],
    },
  },
};

/**
 * YouTube Data API v3 as documented: channels.list (the uploads playlist), playlistItems.list and
 * search.list (50 a page, `pageToken`), videos.list (up to 50 ids, more: 400; ids it has no video
 * for, deleted or private, left out), commentThreads.list (a thread's first 5 replies with it) and
 * comments.list by `parentId` (all of a thread's replies, oldest first; an unknown parent: none); the
 * API key in `key`, else 400. A page token is a position in
 * the listing, as the API's are (`<generation>:<offset>`: a video uploaded since shifts what it
 * points at); `expireTokens()` makes the tokens given so far answer 400 `invalidPageToken`.
 */
export async function fakeYoutube() {
  const videos: YoutubeVideo[] = [];
  const threads: YoutubeThread[] = [];
  let generation = 0;
  const newestFirst = () => [...videos].sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1));
  const paged = <T>(items: T[], query: Record<string, string>) => {
    const size = Number(query.maxResults ?? 5);
    const [given, offset] = (query.pageToken ?? `${generation}:0`).split(':');
    if (Number(given) !== generation || offset === undefined || !/^\d+$/.test(offset)) return undefined;
    const start = Number(offset);
    const next = start + size < items.length ? `${generation}:${start + size}` : undefined;
    return { page: items.slice(start, start + size), next };
  };
  const fake = await startFake((request) => {
    if (request.query.key !== YOUTUBE_API_KEY)
      return {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            errors: [{ reason: 'keyInvalid' }],
          },
        },
      };
    const { query } = request;
    switch (request.path) {
      case '/channels': {
        const found = videos.some((v) => v.channelId === query.id);
        return {
          status: 200,
          body: {
            kind: 'youtube#channelListResponse',
            items: found
              ? [
                  {
                    kind: 'youtube#channel',
                    id: query.id,
                    ...(query.part?.split(',').includes('snippet') && {
                      snippet: {
                        title: videos.find((v) => v.channelId === query.id)!.channelTitle,
                        thumbnails: {
                          default: { url: `https://yt3.ggpht.com/${query.id}=s88`, width: 88, height: 88 },
                        },
                      },
                    }),
                    contentDetails: { relatedPlaylists: { uploads: `UU${query.id!.slice(2)}` } },
                    ...(query.part?.split(',').includes('statistics') && { statistics: { subscriberCount: '1000' } }),
                  },
                ]
              : [],
          },
        };
      }
      case '/playlistItems': {
        const channel = `UC${query.playlistId!.slice(2)}`;
        const paging = paged(
          newestFirst().filter((v) => v.channelId === channel),
          query,
        );
        if (!paging) return invalidPageToken;
        const { page, next } = paging;
        return {
          status: 200,
          body: {
            kind: 'youtube#playlistItemListResponse',
            ...(next ? { nextPageToken: next } : {}),
            pageInfo: { resultsPerPage: page.length },
            items: page.map((v) => ({
              kind: 'youtube#playlistItem',
              id: `item-${v.id}`,
              snippet: {
                publishedAt: v.publishedAt,
                channelId: v.channelId,
                title: v.title,
                resourceId: { kind: 'youtube#video', videoId: v.id },
              },
              contentDetails: { videoId: v.id, videoPublishedAt: v.publishedAt },
            })),
          },
        };
      }
      case '/search': {
        const matching = newestFirst().filter(
          (v) =>
            v.title.toLowerCase().includes(query.q!.toLowerCase()) &&
            (!query.publishedAfter || v.publishedAt > query.publishedAfter),
        );
        const paging = paged(matching, query);
        if (!paging) return invalidPageToken;
        const { page, next } = paging;
        return {
          status: 200,
          body: {
            kind: 'youtube#searchListResponse',
            ...(next ? { nextPageToken: next } : {}),
            items: page.map((v) => ({
              kind: 'youtube#searchResult',
              id: { kind: 'youtube#video', videoId: v.id },
              snippet: {
                publishedAt: v.publishedAt,
                channelId: v.channelId,
                title: v.title,
                channelTitle: v.channelTitle,
              },
            })),
          },
        };
      }
      case '/commentThreads': {
        const matching = [...threads]
          .sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1))
          .filter((t) => t.videoId === query.videoId || t.channelId === query.allThreadsRelatedToChannelId);
        const paging = paged(matching, query);
        if (!paging) return invalidPageToken;
        const { page, next } = paging;
        return {
          status: 200,
          body: {
            kind: 'youtube#commentThreadListResponse',
            ...(next ? { nextPageToken: next } : {}),
            pageInfo: { totalResults: page.length, resultsPerPage: Number(query.maxResults ?? 20) },
            items: page.map((t) => youtubeThreadItem(t)),
          },
        };
      }
      case '/comments': {
        const thread = threads.find((t) => t.id === query.parentId);
        const paging = paged(thread ? youtubeReplies(thread, thread.replies) : [], query);
        if (!paging) return invalidPageToken;
        const { page, next } = paging;
        return {
          status: 200,
          body: {
            kind: 'youtube#commentListResponse',
            ...(next ? { nextPageToken: next } : {}),
            pageInfo: { totalResults: page.length, resultsPerPage: Number(query.maxResults ?? 20) },
            items: page,
          },
        };
      }
      case '/videos': {
        const ids = (query.id ?? '').split(',');
        if (ids.length > 50)
          return {
            status: 400,
            body: { error: { code: 400, message: 'Too many ids', errors: [{ reason: 'badRequest' }] } },
          };
        return {
          status: 200,
          body: {
            kind: 'youtube#videoListResponse',
            items: videos
              .filter((v) => ids.includes(v.id))
              .map((v) => ({
                kind: 'youtube#video',
                id: v.id,
                snippet: {
                  publishedAt: v.publishedAt,
                  channelId: v.channelId,
                  title: v.title,
                  channelTitle: v.channelTitle,
                  thumbnails: {
                    default: { url: `https://i.ytimg.com/vi/${v.id}/default.jpg`, width: 120, height: 90 },
                  },
                  liveBroadcastContent: 'none',
                },
                contentDetails: { duration: v.duration },
                statistics: {
                  viewCount: v.viewCount,
                  ...(v.likeCount !== undefined ? { likeCount: v.likeCount } : {}),
                  ...(v.commentCount !== undefined ? { commentCount: v.commentCount } : {}),
                },
              })),
          },
        };
      }
    }
    return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
  });
  return {
    ...fake,
    videos,
    threads,
    expireTokens: () => {
      generation++;
    },
  };
}

/** A `youtube#comment` of `thread` as the API writes it in plain text: its top-level comment, or (`parentId`) a reply. */
function youtubeComment(thread: YoutubeThread, id: string, likeCount: number, parentId?: string) {
  return {
    kind: 'youtube#comment',
    etag: `etag-${id}`,
    id,
    snippet: {
      channelId: thread.channelId,
      videoId: thread.videoId,
      textDisplay: `comment ${id}`,
      textOriginal: `comment ${id}`,
      ...(parentId ? { parentId } : {}),
      authorDisplayName: `@author-${id.slice(-4)}`,
      authorProfileImageUrl: `https://yt3.ggpht.com/${id}=s48`,
      authorChannelUrl: `http://www.youtube.com/@author-${id.slice(-4)}`,
      authorChannelId: { value: `UCauthor${id.slice(-4)}` },
      canRate: true,
      viewerRating: 'none',
      likeCount,
      publishedAt: thread.publishedAt,
      updatedAt: thread.publishedAt,
    },
  };
}

/** A thread's first `n` replies, oldest first: ids `<thread id>.reply<r>`, `r` likes. */
const youtubeReplies = (thread: YoutubeThread, n: number) =>
  Array.from({ length: n }, (_, r) => youtubeComment(thread, `${thread.id}.reply${r}`, r, thread.id));

/** A commentThreads.list item (snippet and replies: the first 5) as the API writes it in plain text. */
function youtubeThreadItem(thread: YoutubeThread) {
  const replies = youtubeReplies(thread, Math.min(thread.replies, 5));
  return {
    kind: 'youtube#commentThread',
    etag: `etag-${thread.id}`,
    id: thread.id,
    snippet: {
      channelId: thread.channelId,
      videoId: thread.videoId,
      topLevelComment: youtubeComment(thread, thread.id, thread.likeCount),
      canReply: true,
      totalReplyCount: thread.replies,
      isPublic: true,
    },
    ...(replies.length > 0 ? { replies: { comments: replies } } : {}),
  };
}

/** `n` threads on `videoId` of `channel`, one a minute, the newest at `newest`; ids `Ug<prefix><n>`. */
export function youtubeThreads(
  n: number,
  videoId: string,
  channel: string,
  newest: number,
  prefix = 'thr',
): YoutubeThread[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `Ug${prefix}${String(i + 1).padStart(6, '0')}`,
    videoId,
    channelId: channel,
    publishedAt: new Date(newest - i * 60_000).toISOString().replace('.000', ''),
    likeCount: i,
    replies: i % 3,
  }));
}

/** `n` videos of `channel`, one an hour, the newest at `newest`; ids `<prefix>00001`… (11 characters). */
export function youtubeVideos(n: number, channel: string, newest: number, prefix = 'vid'): YoutubeVideo[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${String(i + 1).padStart(11 - prefix.length, '0')}`,
    channelId: channel,
    channelTitle: `channel ${channel.slice(-4)}`,
    title: `video ${i + 1} cooking`,
    publishedAt: new Date(newest - i * 3_600_000).toISOString().replace('.000', ''),
    duration: 'PT4M13S',
    viewCount: String(1000 + i),
    likeCount: String(10 + i),
    commentCount: String(i),
  }));
}
