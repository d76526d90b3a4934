import type { TimeWindow } from '@socialquery/core/server';
import type { ForumSort, Post } from '../schemas.js';

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
export interface ForumSource {
  communityPosts(query: CommunityPostsQuery): Promise<Post[]>;
  /** Newest first. */
  userPosts(query: UserPostsQuery): Promise<Post[]>;
  communityExists(community: string): Promise<boolean>;
  userExists(username: string): Promise<boolean>;
  /** The posts whose id is one of these (exactly, case-sensitively), in any order; unknown ids are left out. */
  postsByIds(ids: readonly string[]): Promise<Post[]>;
}
