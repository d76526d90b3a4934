import { defineOperation, flattenModules } from '@socialquery/core';
import { getHistory } from './history.js';
import {
  AlbumDetailResponse,
  AlbumQuery,
  AlbumTracksQuery,
  AlbumTracksResponse,
  AppearsOnResponse,
  ArtistOverviewResponse,
  ArtistPlaylistsResponse,
  ArtistQuery,
  ArtistReleasesQuery,
  ArtistReleasesResponse,
  ConcertsResponse,
  DiscographyOverviewResponse,
  DiscoveredOnResponse,
  EpisodesQuery,
  EpisodesResponse,
  FeaturingResponse,
  LIST_SIZES,
  LyricsResponse,
  PlaylistDetailResponse,
  PlaylistQuery,
  PlaylistTracksQuery,
  PlaylistTracksResponse,
  RecommendationsQuery,
  RecommendationsResponse,
  RelatedArtistsResponse,
  SearchQuery,
  SearchResponse,
  ShowDetailResponse,
  ShowQuery,
  SuggestionsQuery,
  SuggestionsResponse,
  TrackDetailResponse,
  TrackQuery,
  TracksByIdsQuery,
  TracksByIdsResponse,
  UserProfileResponse,
  UserQuery,
  UsersResponse,
} from './schemas.js';

const UNKNOWN = 'An unknown URI is a 404; a malformed one, or one of another kind, a 400 invalid_parameter.';

// --- explore -----------------------------------------------------------------------------------

export const search = defineOperation({
  id: 'music.explore.search',
  method: 'GET',
  path: '/api/v1/music/search',
  auth: 'apiKey',
  // a walk of the search index; still kept off the event loop, as multi-term walks follow co-occurrence
  heavy: true,
  params: { query: SearchQuery },
  response: SearchResponse,
  summary: 'Search the catalog',
  description:
    'Ranked search; data is an array of items of the kind filterBy names (song: tracks, album, artist, ' +
    'playlist, podcast_show, profile: users, genres_mood). The keyword is split into lower-cased letter/digit terms; ' +
    "an item matches when every term is a whole word of its name (tracks and albums: or of an artist's name; shows: " +
    'or of the publisher). Rank: items whose name is exactly the terms first, then those whose name holds every term, ' +
    'then the rest; each by popularity (tracks: playcount, artists and users: followers, playlists: followers, ' +
    'albums: release date, newest first), then the most recently stored first. Paged by offset and limit; any offset costs about the same as the first page.',
  paging: { kind: 'offset' },
});

export const suggestions = defineOperation({
  id: 'music.explore.suggestions',
  method: 'GET',
  path: '/api/v1/music/search/suggestions',
  auth: 'apiKey',
  params: { query: SuggestionsQuery },
  response: SuggestionsResponse,
  summary: 'Search suggestions for what has been typed',
  description:
    `Prefix matches: up to ${LIST_SIZES.textSuggestions} text items (names of artists whose lower-cased name starts ` +
    'with the typed words, most followed first, with uri music:search:<terms joined by +>), then up to ' +
    `${LIST_SIZES.trackSuggestions} track items (tracks whose name starts with them, most played first).`,
});

// --- artists -----------------------------------------------------------------------------------

export const getOverview = defineOperation({
  id: 'music.artists.getOverview',
  method: 'GET',
  path: '/api/v1/music/artist/overview',
  auth: 'apiKey',
  params: { query: ArtistQuery },
  response: ArtistOverviewResponse,
  summary: "An artist's page",
  description: `Profile, stats, the ${LIST_SIZES.topTracks} most played tracks and the newest release. ${UNKNOWN}`,
});

export const getPlaylists = defineOperation({
  id: 'music.artists.getPlaylists',
  method: 'GET',
  path: '/api/v1/music/artist/playlists',
  auth: 'apiKey',
  params: { query: ArtistQuery },
  response: ArtistPlaylistsResponse,
  summary: 'Playlists built around an artist',
  description: `Up to ${LIST_SIZES.playlists} playlists holding the most tracks of the artist (ties: most followed, then id). ${UNKNOWN}`,
});

