import type { ColumnTypes } from '../../rows/column-types.js';

/** The short-video tables' columns with their SQL types (migrations 0003, 0024). */
export const SHORTVIDEO_COLUMNS = {
  shortvideo_videos: {
    id: 'text',
    author: 'text',
    author_key: 'text',
    description: 'text',
    like_count: 'integer',
    comment_count: 'integer',
    share_count: 'integer',
    view_count: 'bigint',
    duration: 'integer',
    created_at: 'bigint',
    video_url: 'text',
    music_title: 'text',
    music_author: 'text',
    extra: 'text',
    export_extra: 'text',
  },
  shortvideo_comments: {
    id: 'text',
    video_id: 'text',
    parent_id: 'text',
    author: 'text',
    text: 'text',
    like_count: 'integer',
    reply_count: 'integer',
    created_at: 'bigint',
  },
} as const satisfies { [T in 'shortvideo_videos' | 'shortvideo_comments']: ColumnTypes<T> };
