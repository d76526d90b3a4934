/**
 * Deterministic music-catalog demo data. Per unit of scale: 5,000 artists in 30 genres (popularity
 * falls with the ordinal), 20,000 releases (about 45 % singles, 45 % albums, 10 % compilations;
 * popular artists have more, some are collaborations), over 200,000 tracks (about 12 % featuring
 * another artist of the genre), lyrics for about 9 % of them, 5,000 users following each other
 * (popular users are followed most), 10,000 playlists of 20–300 tracks (short ones far more
 * common): a "This Is" playlist for each of the 1,000 most popular artists and a playlist per
 * genre and mood (by the editorial user), the rest by users, drawing popular tracks of one to
 * three genres more often — so playlists co-locate tracks that belong together, which is what
 * recommendations and related artists are computed from (derived.ts); 500 podcast shows
 * with 10–100 weekly episodes; upcoming concerts of the 1,500 most popular artists; 44 genres and
 * moods. Every timestamp is `now` minus (or, for concerts, plus) a fixed age, so only timestamps
 * (and the release dates derived from them) follow `now`.
 */
import type {
  MusicAlbumArtistsTable,
  MusicAlbumsTable,
  MusicArtistsTable,
  MusicConcertsTable,
  MusicEpisodesTable,
  MusicFollowsTable,
  MusicGenresTable,
  MusicLyricsTable,
  MusicPlaylistsTable,
  MusicPlaylistTracksTable,
  MusicShowsTable,
  MusicTrackArtistsTable,
  MusicTracksTable,
  MusicUsersTable,
} from '../../schema.js';
import { FIRST_NAMES, LAST_NAMES } from '../microblog/demo-text.js';
import {
  ACTIVITIES,
  ALBUM_TEMPLATES,
  BAND_ADJECTIVES,
  BAND_NOUNS,
  CITIES,
  COLORS,
  COMPILATION_TEMPLATES,
  EPISODE_TEMPLATES,
  FESTIVALS,
  GENRES,
  LABELS,
  LYRIC_LINES,
  MOODS,
  PLAYLIST_TEMPLATES,
  PUBLISHERS,
  SHOW_TEMPLATES,
  SHOW_TOPICS,
  STAGE_PREFIXES,
  STAGE_WORDS,
  TITLE_TEMPLATES,
  TITLE_WORDS,
  VENUES,
} from './demo-text.js';
import { musicNameColumns } from './rows.js';
import { createRandom, mix, type Random, unit } from '../../demo/random.js';

export interface MusicDemoOptions {
  now: Date;
  scale: number;
}

export const MUSIC_ARTISTS_PER_SCALE = 5_000;
export const MUSIC_ALBUMS_PER_SCALE = 20_000;
export const MUSIC_USERS_PER_SCALE = 5_000;
export const MUSIC_PLAYLISTS_PER_SCALE = 10_000;
export const MUSIC_SHOWS_PER_SCALE = 500;
/** Artists (the most popular) with a "This Is" playlist, per scale. */
export const THIS_IS_PLAYLISTS_PER_SCALE = 1_000;
/** Artists (the most popular) touring, per scale. */
const TOURING_ARTISTS_PER_SCALE = 1_500;
export const PLAYLIST_MIN_TRACKS = 20;
export const PLAYLIST_MAX_TRACKS = 300;
/** The user who owns the editorial playlists. */
export const EDITORIAL_USER = 0;
const DAY_MS = 86_400_000;
/** About how many recommendation and related-artist rows recomputeMusicDerived writes, per scale (for progress). */
export const DERIVED_ROWS_PER_SCALE = 63_000;
const GENRE_COUNT = GENRES.length;

export const ALBUM_TYPES = ['album', 'single', 'compilation'] as const;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Where each kind's ids start: ids of one kind grow with the ordinal, so rows arrive in key order (fast inserts). */
const KIND_BASE = {
  genre: 20_000_000,
  concert: 60_000_000,
  artist: 137_000_000,
  album: 254_000_000,
  track: 371_000_000,
  playlist: 488_000_000,
  show: 605_000_000,
  episode: 722_000_000,
  user: 839_000_000,
} as const;
export type MusicIdKind = keyof typeof KIND_BASE;

/**
 * A 22-character base-62 id (the catalog's id form), unique per kind and ordinal: five characters
 * of the kind's base plus the ordinal, most significant first, then seventeen hashed ones.
 */
export function musicIdOf(kind: MusicIdKind, ordinal: number): string {
  let head = '';
  let value = KIND_BASE[kind] + ordinal;
  for (let i = 0; i < 5; i++) {
    head = BASE62[value % 62]! + head;
    value = (value - (value % 62)) / 62; // an integer division without a read of the global Math (see demo/random.ts)
  }
  let tail = '';
  for (let i = 0; tail.length < 17; i++) {
    let h = mix(KIND_BASE[kind] + i, ordinal);
    for (let j = 0; j < 5 && tail.length < 17; j++) {
      tail += BASE62[h % 62]!;
      h = (h - (h % 62)) / 62;
    }
  }
  return head + tail;
}

