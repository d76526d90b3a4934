import type { forumHistoryKinds } from '@socialquery/forum';
import type { ObservedKinds } from '../store-platform.js';

/** The forum's records with counts over time (ObservedKind): posts' score and comment count, comments' score. */
export const forumObserved = {
  post: { table: 'forum_posts', counts: { score: 'score', comment_count: 'commentCount' } },
  comment: { table: 'forum_comments', counts: { score: 'score' } },
} as const satisfies ObservedKinds<typeof forumHistoryKinds>;
