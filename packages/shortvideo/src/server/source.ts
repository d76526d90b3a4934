import type { HistorySource } from '@socialquery/core/server';
import type { ShortvideoHistoryKind } from '../history.js';
import type { TimeWindow } from '@socialquery/core/server';
import type { Comment, CommentSort, Video } from '../schemas.js';

/** What a read of videos includes beyond the answered fields. */
export interface ReadOptions {
  /** The videos' `extra` (`Video.extra`), when the request selects it. */
  extra?: boolean | undefined;
}

/** Keyset position of a video listing: the last video's createdAt (epoch ms) and id. */
export interface VideoPosition {
  createdAt: number;
  id: string;
}

/** Keyset position of a comment listing: the last comment's likeCount (most_liked only), createdAt (epoch ms) and id. */
export interface CommentPosition {
  likeCount?: number;
  createdAt: number;
  id: string;
}

/**
 * What the short-video handlers need from a store. A video's `extra` is read only when a read's
 * ReadOptions ask for it. Each listing returns up to `limit` items
 * strictly after `after` in its order, so paging never skips or repeats, even on equal timestamps.
 * Orders: videos newest first (createdAt desc, id desc); comments newest (createdAt desc, id desc),
 * oldest (createdAt asc, id asc), most_liked (likeCount desc, createdAt desc, id desc).
 * Usernames match case-insensitively.
 */
export interface ShortVideoSource extends HistorySource<ShortvideoHistoryKind> {
  /** `window`: only videos created strictly inside it. */
  userPosts(
    query: { username: string; after?: VideoPosition; window?: TimeWindow; limit: number },
    options?: ReadOptions,
  ): Promise<Video[]>;
  /** Top-level comments, each with its first replies (up to 3, oldest first); `window`: only comments created strictly inside it. */
  videoComments(query: {
    videoId: string;
    sort: CommentSort;
    after?: CommentPosition;
    window?: TimeWindow;
    limit: number;
  }): Promise<Comment[]>;
  userExists(username: string): Promise<boolean>;
  videoExists(videoId: string): Promise<boolean>;
  /** The videos whose id is one of these (exactly, case-sensitively), in any order; unknown ids are left out. */
  videosByIds(ids: readonly string[], options?: ReadOptions): Promise<Video[]>;
}
