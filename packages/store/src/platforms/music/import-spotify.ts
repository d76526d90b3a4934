import { recomputeMusicDerivedIn } from './derived.js';
import { musicNameColumns } from './rows.js';
import type { Database } from '../../schema.js';
import { readResponses } from '../../import/input.js';
import {
  type Importer,
  type ImportItem,
  type ImportPrune,
  type ImportRow,
  type ImportTable,
  RecordError,
} from '../../import/types.js';
import { imageListJson, isObject, type Json, reasonOf, requiredString } from '../../import/values.js';
import { type Taken, taken, without } from '../../import/remainder.js';
import { MARKETS, marketListOf } from './market-lists.js';

/**
 * Spotify Web API objects → the music catalog. A response is an object (`type` track, album,
 * artist, playlist, show, episode or user), a paging object (`items`), a search page
 * (`{tracks: {items}, albums: {items}, …}`), a several-objects response (`{artists: [...]}`) or a
 * browse-categories page (`{categories: {items}}`).
 *
 * Rows carry every column (what a new row gets), and `update` lists the columns the source did
 * carry: an artist named in a track (id and name only), a simplified album (no label, no
 * popularity) or a field an API version leaves out never overwrites what a fuller object stored.
 *
 * Every other field of an object is kept in its row's `extra` (remainderOf: the object without the
 * fields the columns hold, in the API's nesting). Only the full object of a kind updates a stored
 * `extra` (see `full`): an artist inside a track, a simplified album, track, playlist, show or
 * episode gives a new row its own, and never replaces a fuller one's.
 */

type Row = ImportRow;
/** What a page's `href` says its items belong to (`/playlists/{id}/tracks`, `/albums/{id}/tracks`, `/shows/{id}/episodes`). */
interface Context {
  playlistId?: string;
  albumId?: string;
  showId?: string;
}

