import type { Operation } from '@socialquery/core';
import {
  type Comment,
  communityPosts,
  type Post,
  searchComments,
  searchPosts,
  userComments,
  userPosts as forumUserPosts,
} from '@socialquery/forum';
import { type Message, userMessages } from '@socialquery/microblog';
import { type Album, getAlbums, getCompilations, getSingles } from '@socialquery/music';
import { userPosts as shortvideoUserPosts, type Video } from '@socialquery/shortvideo';
import { type ChannelVideo, channelVideos } from '@socialquery/video';
import type { z } from 'zod';
import { count, type FeedEntry, linkOr, recordUrn, titleOf } from './feed-entry.js';

/** What one answer of a listing gives a feed: its entries, and the name of what the feed follows where the answer says it. */
export interface FeedPage {
  entries: FeedEntry[];
  name?: string;
}

/** One listing operation a feed reads, with the mapping of its answer's records to entries. */
export interface FeedSource {
  operation: Operation;
  /** Validates an answer with the operation's response schema and maps its records. */
  read(body: unknown, params: Record<string, unknown>): FeedPage;
}

/**
 * A feed: the route under `/api/v1/feeds/{feedToken}/` (without the `.atom` or `.rss` extension),
 * the listing operation(s) it reads, and its title.
 */
export interface FeedListing {
  /**
   * The listing's own API path under `/api/v1/`, its key parameter in the path: `{name}` is one
   * segment, the operation's parameter of that name (a path or a query parameter of the operation).
   */
  route: string;
  /**
   * The operations read, their first page each, with the same parameters. One, usually; several
   * are merged newest first (a music artist's albums, singles and compilations).
   */
  sources: readonly FeedSource[];
  /** Parameters the feed sets itself (and so does not take from the query). */
  fixed?: Readonly<Record<string, string>>;
  /** The feed's title, from the validated parameters and the name the answer gave. */
  title(params: Record<string, unknown>, name: string | undefined): string;
}

/** A source whose mapping the compiler checks against the operation's response schema. */
function source<R extends z.ZodType>(
  operation: Operation & { response: R },
  map: (body: z.output<R>, params: Record<string, unknown>) => FeedPage,
): FeedSource {
  return { operation, read: (body, params) => map(operation.response.parse(body), params) };
}

const text = (value: unknown) => String(value ?? '');

// ---------------------------------------------------------------------------------------------
// Records → entries
// ---------------------------------------------------------------------------------------------

function postEntry(post: Post): FeedEntry {
  const id = recordUrn('forum', 'post', post.id);
  const at = new Date(post.createdAt);
  return {
    id,
    title: titleOf(post.title, `Post ${post.id}`),
    link: linkOr(post.url, id),
    published: at,
    updated: at,
    authors: [post.author],
    summary: `in ${post.community} by ${post.author} · ${count(post.score, 'point')} · ${count(post.commentCount, 'comment')}`,
    content: post.content,
  };
}

function commentEntry(comment: Comment): FeedEntry {
  const id = recordUrn('forum', 'comment', comment.id);
  const published = new Date(comment.createdAt);
  return {
    id,
    title: `${comment.author} in ${comment.community}: ${titleOf(comment.body, '(no text)')}`,
    link: linkOr(comment.url, id),
    published,
    updated: comment.editedAt ? new Date(comment.editedAt) : published,
    authors: [comment.author],
    summary: `on post ${comment.postId} · ${count(comment.score, 'point')}`,
    content: comment.body,
  };
}

function messageEntry(message: Message): FeedEntry {
  const id = recordUrn('microblog', 'message', message.id);
  const at = new Date(message.createdAt);
  const media = message.media.map((item) => `\n${item.type}: ${item.url}`).join('');
  return {
    id,
    title: titleOf(message.text, message.isRepost ? `Repost by @${message.author}` : `Message ${message.id}`),
    link: linkOr(message.url, id),
    published: at,
    updated: at,
    authors: [message.author],
    summary:
      `@${message.author} · ${count(message.likeCount, 'like')} · ${count(message.repostCount, 'repost')} · ` +
      count(message.replyCount, 'reply', 'replies'),
    content: message.text + media,
  };
}

function videoEntry(video: Video): FeedEntry {
  const id = recordUrn('shortvideo', 'video', video.id);
  const at = new Date(video.createdAt);
  return {
    id,
    title: titleOf(video.description, `Video ${video.id}`),
    link: linkOr(video.videoUrl, id),
    published: at,
    updated: at,
    authors: [video.author],
    summary:
      `@${video.author} · ${video.duration} s · ${count(video.viewCount, 'view')} · ${count(video.likeCount, 'like')} · ` +
      `music: ${video.music.title} (${video.music.author})`,
    content: video.description,
  };
}

