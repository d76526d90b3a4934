import type { HistorySource } from '@socialquery/core/server';
import type { MusicHistoryKind } from '../history.js';
import type { Image } from '@socialquery/core';
import type { AlbumType, OrderBy } from '../schemas.js';

/*
 * What the music handlers need from a store. Everything here is in ids (the handlers parse and
 * check URIs), epoch milliseconds and plain records close to the wire shapes; the handlers add
 * URIs, envelopes and paging fields, and images: a record's optional `images` (as stored, e.g.
 * imported, none included) or, where none were recorded (the demo), three squares derived from its id. Every ordering below ends in a
 * tie-break by id (ascending, compared as bytes: ids are ASCII), so SQLite and PostgreSQL answer
 * identically. A listing of an unknown parent is simply empty: the handlers look the parent up
 * first and answer 404 themselves.
 */

/** An artist credit: id and name. */
export interface ArtistRefRecord {
  id: string;
  name: string;
}

export interface ArtistRecord {
  id: string;
  name: string;
  verified: boolean;
  biography: string;
  /** Genre names, most characteristic first. */
  genres: string[];
  followers: number;
  monthlyListeners: number;
  /** As stored, none included; absent where none were recorded (the demo): derived from the id. */
  images?: Image[];
  /** The source object's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown>;
}

/** How much of a release date is known. */
export type ReleasePrecision = 'day' | 'month' | 'year';

/** An album, single or compilation. */
export interface AlbumRecord {
  id: string;
  name: string;
  type: AlbumType;
  /** `YYYY-MM-DD`: the first day of what is known (a year's first day when only the year is). */
  releaseDate: string;
  /** How much of `releaseDate` the source stated (Spotify's `release_date_precision`); absent: the day. */
  releasePrecision?: ReleasePrecision;
  totalTracks: number;
  /** The release's credited artists, primary first (never empty). */
  artists: ArtistRefRecord[];
  /** As stored, none included; absent where none were recorded (the demo): derived from the id. */
  images?: Image[];
  /** The source object's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown>;
}

export interface TrackRecord {
  id: string;
  name: string;
  durationMs: number;
  explicit: boolean;
  playcount: number;
  /** From 1. */
  discNumber: number;
  /** From 1, on its disc. */
  trackNumber: number;
  /** Credited artists, primary first (never empty); the others are featured artists. */
  artists: ArtistRefRecord[];
  /** `images`: the album's cover art as stored; absent → derived from the album id. */
  album: { id: string; name: string; type: AlbumType; images?: Image[] };
  /** The source object's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown>;
}

export interface PlaylistTrackRecord extends TrackRecord {
  /** Epoch milliseconds. */
  addedAt: number;
  /**
   * Read as `extra` is: the playlist entry's other fields (`added_by`, `is_local`, …), which the
   * answer's `extra` carries beside the track's, as the entry holds its track.
   */
  entryExtra?: Record<string, unknown>;
}

export interface PlaylistRecord {
  id: string;
  name: string;
  description: string;
  owner: { id: string; name: string };
  followers: number;
  totalTracks: number;
  /** As stored, none included; absent where none were recorded (the demo): derived from the id. */
  images?: Image[];
  /** The source object's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown>;
}

export interface ShowRecord {
  id: string;
  name: string;
  publisher: string;
  description: string;
  totalEpisodes: number;
  /** As stored, none included; absent where none were recorded (the demo): derived from the id. */
  images?: Image[];
  /** The source object's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown>;
}

export interface EpisodeRecord {
  id: string;
  name: string;
  description: string;
  durationMs: number;
  /** `YYYY-MM-DD`: the first day of what is known. */
  releaseDate: string;
  /** How much of `releaseDate` the source stated; absent: the day. */
  releasePrecision?: ReleasePrecision;
  /** As stored, none included; absent where none were recorded (the demo): derived from the id. */
  images?: Image[];
  /** The source object's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown>;
}

export interface UserRecord {
  id: string;
  name: string;
  followers: number;
  following: number;
  /** As stored, none included; absent where none were recorded (the demo): derived from the id. */
  images?: Image[];
  /** The source object's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown>;
}

export interface GenreRecord {
  id: string;
  name: string;
  type: 'GENRE' | 'MOOD';
  /** As stored, none included; absent where none were recorded (the demo): derived from the id. */
  images?: Image[];
  /** The source object's other fields: read only when a read asks for them (ReadOptions). */
  extra?: Record<string, unknown>;
}

export interface ConcertRecord {
  id: string;
  title: string;
  /** Epoch milliseconds of the start. */
  date: number;
  venue: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface LyricsRecord {
  /** BCP 47 code. */
  language: string;
  /** Absent → LINE_SYNCED. UNSYNCED lines all have startTimeMs 0. */
  syncType?: 'LINE_SYNCED' | 'UNSYNCED';
  /** In order (by startTimeMs when synced). */
  lines: { startTimeMs: number; words: string }[];
}

/**
 * What a read of records includes beyond the answered fields: `extra`, the source object's other
 * fields, when the request selects it (`fields=…,extra`); a read that does not ask never reads it.
 */
export interface ReadOptions {
  extra?: boolean | undefined;
}

/** A slice of a listing and the size of the whole listing. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

/** A recommended track with its stored rank (from 1): the listing's order and its keyset position. */
export type RankedTrackRecord = TrackRecord & { rank: number };

/**
 * A search: `terms` are the keyword's terms (`termsOf`: lower-cased runs of letters and digits,
 * de-duplicated, in keyword order; never empty — the handlers answer an empty keyword themselves).
 *
 * Matching: an item matches when every term is one of the terms (`termsOf`) of its searchable text —
 * whole words, no stemming, no prefixes. The searchable text of each kind: tracks — the name and
 * every credited artist's name; albums — the name and every credited artist's name; artists — the
 * name; playlists — the name; shows — the name and the publisher; users — the name; genres and
 * moods — the name.
 *
 * Order, the same on every store: the items whose name is exactly the keyword
 * (termsOf(name).join(' ') === terms.join(' ')), then those whose name holds every term, then the
 * rest (some term only in the other searchable text); within each, by popularity — tracks:
 * playcount desc; artists: followers desc; albums: releaseDate desc; playlists: followers desc;
 * shows: (none); users: followers desc; genres: (none) — then by the store's document number,
 * descending. A search answers a page of matches without counting them all (the answer has no
 * total); the store walks an index in this order, so a page costs about the same at any offset.
 */
export interface SearchRequest extends PageRequest {
  terms: string[];
}

export interface ReleasesRequest extends PageRequest {
  artistId: string;
  type: AlbumType;
  /** By releaseDate: DATE_DESC newest first, DATE_ASC oldest first; ties by id asc either way. */
  order: OrderBy;
}

export interface MusicSource extends HistorySource<MusicHistoryKind> {
  // --- search (see SearchRequest for matching and order): one page of matches, not counted (the answer has no total) ---
  searchTracks(request: SearchRequest, options?: ReadOptions): Promise<TrackRecord[]>;
  searchAlbums(request: SearchRequest, options?: ReadOptions): Promise<AlbumRecord[]>;
  searchArtists(request: SearchRequest, options?: ReadOptions): Promise<ArtistRecord[]>;
  searchPlaylists(request: SearchRequest, options?: ReadOptions): Promise<PlaylistRecord[]>;
  searchShows(request: SearchRequest, options?: ReadOptions): Promise<ShowRecord[]>;
  searchUsers(request: SearchRequest, options?: ReadOptions): Promise<UserRecord[]>;
  searchGenres(request: SearchRequest, options?: ReadOptions): Promise<GenreRecord[]>;

