import {
  enumParam,
  envelope,
  extraField,
  idsParam,
  Image,
  integerParam,
  optionalString,
  requiredString,
  Timestamp,
} from '@socialquery/core';
import { z } from 'zod';
import { parseUri, URI_SCHEME, uriParam } from './uri.js';

// ---------------------------------------------------------------------------------------------
// Sub-objects. The API reference shows the search item, suggestions, album detail and track detail; every
// other shape follows them: camelCase, a `uri` on every catalog object, images as Image arrays.
// ---------------------------------------------------------------------------------------------

const catalogUri = (kind: string) => z.string().describe(`Catalog URI, \`music:${kind}:<id>\`.`);
const images = (what: string) => z.array(Image).describe(`${what}: the same picture at 64, 300 and 640 pixels square.`);

export const albumTypes = ['ALBUM', 'SINGLE', 'COMPILATION'] as const;
export type AlbumType = (typeof albumTypes)[number];
export const AlbumTypeSchema = z.enum(albumTypes).describe('The release kind, upper case.');

/** An artist as search results and suggestions name it (`{name, uri}`). */
export const ArtistName = z.object({ name: z.string(), uri: catalogUri('artist') });
export type ArtistName = z.infer<typeof ArtistName>;

/** An artist as album and track details name it (`{id, name, uri}`). */
export const ArtistRef = z.object({ id: z.string(), name: z.string(), uri: catalogUri('artist') });
export type ArtistRef = z.infer<typeof ArtistRef>;

export const UserRef = z
  .object({ id: z.string(), name: z.string(), uri: catalogUri('user') })
  .describe('A user: id, display name, URI.');
export type UserRef = z.infer<typeof UserRef>;

/** A release date (album detail). */
export const ReleaseDate = z.object({
  isoString: Timestamp.describe('Midnight UTC of the release day, ISO 8601 with milliseconds.'),
  precision: z.enum(['DAY', 'MONTH', 'YEAR']).describe('How much of isoString is known.'),
  year: z.number(),
});
export type ReleaseDate = z.infer<typeof ReleaseDate>;

export const Duration = z.object({ totalMilliseconds: z.number() }).describe('A length, in milliseconds.');

/** The album a listed track belongs to. */
export const TrackAlbum = z.object({
  id: z.string(),
  name: z.string(),
  uri: catalogUri('album'),
  coverArt: images('Cover art'),
});

// ---------------------------------------------------------------------------------------------
// Catalog objects
// ---------------------------------------------------------------------------------------------

/** A track in a listing (artist top tracks, featuring, recommendations). */
export const Track = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('track'),
    duration: Duration,
    explicit: z.boolean(),
    playcount: z.number().describe('Times played.'),
    artists: z.array(ArtistRef).describe('Credited artists, the primary one first.'),
    album: TrackAlbum,
    extra: extraField,
  })
  .describe('A track in a listing.');
export type Track = z.infer<typeof Track>;

/** A track of an album, in disc and track order. */
export const AlbumTrack = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('track'),
    trackNumber: z.number().describe('Position on its disc, from 1.'),
    discNumber: z.number().describe('From 1.'),
    duration: Duration,
    explicit: z.boolean(),
    playcount: z.number(),
    artists: z.array(ArtistRef),
    extra: extraField,
  })
  .describe('A track of an album.');
export type AlbumTrack = z.infer<typeof AlbumTrack>;

/** A track of a playlist, with the moment it was added. */
export const PlaylistTrack = Track.omit({ extra: true })
  .extend({
    addedAt: Timestamp.describe('When it was added to the playlist.'),
    extra: extraField.describe(
      "The playlist entry's other fields (`added_by`, `is_local`, …) and its track's under `track`, as the " +
        'Web API nests them; only when `fields` names `extra`.',
    ),
  })
  .describe('A track of a playlist.');
export type PlaylistTrack = z.infer<typeof PlaylistTrack>;

/** An album, single or compilation (album detail); releases in listings have the same shape. */
export const Album = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('album'),
    artists: z.array(ArtistRef).describe("The release's artists, the primary one first."),
    coverArt: images('Cover art'),
    date: ReleaseDate,
    type: AlbumTypeSchema,
    totalTracks: z.number(),
    extra: extraField,
  })
  .describe('An album, single or compilation.');
export type Album = z.infer<typeof Album>;

/** An artist in a listing (related artists, search). */
export const ArtistSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('artist'),
    avatar: images('Portrait'),
    verified: z.boolean(),
    extra: extraField,
  })
  .describe('An artist in a listing.');
