import type { ColumnTypes } from '../../rows/column-types.js';

/** The video tables' columns with their SQL types (migrations 0005, 0008, 0022 and 0031). */
export const VIDEO_COLUMNS = {
  video_channels: { id: 'text', name: 'text', verified: 'integer', thumbnails: 'text', extra: 'text' },
  video_videos: {
    id: 'text',
    num: 'integer',
    channel_id: 'text',
    channel_name: 'text',
    title: 'text',
    views: 'bigint',
    duration: 'integer',
    published_at: 'bigint',
    type: 'text',
    blocked_regions: 'text',
    is_live: 'integer',
    url: 'text',
    thumbnails: 'text',
    extra: 'text',
  },
  video_chart_entries: {
    id: 'text',
    country: 'text',
    chart_type: 'text',
    chart_date: 'text',
    position: 'integer',
    previous_position: 'integer',
    percent_views_change: 'integer',
    periods_on_chart: 'integer',
    video_id: 'text',
    title: 'text',
    artist: 'text',
    songwriters: 'text',
    producers: 'text',
    release_date: 'text',
    published_at: 'bigint',
  },
  video_comments: {
    id: 'text',
    video_id: 'text',
    channel_id: 'text',
    parent_id: 'text',
    author_name: 'text',
    author_channel_id: 'text',
    author_image: 'text',
    text: 'text',
    like_count: 'bigint',
    published_at: 'bigint',
    updated_at: 'bigint',
    reply_count: 'integer',
    can_reply: 'integer',
    is_public: 'integer',
    extra: 'text',
  },
  video_search: {
    term: 'text',
    type: 'text',
    in_title: 'integer',
    views: 'bigint',
    num: 'integer',
    published_at: 'bigint',
    blocked_regions: 'text',
  },
  video_search_terms: { term: 'text', type: 'text', bucket: 'integer', docs: 'integer' },
} as const satisfies {
  [
    T in
      | 'video_channels'
      | 'video_videos'
      | 'video_chart_entries'
      | 'video_comments'
      | 'video_search'
      | 'video_search_terms'
  ]: ColumnTypes<T>;
};
