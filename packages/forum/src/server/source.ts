import type { TimeWindow } from '@socialquery/core/server';
import type { Comment, CommentSort, ForumSort, Post } from '../schemas.js';

/** The caller's filters of a listing (the `after`, `before` and `minScore` extensions). */
export interface PostFilters {
  /** Only posts created strictly inside this window, on top of any window of the sort. */
  window?: TimeWindow;
  /** Only posts with score >= minScore. */
  minScore?: number;
  /** Only posts after this one in the listing's order (keyset paging: bulk export reads a listing page by page this way). */
  startAfter?: Post;
}

export interface CommunityPostsQuery extends PostFilters {
  community: string;
  order: ForumSort;
  /** Only posts created after this moment (exclusive) and … */
  createdAfter?: Date;
  /** … not after this one (inclusive). Also the "now" of the rising rank. */
  createdUntil: Date;
  limit: number;
}

export interface UserPostsQuery extends PostFilters {
  username: string;
  limit: number;
}

/**
 * What the forum handlers need from a store. Names match case-insensitively. Orders, with
 * ties broken by id descending: hot = `hotScore` desc; new = createdAt desc; top = score
 * desc; rising = `risingScore` desc.
 */
/**
 * A comment's place among its siblings in one sort: the sort's key (best, score, or createdAt in epoch
 * milliseconds for new and old) and its id, the tie-breaker.
 */
export interface SiblingPosition {
  key: number;
  id: string;
}

/** Replies of a comment (`parentId` null: a post's top-level comments), after a position of their sort. */
export interface RepliesOf {
  parentId: string | null;
  after?: SiblingPosition;
}

export interface UserCommentsQuery {
  username: string;
  window?: TimeWindow;
  minScore?: number;
  /** Only comments after this position of the newest-first order. */
  after?: { createdAt: number; id: string };
  limit: number;
}

/** What the comment operations need from a store, besides the posts' part of ForumSource. */
export interface CommentSource {
  /** Per read, the positions of at most `limit` replies in the sort's order (comment-tree.ts walks them). */
  replyPositions(
    postId: string,
    sort: CommentSort,
    reads: readonly (RepliesOf & { limit: number })[],
  ): Promise<SiblingPosition[][]>;
  /** Per read, how many replies there are (after its position, in the sort's order). */
  replyCounts(postId: string, sort: CommentSort, reads: readonly RepliesOf[]): Promise<number[]>;
  /**
   * The comments whose id is one of these (exactly), in any order; unknown ids are left out. `depth`
   * false: their depth is left null (a tree page knows it already).
   */
  commentsByIds(ids: readonly string[], options?: { depth?: boolean }): Promise<Comment[]>;
  /** Newest first (ties by id, descending). */
  userComments(query: UserCommentsQuery): Promise<Comment[]>;
  /** Whether the store holds the post or any comment of it. */
  threadExists(postId: string): Promise<boolean>;
}

export interface ForumSource extends CommentSource {
  communityPosts(query: CommunityPostsQuery): Promise<Post[]>;
  /** Newest first. */
  userPosts(query: UserPostsQuery): Promise<Post[]>;
  communityExists(community: string): Promise<boolean>;
  /** Whether the user wrote any post or comment. */
  userExists(username: string): Promise<boolean>;
  /** The posts whose id is one of these (exactly, case-sensitively), in any order; unknown ids are left out. */
  postsByIds(ids: readonly string[]): Promise<Post[]>;
}
