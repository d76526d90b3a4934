import type { shortvideoHistoryKinds } from '@socialquery/shortvideo';
import type { ObservedKinds } from '../store-platform.js';

/** Short video's records with counts over time (ObservedKind): videos' and comments' counts. */
export const shortvideoObserved = {
  video: {
    table: 'shortvideo_videos',
    counts: {
      like_count: 'likeCount',
      comment_count: 'commentCount',
      share_count: 'shareCount',
      view_count: 'viewCount',
    },
  },
  comment: { table: 'shortvideo_comments', counts: { like_count: 'likeCount', reply_count: 'replyCount' } },
} as const satisfies ObservedKinds<typeof shortvideoHistoryKinds>;