  // --- suggestions: prefix matches ---
  /**
   * Up to `limit` artists whose `nameKey(name)` starts with `prefix` (itself a nameKey of what
   * was typed: "Daft pu" → "daft pu" matches "Daft Punk" → "daft punk"), by followers desc, then
   * the store's document number desc.
   */
  suggestArtists(prefix: string, limit: number): Promise<ArtistRecord[]>;
  /** Up to `limit` tracks whose `nameKey(name)` starts with `prefix`, by playcount desc, then the store's document number desc. */
  suggestTracks(prefix: string, limit: number): Promise<TrackRecord[]>;

  // --- artists ---
  artist(artistId: string, options?: ReadOptions): Promise<ArtistRecord | undefined>;
  /** Releases of `type` whose credited artists include the artist (see ReleasesRequest for the order). */
  artistReleases(request: ReleasesRequest, options?: ReadOptions): Promise<Page<AlbumRecord>>;
  /** The artist's newest release of any type (releaseDate desc, id asc), or undefined. */
  latestRelease(artistId: string): Promise<AlbumRecord | undefined>;
  /** Tracks crediting the artist (in any position), by playcount desc, id asc. */
  topTracks(artistId: string, limit: number): Promise<TrackRecord[]>;
  /**
   * Playlists holding tracks crediting the artist, by the number of such entries desc, then
   * followers desc, id asc. `total`: how many playlists hold at least one.
   */
  artistPlaylists(artistId: string, limit: number, options?: ReadOptions): Promise<Page<PlaylistRecord>>;
  /** The same playlists, by followers desc, id asc. */
  discoveredOn(artistId: string, limit: number, options?: ReadOptions): Promise<Page<PlaylistRecord>>;
  /**
   * Related artists, precomputed when the data is loaded from playlist co-occurrence (artists
   * whose tracks share playlists with this artist's; the store documents its exact score and
   * keeps up to 20 per artist), in the stored rank order; never the artist itself.
   */
  relatedArtists(artistId: string, limit: number, options?: ReadOptions): Promise<Page<ArtistRecord>>;
  /** Releases that do not credit the artist but hold a track crediting it, by releaseDate desc, id asc. */
  appearsOn(artistId: string, limit: number, options?: ReadOptions): Promise<Page<AlbumRecord>>;
  /** Tracks crediting the artist other than first (featured), by playcount desc, id asc. */
  featuring(artistId: string, limit: number, options?: ReadOptions): Promise<Page<TrackRecord>>;
  /** The artist's concerts by date asc, id asc. */
  concerts(artistId: string, limit: number): Promise<Page<ConcertRecord>>;

