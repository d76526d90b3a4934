import type { z } from 'zod';
import type {
  Album,
  AlbumTrack,
  ArtistName,
  ArtistRef,
  ArtistSummary,
  Concert,
  Episode,
  GenreMood,
  Playlist,
  PlaylistTrack,
  ReleaseDate,
  Show,
  SongSearchItem,
  Track,
  TrackDetail,
  TrackSuggestion,
  UserSummary,
} from '../schemas.js';
import { formatUri } from '../uri.js';
import { imagesOf } from './images.js';
import type {
  AlbumRecord,
  ArtistRecord,
  ArtistRefRecord,
  ConcertRecord,
  EpisodeRecord,
  ReleasePrecision,
  GenreRecord,
  PlaylistRecord,
  PlaylistTrackRecord,
  ShowRecord,
  TrackRecord,
  UserRecord,
} from './source.js';

/* Store records → wire shapes: URIs from ids, images as stored (derived from ids only where none were recorded: the demo), dates as ISO strings. */

export const artistRef = ({ id, name }: ArtistRefRecord): ArtistRef => ({ id, name, uri: formatUri('artist', id) });
export const artistName = ({ id, name }: ArtistRefRecord): ArtistName => ({ name, uri: formatUri('artist', id) });

/** `YYYY-MM-DD` → midnight UTC of that day, with the precision the source stated (default: the day). */
export function releaseDate(day: string, precision: ReleasePrecision = 'day'): ReleaseDate {
  const date = new Date(`${day}T00:00:00.000Z`);
  return { isoString: date.toISOString(), precision: wirePrecision[precision], year: date.getUTCFullYear() };
}

const wirePrecision = { day: 'DAY', month: 'MONTH', year: 'YEAR' } as const satisfies Record<
  ReleasePrecision,
  ReleaseDate['precision']
>;

const trackAlbum = (album: TrackRecord['album']) => ({
  id: album.id,
  name: album.name,
  uri: formatUri('album', album.id),
  coverArt: album.images ?? imagesOf('album', album.id),
});

export function album(record: AlbumRecord): Album {
  return {
    id: record.id,
    name: record.name,
    uri: formatUri('album', record.id),
    artists: record.artists.map(artistRef),
    coverArt: record.images ?? imagesOf('album', record.id),
    date: releaseDate(record.releaseDate, record.releasePrecision),
    type: record.type,
    totalTracks: record.totalTracks,
  };
}

export function track(record: TrackRecord): Track {
  return {
    id: record.id,
    name: record.name,
    uri: formatUri('track', record.id),
    duration: { totalMilliseconds: record.durationMs },
    explicit: record.explicit,
    playcount: record.playcount,
    artists: record.artists.map(artistRef),
    album: trackAlbum(record.album),
  };
}

export function albumTrack(record: TrackRecord): AlbumTrack {
  return {
    id: record.id,
    name: record.name,
    uri: formatUri('track', record.id),
    trackNumber: record.trackNumber,
    discNumber: record.discNumber,
    duration: { totalMilliseconds: record.durationMs },
    explicit: record.explicit,
    playcount: record.playcount,
    artists: record.artists.map(artistRef),
  };
}

export const playlistTrack = (record: PlaylistTrackRecord): PlaylistTrack => ({
  ...track(record),
  addedAt: new Date(record.addedAt).toISOString(),
});

export function trackDetail(record: TrackRecord): TrackDetail {
  return {
    id: record.id,
    name: record.name,
    uri: formatUri('track', record.id),
    duration: { totalMilliseconds: record.durationMs },
    artists: record.artists.map(artistRef),
    album: {
      id: record.album.id,
      name: record.album.name,
      uri: formatUri('album', record.album.id),
      type: record.album.type,
    },
  };
}

/** The documented search result item: duration in plain milliseconds, artists as `{name, uri}`. */
export function songSearchItem(record: TrackRecord): SongSearchItem {
  return {
    id: record.id,
    name: record.name,
    uri: formatUri('track', record.id),
    duration: record.durationMs,
    artists: record.artists.map(artistName),
    album: trackAlbum(record.album),
  };
}

export function trackSuggestion(record: TrackRecord): z.infer<typeof TrackSuggestion> {
  return {
    type: 'track',
    id: record.id,
    name: record.name,
    uri: formatUri('track', record.id),
    duration: record.durationMs,
    artists: record.artists.map(artistName),
  };
}

export const artistSummary = (record: ArtistRecord): ArtistSummary => ({
  id: record.id,
  name: record.name,
  uri: formatUri('artist', record.id),
  avatar: record.images ?? imagesOf('artist', record.id),
  verified: record.verified,
});

export const playlist = (record: PlaylistRecord): Playlist => ({
  id: record.id,
  name: record.name,
  uri: formatUri('playlist', record.id),
  description: record.description,
  images: record.images ?? imagesOf('playlist', record.id),
  owner: { id: record.owner.id, name: record.owner.name, uri: formatUri('user', record.owner.id) },
  followers: record.followers,
  totalTracks: record.totalTracks,
});

export const show = (record: ShowRecord): Show => ({
  id: record.id,
  name: record.name,
  uri: formatUri('show', record.id),
  publisher: record.publisher,
  description: record.description,
  coverArt: record.images ?? imagesOf('show', record.id),
  totalEpisodes: record.totalEpisodes,
});

export const episode = (record: EpisodeRecord): Episode => ({
  id: record.id,
  name: record.name,
  uri: formatUri('episode', record.id),
  description: record.description,
  duration: { totalMilliseconds: record.durationMs },
  releaseDate: releaseDate(record.releaseDate, record.releasePrecision),
  coverArt: record.images ?? imagesOf('episode', record.id),
});

export const userSummary = (record: UserRecord): UserSummary => ({
  id: record.id,
  name: record.name,
  uri: formatUri('user', record.id),
  avatar: record.images ?? imagesOf('user', record.id),
  followersCount: record.followers,
});

export const genre = (record: GenreRecord): GenreMood => ({
  id: record.id,
  name: record.name,
  uri: formatUri('genre', record.id),
  type: record.type,
  images: record.images ?? imagesOf('genre', record.id),
});

export const concert = (record: ConcertRecord): Concert => ({
  id: record.id,
  uri: formatUri('concert', record.id),
  title: record.title,
  date: new Date(record.date).toISOString(),
  venue: record.venue,
  city: record.city,
  country: record.country,
});
