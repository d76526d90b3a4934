export { createMusicHandlers, SUCCESS_MESSAGE } from './handlers.js';
export { imagesOf } from './images.js';
export { nameKey, termsOf, wordsOf } from './text.js';
export type {
  AlbumRecord,
  ReleasePrecision,
  ArtistRecord,
  ArtistRefRecord,
  ConcertRecord,
  EpisodeRecord,
  GenreRecord,
  LyricsRecord,
  MusicSource,
  Page,
  PageRequest,
  PlaylistRecord,
  PlaylistTrackRecord,
  ReadOptions,
  ReleasesRequest,
  SearchRequest,
  ShowRecord,
  TrackRecord,
  UserRecord,
} from './source.js';
export type { AlbumType, OrderBy } from '../schemas.js';
export { musicPlatform } from './platform.js';