/** Ids of one kind by ordinal, computed once per count. */
const idCache = new Map<string, string[]>();
function idsOf(kind: MusicIdKind, count: number): readonly string[] {
  const key = `${kind}:${count}`;
  let ids = idCache.get(key);
  if (!ids) {
    ids = Array.from({ length: count }, (_, i) => musicIdOf(kind, i));
    idCache.set(key, ids);
  }
  return ids;
}

const titleCase = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase());

function images(kind: string, id: string, sizes: readonly number[]): string {
  return JSON.stringify(
    sizes.map((size) => ({
      url: `https://images.socialquery.example/${kind}/${id}/${size}.jpg`,
      width: size,
      height: size,
    })),
  );
}
const COVER_SIZES = [640, 300, 64] as const;
const AVATAR_SIZES = [640, 320, 160] as const;

/** The catalog's shape (who made what, how popular), computed once per scale; rows are rendered from it lazily. */
interface Plan {
  artists: number;
  albums: number;
  tracks: number;
  users: number;
  playlists: number;
  shows: number;
  artistWeight: Float64Array;
  albumArtist: Int32Array;
  /** A second album artist (collaboration), or -1. */
  albumSecond: Int32Array;
  /** Index into ALBUM_TYPES. */
  albumType: Uint8Array;
  albumAgeDays: Int32Array;
  /** Tracks of album b are [albumTrackStart[b], albumTrackStart[b + 1]). */
  albumTrackStart: Int32Array;
  trackAlbum: Int32Array;
  trackFeatured: Int32Array;
  trackPlays: Float64Array;
  /** Each artist's tracks as a main artist, most played first: artistTrackList[artistTrackStart[a] …]. */
  artistTrackStart: Int32Array;
  artistTrackList: Int32Array;
  /** follows[2i] follows follows[2i + 1]. */
  follows: Int32Array;
  followerCount: Int32Array;
  followingCount: Int32Array;
  /** Episodes of show s are [showEpisodeStart[s], showEpisodeStart[s + 1]). */
  showEpisodeStart: Int32Array;
  ids: Record<'artist' | 'album' | 'track' | 'user' | 'playlist', readonly string[]>;
  artistNames: readonly string[];
}

const plans = new Map<number, Plan>();

/**
 * A per-scale count at `scale`. The music set takes fractional scales (tests seed a tenth of the
 * catalog: the whole one is 1.3 M rows); at least one of everything, and at least one artist per
 * genre so that same-genre picks have somewhere to go.
 */
const scaled = (perScale: number, scale: number, least = 1) => Math.max(least, Math.round(perScale * scale));

