import { defineHistoryOperation, type HistoryKinds } from '@socialquery/core';

/** The forum's records with counts over time, and their counts' names. */
export const forumHistoryKinds = {
  post: ['score', 'commentCount'],
  comment: ['score'],
} as const satisfies HistoryKinds;
export type ForumHistoryKind = keyof typeof forumHistoryKinds;

export const history = defineHistoryOperation({
  platform: 'forum',
  kinds: forumHistoryKinds,
  auth: 'bearer',
  summary: "A post's or a comment's counts over time",
});
