/** The forum platform's tables (column conventions: packages/store/src/schema.ts). */

export interface ForumPostsTable {
  id: string;
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
}

/** The forum tables, by name: part of the store's `Database`. */
export interface ForumTables {
  forum_posts: ForumPostsTable;
}
