/**
 * One posting of the forum search index: an item (`kind` 'p' post, 'c' comment) holds `term`. The
 * item's order keys and filter columns are copied in, so a walk of a term's postings filters and
 * ranks without reading the items (migration 0013; search-index.ts keeps it, search-source.ts reads it).
 */
export interface ForumSearchTable {
  term: string;
  kind: string;
  id: string;
  /** The item's num (the orders' tie-break, migration 0034). */
  num: number;
  /** 1 when a post's title holds the term (relevance ranks posts whose title holds every word first). */
  in_title: number;
  score: number;
  created_at: number;
  community_key: string;
  author_key: string;
  /** A comment's post; '' for a post. */
  post_id: string;
  /** 1 for a post marked NSFW. */
  over18: number;
}

/** Postings per (term, kind): which term a search walks (the rarest). */
export interface ForumSearchTermsTable {
  term: string;
  kind: string;
  docs: number;
}

/** Replies per (post, parent comment; '' for the post's top level): reply-counts.ts (migration 0014). */
export interface ForumReplyCountsTable {
  post_id: string;
  parent_key: string;
  docs: number;
}

/** A version per thread, moved on by every write of its comments: thread-versions.ts (migration 0017). */
export interface ForumThreadVersionsTable {
  post_id: string;
  version: number;
}

export interface ForumSearchTables {
  forum_search: ForumSearchTable;
  forum_search_terms: ForumSearchTermsTable;
  forum_reply_counts: ForumReplyCountsTable;
  forum_thread_versions: ForumThreadVersionsTable;
}