function planOf(scale: number): Plan {
  const cached = plans.get(scale);
  if (cached) return cached;
  const artists = scaled(MUSIC_ARTISTS_PER_SCALE, scale, GENRE_COUNT);
  const albums = scaled(MUSIC_ALBUMS_PER_SCALE, scale);
  const users = scaled(MUSIC_USERS_PER_SCALE, scale);
  const shows = scaled(MUSIC_SHOWS_PER_SCALE, scale);
  const playlists = scaled(MUSIC_PLAYLISTS_PER_SCALE, scale);

  const artistWeight = new Float64Array(artists);
  for (let a = 0; a < artists; a++) artistWeight[a] = (0.6 + 0.8 * unit(0xa7e1, a)) / (1 + a / 40) ** 0.9;

  const albumArtist = new Int32Array(albums);
  const albumSecond = new Int32Array(albums).fill(-1);
  const albumType = new Uint8Array(albums);
  const albumAgeDays = new Int32Array(albums);
  const albumTrackStart = new Int32Array(albums + 1);
  for (let b = 0; b < albums; b++) {
    const a = b < artists ? b : Math.min(artists - 1, Math.floor(artists * unit(0xa1b1, b) ** 1.35));
    albumArtist[b] = a;
    const kind = mix(0xa1b2, b) % 100;
    albumType[b] = kind < 45 ? 1 : kind < 90 ? 0 : 2;
    if (albumType[b] !== 2 && mix(0xa1b3, b) % 100 < 4) albumSecond[b] = sameGenreArtist(a, artists, mix(0xa1b4, b));
    albumAgeDays[b] = 1 + Math.floor(365 * 40 * unit(0xa1b5, b) ** 2.2);
    const n =
      albumType[b] === 1
        ? 1 + (mix(0xa1b6, b) % 3)
        : albumType[b] === 0
          ? 10 + (mix(0xa1b6, b) % 17)
          : 14 + (mix(0xa1b6, b) % 11);
    albumTrackStart[b + 1] = albumTrackStart[b]! + n;
  }
  const tracks = albumTrackStart[albums]!;
  const trackAlbum = new Int32Array(tracks);
  const trackFeatured = new Int32Array(tracks).fill(-1);
  const trackPlays = new Float64Array(tracks);
  for (let b = 0; b < albums; b++) {
    const a = albumArtist[b]!;
    const albumFactor = Math.exp(1.1 * (unit(0xa1b7, b) - 0.5) * 2) / (1 + albumAgeDays[b]! / 3650);
    for (let t = albumTrackStart[b]!; t < albumTrackStart[b + 1]!; t++) {
      trackAlbum[t] = b;
      const position = t - albumTrackStart[b]!;
      if (albumType[b] !== 2 && mix(0x7ac5, t) % 100 < 12) {
        const featured = sameGenreArtist(a, artists, mix(0x7ac6, t));
        // featured, never an artist the album already credits (its second artist)
        if (featured !== albumSecond[b]) trackFeatured[t] = featured;
      }
      const positionFactor = position < 3 ? 1.6 - position * 0.2 : 1 / (1 + position * 0.08);
      trackPlays[t] =
        Math.round(
          2e8 * artistWeight[a]! * albumFactor * positionFactor * Math.exp(1.4 * (unit(0x7ac7, t) - 0.5) * 2),
        ) +
        100 +
        (mix(0x7ac8, t) % 900);
    }
  }

  // each artist's main tracks, most played first
  const artistTrackStart = new Int32Array(artists + 1);
  const mainArtists = (t: number) => {
    const b = trackAlbum[t]!;
    return albumSecond[b]! >= 0 ? [albumArtist[b]!, albumSecond[b]!] : [albumArtist[b]!];
  };
  for (let t = 0; t < tracks; t++) for (const a of mainArtists(t)) artistTrackStart[a + 1]!++;
  for (let a = 0; a < artists; a++) artistTrackStart[a + 1]! += artistTrackStart[a]!;
  const artistTrackList = new Int32Array(artistTrackStart[artists]!);
  const fill = artistTrackStart.slice(0, artists);
  for (let t = 0; t < tracks; t++) for (const a of mainArtists(t)) artistTrackList[fill[a]!++] = t;
  for (let a = 0; a < artists; a++) {
    artistTrackList
      .subarray(artistTrackStart[a], artistTrackStart[a + 1])
      .sort((x, y) => trackPlays[y]! - trackPlays[x]! || x - y);
  }

  // follows: user u follows a log-normal number of users, popular (low-ordinal) ones most
  const followPairs: number[] = [];
  const followerCount = new Int32Array(users);
  const followingCount = new Int32Array(users);
  for (let u = 1; u < users; u++) {
    const rng = createRandom(mix(0x05e5, u));
    const wanted = Math.min(200, Math.round(rng.logNormal(2, 0.9)));
    const seen = new Set<number>();
    for (let i = 0; i < wanted * 2 && seen.size < wanted; i++) {
      const target = rng.skewedIndex(users, 2.5);
      if (target === u || seen.has(target)) continue;
      seen.add(target);
      followPairs.push(u, target);
      followingCount[u]!++;
      followerCount[target]!++;
    }
  }

  const showEpisodeStart = new Int32Array(shows + 1);
  for (let s = 0; s < shows; s++)
    showEpisodeStart[s + 1] = showEpisodeStart[s]! + 10 + Math.floor(90 * unit(0x5e01, s) ** 2);

  const plan: Plan = {
    artists,
    albums,
    tracks,
    users,
    playlists,
    shows,
    artistWeight,
    albumArtist,
    albumSecond,
    albumType,
    albumAgeDays,
    albumTrackStart,
    trackAlbum,
    trackFeatured,
    trackPlays,
    artistTrackStart,
    artistTrackList,
    follows: Int32Array.from(followPairs),
    followerCount,
    followingCount,
    showEpisodeStart,
    ids: {
      artist: idsOf('artist', artists),
      album: idsOf('album', albums),
      track: idsOf('track', tracks),
      user: idsOf('user', users),
      playlist: idsOf('playlist', playlists),
    },
    artistNames: Array.from({ length: artists }, (_, a) => artistNameOf(a)),
  };
  plans.set(scale, plan);
  return plan;
}

/**
 * Another artist of the same genre (genre = ordinal mod 30), popular ones more often; -1 (none) when
 * the catalog is too small for the genre to have another (fewer than two artists a genre: the walk
 * below would never end).
 */
export function sameGenreArtist(a: number, artists: number, hash: number): number {
  const perGenre = Math.floor(artists / GENRE_COUNT);
  if (perGenre < 2) {
    const other = a < GENRE_COUNT ? a + GENRE_COUNT : a % GENRE_COUNT;
    return other < artists ? other : -1;
  }
  const rng = createRandom(hash);
  for (;;) {
    const other = (a % GENRE_COUNT) + GENRE_COUNT * rng.skewedIndex(perGenre, 2);
    if (other !== a && other < artists) return other;
  }
}

export const genreOfArtist = (a: number) => a % GENRE_COUNT;

export function artistNameOf(a: number): string {
  const rng = createRandom(mix(0x4a12, a));
  switch (mix(0x4a13, a) % 6) {
    case 0:
      return `The ${rng.pick(BAND_ADJECTIVES)} ${rng.pick(BAND_NOUNS)}`;
    case 1:
      return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    case 2:
      return `${rng.pick(STAGE_PREFIXES)} ${rng.pick(STAGE_WORDS)}`;
    case 3:
      return `${rng.pick(BAND_ADJECTIVES)} ${rng.pick(BAND_NOUNS)}`;
    case 4:
      return `${rng.pick(FIRST_NAMES)} and the ${rng.pick(BAND_NOUNS)}`;
    default:
      return rng.pick(STAGE_WORDS) + rng.pick(['', ' Sound', ' Waves', ' Beats', ' Park', ' Avenue']);
  }
}

