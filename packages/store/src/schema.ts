import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Portable column types only (text, integer, bigint, double
 * precision), so the same migrations run on SQLite and PostgreSQL. Timestamps are epoch
 * milliseconds in `bigint` columns; `*_key` columns hold the lower-cased name that
 * lookups match on (names are case-insensitive).
 */
export interface ForumPostsTable {
  id: string;
  community: string;
  community_key: string;
  author: string;
  author_key: string;
  title: string;
  content: string;
  upvotes: number;
  downvotes: number;
  score: number;
  comment_count: number;
  created_at: number;
  /** hotScore(score, created_at), kept so hot listings are index scans. */
  hot: number;
  url: string;
}

/** A short video; `author_key` is the lower-cased author (creator handle). */
export interface ShortVideoVideosTable {
  id: string;
  author: string;
  author_key: string;
  description: string;
  like_count: number;
  comment_count: number;
  share_count: number;
  /** bigint: view counts pass 2^31. */
  view_count: number;
  /** Seconds. */
  duration: number;
  created_at: number;
  video_url: string;
  music_title: string;
  music_author: string;
}

/** A comment on a short video; `parent_id` is '' for a top-level comment, else the comment it replies to. */
export interface ShortVideoCommentsTable {
  id: string;
  video_id: string;
  parent_id: string;
  author: string;
  text: string;
  like_count: number;
  /** The comment's total replies (a top-level comment's; 0 for replies). */
  reply_count: number;
  created_at: number;
}

/**
 * A microblog account. `username_key` is the lower-cased username (unique). The counts are the
 * profile's own numbers as the platform reports them; booleans are 0/1.
 */
export interface MicroblogUsersTable {
  id: string;
  username: string;
  username_key: string;
  display_name: string;
  bio: string;
  follower_count: number;
  following_count: number;
  message_count: number;
  like_count: number;
  is_verified: number;
  is_protected: number;
  profile_image_url: string;
  created_at: number;
}

/**
 * A microblog message. `id` is decimal (snowflake-like, up to 20 digits); `id_key` is the same
 * number left-padded with zeros to 20 digits, so that text order is numeric order (ids exceed
 * 2^53 and are never handled as numbers). Ids are stored in canonical form (no leading zeros).
 * A reply names its parent in `reply_to_id`; a repost names the reposted message in
 * `reposted_id`. `media` is a JSON array of {type, url}.
 */
export interface MicroblogMessagesTable {
  id: string;
  id_key: string;
  author: string;
  author_key: string;
  text: string;
  like_count: number;
  repost_count: number;
  reply_count: number;
  quote_count: number;
  /** bigint: view counts pass 2^31. */
  view_count: number;
  created_at: number;
  is_reply: number;
  reply_to_id: string | null;
  is_repost: number;
  reposted_id: string | null;
  url: string;
  media: string;
}

/** `follower_id` follows the user `user_id` (`user_key`: that user's lower-cased username) since `followed_at`; `id` is `<user_id>:<follower_id>`. */
export interface MicroblogFollowsTable {
  id: string;
  user_id: string;
  user_key: string;
  follower_id: string;
  followed_at: number;
}

/**
 * A professional-network member. Booleans are 0/1; `avatar`, `cover`, `associated_hashtag` and
 * `supported_locales` are JSON arrays; each optional section (`experiences` … `educations`) is the
 * section's JSON array, read only when asked for. `username_key` is the lower-cased public identifier.
 */
export interface ProfessionalProfilesTable {
  id: string;
  username_key: string;
  public_identifier: string;
  urn: string;
  first_name: string;
  last_name: string;
  full_name: string;
  headline: string;
  pronoun: string;
  is_premium: number;
  is_open_to_work: number;
  is_hiring: number;
  is_memorialized: number;
  is_influencer: number;
  is_top_voice: number;
  is_creator: number;
  birth_day: number;
  birth_month: number;
  birth_year: number;
  created: number;
  country: string;
  country_code: string;
  city: string;
  geographic_area: string;
  line1: string;
  line2: string;
  postal_code: string;
  avatar: string;
  cover: string;
  associated_hashtag: string;
  website_title: string;
  website_url: string;
  supported_locales: string;
  primary_country: string;
  primary_language: string;
  follower_count: number;
  connection_count: number;
  experiences: string;
  skills: string;
  services: string;
  certifications: string;
  publications: string;
  honors: string;
  volunteers: string;
  educations: string;
}