const NAME_COLUMNS = ['name', 'name_key', 'name_terms'];
const ALBUM_TYPES = new Set(['album', 'single', 'compilation']);
const RELEASE_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const PAGE_OWNER = /\/(playlists|albums|shows)\/([^/?#]+)\/(tracks|items|episodes)(?:[?#]|$)/;

/**
 * The fields each kind's columns hold (the rest is its `extra`). `type` is the row's table; the
 * objects holding other objects (a track's `album` and `artists`, an episode's `show`, an album's,
 * playlist's or show's page of tracks, entries or episodes) have those in their own rows. A
 * `uri` that is just `spotify:<type>:<id>` repeats the id and is left out (see extraOf).
 */
const COLUMN_FIELDS = {
  artist: ['type', 'id', 'name', 'genres', 'images', 'popularity', 'followers.total'],
  album: [
    'type',
    'id',
    'name',
    'album_type',
    'artists',
    'release_date',
    'release_date_precision',
    'label',
    'images',
    'total_tracks',
    'popularity',
    'tracks',
  ],
  track: [
    'type',
    'id',
    'name',
    'album',
    'artists',
    'external_ids.isrc',
    'disc_number',
    'track_number',
    'duration_ms',
    'explicit',
    'popularity',
  ],
  user: ['type', 'id', 'display_name', 'images', 'followers.total'],
  playlist: ['type', 'id', 'name', 'description', 'owner', 'images', 'public', 'collaborative', 'followers.total'],
  entry: ['added_at', 'track', 'item'],
  show: [
    'type',
    'id',
    'name',
    'publisher',
    'description',
    'media_type',
    'images',
    'explicit',
    'total_episodes',
    'episodes',
  ],
  episode: [
    'type',
    'id',
    'name',
    'description',
    'release_date',
    'release_date_precision',
    'images',
    'audio_preview_url',
    'duration_ms',
    'explicit',
    'show',
  ],
  category: ['id', 'name', 'icons'],
} as const;
type Kind = keyof typeof COLUMN_FIELDS;

/** Each kind's taken fields, without and with its `uri`. */
const TAKEN = Object.fromEntries(
  Object.entries(COLUMN_FIELDS).map(([kind, fields]) => [
    kind,
    { own: taken(...fields), withUri: taken(...fields, 'uri') } satisfies Record<string, Taken>,
  ]),
) as Record<Kind, { own: Taken; withUri: Taken }>;

/**
 * The object's `extra`: what its columns do not hold (`also`: fields only this object's columns
 * took, such as the playlist page whose `total` and entries are stored). Its `uri` is left out when
 * it is `spotify:<type>:<id>`, the id's own; another (a linked or local track's) is kept. A long
 * `available_markets` is stored once (market-lists.ts): `rows` gets its row, `extra` its id.
 */
function extraOf(record: Json, kind: Kind, rows?: Row[], also?: Taken): string {
  const repeatsId =
    typeof record.uri === 'string' && record.uri === `spotify:${String(record.type)}:${String(record.id)}`;
  const fields = TAKEN[kind][repeatsId ? 'withUri' : 'own'];
  const rest = without(record, also ? new Map([...fields, ...also]) : fields);
  const markets = rows ? marketListOf(record) : undefined;
  if (markets) {
    rest[MARKETS] = markets.id;
    rows!.push(markets.row);
  }
  return JSON.stringify(rest);
}

/**
 * Whether this is the kind's full object, whose `extra` replaces a stored one: the fields only the
 * full object has (a simplified artist has `id` and `name`; a simplified album no `label`,
 * `popularity`, `copyrights` or `external_ids`; a simplified track no `album`, `popularity` or
 * `external_ids`; a simplified playlist no `followers`; a playlist's owner no `followers` or
 * `images`). A simplified show or episode lacks only what its own columns or rows hold (`episodes`,
 * `show`): its `extra` is the full one's.
 */
const FULL_FIELDS: Record<Kind, readonly string[]> = {
  artist: ['genres', 'popularity', 'followers', 'images'],
  album: ['label', 'popularity', 'copyrights', 'external_ids', 'tracks'],
  track: ['album', 'popularity', 'external_ids'],
  user: ['followers', 'images'],
  playlist: ['followers'],
  entry: [],
  show: [],
  episode: [],
  category: [],
};
const full = (record: Json, kind: Kind) =>
  FULL_FIELDS[kind].length === 0 || FULL_FIELDS[kind].some((field) => field in record);

/** A row whose `update` is the columns in `carried` (those whose source field was present). */
function row<T extends ImportTable>(table: T, values: Database[T], carried: readonly string[]): ImportRow<T> {
  return { table, values, update: carried };
}

/** `columns` when `present`, else none: builds the carried-columns list field by field. */
const when = (present: boolean, ...columns: string[]) => (present ? columns : []);
const has = (record: Json, field: string) => record[field] !== undefined && record[field] !== null;

function string(record: Json, field: string): string {
  const value = record[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new RecordError(`${field}: expected a string`);
  return value;
}

/** A name: a string, possibly empty (Spotify's albums taken down have '' names). */
function name(record: Json, field = 'name'): string {
  const value = record[field];
  if (typeof value !== 'string') throw new RecordError(`${field}: expected a string`);
  return value;
}

function count(record: Json, field: string): number {
  const value = record[field];
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new RecordError(`${field}: expected a count, got ${JSON.stringify(value)}`);
  return value;
}

function flag(record: Json, field: string): number {
  const value = record[field];
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'boolean') throw new RecordError(`${field}: expected true or false`);
  return value ? 1 : 0;
}

/** `followers: {href, total}` → total. */
function followers(record: Json): number {
  const value = record.followers;
  if (value === undefined || value === null) return 0;
  if (!isObject(value)) throw new RecordError('followers: expected an object');
  return count(value, 'total');
}

/** Spotify image objects (`url`, `width`, `height`, the sizes null when unknown) → the store's JSON array. */
function images(record: Json, field = 'images'): string {
  const value = record[field];
  if (value === undefined || value === null) return '[]';
  if (!Array.isArray(value)) throw new RecordError(`${field}: expected an array of images`);
  return imageListJson(value);
}

/** `release_date` ("1981-12-15", "1981-12" or "1981") with `release_date_precision` → the stored date, its precision and its first moment (ms). */
/** Coarsest last. */
const PRECISIONS: readonly string[] = ['day', 'month', 'year'];

function releaseDate(record: Json): { release_date: string; release_precision: string; released_at: number } {
  const text = record.release_date;
  const match = typeof text === 'string' ? RELEASE_DATE.exec(text) : null;
  if (!match) throw new RecordError(`release_date: expected YYYY-MM-DD, YYYY-MM or YYYY, got ${JSON.stringify(text)}`);
  const [, year, month, day] = match;
  const implied = day ? 'day' : month ? 'month' : 'year';
  const stated = record.release_date_precision;
  // the stated precision, but never finer than the date written ("1981" stated as `day` is a year)
  const precision =
    typeof stated === 'string' &&
    PRECISIONS.includes(stated) &&
    PRECISIONS.indexOf(stated) >= PRECISIONS.indexOf(implied)
      ? stated
      : implied;
  const released = Date.parse(`${year}-${month ?? '01'}-${day ?? '01'}T00:00:00Z`);
  if (Number.isNaN(released)) throw new RecordError(`release_date: not a date: ${JSON.stringify(text)}`);
  return { release_date: text as string, release_precision: precision, released_at: released };
}

/** The simplified artists of a track or album: [{id, name}], at least one. */
function artistsOf(record: Json): Json[] {
  const value = record.artists;
  if (!Array.isArray(value) || value.length === 0)
    throw new RecordError('artists: expected a non-empty array of artists');
  return value.map((artist, i) => {
    if (!isObject(artist)) throw new RecordError(`artists[${i}]: expected an object`);
    requiredString(artist, 'id');
    name(artist);
    return artist;
  });
}

const artistRefs = (artists: Json[]) => JSON.stringify(artists.map((a) => ({ id: String(a.id), name: a.name })));
const artistNames = (artists: Json[]) => artists.map((a) => a.name).join(', ');

/** An artist (full, or simplified as tracks and albums name them). */
export function mapArtist(artist: Json): Row {
  const id = requiredString(artist, 'id');
  const genres = artist.genres;
  if (
    genres !== undefined &&
    genres !== null &&
    !(Array.isArray(genres) && genres.every((g) => typeof g === 'string'))
  ) {
    throw new RecordError('genres: expected an array of strings');
  }
  return row(
    'music_artists',
    {
      id,
      num: 0,
      ...musicNameColumns(name(artist)),
      genres: JSON.stringify(genres ?? []),
      images: images(artist),
      biography: '',
      popularity: count(artist, 'popularity'),
      verified: 0,
      followers: followers(artist),
      monthly_listeners: 0,
      extra: extraOf(artist, 'artist'),
    },
    [
      ...NAME_COLUMNS,
      ...when(Array.isArray(genres), 'genres'),
      ...when(has(artist, 'images'), 'images'),
      ...when(has(artist, 'popularity'), 'popularity'),
      ...when(has(artist, 'followers'), 'followers'),
      ...when(full(artist, 'artist'), 'extra'),
    ],
  );
}

/** An album (full or simplified): the album, its artists in order, and the artists named. */
export function mapAlbum(album: Json): { rows: Row[]; prune: ImportPrune[] } {
  const id = requiredString(album, 'id');
  const type = typeof album.album_type === 'string' ? album.album_type.toLowerCase() : '';
  if (!ALBUM_TYPES.has(type))
    throw new RecordError(`album_type: expected album, single or compilation, got ${JSON.stringify(album.album_type)}`);
  const artists = artistsOf(album);
  const release = releaseDate(album);
  const lists: Row[] = [];
  const rows: Row[] = [
    row(
      'music_albums',
      {
        id,
        num: 0,
        ...musicNameColumns(name(album)),
        album_type: type,
        artist_id: String(artists[0]!.id),
        artists: artistRefs(artists),
        artist_names: artistNames(artists),
        ...release,
        label: string(album, 'label'),
        images: images(album),
        total_tracks: count(album, 'total_tracks'),
        popularity: count(album, 'popularity'),
        extra: extraOf(album, 'album', lists),
      },
      [
        ...NAME_COLUMNS,
        'album_type',
        'artist_id',
        'artists',
        'artist_names',
        'release_date',
        'release_precision',
        'released_at',
        ...when(has(album, 'label'), 'label'),
        ...when(has(album, 'images'), 'images'),
        ...when(has(album, 'total_tracks'), 'total_tracks'),
        ...when(has(album, 'popularity'), 'popularity'),
        ...when(full(album, 'album'), 'extra'),
      ],
    ),
  ];
  artists.forEach((artist, position) => {
    rows.push({
      table: 'music_album_artists',
      values: {
        id: `${id}:${position}`,
        album_id: id,
        artist_id: String(artist.id),
        album_type: type,
        position,
        released_at: release.released_at,
      },
    });
  });
  rows.push(...artists.map(mapArtist), ...lists);
  return { rows, prune: [{ table: 'music_album_artists', column: 'album_id', owner: id, from: artists.length }] };
}

/** A track (full, or simplified as an album's tracks page lists it: then `albumId` names the album). */
export function mapTrack(track: Json, albumId?: string): { rows: Row[]; prune: ImportPrune[] } {
  const id = requiredString(track, 'id');
  const album = isObject(track.album) ? mapAlbum(track.album) : undefined;
  const album_id = album ? String(album.rows[0]!.values.id) : albumId;
  if (!album_id)
    throw new RecordError("album: expected the track's album (or an album's tracks page naming it in href)");
  const artists = artistsOf(track);
  const externalIds = isObject(track.external_ids) ? track.external_ids : {};
  const lists: Row[] = [];
  const rows: Row[] = [
    row(
      'music_tracks',
      {
        id,
        num: 0,
        ...musicNameColumns(name(track)),
        album_id,
        artists: artistRefs(artists),
        artist_names: artistNames(artists),
        isrc: string(externalIds, 'isrc'),
        disc_number: count(track, 'disc_number'),
        track_number: count(track, 'track_number'),
        duration_ms: count(track, 'duration_ms'),
        explicit: flag(track, 'explicit'),
        popularity: count(track, 'popularity'),
        play_count: 0,
        extra: extraOf(track, 'track', lists),
      },
      [
        ...NAME_COLUMNS,
        'album_id',
        'artists',
        'artist_names',
        ...when(has(externalIds, 'isrc'), 'isrc'),
        ...when(has(track, 'disc_number'), 'disc_number'),
        ...when(has(track, 'track_number'), 'track_number'),
        ...when(has(track, 'duration_ms'), 'duration_ms'),
        ...when(has(track, 'explicit'), 'explicit'),
        ...when(has(track, 'popularity'), 'popularity'),
        ...when(full(track, 'track'), 'extra'),
      ],
    ),
  ];
  artists.forEach((artist, position) => {
    rows.push({
      table: 'music_track_artists',
      values: {
        id: `${id}:${position}`,
        track_id: id,
        artist_id: String(artist.id),
        role: position === 0 ? 'main' : 'featured',
        position,
      },
    });
  });
  rows.push(...artists.map(mapArtist), ...lists);
  if (album) rows.push(...album.rows);
  return {
    rows,
    prune: [
      { table: 'music_track_artists', column: 'track_id', owner: id, from: artists.length },
      ...(album?.prune ?? []),
    ],
  };
}

/** A user (a playlist's owner, or a public user profile). */
export function mapUser(user: Json): Row {
  const id = requiredString(user, 'id');
  const displayName = typeof user.display_name === 'string' && user.display_name !== '' ? user.display_name : id;
  return row(
    'music_users',
    {
      id,
      num: 0,
      ...musicNameColumns(displayName),
      images: images(user),
      follower_count: followers(user),
      following_count: 0,
      extra: extraOf(user, 'user'),
    },
    [
      ...NAME_COLUMNS,
      ...when(has(user, 'images'), 'images'),
      ...when(has(user, 'followers'), 'follower_count'),
      ...when(full(user, 'user'), 'extra'),
    ],
  );
}

/** A playlist's tracks paging object: `tracks`, or `items` as the API's newer playlists name it. */
function playlistEntries(playlist: Json): Json | undefined {
  const page = isObject(playlist.items) ? playlist.items : playlist.tracks;
  return isObject(page) ? page : undefined;
}

/**
 * A playlist's page of entries (`tracks`, or `items` in the API's newer playlists): its `total` is
 * a column, its entries rows of their own, the rest (`href`, `limit`, `offset`, `next`,
 * `previous`) the paging of the response it came in, not the playlist's.
 */
const PLAYLIST_PAGES = taken('tracks', 'items');

/** A playlist (full or simplified) and its owner. */
export function mapPlaylist(playlist: Json): Row[] {
  const id = requiredString(playlist, 'id');
  if (!isObject(playlist.owner)) throw new RecordError('owner: expected an object');
  const owner = mapUser(playlist.owner);
  const entries = playlistEntries(playlist);
  const isPublic = playlist.public === false ? 0 : 1;
  return [
    row(
      'music_playlists',
      {
        id,
        num: 0,
        ...musicNameColumns(name(playlist)),
        description: string(playlist, 'description'),
        owner_id: owner.values.id,
        owner_name: (owner.values as Database['music_users']).name,
        artist_id: '',
        genre_id: '',
        images: images(playlist),
        is_public: isPublic,
        collaborative: flag(playlist, 'collaborative'),
        total_tracks: entries ? count(entries, 'total') : 0,
        followers: followers(playlist),
        updated_at: 0,
        extra: extraOf(playlist, 'playlist', undefined, PLAYLIST_PAGES),
      },
      [
        ...NAME_COLUMNS,
        'owner_id',
        'owner_name',
        ...when(has(playlist, 'description'), 'description'),
        ...when(has(playlist, 'images'), 'images'),
        ...when(playlist.public !== undefined, 'is_public'),
        ...when(has(playlist, 'collaborative'), 'collaborative'),
        ...when(entries !== undefined && has(entries, 'total'), 'total_tracks'),
        ...when(has(playlist, 'followers'), 'followers'),
        ...when(full(playlist, 'playlist'), 'extra'),
      ],
    ),
    owner,
  ];
}

/**
 * One playlist entry (`{added_at, track}`; `item` in the API's newer playlists) at `position`: the
 * entry and its track's rows. A local file, an episode or an unavailable (null) track is not a
 * catalog track: undefined (no entry is stored; the positions after it stay as the playlist numbers them).
 */
export function mapPlaylistEntry(
  entry: Json,
  playlistId: string,
  position: number,
): { rows: Row[]; prune: ImportPrune[] } | undefined {
  const track = isObject(entry.item) ? entry.item : entry.track;
  if (track === null || track === undefined || entry.is_local === true) return undefined;
  if (!isObject(track)) throw new RecordError('track: expected an object');
  if (track.type === 'episode' || track.is_local === true) return undefined;
  const mapped = mapTrack(track);
  const trackRow = mapped.rows[0]!.values as Database['music_tracks'];
  const addedAt = entry.added_at;
  const added = typeof addedAt === 'string' ? Date.parse(addedAt) : 0;
  if (Number.isNaN(added))
    throw new RecordError(`added_at: expected an ISO 8601 timestamp, got ${JSON.stringify(addedAt)}`);
  const first = JSON.parse(trackRow.artists) as { id: string }[];
  return {
    rows: [
      {
        table: 'music_playlist_tracks',
        values: {
          id: `${playlistId}:${position}`,
          playlist_id: playlistId,
          track_id: trackRow.id,
          artist_id: first[0]!.id,
          position,
          added_at: added,
          extra: extraOf(entry, 'entry'),
        },
      },
      ...mapped.rows,
    ],
    prune: mapped.prune,
  };
}

/** A show (full, or simplified as an episode names it): its row first, then its market list's. */
export function mapShow(show: Json): Row[] {
  const id = requiredString(show, 'id');
  const languages = Array.isArray(show.languages)
    ? show.languages.filter((l): l is string => typeof l === 'string')
    : [];
  const lists: Row[] = [];
  const shown = row(
    'music_shows',
    {
      id,
      num: 0,
      ...musicNameColumns(name(show)),
      publisher: string(show, 'publisher'),
      description: string(show, 'description'),
      language: languages[0] ?? '',
      media_type: string(show, 'media_type'),
      images: images(show),
      explicit: flag(show, 'explicit'),
      total_episodes: count(show, 'total_episodes'),
      extra: extraOf(show, 'show', lists),
    },
    [
      ...NAME_COLUMNS,
      ...when(has(show, 'publisher'), 'publisher'),
      ...when(has(show, 'description'), 'description'),
      ...when(languages.length > 0, 'language'),
      ...when(has(show, 'media_type'), 'media_type'),
      ...when(has(show, 'images'), 'images'),
      ...when(has(show, 'explicit'), 'explicit'),
      ...when(has(show, 'total_episodes'), 'total_episodes'),
      ...when(full(show, 'show'), 'extra'),
    ],
  );
  return [shown, ...lists];
}

/** An episode's deprecated `language`, held by the column when present (`languages` is kept whole in `extra`). */
const LANGUAGE = taken('language');

/** An episode (full, with its `show`; or simplified, in a show's episodes page: then `showId` names the show). */
export function mapEpisode(episode: Json, showId?: string): Row[] {
  const id = requiredString(episode, 'id');
  const show = isObject(episode.show) ? mapShow(episode.show) : undefined;
  const show_id = show?.[0]!.values.id ?? showId;
  if (!show_id)
    throw new RecordError("show: expected the episode's show (or a show's episodes page naming it in href)");
  const release = releaseDate(episode);
  const languages = Array.isArray(episode.languages)
    ? episode.languages.filter((l): l is string => typeof l === 'string')
    : [];
  const language = typeof episode.language === 'string' ? episode.language : (languages[0] ?? '');
  return [
    {
      table: 'music_episodes',
      values: {
        id,
        show_id,
        name: name(episode),
        description: string(episode, 'description'),
        language,
        release_date: release.release_date,
        release_precision: release.release_precision,
        images: images(episode),
        audio_preview_url: string(episode, 'audio_preview_url'),
        duration_ms: count(episode, 'duration_ms'),
        explicit: flag(episode, 'explicit'),
        released_at: release.released_at,
        extra: extraOf(episode, 'episode', undefined, typeof episode.language === 'string' ? LANGUAGE : undefined),
      },
    },
    ...(show ?? []),
  ];
}

/** A browse category (`{id, name, icons}`) → a genre. */
export function mapCategory(category: Json): Row {
  const id = requiredString(category, 'id');
  return row(
    'music_genres',
    {
      id,
      num: 0,
      ...musicNameColumns(name(category)),
      kind: 'genre',
      color: '',
      images: images(category, 'icons'),
      extra: extraOf(category, 'category'),
    },
    [...NAME_COLUMNS, ...when(has(category, 'icons'), 'images'), 'extra'],
  );
}

/** Catches a mapping's RecordError as the item's skip reason. */
function attempt(location: string, map: () => { rows: Row[]; prune?: ImportPrune[] } | undefined): ImportItem[] {
  try {
    const mapped = map();
    return mapped
      ? [{ location, rows: mapped.rows, ...(mapped.prune && mapped.prune.length > 0 ? { prune: mapped.prune } : {}) }]
      : [];
  } catch (error) {
    return [{ location, error: reasonOf(error) }];
  }
}

function contextOf(page: Json): Context {
  const match = typeof page.href === 'string' ? PAGE_OWNER.exec(page.href) : null;
  if (!match) return {};
  const id = decodeURIComponent(match[2]!);
  return match[1] === 'playlists' ? { playlistId: id } : match[1] === 'albums' ? { albumId: id } : { showId: id };
}

/** One object of a known `type`, then the items of the pages it holds (an album's tracks, a playlist's entries, a show's episodes). */
function* objectItems(value: Json, location: string, context: Context): Generator<ImportItem> {
  switch (value.type) {
    case 'artist':
      yield* attempt(location, () => ({ rows: [mapArtist(value)] }));
      return;
    case 'track':
      yield* attempt(location, () => mapTrack(value, context.albumId));
      return;
    case 'user':
      yield* attempt(location, () => ({ rows: [mapUser(value)] }));
      return;
    case 'episode':
      yield* attempt(location, () => ({ rows: mapEpisode(value, context.showId) }));
      return;
    case 'album': {
      const [item] = attempt(location, () => mapAlbum(value));
      yield item!;
      if ('error' in item! || !isObject(value.tracks)) return;
      yield* pageItems(value.tracks, `${location} tracks`, { albumId: String(value.id) });
      return;
    }
    case 'show': {
      const [item] = attempt(location, () => ({ rows: mapShow(value) }));
      yield item!;
      if ('error' in item! || !isObject(value.episodes)) return;
      yield* pageItems(value.episodes, `${location} episodes`, { showId: String(value.id) });
      return;
    }
    case 'playlist': {
      const [item] = attempt(location, () => ({ rows: mapPlaylist(value) }));
      yield item!;
      const entries = playlistEntries(value);
      if ('error' in item! || !entries || !Array.isArray(entries.items)) return;
      yield* pageItems(entries, `${location} ${isObject(value.items) ? 'items' : 'tracks'}`, {
        playlistId: String(value.id),
      });
      return;
    }
    default:
      yield {
        location,
        error: `type: expected track, album, artist, playlist, show, episode or user, got ${JSON.stringify(value.type)}`,
      };
  }
}

/** The items of a paging object; `context` (or the page's href) names what they belong to. */
function* pageItems(page: Json, where: string, context: Context, categories = false): Generator<ImportItem> {
  const own = { ...contextOf(page), ...context };
  const items = Array.isArray(page.items) ? page.items : [];
  const offset = typeof page.offset === 'number' && Number.isSafeInteger(page.offset) ? page.offset : 0;
  for (const [n, item] of items.entries()) {
    const location = `${where} item ${n + 1}`;
    if (item === null) continue; // an id the API found nothing for (several objects), or a search result it withholds
    if (!isObject(item)) {
      yield { location, error: 'not a JSON object' };
      continue;
    }
    if (categories) yield* attempt(location, () => ({ rows: [mapCategory(item)] }));
    else if (typeof item.type === 'string') yield* objectItems(item, location, own);
    else if (own.playlistId && ('track' in item || 'item' in item)) {
      const playlistId = own.playlistId;
      yield* attempt(location, () => mapPlaylistEntry(item, playlistId, offset + n));
    } else {
      // a saved or recently played object: {added_at, track} / {played_at, track} / {added_at, album} / {added_at, show} / {added_at, episode}
      const wrapped = ['track', 'album', 'show', 'episode'].map((key) => item[key]).find(isObject);
      if (wrapped) yield* objectItems(wrapped, location, own);
      else if (item.track === null)
        continue; // an unavailable track
      else yield { location, error: 'expected a Spotify object with a type, or a saved or playlist item holding one' };
    }
  }
  // the last page of a playlist's entries: the playlist has no entries after it
  if (own.playlistId && page.next === null && Array.isArray(page.items)) {
    yield {
      location: `${where} end`,
      rows: [],
      prune: [
        { table: 'music_playlist_tracks', column: 'playlist_id', owner: own.playlistId, from: offset + items.length },
      ],
    };
  }
}

/** The wrappers of several objects or search results: `{tracks: [...]}` or `{tracks: {items: [...]}}`. */
const WRAPPERS = ['tracks', 'albums', 'artists', 'playlists', 'shows', 'episodes', 'users'];

/** Every item of one response document. */
export function* responseItems(value: unknown, where: string): Generator<ImportItem> {
  if (!isObject(value)) {
    yield { location: where, error: 'not a JSON object' };
    return;
  }
  if (typeof value.type === 'string') {
    yield* objectItems(value, where, {});
    return;
  }
  if (Array.isArray(value.items)) {
    yield* pageItems(value, where, {});
    return;
  }
  let found = false;
  if (isObject(value.categories) && Array.isArray(value.categories.items)) {
    found = true;
    yield* pageItems(value.categories, `${where} categories`, {}, true);
  }
  for (const key of WRAPPERS) {
    const wrapped = value[key];
    if (Array.isArray(wrapped)) {
      found = true;
      yield* pageItems({ items: wrapped }, `${where} ${key}`, {});
    } else if (isObject(wrapped) && Array.isArray(wrapped.items)) {
      found = true;
      yield* pageItems(wrapped, `${where} ${key}`, {});
    }
  }
  if (!found)
    yield {
      location: where,
      error: 'not a Spotify Web API object (no type), paging object (no items) or response wrapping them',
    };
}

export const spotifyWebApi: Importer = {
  platform: 'music',
  format: 'spotify-web-api',
  description:
    'Spotify Web API responses (tracks, albums, artists, playlists with their tracks, shows, episodes, users, search pages): a .json file or a folder',
  input: 'file-or-dir',
  async *read(path, progress) {
    for await (const { where, value } of readResponses(path, progress)) yield* responseItems(value, where);
  },
  async *readDocuments(documents, where) {
    let n = 0;
    for await (const value of documents) yield* responseItems(value, `${where} response ${++n}`);
  },
  async afterImport(trx, written) {
    // recommendations and related artists come from the playlists' entries
    if (written.has('music_playlist_tracks')) await recomputeMusicDerivedIn(trx);
  },
};