  // --- albums ---
  album(albumId: string, options?: ReadOptions): Promise<AlbumRecord | undefined>;
  /** By discNumber, trackNumber, id. */
  albumTracks(albumId: string, page: PageRequest, options?: ReadOptions): Promise<Page<TrackRecord>>;

  // --- tracks ---
  track(trackId: string, options?: ReadOptions): Promise<TrackRecord | undefined>;
  /** The tracks of these ids that exist (one query), in any order. */
  tracks(trackIds: readonly string[], options?: ReadOptions): Promise<TrackRecord[]>;
  /** undefined when the track has no lyrics (or is unknown). */
  lyrics(trackId: string): Promise<LyricsRecord | undefined>;
  /**
   * Recommendations, precomputed when the data is loaded from playlist co-occurrence (tracks
   * sharing playlists with this one; the store documents its exact score and keeps up to 100
   * per track), in the stored rank order; never the track itself.
   * `total`: how many are stored. Up to `limit` tracks, each with its rank, ranked after `afterRank`
   * if given (keyset paging); a recommended track the store does not hold is skipped in the read
   * itself, so a short page is the end of the listing.
   */
  recommendations(
    trackId: string,
    limit: number,
    afterRank?: number,
    options?: ReadOptions,
  ): Promise<Page<RankedTrackRecord>>;

  // --- playlists ---
  playlist(playlistId: string, options?: ReadOptions): Promise<PlaylistRecord | undefined>;
  /** In playlist order (position asc). */
  playlistTracks(playlistId: string, page: PageRequest, options?: ReadOptions): Promise<Page<PlaylistTrackRecord>>;

  // --- podcasts ---
  show(showId: string, options?: ReadOptions): Promise<ShowRecord | undefined>;
  /** By releaseDate desc, id asc. */
  episodes(showId: string, page: PageRequest, options?: ReadOptions): Promise<Page<EpisodeRecord>>;

  // --- users ---
  user(userId: string, options?: ReadOptions): Promise<UserRecord | undefined>;
  /** Playlists the user owns, by followers desc, id asc. */
  userPlaylists(userId: string, limit: number): Promise<Page<PlaylistRecord>>;
  /** Users following the user, most recent follow first, ties by id asc. */
  followers(userId: string, limit: number, options?: ReadOptions): Promise<Page<UserRecord>>;
  /** Users the user follows, most recent follow first, ties by id asc. */
  following(userId: string, limit: number, options?: ReadOptions): Promise<Page<UserRecord>>;
}