function renderTitle(rng: Random, templates: readonly string[], extra: Record<string, string> = {}): string {
  const word = rng.pick(TITLE_WORDS);
  let word2 = rng.pick(TITLE_WORDS);
  if (word2 === word) word2 = TITLE_WORDS[(TITLE_WORDS.indexOf(word) + 1) % TITLE_WORDS.length]!;
  return rng.pick(templates).replace(/\{(\w+)\}/g, (_, slot: string) => {
    if (slot === 'Word') return titleCase(word);
    if (slot === 'Word2') return titleCase(word2);
    if (slot === 'Letter') return rng.pick(['A', 'B', 'C', 'D']);
    if (slot === 'N') return String(rng.int(1, 4));
    return extra[slot] ?? '';
  });
}

function trackBaseName(t: number): string {
  return renderTitle(createRandom(mix(0x7ac9, t)), TITLE_TEMPLATES);
}

function trackNameOf(plan: Plan, t: number): string {
  const featured = plan.trackFeatured[t]!;
  return featured >= 0 ? `${trackBaseName(t)} (feat. ${plan.artistNames[featured]!})` : trackBaseName(t);
}

function albumNameOf(plan: Plan, b: number): string {
  const type = plan.albumType[b]!;
  if (type === 1) return trackBaseName(plan.albumTrackStart[b]!);
  const rng = createRandom(mix(0xa1b8, b));
  return type === 2
    ? renderTitle(rng, COMPILATION_TEMPLATES, { Artist: artistNameOf(plan.albumArtist[b]!) })
    : renderTitle(rng, ALBUM_TEMPLATES);
}

function albumArtistsOf(plan: Plan, b: number): number[] {
  return plan.albumSecond[b]! >= 0 ? [plan.albumArtist[b]!, plan.albumSecond[b]!] : [plan.albumArtist[b]!];
}

const popularityOf = (plays: number) =>
  Math.max(0, Math.min(100, Math.round(Math.log10(Math.max(plays, 1)) * 11 - 10)));

export function* musicDemoGenres(): Generator<MusicGenresTable> {
  const all = [...GENRES.map((name) => ({ name, kind: 'genre' })), ...MOODS.map((name) => ({ name, kind: 'mood' }))];
  for (const [g, { name, kind }] of all.entries()) {
    const id = musicIdOf('genre', g);
    const title = titleCase(name);
    yield {
      extra: '', // no source object
      id,
      num: g + 1,
      ...musicNameColumns(title),
      kind,
      color: COLORS[g % COLORS.length]!,
      images: images('genre', id, [274]),
    };
  }
}

export function* musicDemoArtists({ scale }: MusicDemoOptions): Generator<MusicArtistsTable> {
  const plan = planOf(scale);
  for (let a = 0; a < plan.artists; a++) {
    const id = plan.ids.artist[a]!;
    const name = artistNameOf(a);
    const genre = GENRES[genreOfArtist(a)]!;
    const second =
      mix(0x4a14, a) % 3 === 0 ? GENRES[(genreOfArtist(a) + 1 + (mix(0x4a15, a) % 5)) % GENRE_COUNT]! : undefined;
    const followers = Math.round(2e7 * plan.artistWeight[a]! * (0.5 + unit(0x4a16, a))) + (mix(0x4a17, a) % 500);
    const genres = second ? [genre, second] : [genre];
    yield {
      extra: '', // no source object
      id,
      num: a + 1,
      ...musicNameColumns(name),
      genres: JSON.stringify(genres),
      images: images('artist', id, AVATAR_SIZES),
      biography: `${name} is a ${genres.join(' and ')} act with ${plan.artistTrackStart[a + 1]! - plan.artistTrackStart[a]!} tracks in the catalog.`,
      popularity: popularityOf(followers * 20),
      verified: a < plan.artists / 2 ? 1 : 0,
      followers,
      monthly_listeners: Math.round(followers * (0.8 + 2 * unit(0x4a18, a))),
    };
  }
}

function releaseOf(
  ageDays: number,
  now: Date,
  b: number,
): Pick<MusicAlbumsTable, 'release_date' | 'release_precision' | 'released_at'> {
  const day = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - ageDays * DAY_MS);
  const iso = day.toISOString();
  const old = ageDays > 365 * 25;
  const precision = old && mix(0xa1b9, b) % 10 < 6 ? (mix(0xa1ba, b) % 2 === 0 ? 'year' : 'month') : 'day';
  if (precision === 'year')
    return {
      release_date: iso.slice(0, 4),
      release_precision: 'year',
      released_at: Date.UTC(day.getUTCFullYear(), 0, 1),
    };
  if (precision === 'month')
    return {
      release_date: iso.slice(0, 7),
      release_precision: 'month',
      released_at: Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1),
    };
  return { release_date: iso.slice(0, 10), release_precision: 'day', released_at: day.getTime() };
}

