import type { videoHistoryKinds } from '@socialquery/video';
import type { ObservedKinds } from '../store-platform.js';

/** The video platform's records with counts over time (ObservedKind): videos' views, comments' likes. */
export const videoObserved = {
  video: { table: 'video_videos', counts: { views: 'views' } },
  comment: { table: 'video_comments', counts: { like_count: 'likeCount' } },
} as const satisfies ObservedKinds<typeof videoHistoryKinds>;