export const getAlbums = defineOperation({
  id: 'music.artists.getAlbums',
  method: 'GET',
  path: '/api/v1/music/artist/albums',
  auth: 'apiKey',
  params: { query: ArtistReleasesQuery },
  response: ArtistReleasesResponse,
  summary: "An artist's albums",
  description: `Releases of type ALBUM that credit the artist, by release date (order_by), ties by id. Paged by offset. ${UNKNOWN}`,
  paging: { kind: 'offset' },
});

export const getSingles = defineOperation({
  id: 'music.artists.getSingles',
  method: 'GET',
  path: '/api/v1/music/artist/singles',
  auth: 'apiKey',
  params: { query: ArtistReleasesQuery },
  response: ArtistReleasesResponse,
  summary: "An artist's singles",
  description: `Releases of type SINGLE that credit the artist, by release date (order_by), ties by id. Paged by offset. ${UNKNOWN}`,
  paging: { kind: 'offset' },
});

export const getCompilations = defineOperation({
  id: 'music.artists.getCompilations',
  method: 'GET',
  path: '/api/v1/music/artist/compilations',
  auth: 'apiKey',
  params: { query: ArtistReleasesQuery },
  response: ArtistReleasesResponse,
  summary: "An artist's compilations",
  description: `Releases of type COMPILATION that credit the artist, by release date (order_by), ties by id. Paged by offset. ${UNKNOWN}`,
  paging: { kind: 'offset' },
});

export const getRelated = defineOperation({
  id: 'music.artists.getRelated',
  method: 'GET',
  path: '/api/v1/music/artist/related',
  auth: 'apiKey',
  params: { query: ArtistQuery },
  response: RelatedArtistsResponse,
  summary: 'Artists related to an artist',
  description:
    `Up to ${LIST_SIZES.related} artists whose tracks share playlists with the artist's, most shared first ` +
    `(precomputed when the data is loaded); never the artist itself. ${UNKNOWN}`,
});

export const getAppearsOn = defineOperation({
  id: 'music.artists.getAppearsOn',
  method: 'GET',
  path: '/api/v1/music/artist/appears-on',
  auth: 'apiKey',
  params: { query: ArtistQuery },
  response: AppearsOnResponse,
  summary: 'Releases of others an artist appears on',
  description: `Up to ${LIST_SIZES.appearsOn} releases that do not credit the artist but hold a track that does, newest first, ties by id. ${UNKNOWN}`,
});

export const getFeaturing = defineOperation({
  id: 'music.artists.getFeaturing',
  method: 'GET',
  path: '/api/v1/music/artist/featuring',
  auth: 'apiKey',
  params: { query: ArtistQuery },
  response: FeaturingResponse,
  summary: 'Tracks featuring an artist',
  description: `Up to ${LIST_SIZES.featuring} tracks that credit the artist other than first (a featured artist), most played first, ties by id. ${UNKNOWN}`,
});

export const getDiscoveredOn = defineOperation({
  id: 'music.artists.getDiscoveredOn',
  method: 'GET',
  path: '/api/v1/music/artist/discovered-on',
  auth: 'apiKey',
  params: { query: ArtistQuery },
  response: DiscoveredOnResponse,
  summary: 'Playlists where listeners find an artist',
  description: `Up to ${LIST_SIZES.discoveredOn} playlists holding a track of the artist, most followed first, ties by id. ${UNKNOWN}`,
});

export const getConcerts = defineOperation({
  id: 'music.artists.getConcerts',
  method: 'GET',
  path: '/api/v1/music/artist/concerts',
  auth: 'apiKey',
  params: { query: ArtistQuery },
  response: ConcertsResponse,
  summary: "An artist's concerts",
  description: `Up to ${LIST_SIZES.concerts} of the artist's concerts, earliest first, ties by id. ${UNKNOWN}`,
});