export function* musicDemoAlbums({ now, scale }: MusicDemoOptions): Generator<MusicAlbumsTable> {
  const plan = planOf(scale);
  for (let b = 0; b < plan.albums; b++) {
    const id = plan.ids.album[b]!;
    const name = albumNameOf(plan, b);
    let plays = 0;
    for (let t = plan.albumTrackStart[b]!; t < plan.albumTrackStart[b + 1]!; t++) plays += plan.trackPlays[t]!;
    yield {
      extra: '', // no source object
      id,
      num: b + 1,
      ...musicNameColumns(name),
      album_type: ALBUM_TYPES[plan.albumType[b]!]!,
      artist_id: plan.ids.artist[plan.albumArtist[b]!]!,
      artists: JSON.stringify(
        albumArtistsOf(plan, b).map((a) => ({ id: plan.ids.artist[a]!, name: plan.artistNames[a]! })),
      ),
      artist_names: albumArtistsOf(plan, b)
        .map((a) => plan.artistNames[a]!)
        .join(', '),
      ...releaseOf(plan.albumAgeDays[b]!, now, b),
      label: LABELS[mix(0xa1bb, plan.albumArtist[b]!) % LABELS.length]!,
      images: images('album', id, COVER_SIZES),
      total_tracks: plan.albumTrackStart[b + 1]! - plan.albumTrackStart[b]!,
      popularity: popularityOf(plays),
    };
  }
}

export function* musicDemoAlbumArtists({ now, scale }: MusicDemoOptions): Generator<MusicAlbumArtistsTable> {
  const plan = planOf(scale);
  for (let b = 0; b < plan.albums; b++) {
    const album = plan.ids.album[b]!;
    const { released_at } = releaseOf(plan.albumAgeDays[b]!, now, b);
    for (const [position, a] of albumArtistsOf(plan, b).entries()) {
      yield {
        id: `${album}:${position}`,
        album_id: album,
        artist_id: plan.ids.artist[a]!,
        album_type: ALBUM_TYPES[plan.albumType[b]!]!,
        position,
        released_at,
      };
    }
  }
}

function trackArtistsOf(plan: Plan, t: number): { artist: number; role: 'main' | 'featured' }[] {
  const main = albumArtistsOf(plan, plan.trackAlbum[t]!).map((artist) => ({ artist, role: 'main' as const }));
  return plan.trackFeatured[t]! >= 0 ? [...main, { artist: plan.trackFeatured[t]!, role: 'featured' }] : main;
}

export function* musicDemoTracks({ scale }: MusicDemoOptions): Generator<MusicTracksTable> {
  const plan = planOf(scale);
  for (let t = 0; t < plan.tracks; t++) {
    const b = plan.trackAlbum[t]!;
    const name = trackNameOf(plan, t);
    const rng = createRandom(mix(0x7aca, t));
    const genre = genreOfArtist(plan.albumArtist[b]!);
    const position = t - plan.albumTrackStart[b]!;
    const discs = plan.albumType[b] === 0 && plan.albumTrackStart[b + 1]! - plan.albumTrackStart[b]! > 20 ? 2 : 1;
    const perDisc = Math.ceil((plan.albumTrackStart[b + 1]! - plan.albumTrackStart[b]!) / discs);
    yield {
      extra: '', // no source object
      id: plan.ids.track[t]!,
      num: t + 1,
      ...musicNameColumns(name),
      album_id: plan.ids.album[b]!,
      artists: JSON.stringify(
        trackArtistsOf(plan, t).map(({ artist }) => ({
          id: plan.ids.artist[artist]!,
          name: plan.artistNames[artist]!,
        })),
      ),
      artist_names: trackArtistsOf(plan, t)
        .map(({ artist }) => plan.artistNames[artist]!)
        .join(', '),
      isrc: `QZ${'ABCDEFGHJK'[genre % 10]}${'LMNPQRSTUV'[Math.floor(genre / 10)]}${String(b % 100).padStart(2, '0')}${String(t % 100_000).padStart(5, '0')}`,
      disc_number: 1 + Math.floor(position / perDisc),
      track_number: 1 + (position % perDisc),
      duration_ms:
        Math.round(Math.max(45, Math.min(900, rng.normal(GENRES[genre] === 'classical' ? 420 : 205, 45))) * 1000) +
        rng.int(0, 999),
      explicit: rng.chance(['hip hop', 'trap', 'punk', 'metal'].includes(GENRES[genre]!) ? 0.55 : 0.08) ? 1 : 0,
      popularity: popularityOf(plan.trackPlays[t]!),
      play_count: plan.trackPlays[t]!,
    };
  }
}

export function* musicDemoTrackArtists({ scale }: MusicDemoOptions): Generator<MusicTrackArtistsTable> {
  const plan = planOf(scale);
  for (let t = 0; t < plan.tracks; t++) {
    const track = plan.ids.track[t]!;
    for (const [position, { artist, role }] of trackArtistsOf(plan, t).entries()) {
      yield { id: `${track}:${position}`, track_id: track, artist_id: plan.ids.artist[artist]!, role, position };
    }
  }
}

/** Whether track t has lyrics (about 9 %; never classical or ambient ones). */
export function hasLyrics(plan: { trackAlbum: Int32Array; albumArtist: Int32Array }, t: number): boolean {
  const genre = GENRES[genreOfArtist(plan.albumArtist[plan.trackAlbum[t]!]!)];
  return mix(0x1e1c, t) % 100 < 9 && genre !== 'classical' && genre !== 'ambient';
}

