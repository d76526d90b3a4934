/** The forum platform's tables (column conventions: packages/store/src/schema.ts). */

export interface ForumPostsTable {
  id: string;
  /** The post's number, unique, given once when first stored (migration 0034): the search orders' tie-break. */
  num: number;
  community: string;
  community_key: string;
  author: string;
  author_key: string;
  title: string;
  content: string;
  upvotes: number;
  downvotes: number;
  score: number;
  comment_count: number;
  created_at: number;
  /** hotScore(score, created_at), kept so hot listings are index scans. */
  hot: number;
  url: string;
  /** 1 for a post marked NSFW (migration 0013). */
  over18: number;
  /** The source record's other fields as JSON (migration 0029; import/remainder.ts); '' when none was recorded. */
  extra: string;
}

export interface ForumCommentsTable {
  id: string;
  /** The comment's number, unique, given once when first stored (migration 0034): the search orders' tie-break. */
  num: number;
  post_id: string;
  /** The parent comment's id; '' for a top-level comment. */
  parent_key: string;
  community: string;
  community_key: string;
  author: string;
  author_key: string;
  body: string;
  score: number;
  ups: number;
  downs: number;
  /** confidence(ups, downs), kept so `best` trees are index scans. */
  best: number;
  created_at: number;
  edited: number;
  edited_at: number | null;
  distinguished: string | null;
  stickied: number;
  deleted: number;
  removed: number;
  url: string;
  /** The source record's other fields as JSON (migration 0029; import/remainder.ts); '' when none was recorded. */
  extra: string;
}

import type { ForumActivityTables } from './activity-tables.js';
import type { ForumSearchTables } from './search-tables.js';

/** The tables the forum derives from its posts and comments (derived.ts keeps them in step). */
export interface ForumDerivedTables extends ForumActivityTables, ForumSearchTables {}

/** The forum tables, by name: part of the store's `Database`. */
export interface ForumTables {
  forum_posts: ForumPostsTable;
  forum_comments: ForumCommentsTable;
}