export type ArtistSummary = z.infer<typeof ArtistSummary>;

export const Playlist = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('playlist'),
    description: z.string(),
    images: images('Playlist picture'),
    owner: UserRef,
    followers: z.number(),
    totalTracks: z.number(),
    extra: extraField,
  })
  .describe('A playlist (detail and listings).');
export type Playlist = z.infer<typeof Playlist>;

export const Show = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('show'),
    publisher: z.string(),
    description: z.string(),
    coverArt: images('Cover art'),
    totalEpisodes: z.number(),
    extra: extraField,
  })
  .describe('A podcast show (detail and listings).');
export type Show = z.infer<typeof Show>;

export const Episode = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('episode'),
    description: z.string(),
    duration: Duration,
    releaseDate: ReleaseDate,
    coverArt: images('Cover art'),
    extra: extraField,
  })
  .describe('A podcast episode.');
export type Episode = z.infer<typeof Episode>;

export const UserSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('user'),
    avatar: images('Avatar'),
    followersCount: z.number(),
    extra: extraField,
  })
  .describe('A user in a listing (followers, following, search).');
export type UserSummary = z.infer<typeof UserSummary>;

export const genreKinds = ['GENRE', 'MOOD'] as const;
export const GenreMood = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('genre'),
    type: z.enum(genreKinds),
    images: images('Tile picture'),
    extra: extraField,
  })
  .describe('A genre or a mood.');
export type GenreMood = z.infer<typeof GenreMood>;

export const Concert = z
  .object({
    id: z.string(),
    uri: catalogUri('concert'),
    title: z.string(),
    date: Timestamp.describe('When it starts, UTC.'),
    venue: z.string(),
    city: z.string(),
    country: z.string().describe('ISO 3166-1 alpha-2 code.'),
  })
  .describe('A concert.');
export type Concert = z.infer<typeof Concert>;

export const Lyrics = z
  .object({
    track: z.object({ id: z.string(), name: z.string(), uri: catalogUri('track') }),
    language: z.string().describe("BCP 47 code of the lyrics' language."),
    syncType: z
      .enum(['LINE_SYNCED', 'UNSYNCED'])
      .describe('LINE_SYNCED: every line carries the moment it starts; UNSYNCED: plain lines, startTimeMs 0.'),
    lines: z
      .array(
        z.object({
          startTimeMs: z.number().describe('Milliseconds from the start of the track (0 when UNSYNCED).'),
          words: z.string(),
        }),
      )
      .describe('In order (of startTimeMs when LINE_SYNCED).'),
  })
  .describe("A track's lyrics, as timed lines where available.");
export type Lyrics = z.infer<typeof Lyrics>;

export const ArtistOverview = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('artist'),
    verified: z.boolean(),
    biography: z.string(),
    avatar: images('Portrait'),
    genres: z.array(z.string()),
    stats: z.object({ followers: z.number(), monthlyListeners: z.number() }),
    topTracks: z.array(Track).describe("Up to 10 of the artist's tracks, most played first."),
    latestRelease: Album.nullable().describe('The newest album, single or compilation of the artist, or null.'),
    extra: extraField,
  })
  .describe("An artist's page.");
export type ArtistOverview = z.infer<typeof ArtistOverview>;

export const DiscographyOverview = z
  .object({
    artist: ArtistRef,
    totalAlbums: z.number(),
    totalSingles: z.number(),
    totalCompilations: z.number(),
    latestRelease: Album.nullable(),
    albums: z.array(Album).describe('Up to 10, newest first.'),
    singles: z.array(Album).describe('Up to 10, newest first.'),
    compilations: z.array(Album).describe('Up to 10, newest first.'),
  })
  .describe('Counts and the newest releases of each kind.');
export type DiscographyOverview = z.infer<typeof DiscographyOverview>;

export const TrackDetail = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('track'),
    duration: Duration,
    artists: z.array(ArtistRef),
    album: z.object({ id: z.string(), name: z.string(), uri: catalogUri('album'), type: AlbumTypeSchema }),
    extra: extraField,
  })
  .describe('A track (track detail).');
export type TrackDetail = z.infer<typeof TrackDetail>;

export const UserProfile = z
  .object({
    id: z.string(),
    name: z.string(),
    uri: catalogUri('user'),
    avatar: images('Avatar'),
    followersCount: z.number(),
    followingCount: z.number(),
    publicPlaylists: z.array(Playlist).describe('Up to 10 playlists the user owns, most followed first.'),
    totalPublicPlaylists: z.number(),
    extra: extraField,
  })
  .describe("A user's profile.");
