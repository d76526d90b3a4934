/** The music platform's tables (column conventions: packages/store/src/schema.ts). */

/**
 * Music catalog (migration 0006). Ids are catalog ids (the `<id>` of `music:<kind>:<id>`); `num`
 * is a unique integer per table (the search index's document number; an importer gives a new row
 * max(num) + 1). `name_key` is nameKey(name) (@socialquery/music/server: words joined by one
 * space; suggestions match its prefixes); `name_terms` is ' ' + termsOf(name).join(' ') + ' '
 * (search scores whole-word hits on it); `images` a JSON array of {url, width, height}; booleans
 * 0/1; `*_at` epoch ms; link rows are keyed `<owner id>:<position>` or `<a>:<b>`.
 */
export interface MusicArtistsTable {
  id: string;
  num: number;
  name: string;
  name_key: string;
  name_terms: string;
  /** JSON array of genre names. */
  genres: string;
  images: string;
  biography: string;
  /** 0–100. */
  popularity: number;
  verified: number;
  followers: number;
  monthly_listeners: number;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

/** A release; `album_type` album | single | compilation; `artists` its credits as a JSON array of {id, name}; `artist_names` their names joined by ", " (searched). */
export interface MusicAlbumsTable {
  id: string;
  num: number;
  name: string;
  name_key: string;
  name_terms: string;
  album_type: string;
  /** The first album artist. */
  artist_id: string;
  artists: string;
  artist_names: string;
  /** As precise as `release_precision` says: YYYY-MM-DD (day), YYYY-MM (month) or YYYY (year). */
  release_date: string;
  release_precision: string;
  label: string;
  images: string;
  total_tracks: number;
  popularity: number;
  /** The release date's first moment (UTC), for ordering. */
  released_at: number;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

/** An album artist (`id` `<album_id>:<position>`), with the album's type and date copied for discography listings. */
export interface MusicAlbumArtistsTable {
  id: string;
  album_id: string;
  artist_id: string;
  album_type: string;
  position: number;
  released_at: number;
}

/**
 * A track; `artists` its artists in order, main then featured, as a JSON array of {id, name}
 * (music_track_artists holds the same, for listings by artist); `artist_names` their names
 * joined by ", " (searched with the name).
 */
export interface MusicTracksTable {
  id: string;
  num: number;
  name: string;
  name_key: string;
  name_terms: string;
  album_id: string;
  artists: string;
  artist_names: string;
  isrc: string;
  disc_number: number;
  track_number: number;
  duration_ms: number;
  explicit: number;
  popularity: number;
  play_count: number;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

/** A track's artist (`id` `<track_id>:<position>`); position 0 is the primary artist; role main or featured (as credited). */
export interface MusicTrackArtistsTable {
  id: string;
  track_id: string;
  artist_id: string;
  role: string;
  position: number;
}

/** A track's lyrics (`id` = the track id); `lines` a JSON array of {startTimeMs, words}; sync_type LINE_SYNCED or UNSYNCED. */
export interface MusicLyricsTable {
  id: string;
  language: string;
  sync_type: string;
  provider: string;
  lines: string;
}

/** A Spotify `available_markets` list stored once (market-lists.ts; migration 0030); `markets` a JSON array. */
export interface MusicMarketListsTable {
  id: string;
  markets: string;
}

/** A listener profile; the counts are the profile's own numbers. */
export interface MusicUsersTable {
  id: string;
  num: number;
  name: string;
  name_key: string;
  name_terms: string;
  images: string;
  follower_count: number;
  following_count: number;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

/** `follower_id` follows user `user_id` since `followed_at`; `id` is `<user_id>:<follower_id>`. */
export interface MusicFollowsTable {
  id: string;
  user_id: string;
  follower_id: string;
  followed_at: number;
}

/** A playlist of `owner_id`; `artist_id` / `genre_id` name the artist or genre an editorial playlist is about ('' when none). */
export interface MusicPlaylistsTable {
  id: string;
  num: number;
  name: string;
  name_key: string;
  name_terms: string;
  description: string;
  owner_id: string;
  owner_name: string;
  artist_id: string;
  genre_id: string;
  images: string;
  is_public: number;
  collaborative: number;
  total_tracks: number;
  followers: number;
  updated_at: number;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

/** One entry of a playlist (`id` `<playlist_id>:<position>`, positions from 0); `artist_id` is the track's first artist (copied: co-occurrence works on it). */
export interface MusicPlaylistTracksTable {
  id: string;
  playlist_id: string;
  track_id: string;
  artist_id: string;
  position: number;
  added_at: number;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

export interface MusicShowsTable {
  id: string;
  num: number;
  name: string;
  name_key: string;
  name_terms: string;
  publisher: string;
  description: string;
  language: string;
  media_type: string;
  images: string;
  explicit: number;
  total_episodes: number;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

export interface MusicEpisodesTable {
  id: string;
  show_id: string;
  name: string;
  description: string;
  language: string;
  /** As precise as `release_precision` says: YYYY-MM-DD (day), YYYY-MM (month) or YYYY (year). */
  release_date: string;
  /** 'day' | 'month' | 'year' (migration 0007; rows stored before it read 'day'). */
  release_precision: string;
  images: string;
  audio_preview_url: string;
  duration_ms: number;
  explicit: number;
  released_at: number;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

export interface MusicConcertsTable {
  id: string;
  artist_id: string;
  title: string;
  venue: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  ticket_url: string;
  is_festival: number;
  starts_at: number;
}

/** A browse category; kind genre or mood. */
export interface MusicGenresTable {
  id: string;
  num: number;
  name: string;
  name_key: string;
  name_terms: string;
  kind: string;
  color: string;
  images: string;
  /** The Spotify object's other fields (JSON object; '' when none was recorded: migration 0026). */
  extra: string;
}

/** Derived (recomputeMusicDerived): the `rank`-th (from 1) recommendation for a track; `id` `<track_id>:<rank>`. */
export interface MusicTrackRecommendationsTable {
  id: string;
  track_id: string;
  recommended_id: string;
  rank: number;
  /** Co-occurrences in playlists. */
  score: number;
}

/** Derived (recomputeMusicDerived): the `rank`-th (from 1) related artist; `id` `<artist_id>:<rank>`. */
export interface MusicRelatedArtistsTable {
  id: string;
  artist_id: string;
  related_id: string;
  rank: number;
  score: number;
}

/** The music tables, by name: part of the store's `Database`. */
export interface MusicTables {
  music_artists: MusicArtistsTable;
  music_albums: MusicAlbumsTable;
  music_album_artists: MusicAlbumArtistsTable;
  music_tracks: MusicTracksTable;
  music_track_artists: MusicTrackArtistsTable;
  music_lyrics: MusicLyricsTable;
  music_users: MusicUsersTable;
  music_follows: MusicFollowsTable;
  music_playlists: MusicPlaylistsTable;
  music_playlist_tracks: MusicPlaylistTracksTable;
  music_shows: MusicShowsTable;
  music_episodes: MusicEpisodesTable;
  music_concerts: MusicConcertsTable;
  music_genres: MusicGenresTable;
  music_market_lists: MusicMarketListsTable;
  music_track_recommendations: MusicTrackRecommendationsTable;
  music_related_artists: MusicRelatedArtistsTable;
}

/**
 * One posting of the music search index (search-index.ts): a term of a row's searchable text, with
 * the row's popularity copied in, so a walk reads this table only. `kind` is the row's table;
 * `in_name` is 1 when the term is a word of the name, 0 when only of the rest of the searchable
 * text (artist names, a show's publisher). The term `=<the name's terms>` marks the row's whole name.
 */
export interface MusicSearchTable {
  kind: string;
  term: string;
  in_name: number;
  /** bigint: the kind's popularity column (0 where it has none). */
  popularity: number;
  num: number;
}

/** How many rows of a kind hold a term: the search walks the rarest of a query's terms. */
export interface MusicSearchTermsTable {
  kind: string;
  term: string;
  docs: number;
}

/** The tables the store derives from the music tables (never imported or copied: written by search-index.ts). */
export interface MusicDerivedTables {
  music_search: MusicSearchTable;
  music_search_terms: MusicSearchTermsTable;
}
