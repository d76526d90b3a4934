import { musicPlatform } from '@socialquery/music/server';
import { defineStorePlatform } from '../store-platform.js';
import { MUSIC_COLUMNS } from './columns.js';
import { musicDemoSet } from './demo-set.js';
import { findMusicExamples } from './examples.js';
import { spotifyWebApi } from './import-spotify.js';
import { music } from './migrations/0006-music.js';
import { musicEpisodePrecision } from './migrations/0007-music-episode-precision.js';
import { musicSearch } from './migrations/0009-music-search.js';
import { musicTrackArtistsByTrack } from './migrations/0010-music-track-artists-by-track.js';
import { musicSourceFields } from './migrations/0026-music-source-fields.js';
import { musicMarketLists } from './migrations/0030-music-market-lists.js';
import { rebuildMusicSearch, writeMusicSearchRows } from './search-index.js';
import { createSqlMusicSource } from './source.js';
import { musicObserved } from './observed.js';

/** The music platform's store side: what the kernel reads for it (platforms/store-platform.ts). */
export const musicStorePlatform = defineStorePlatform({
  name: 'music',
  definition: musicPlatform,
  source: createSqlMusicSource,
  migrations: {
    '0006-music': music,
    '0007-music-episode-precision': musicEpisodePrecision,
    '0009-music-search': musicSearch,
    '0010-music-track-artists-by-track': musicTrackArtistsByTrack,
    '0026-music-source-fields': musicSourceFields,
    '0030-music-market-lists': musicMarketLists,
  },
  tables: [
    { name: 'music_genres', numbered: true, write: writeMusicSearchRows('music_genres') },
    {
      name: 'music_artists',
      numbered: true,
      write: writeMusicSearchRows('music_artists'),
    },
    {
      name: 'music_albums',
      numbered: true,
      write: writeMusicSearchRows('music_albums'),
    },
    { name: 'music_album_artists' },
    {
      name: 'music_tracks',
      numbered: true,
      write: writeMusicSearchRows('music_tracks'),
    },
    { name: 'music_track_artists' },
    { name: 'music_lyrics' },
    {
      name: 'music_users',
      numbered: true,
      write: writeMusicSearchRows('music_users'),
    },
    { name: 'music_follows' },
    {
      name: 'music_playlists',
      numbered: true,
      write: writeMusicSearchRows('music_playlists'),
    },
    { name: 'music_playlist_tracks' },
    { name: 'music_shows', numbered: true, write: writeMusicSearchRows('music_shows') },
    { name: 'music_episodes' },
    { name: 'music_concerts' },
    { name: 'music_track_recommendations' },
    { name: 'music_related_artists' },
    { name: 'music_market_lists' },
  ],
  observed: musicObserved,
  columnTypes: MUSIC_COLUMNS,
  importers: [spotifyWebApi],
  demo: musicDemoSet,
  rebuild: rebuildMusicSearch,
  examples: findMusicExamples,
});