/** A company; `logo` is a JSON array of images with `expires_at`. */
export interface ProfessionalCompaniesTable {
  id: string;
  name: string;
  url: string;
  logo: string;
}

/**
 * A member's position at a company. Dates are `YYYY-MM-DD` text; `end_date` is NULL and
 * `is_current` 1 for a current position. `title_key` is the lower-cased title; `last_key` and
 * `first_key` the member's lower-cased names (the employees listing's order).
 */
export interface ProfessionalPositionsTable {
  id: string;
  profile_id: string;
  company_id: string;
  title: string;
  title_key: string;
  start_date: string;
  end_date: string | null;
  is_current: number;
  last_key: string;
  first_key: string;
}

export type CredentialKind = 'api-key' | 'token';

export interface CredentialsTable {
  id: string;
  kind: CredentialKind;
  name: string | null;
  /** SHA-256 (hex) of the secret; the secret itself is never stored. */
  secret_hash: string;
  /** Last four characters of the secret, to tell keys apart in `keys list`. */
  secret_hint: string;
  created_at: number;
  revoked_at: number | null;
}

/** A video channel; `verified` is 0/1. */
export interface VideoChannelsTable {
  id: string;
  name: string;
  verified: number;
}

/**
 * A video. `num` is a unique integer (the SQLite FTS5 rowid); `channel_name` is the channel's
 * name copied for full-text search; `blocked_regions` is '' or ',DE,FR,' (geoCodes where the
 * video is unavailable); `type` VIDEO or MOVIE; `is_live` 0/1; `duration` seconds.
 */
export interface VideoVideosTable {
  id: string;
  num: number;
  channel_id: string;
  channel_name: string;
  title: string;
  /** bigint. */
  views: number;
  duration: number;
  published_at: number;
  type: string;
  blocked_regions: string;
  is_live: number;
}

/** One entry of a short-song chart (country, DAILY|WEEKLY, YYYYMMDD); songwriters and producers are JSON arrays. */
export interface VideoChartEntriesTable {
  /** `country:TYPE:YYYYMMDD:position`. */
  id: string;
  country: string;
  chart_type: string;
  chart_date: string;
  position: number;
  /** 0 for a new entry. */
  previous_position: number;
  /** Whole percent. */
  percent_views_change: number;
  periods_on_chart: number;
  video_id: string;
  title: string;
  artist: string;
  songwriters: string;
  producers: string;
  /** YYYY-MM-DD. */
  release_date: string;
  published_at: number;
}

/**
 * Music catalog (migration 0006). Ids are catalog ids (the `<id>` of `music:<kind>:<id>`); `num`
 * is a unique integer per table (the SQLite full-text rowid; an importer gives a new row
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
}

/** One entry of a playlist (`id` `<playlist_id>:<position>`, positions from 0); `artist_id` is the track's first artist (copied: co-occurrence works on it). */
export interface MusicPlaylistTracksTable {
  id: string;
  playlist_id: string;
  track_id: string;
  artist_id: string;
  position: number;
  added_at: number;
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
}

export interface MusicEpisodesTable {
  id: string;
  show_id: string;
  name: string;
  description: string;
  language: string;
  /** YYYY-MM-DD. */
  release_date: string;
  images: string;
  audio_preview_url: string;
  duration_ms: number;
  explicit: number;
  released_at: number;
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

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  forum_posts: ForumPostsTable;
  microblog_users: MicroblogUsersTable;
  microblog_messages: MicroblogMessagesTable;
  microblog_follows: MicroblogFollowsTable;
  shortvideo_videos: ShortVideoVideosTable;
  shortvideo_comments: ShortVideoCommentsTable;
  video_channels: VideoChannelsTable;
  video_videos: VideoVideosTable;
  video_chart_entries: VideoChartEntriesTable;
  professional_profiles: ProfessionalProfilesTable;
  professional_companies: ProfessionalCompaniesTable;
  professional_positions: ProfessionalPositionsTable;
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
  music_track_recommendations: MusicTrackRecommendationsTable;
  music_related_artists: MusicRelatedArtistsTable;
  credentials: CredentialsTable;
  settings: SettingsTable;
}

export type { Generated };