export const getDiscographyOverview = defineOperation({
  id: 'music.artists.getDiscographyOverview',
  method: 'GET',
  path: '/api/v1/music/artist/discography-overview',
  auth: 'apiKey',
  params: { query: ArtistQuery },
  response: DiscographyOverviewResponse,
  summary: "An artist's discography at a glance",
  description:
    `How many albums, singles and compilations credit the artist, the newest release, and up to ` +
    `${LIST_SIZES.discographyPerKind} of each kind, newest first. ${UNKNOWN}`,
});

// --- albums ------------------------------------------------------------------------------------

export const getAlbumDetail = defineOperation({
  id: 'music.albums.getDetail',
  method: 'GET',
  path: '/api/v1/music/album/detail',
  auth: 'apiKey',
  params: { query: AlbumQuery },
  response: AlbumDetailResponse,
  summary: 'An album',
  description: `An album, single or compilation. ${UNKNOWN}`,
});

export const getAlbumTracks = defineOperation({
  id: 'music.albums.getTracks',
  method: 'GET',
  path: '/api/v1/music/album/tracks',
  auth: 'apiKey',
  params: { query: AlbumTracksQuery },
  response: AlbumTracksResponse,
  summary: "An album's tracks",
  description: `In disc and track order. Paged by offset; limit at most 300. ${UNKNOWN}`,
  paging: { kind: 'offset' },
});

// --- tracks ------------------------------------------------------------------------------------

export const getTrackDetail = defineOperation({
  id: 'music.tracks.getDetail',
  method: 'GET',
  path: '/api/v1/music/track/detail',
  auth: 'apiKey',
  params: { query: TrackQuery },
  response: TrackDetailResponse,
  summary: 'A track',
  description: `A track, its artists and its album. ${UNKNOWN}`,
});

export const getLyrics = defineOperation({
  id: 'music.tracks.getLyrics',
  method: 'GET',
  path: '/api/v1/music/track/lyrics',
  auth: 'apiKey',
  params: { query: TrackQuery },
  response: LyricsResponse,
  summary: "A track's lyrics",
  description: `Timed lines. A track without lyrics is a 404 "track has no lyrics". ${UNKNOWN}`,
});

export const getRecommendations = defineOperation({
  id: 'music.tracks.getRecommendations',
  method: 'GET',
  path: '/api/v1/music/track/recommendations',
  auth: 'apiKey',
  params: { query: RecommendationsQuery },
  response: RecommendationsResponse,
  summary: 'Tracks to play after a track',
  description:
    'Up to limit (at most 100) tracks that share playlists with the track, most shared first (precomputed when ' +
    `the data is loaded); never the track itself. ${UNKNOWN} ` +
    "Paging (an addition: totalCount and items are unchanged): `data.cursor` is the next page's token, passed back as " +
    'the `cursor` query parameter; it is the empty string on the last page. The token sits in `data`, beside the list ' +
    "it continues, since the envelope's own members stay as they are. Keyset paging by the stored rank (each rank is " +
    'one track, so equal scores are never skipped or repeated), bound to the track (another track → 400 invalid_cursor), ' +
    'not to limit.',
  paging: { kind: 'token', param: 'cursor', next: ['data', 'cursor'], limitParam: 'limit' },
});

export const getManyTracks = defineOperation({
  id: 'music.tracks.getMany',
  method: 'GET',
  path: '/api/v1/music/tracks',
  auth: 'apiKey',
  params: { query: TracksByIdsQuery },
  response: TracksByIdsResponse,
  summary: 'Tracks by id (batch lookup)',
  description:
    'An extension: a request that does not use it is answered as before. `ids`: up to 100 track ids or music:track:<id> URIs, comma-separated; an id and its URI ' +
    'name one track (repeats count once, as first given). data.tracks holds the tracks found, as tracks.getDetail answers ' +
    'them, in the order requested; data.notFound the requested values with no track, as given, in request order. Never a ' +
    '404; a catalog URI of another kind is a 400 invalid_parameter.',
});

// --- playlists ---------------------------------------------------------------------------------

export const getPlaylistDetail = defineOperation({
  id: 'music.playlists.getDetail',
  method: 'GET',
  path: '/api/v1/music/playlist/detail',
  auth: 'apiKey',
  params: { query: PlaylistQuery },
  response: PlaylistDetailResponse,
  summary: 'A playlist',
  description: `A playlist and its owner. ${UNKNOWN}`,
});