function uploadEntry(video: ChannelVideo): FeedEntry {
  const id = recordUrn('video', 'video', video.videoId);
  const at = new Date(video.publishedAt);
  return {
    id,
    title: titleOf(video.title, `Video ${video.videoId}`),
    link: linkOr(video.url, id),
    published: at,
    updated: at,
    authors: [video.author.name],
    summary: `${video.author.name} · ${video.duration} · ${count(video.views, 'view')}`,
    content: `${video.title} — ${video.duration}, ${count(video.views, 'view')}.`,
  };
}

function releaseEntry(album: Album): FeedEntry {
  const at = new Date(album.date.isoString);
  const artists = album.artists.map((artist) => artist.name);
  const kind = album.type.toLowerCase();
  return {
    // a catalog URI (`music:album:<id>`) is the release's permanent name; the catalog has no web page to link to
    id: album.uri,
    title: `${album.name} (${kind}, ${album.date.year})`,
    link: album.uri,
    published: at,
    updated: at,
    authors: artists,
    summary: `${kind} by ${artists.join(', ')} · ${count(album.totalTracks, 'track')} · released ${album.date.isoString.slice(0, 10)} (precision ${album.date.precision.toLowerCase()})`,
    content: `${album.name} — ${kind} by ${artists.join(', ')}, ${count(album.totalTracks, 'track')}.`,
  };
}

const artistRelease = (operation: typeof getAlbums | typeof getSingles | typeof getCompilations) =>
  source(operation, (body, params) => ({
    entries: body.data.items.map(releaseEntry),
    name: body.data.items.flatMap((album) => album.artists).find((artist) => artist.uri === params.uri)?.name,
  }));

// ---------------------------------------------------------------------------------------------
// The feeds, declared once
// ---------------------------------------------------------------------------------------------

/** Every feed the service serves (docs/feeds.md). */
export const feedListings: readonly FeedListing[] = [
  {
    route: 'forum/community/{community}/posts',
    sources: [
      source(communityPosts, (body) => ({ entries: body.posts.map(postEntry), name: body.posts[0]?.community })),
    ],
    title: (params, name) =>
      `${name ?? text(params.community)}: ${text(params.sort)} posts` +
      (params.sort === 'top' ? ` (${text(params.timeframe)})` : ''),
  },
  {
    route: 'forum/user/{username}/posts',
    sources: [source(forumUserPosts, (body) => ({ entries: body.posts.map(postEntry), name: body.posts[0]?.author }))],
    title: (params, name) => `Posts by ${name ?? text(params.username)}`,
  },
  {
    route: 'forum/user/{username}/comments',
    sources: [
      source(userComments, (body) => ({ entries: body.comments.map(commentEntry), name: body.comments[0]?.author })),
    ],
    title: (params, name) => `Comments by ${name ?? text(params.username)}`,
  },
  {
    route: 'forum/search/posts',
    sources: [source(searchPosts, (body) => ({ entries: body.posts.map(postEntry) }))],
    title: (params) => `Posts matching “${text(params.q)}” (${text(params.sort)})`,
  },
  {
    route: 'forum/search/comments',
    sources: [source(searchComments, (body) => ({ entries: body.comments.map(commentEntry) }))],
    title: (params) => `Comments matching “${text(params.q)}” (${text(params.sort)})`,
  },
  {
    route: 'microblog/user/{username}/messages',
    sources: [
      source(userMessages, (body) => ({
        entries: body.messages.map(messageEntry),
        name: body.messages.find((message) => !message.isRepost)?.author,
      })),
    ],
    title: (params, name) => `Messages of @${name ?? text(params.username)}`,
  },
  {
    route: 'shortvideo/user/{username}/posts',
    sources: [
      source(shortvideoUserPosts, (body) => ({ entries: body.videos.map(videoEntry), name: body.videos[0]?.author })),
    ],
    title: (params, name) => `Videos of @${name ?? text(params.username)}`,
  },
  {
    route: 'channel/{channelId}/videos',
    sources: [
      source(channelVideos, (body) => ({
        entries: body.data.contents.map(uploadEntry),
        name: body.data.contents[0]?.author.name,
      })),
    ],
    title: (params, name) => `Videos of ${name ?? text(params.channelId)}`,
  },
  {
    route: 'music/artist/{uri}/releases',
    sources: [artistRelease(getAlbums), artistRelease(getSingles), artistRelease(getCompilations)],
    fixed: { order_by: 'DATE_DESC' },
    title: (params, name) => `Releases of ${name ?? text(params.uri)}`,
  },
];
