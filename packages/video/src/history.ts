import { defineHistoryOperation, envelope, type HistoryKinds } from '@socialquery/core';

/** The video platform's records with counts over time, and their counts' names: videos' views, comments' likes. */
export const videoHistoryKinds = { video: ['views'], comment: ['likeCount'] } as const satisfies HistoryKinds;
export type VideoHistoryKind = keyof typeof videoHistoryKinds;

export const history = defineHistoryOperation({
  platform: 'video',
  kinds: videoHistoryKinds,
  auth: 'apiKey',
  wrap: envelope,
  next: ['data', 'cursor'],
  summary: "A video's counts over time",
});