export type UserProfile = z.infer<typeof UserProfile>;

// ---------------------------------------------------------------------------------------------
// Search and suggestions (the API reference shows the song item and the suggestion items)
// ---------------------------------------------------------------------------------------------

export const filterByValues = [
  'song',
  'playlist',
  'album',
  'artist',
  'podcast_show',
  'profile',
  'genres_mood',
] as const;
export type FilterBy = (typeof filterByValues)[number];

/** A search result of filterBy=song, exactly the documented search result item. */
export const SongSearchItem = z.strictObject({
  id: z.string(),
  name: z.string(),
  uri: catalogUri('track'),
  duration: z.number().describe('Milliseconds.'),
  artists: z.array(ArtistName),
  album: TrackAlbum,
  extra: extraField,
});
export type SongSearchItem = z.infer<typeof SongSearchItem>;

/**
 * The item of each filterBy. Strict (no other fields), so that an item parses as its own kind only:
 * song → the documented song item; album → Album; artist → ArtistSummary; playlist → Playlist;
 * podcast_show → Show; profile → UserSummary; genres_mood → GenreMood.
 */
export const searchItemSchemas = {
  song: SongSearchItem,
  album: z.strictObject(Album.shape),
  artist: z.strictObject(ArtistSummary.shape),
  playlist: z.strictObject(Playlist.shape),
  podcast_show: z.strictObject(Show.shape),
  profile: z.strictObject(UserSummary.shape),
  genres_mood: z.strictObject(GenreMood.shape),
} as const satisfies Record<FilterBy, z.ZodType>;

export type SearchItemOf<F extends FilterBy> = z.infer<(typeof searchItemSchemas)[F]>;

export const SearchItem = z
  .union([
    searchItemSchemas.song,
    searchItemSchemas.album,
    searchItemSchemas.artist,
    searchItemSchemas.playlist,
    searchItemSchemas.podcast_show,
    searchItemSchemas.profile,
    searchItemSchemas.genres_mood,
  ])
  .describe('A search result, of the kind filterBy names.');
export type SearchItem = z.infer<typeof SearchItem>;

export const TextSuggestion = z.object({
  type: z.literal('text'),
  suggestion: z.string().describe('A completed search text, lower case.'),
  uri: z.string().describe('`music:search:<terms joined by +>`.'),
});
export const TrackSuggestion = z.object({
  type: z.literal('track'),
  id: z.string(),
  name: z.string(),
  uri: catalogUri('track'),
  duration: z.number().describe('Milliseconds.'),
  artists: z.array(ArtistName),
});
export const Suggestion = z.discriminatedUnion('type', [TextSuggestion, TrackSuggestion]);
export type Suggestion = z.infer<typeof Suggestion>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** A list that is not paged: the items and how many there are in all (may exceed the items shown). */
export function list<T extends z.ZodType>(item: T) {
  return z.object({ totalCount: z.number(), items: z.array(item) });
}

/** A page by offset: `offset` and `limit` as applied, `totalCount` of the whole listing. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ totalCount: z.number(), offset: z.number(), limit: z.number(), items: z.array(item) });
}

// ---------------------------------------------------------------------------------------------
// Responses: the envelope `{ message, statusCode: 200, data }`
// ---------------------------------------------------------------------------------------------

export const SearchResponse = envelope(z.array(SearchItem));
export type SearchResponse = z.infer<typeof SearchResponse>;
export const SuggestionsResponse = envelope(z.object({ suggestions: z.array(Suggestion) }));
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>;

export const ArtistOverviewResponse = envelope(ArtistOverview);
export const ArtistPlaylistsResponse = envelope(list(Playlist));
export const ArtistReleasesResponse = envelope(page(Album));
export const RelatedArtistsResponse = envelope(list(ArtistSummary));
export const AppearsOnResponse = envelope(list(Album));
export const FeaturingResponse = envelope(list(Track));
export const DiscoveredOnResponse = envelope(list(Playlist));
export const ConcertsResponse = envelope(list(Concert));
export const DiscographyOverviewResponse = envelope(DiscographyOverview);

export const AlbumDetailResponse = envelope(Album);
export const AlbumTracksResponse = envelope(page(AlbumTrack));

export const TrackDetailResponse = envelope(TrackDetail);
/** Batch lookup (an extension): the tracks found, and the requested ids with none, as given. */
export const TracksByIdsResponse = envelope(z.object({ tracks: z.array(TrackDetail), notFound: z.array(z.string()) }));
export const LyricsResponse = envelope(Lyrics);
/**
 * `data.cursor` (an addition beside `totalCount` and `items`, inside `data` as the envelope's payload allows): the
 * next page's token, '' on the last page.
 */