export function* musicDemoLyrics({ scale }: MusicDemoOptions): Generator<MusicLyricsTable> {
  const plan = planOf(scale);
  for (let t = 0; t < plan.tracks; t++) {
    if (!hasLyrics(plan, t)) continue;
    const rng = createRandom(mix(0x1e1d, t));
    const synced = rng.chance(0.9);
    const count = rng.int(14, 26);
    const verse = Array.from({ length: 4 }, () => rng.pick(LYRIC_LINES));
    const chorus = Array.from({ length: 2 }, () => rng.pick(LYRIC_LINES));
    let at = rng.int(6_000, 15_000);
    const lines = Array.from({ length: count }, (_, i) => {
      const words = i % 6 < 4 ? verse[(i + Math.floor(i / 6)) % 4]! : chorus[i % 2]!;
      const line = { startTimeMs: synced ? at : 0, words };
      at += rng.int(2_500, 6_000);
      return line;
    });
    yield {
      id: plan.ids.track[t]!,
      language: 'en',
      sync_type: synced ? 'LINE_SYNCED' : 'UNSYNCED',
      provider: 'SocialQuery Demo Lyrics',
      lines: JSON.stringify(lines),
    };
  }
}

export function userNameOf(u: number): string {
  if (u === EDITORIAL_USER) return 'SocialQuery Editors';
  const rng = createRandom(mix(0x05e6, u));
  const first = rng.pick(FIRST_NAMES);
  const kind = mix(0x05e7, u) % 20;
  return kind < 5 ? first : kind === 5 ? `${first} Love` : `${first} ${rng.pick(LAST_NAMES)}`;
}

export function* musicDemoUsers({ scale }: MusicDemoOptions): Generator<MusicUsersTable> {
  const plan = planOf(scale);
  for (let u = 0; u < plan.users; u++) {
    const id = plan.ids.user[u]!;
    const name = userNameOf(u);
    yield {
      extra: '', // no source object
      id,
      num: u + 1,
      ...musicNameColumns(name),
      // a third have no stored picture: their answers derive the demo's (packages/music/src/server/images.ts)
      images: mix(0x05e8, u) % 3 === 0 ? '' : images('user', id, [300, 64]),
      follower_count: plan.followerCount[u]!,
      following_count: plan.followingCount[u]!,
    };
  }
}

export function* musicDemoFollows({ now, scale }: MusicDemoOptions): Generator<MusicFollowsTable> {
  const plan = planOf(scale);
  const { follows } = plan;
  for (let i = 0; i < follows.length; i += 2) {
    const [follower, user] = [plan.ids.user[follows[i]!]!, plan.ids.user[follows[i + 1]!]!];
    yield {
      id: `${user}:${follower}`,
      user_id: user,
      follower_id: follower,
      followed_at: now.getTime() - Math.floor(unit(0xf011, i) * 1500 * DAY_MS),
    };
  }
}

/** Tracks of an artist that playlists draw from: their most played. */
const HITS_PER_ARTIST = 15;

/** A popular track of the genre: a popular artist of it (strongly skewed), one of their hits. */
function popularTrackOf(plan: Plan, genre: number, rng: Random): number {
  const perGenre = Math.floor(plan.artists / GENRE_COUNT);
  for (;;) {
    const artist = genre + GENRE_COUNT * rng.skewedIndex(perGenre, 3);
    const [from, to] = [plan.artistTrackStart[artist]!, plan.artistTrackStart[artist + 1]!];
    if (to > from) return plan.artistTrackList[from + rng.skewedIndex(Math.min(to - from, HITS_PER_ARTIST), 1.5)]!;
  }
}

interface PlaylistPlan {
  name: string;
  description: string;
  owner: number;
  artist: number;
  /** Index into GENRES + MOODS, or -1. */
  genre: number;
  tracks: number[];
}

const thisIsCount = (plan: Plan) =>
  Math.min(plan.artists, Math.round(THIS_IS_PLAYLISTS_PER_SCALE * (plan.playlists / MUSIC_PLAYLISTS_PER_SCALE)));

const playlistCache = new WeakMap<Plan, PlaylistPlan[]>();
/** Every playlist of the plan, generated once. */
function playlistsOf(plan: Plan): readonly PlaylistPlan[] {
  let playlists = playlistCache.get(plan);
  if (!playlists) {
    playlists = Array.from({ length: plan.playlists }, (_, p) => playlistOf(plan, p));
    playlistCache.set(plan, playlists);
  }
  return playlists;
}

