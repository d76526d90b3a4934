import { defineHistoryOperation, envelope, type HistoryKinds } from '@socialquery/core';

/** The music catalog's records with counts over time (by their `id`), and their counts' names. */
export const musicHistoryKinds = {
  artist: ['followers', 'popularity'],
  album: ['popularity'],
  track: ['playcount', 'popularity'],
  playlist: ['followers'],
  user: ['followersCount'],
} as const satisfies HistoryKinds;
export type MusicHistoryKind = keyof typeof musicHistoryKinds;

export const getHistory = defineHistoryOperation({
  platform: 'music',
  id: 'music.history.get',
  kinds: musicHistoryKinds,
  auth: 'apiKey',
  wrap: envelope,
  next: ['data', 'cursor'],
  summary:
    "An artist's, album's, track's, playlist's or user's counts over time (`popularity` is Spotify's 0-100 score)",
});
