import type { ForumSort, Post } from '../schemas.js';

export interface CommunityPostsQuery {
  community: string;
  order: ForumSort;
  /** Only posts created after this moment (exclusive) and … */
  createdAfter?: Date;
  /** … not after this one (inclusive). Also the "now" of the rising rank. */
  createdUntil: Date;
  limit: number;
}

export interface UserPostsQuery {
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