/** Playlist p: "This Is" playlists first, then one per genre and mood, then users' playlists. */
function playlistOf(plan: Plan, p: number): PlaylistPlan {
  const rng = createRandom(mix(0x91a8, p));
  const tracks: number[] = [];
  const seen = new Set<number>();
  const add = (t: number) => {
    if (seen.has(t)) return;
    seen.add(t);
    tracks.push(t);
  };
  const thisIs = thisIsCount(plan);
  if (p < thisIs) {
    const [from, to] = [plan.artistTrackStart[p]!, plan.artistTrackStart[p + 1]!];
    for (let i = from; i < Math.min(to, from + 50); i++) add(plan.artistTrackList[i]!);
    // bounded: a tiny catalog's genre may hold fewer tracks than a playlist's least (the attempts are
    // far more than any larger catalog needs, so its playlists stay as they were)
    for (let i = 0; tracks.length < PLAYLIST_MIN_TRACKS && i < PLAYLIST_MIN_TRACKS * 1000; i++)
      add(popularTrackOf(plan, genreOfArtist(p), rng));
    const name = artistNameOf(p);
    return {
      name: `This Is ${name}`,
      description: `The essential tracks of ${name}, all in one playlist.`,
      owner: EDITORIAL_USER,
      artist: p,
      genre: -1,
      tracks,
    };
  }
  const categories = GENRES.length + MOODS.length;
  if (p < thisIs + categories) {
    const g = p - thisIs;
    const length = rng.int(50, 100);
    const genres = g < GENRES.length ? [g] : [rng.int(0, GENRE_COUNT - 1), rng.int(0, GENRE_COUNT - 1)];
    for (let i = 0; tracks.length < length && i < length * 6; i++) add(popularTrackOf(plan, rng.pick(genres), rng));
    const name = g < GENRES.length ? `${titleCase(GENRES[g]!)} Hits` : `${titleCase(MOODS[g - GENRES.length]!)} Mix`;
    return {
      name,
      description: `Hand-picked ${name.toLowerCase()}, updated every week.`,
      owner: EDITORIAL_USER,
      artist: -1,
      genre: g,
      tracks,
    };
  }
  const length = PLAYLIST_MIN_TRACKS + Math.floor((PLAYLIST_MAX_TRACKS - PLAYLIST_MIN_TRACKS) * rng.next() ** 7);
  const genres = Array.from({ length: rng.int(1, 3) }, () => rng.int(0, GENRE_COUNT - 1));
  for (let i = 0; tracks.length < length && i < length * 6; i++) add(popularTrackOf(plan, rng.pick(genres), rng));
  const mood = rng.pick(MOODS);
  const name = rng.pick(PLAYLIST_TEMPLATES).replace(/\{(\w+)\}/g, (_, slot: string) => {
    if (slot === 'genre') return GENRES[genres[0]!]!;
    if (slot === 'mood') return mood;
    if (slot === 'mood2') return rng.pick(MOODS.filter((m) => m !== mood));
    if (slot === 'activity') return rng.pick(ACTIVITIES);
    return String(rng.int(2015, 2026));
  });
  return {
    name: titleCase(name),
    description: rng.chance(0.4) ? `${genres.map((g) => GENRES[g]).join(', ')} for ${rng.pick(ACTIVITIES)}` : '',
    owner: 1 + rng.skewedIndex(plan.users - 1, 2),
    artist: -1,
    genre: -1,
    tracks,
  };
}

export function* musicDemoPlaylists({ now, scale }: MusicDemoOptions): Generator<MusicPlaylistsTable> {
  const plan = planOf(scale);
  for (let p = 0; p < plan.playlists; p++) {
    const playlist = playlistsOf(plan)[p]!;
    const id = plan.ids.playlist[p]!;
    const editorial = playlist.owner === EDITORIAL_USER;
    const followers = Math.round((editorial ? 5e6 : 2e4) * unit(0x91a9, p) ** 3) + (mix(0x91aa, p) % 50);
    yield {
      extra: '', // no source object
      id,
      num: p + 1,
      ...musicNameColumns(playlist.name),
      description: playlist.description,
      owner_id: plan.ids.user[playlist.owner]!,
      owner_name: userNameOf(playlist.owner),
      artist_id: playlist.artist >= 0 ? plan.ids.artist[playlist.artist]! : '',
      genre_id: playlist.genre >= 0 ? musicIdOf('genre', playlist.genre) : '',
      images: images('playlist', id, [640]),
      is_public: mix(0x91ab, p) % 20 === 0 ? 0 : 1,
      collaborative: mix(0x91ac, p) % 25 === 0 ? 1 : 0,
      total_tracks: playlist.tracks.length,
      followers,
      updated_at: now.getTime() - Math.floor(unit(0x91ad, p) * 300 * DAY_MS),
    };
  }
}

export function* musicDemoPlaylistTracks({ now, scale }: MusicDemoOptions): Generator<MusicPlaylistTracksTable> {
  const plan = planOf(scale);
  for (let p = 0; p < plan.playlists; p++) {
    const { tracks } = playlistsOf(plan)[p]!;
    const playlist = plan.ids.playlist[p]!;
    const updated = now.getTime() - Math.floor(unit(0x91ad, p) * 300 * DAY_MS);
    const span = Math.floor(unit(0x91ae, p) * 900 * DAY_MS);
    for (const [position, t] of tracks.entries()) {
      yield {
        extra: '', // no source object
        id: `${playlist}:${position}`,
        playlist_id: playlist,
        track_id: plan.ids.track[t]!,
        artist_id: plan.ids.artist[plan.albumArtist[plan.trackAlbum[t]!]!]!,
        position,
        added_at: updated - Math.floor((span * (tracks.length - 1 - position)) / tracks.length),
      };
    }
  }
}

