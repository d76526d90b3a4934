import { defineHistoryOperation, type HistoryKinds } from '@socialquery/core';

/** The microblog's records with counts over time, and their counts' names. */
export const microblogHistoryKinds = {
  user: ['followerCount', 'followingCount', 'messageCount', 'likeCount'],
  message: ['likeCount', 'repostCount', 'replyCount', 'quoteCount', 'viewCount'],
} as const satisfies HistoryKinds;
export type MicroblogHistoryKind = keyof typeof microblogHistoryKinds;

export const history = defineHistoryOperation({
  platform: 'microblog',
  kinds: microblogHistoryKinds,
  auth: 'bearer',
  summary: "A user's or a message's counts over time",
});
