import type { ColumnTypes } from '../../rows/column-types.js';

/** The forum posts' columns with their SQL types (migration 0001). */
export const FORUM_COLUMNS = {
  forum_posts: {
    id: 'text',
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
  },
} as const satisfies { forum_posts: ColumnTypes<'forum_posts'> };