export function* musicDemoShows({ scale }: MusicDemoOptions): Generator<MusicShowsTable> {
  const plan = planOf(scale);
  for (let s = 0; s < plan.shows; s++) {
    const rng = createRandom(mix(0x5e02, s));
    const topic = SHOW_TOPICS[s % SHOW_TOPICS.length]!;
    const name =
      rng.pick(SHOW_TEMPLATES).replace('{Topic}', titleCase(topic)) +
      (s >= SHOW_TOPICS.length * 4 ? ` with ${rng.pick(FIRST_NAMES)}` : '');
    const id = musicIdOf('show', s);
    yield {
      extra: '', // no source object
      id,
      num: s + 1,
      ...musicNameColumns(name),
      publisher: rng.pick(PUBLISHERS),
      description: `Conversations about ${topic}, every week.`,
      language: rng.chance(0.85) ? 'en' : rng.pick(['de', 'es', 'fr', 'pt']),
      media_type: rng.chance(0.9) ? 'audio' : 'mixed',
      images: images('show', id, COVER_SIZES),
      explicit: rng.chance(0.15) ? 1 : 0,
      total_episodes: plan.showEpisodeStart[s + 1]! - plan.showEpisodeStart[s]!,
    };
  }
}

export function* musicDemoEpisodes({ now, scale }: MusicDemoOptions): Generator<MusicEpisodesTable> {
  const plan = planOf(scale);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  for (let s = 0; s < plan.shows; s++) {
    const topic = SHOW_TOPICS[s % SHOW_TOPICS.length]!;
    const count = plan.showEpisodeStart[s + 1]! - plan.showEpisodeStart[s]!;
    for (let e = plan.showEpisodeStart[s]!; e < plan.showEpisodeStart[s + 1]!; e++) {
      const rng = createRandom(mix(0xe916, e));
      const n = e - plan.showEpisodeStart[s]! + 1;
      const name = rng.pick(EPISODE_TEMPLATES).replace(/\{(\w+)\}/g, (_, slot: string) => {
        if (slot === 'n') return String(n);
        if (slot === 'Topic') return titleCase(topic);
        if (slot === 'topic') return topic;
        if (slot === 'guest') return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
        if (slot === 'city') return rng.pick(CITIES)[0];
        return String(rng.int(2019, 2025));
      });
      const releasedAt = today - (count - n) * 7 * DAY_MS - (s % 7) * DAY_MS + 6 * 3_600_000;
      const id = musicIdOf('episode', e);
      yield {
        extra: '', // no source object
        id,
        show_id: musicIdOf('show', s),
        name,
        description: `${name}. A conversation about ${topic}.`,
        language: 'en',
        release_date: new Date(releasedAt).toISOString().slice(0, 10),
        release_precision: 'day',
        images: images('episode', id, [640, 300]),
        audio_preview_url: `https://audio.socialquery.example/episode/${id}/preview.mp3`,
        duration_ms: rng.int(12, 110) * 60_000 + rng.int(0, 59_999),
        explicit: rng.chance(0.1) ? 1 : 0,
        released_at: releasedAt,
      };
    }
  }
}

export function* musicDemoConcerts({ now, scale }: MusicDemoOptions): Generator<MusicConcertsTable> {
  const plan = planOf(scale);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  let ordinal = 0;
  for (let a = 0; a < Math.min(plan.artists, scaled(TOURING_ARTISTS_PER_SCALE, scale)); a++) {
    const rng = createRandom(mix(0xc0c5, a));
    const count = a < 10 ? 8 : rng.int(0, 5);
    const name = artistNameOf(a);
    for (let i = 0; i < count; i++) {
      const [city, country] = rng.pick(CITIES);
      const festival = rng.chance(0.15);
      const id = musicIdOf('concert', ordinal++);
      yield {
        id,
        artist_id: plan.ids.artist[a]!,
        title: festival ? rng.pick(FESTIVALS) : `${name} Live`,
        venue: `${city} ${rng.pick(VENUES)}`,
        city,
        country,
        ticket_url: `https://tickets.socialquery.example/concert/${id}`,
        is_festival: festival ? 1 : 0,
        starts_at: today + (3 + i * 9 + rng.int(0, 8)) * DAY_MS + rng.int(18, 21) * 3_600_000,
      };
    }
  }
}

/** Rows written at `scale` (lyrics, concerts and the derived tables estimated). */
export function musicDemoSize(scale: number): number {
  const plan = planOf(scale);
  let playlistTracks = 0;
  for (const playlist of playlistsOf(plan)) playlistTracks += playlist.tracks.length;
  const collaborations = plan.albumSecond.filter((a) => a >= 0).length;
  const featured = plan.trackFeatured.filter((a) => a >= 0).length;
  return (
    GENRES.length +
    MOODS.length +
    plan.artists +
    2 * plan.albums +
    collaborations +
    2 * plan.tracks +
    featured +
    plan.artistTrackList.length -
    plan.tracks +
    Math.round(plan.tracks * 0.08) +
    plan.users +
    plan.follows.length / 2 +
    plan.playlists +
    playlistTracks +
    plan.shows +
    plan.showEpisodeStart[plan.shows]! +
    Math.round(TOURING_ARTISTS_PER_SCALE * scale * 2.5) +
    Math.round(DERIVED_ROWS_PER_SCALE * scale)
  );
}

/** Exposed for the demo's tests: the catalog plan of a scale. */
export const musicDemoPlan = planOf;