export const RecommendationsResponse = envelope(list(Track).extend({ cursor: z.string() }));

export const PlaylistDetailResponse = envelope(Playlist);
export const PlaylistTracksResponse = envelope(page(PlaylistTrack));

export const ShowDetailResponse = envelope(Show);
export const EpisodesResponse = envelope(page(Episode));

export const UserProfileResponse = envelope(UserProfile);
export const UsersResponse = envelope(list(UserSummary));

// ---------------------------------------------------------------------------------------------
// Parameters (music catalog endpoints and limits, with an upper bound wherever a limit had none)
// ---------------------------------------------------------------------------------------------

export const orderByValues = ['DATE_DESC', 'DATE_ASC'] as const;
export type OrderBy = (typeof orderByValues)[number];

/** The largest offset any listing accepts. */
export const MAX_OFFSET = 10_000;
const offsetParam = () => integerParam({ min: 0, max: MAX_OFFSET, default: 0 }).describe('Items to skip.');
const limitParam = (max: number, fallback: number) =>
  integerParam({ min: 1, max, default: fallback }).describe('Items to return.');

export const SearchQuery = z.object({
  keyword: requiredString(200).describe('Words to look for; each must appear as a whole word.'),
  offset: offsetParam(),
  limit: limitParam(100, 20),
  filterBy: enumParam(filterByValues, 'song').describe('The kind of item to return.'),
});
export const SuggestionsQuery = z.object({ keyword: requiredString(200).describe('What has been typed so far.') });

export const ArtistQuery = z.object({ uri: uriParam('artist') });
export const ArtistReleasesQuery = z.object({
  uri: uriParam('artist'),
  offset: offsetParam(),
  limit: limitParam(100, 20),
  order_by: enumParam(orderByValues, 'DATE_DESC').describe(
    'By release date, newest (DATE_DESC) or oldest (DATE_ASC) first.',
  ),
});

export const AlbumQuery = z.object({ uri: uriParam('album') });
export const AlbumTracksQuery = z.object({
  uri: uriParam('album'),
  offset: offsetParam(),
  limit: limitParam(300, 300),
});

export const TrackQuery = z.object({ uri: uriParam('track') });
export const RecommendationsQuery = z.object({
  uri: uriParam('track'),
  limit: limitParam(100, 20),
  cursor: optionalString().describe("The previous page's cursor (its data.cursor)."),
});

/** Most ids one batch lookup takes. */
export const MAX_BATCH_IDS = 100;

/** The track id a batch lookup's id names: the id of a `music:track:<id>` URI, else the value itself. */
export function trackIdOf(value: string): string {
  const parsed = parseUri(value);
  return parsed?.kind === 'track' ? parsed.id : value;
}

export const TracksByIdsQuery = z.object({
  ids: idsParam({ max: MAX_BATCH_IDS, maxLength: 100 })
    .superRefine((ids, ctx) => {
      // a catalog URI of another kind is a mistake, as it is for tracks.getDetail
      const other = ids.find((id) => {
        const kind = parseUri(id)?.kind;
        return kind !== undefined && kind !== 'track';
      });
      if (other !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: `must list track ids or ${URI_SCHEME}:track:<id> URIs (got '${other}')`,
        });
    })
    .describe(
      `Comma-separated track ids (or ${URI_SCHEME}:track:<id> URIs), at most ${MAX_BATCH_IDS}; each found track comes back once, in the order given.`,
    ),
});

export const PlaylistQuery = z.object({ uri: uriParam('playlist') });
export const PlaylistTracksQuery = z.object({
  uri: uriParam('playlist'),
  offset: offsetParam(),
  limit: limitParam(300, 300),
});

export const ShowQuery = z.object({ uri: uriParam('show') });
export const EpisodesQuery = z.object({ uri: uriParam('show'), offset: offsetParam(), limit: limitParam(300, 50) });

export const UserQuery = z.object({ uri: uriParam('user') });

/** How many items the lists without a limit parameter show at most (their totalCount counts all). */
export const LIST_SIZES = {
  topTracks: 10,
  playlists: 20,
  related: 20,
  appearsOn: 50,
  featuring: 20,
  discoveredOn: 20,
  concerts: 50,
  discographyPerKind: 10,
  profilePlaylists: 10,
  follows: 100,
  textSuggestions: 5,
  trackSuggestions: 5,
} as const;