export const getPlaylistTracks = defineOperation({
  id: 'music.playlists.getTracks',
  method: 'GET',
  path: '/api/v1/music/playlist/tracks',
  auth: 'apiKey',
  params: { query: PlaylistTracksQuery },
  response: PlaylistTracksResponse,
  summary: "A playlist's tracks",
  description: `In playlist order. Paged by offset; limit at most 300. ${UNKNOWN}`,
  paging: { kind: 'offset' },
});

// --- podcasts ----------------------------------------------------------------------------------

export const getShowDetail = defineOperation({
  id: 'music.podcasts.getDetail',
  method: 'GET',
  path: '/api/v1/music/podcast/detail',
  auth: 'apiKey',
  params: { query: ShowQuery },
  response: ShowDetailResponse,
  summary: 'A podcast show',
  description: `A show (show URI). ${UNKNOWN}`,
});

export const getEpisodes = defineOperation({
  id: 'music.podcasts.getEpisodes',
  method: 'GET',
  path: '/api/v1/music/podcast/episodes',
  auth: 'apiKey',
  params: { query: EpisodesQuery },
  response: EpisodesResponse,
  summary: "A show's episodes",
  description: `Newest first, ties by id. Paged by offset; limit 1 to 300, default 50. ${UNKNOWN}`,
  paging: { kind: 'offset' },
});

// --- users -------------------------------------------------------------------------------------

export const getProfile = defineOperation({
  id: 'music.users.getProfile',
  method: 'GET',
  path: '/api/v1/music/user/profile',
  auth: 'apiKey',
  params: { query: UserQuery },
  response: UserProfileResponse,
  summary: "A user's profile",
  description: `Counts and up to ${LIST_SIZES.profilePlaylists} of the user's playlists, most followed first. ${UNKNOWN}`,
});

export const getFollowers = defineOperation({
  id: 'music.users.getFollowers',
  method: 'GET',
  path: '/api/v1/music/user/followers',
  auth: 'apiKey',
  params: { query: UserQuery },
  response: UsersResponse,
  summary: 'Who follows a user',
  description: `Up to ${LIST_SIZES.follows} followers, most recent follow first, ties by id; totalCount counts all. ${UNKNOWN}`,
});

export const getFollowing = defineOperation({
  id: 'music.users.getFollowing',
  method: 'GET',
  path: '/api/v1/music/user/following',
  auth: 'apiKey',
  params: { query: UserQuery },
  response: UsersResponse,
  summary: 'Whom a user follows',
  description: `Up to ${LIST_SIZES.follows} followed users, most recent follow first, ties by id; totalCount counts all. ${UNKNOWN}`,
});

/** The operations by client module, then method: what MusicClient exposes. */
export const musicContract = {
  explore: { search, suggestions },
  artists: {
    getOverview,
    getPlaylists,
    getAlbums,
    getSingles,
    getCompilations,
    getRelated,
    getAppearsOn,
    getFeaturing,
    getDiscoveredOn,
    getConcerts,
    getDiscographyOverview,
  },
  albums: { getDetail: getAlbumDetail, getTracks: getAlbumTracks },
  tracks: { getDetail: getTrackDetail, getLyrics, getRecommendations, getMany: getManyTracks },
  playlists: { getDetail: getPlaylistDetail, getTracks: getPlaylistTracks },
  podcasts: { getDetail: getShowDetail, getEpisodes },
  users: { getProfile, getFollowers, getFollowing },
  history: { get: getHistory },
} as const;

export type MusicContract = typeof musicContract;
export type MusicModule = keyof MusicContract;

/** Key of the flat contract: `<module>.<method>`, e.g. `albums.getDetail`. */
export type MusicOperationKey = keyof typeof musicOperations;

/**
 * The same operations in one flat contract keyed `<module>.<method>` (what the service mounts;
 * a flat key must be unique, and several modules have a getDetail).
 */
export const musicOperations = flattenModules(musicContract);
