import type { musicHistoryKinds } from '@socialquery/music';
import type { ObservedKinds } from '../store-platform.js';

/** The music catalog's records with counts over time (ObservedKind), in the order of their tables. */
export const musicObserved = {
  artist: { table: 'music_artists', counts: { popularity: 'popularity', followers: 'followers' } },
  album: { table: 'music_albums', counts: { popularity: 'popularity' } },
  track: { table: 'music_tracks', counts: { popularity: 'popularity', play_count: 'playcount' } },
  user: { table: 'music_users', counts: { follower_count: 'followersCount' } },
  playlist: { table: 'music_playlists', counts: { followers: 'followers' } },
} as const satisfies ObservedKinds<typeof musicHistoryKinds>;
