import { defineHistoryOperation, type HistoryKinds } from '@socialquery/core';

/** The short-video platform's records with counts over time, and their counts' names. */
export const shortvideoHistoryKinds = {
  video: ['likeCount', 'commentCount', 'shareCount', 'viewCount'],
  comment: ['likeCount', 'replyCount'],
} as const satisfies HistoryKinds;
export type ShortvideoHistoryKind = keyof typeof shortvideoHistoryKinds;

export const history = defineHistoryOperation({
  platform: 'shortvideo',
  kinds: shortvideoHistoryKinds,
  auth: 'bearer',
  summary: "A video's or a comment's counts over time",
});
