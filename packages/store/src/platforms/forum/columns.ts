import type { ColumnTypes } from '../../rows/column-types.js';
import type { ForumActivityTables } from './activity-tables.js';
import type { ForumSearchTables } from './search-tables.js';

/** The forum tables' columns with their SQL types (migrations 0001, 0011, 0029 and 0034). */
export const FORUM_COLUMNS = {
  forum_posts: {
    id: 'text',
    num: 'integer',
    community: 'text',
    community_key: 'text',
    author: 'text',
    author_key: 'text',
    title: 'text',
    content: 'text',
    upvotes: 'integer',
    downvotes: 'integer',
    score: 'integer',
    comment_count: 'integer',
    created_at: 'bigint',
    hot: 'double precision',
    url: 'text',
    over18: 'integer',
    extra: 'text',
  },
  forum_comments: {
    id: 'text',
    num: 'integer',
    post_id: 'text',
    parent_key: 'text',
    community: 'text',
    community_key: 'text',
    author: 'text',
    author_key: 'text',
    body: 'text',
    score: 'integer',
    ups: 'integer',
    downs: 'integer',
    best: 'double precision',
    created_at: 'bigint',
    edited: 'integer',
    edited_at: 'bigint',
    distinguished: 'text',
    stickied: 'integer',
    deleted: 'integer',
    removed: 'integer',
    url: 'text',
    extra: 'text',
  },
} as const satisfies { [T in 'forum_posts' | 'forum_comments']: ColumnTypes<T> };

/**
 * The columns the forum's derived tables are made of (derived.ts reads them before a write to tell what
 * it changed): every column but `extra`, which none of them reads, so those reads leave its bytes (most
 * of an imported row's) alone.
 */
export const FORUM_DERIVED_FROM = {
  forum_posts: Object.keys(FORUM_COLUMNS.forum_posts).filter((column) => column !== 'extra'),
  forum_comments: Object.keys(FORUM_COLUMNS.forum_comments).filter((column) => column !== 'extra'),
} as const;

/** The search index's and the trees', migrations 0013, 0014 and 0017 (search-index.ts, reply-counts.ts, thread-versions.ts write them). */
export const FORUM_SEARCH_COLUMNS = {
  forum_search: {
    term: 'text',
    kind: 'text',
    id: 'text',
    num: 'integer',
    in_title: 'integer',
    score: 'integer',
    created_at: 'bigint',
    community_key: 'text',
    author_key: 'text',
    post_id: 'text',
    over18: 'integer',
  },
  forum_search_terms: { term: 'text', kind: 'text', docs: 'integer' },
  forum_reply_counts: { post_id: 'text', parent_key: 'text', docs: 'integer' },
  forum_thread_versions: { post_id: 'text', version: 'bigint' },
} as const satisfies { [T in keyof ForumSearchTables]: ColumnTypes<T> };

/** The activity counts', migration 0012 (activity.ts writes them). */
export const FORUM_ACTIVITY_COLUMNS = {
  forum_activity: { kind: 'text', community_key: 'text', unit: 'text', start: 'bigint', docs: 'integer' },
  forum_activity_authors: {
    kind: 'text',
    unit: 'text',
    start: 'bigint',
    community_key: 'text',
    author_key: 'text',
    docs: 'integer',
  },
} as const satisfies { [T in keyof ForumActivityTables]: ColumnTypes<T> };
