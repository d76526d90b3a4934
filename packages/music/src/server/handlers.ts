import {
  answerHistory,
  type ContractHandlers,
  cursorBinding,
  decodePosition,
  notFound,
  ServiceError,
} from '@socialquery/core/server';
import { z } from 'zod';
import { getRecommendations, type musicOperations } from '../contract.js';
import { getHistory } from '../history.js';
import { type AlbumType, type FilterBy, LIST_SIZES, type SearchItem, type Suggestion, trackIdOf } from '../schemas.js';
import { idOf, type ResourceKind, searchUri } from '../uri.js';
import {
  album,
  albumTrack,
  artistRef,
  artistSummary,
  concert,
  episode,
  genre,
  playlist,
  playlistTrack,
  show,
  songSearchItem,
  track,
  trackDetail,
  trackSuggestion,
  userSummary,
} from './present.js';
import type { MusicSource, Page, PlaylistTrackRecord, ReadOptions, SearchRequest } from './source.js';
import { nameKey, termsOf } from './text.js';

export const SUCCESS_MESSAGE = 'Request successful';

const ok = <T>(data: T) => ({ message: SUCCESS_MESSAGE, statusCode: 200 as const, data });
const list = <R, T>({ items, total }: Page<R>, present: (record: R) => T) => ({
  totalCount: total,
  items: items.map(present),
});
const paged = <R, T>(page: Page<R>, offset: number, limit: number, present: (record: R) => T) => ({
  totalCount: page.total,
  offset,
  limit,
  items: page.items.map(present),
});

/** What a recommendations `cursor` carries: the stored rank of the last recommendation of its page. */
const RankPosition = z.strictObject({ rank: z.number().int().min(0) });

/** An answered record, with its source object's `extra` last when it was read (the request selected it) and it has one. */
const withExtra =
  <R extends { extra?: Record<string, unknown> }, T extends object>(present: (record: R) => T) =>
  (record: R): T =>
    record.extra ? { ...present(record), extra: record.extra } : present(record);

/**
 * A playlist entry's answer: its `extra` is the entry's other fields with its track's under
 * `track`, as the Web API nests them (entries of the demo's playlists have neither).
 */
function playlistEntry(record: PlaylistTrackRecord) {
  const { extra, entryExtra, ...rest } = record;
  const answered = playlistTrack(rest);
  if (!extra && !entryExtra) return answered;
  return { ...answered, extra: { ...entryExtra, ...(extra && { track: extra }) } };
}

/** A precomputed list, guarded against holding the object it was computed for. */
function withoutSelf<R extends { id: string }>({ items, total }: Page<R>, id: string): Page<R> {
  const others = items.filter((item) => item.id !== id);
  return { items: others, total: total - (items.length - others.length) };
}

/** The parent of a listing, or the 404 `<kind> '<uri>' not found`. */
async function found<T>(lookup: Promise<T | undefined>, kind: ResourceKind, uri: string): Promise<T> {
  const record = await lookup;
  if (record === undefined) throw notFound(`${kind} '${uri}'`);
  return record;
}

/**
 * The music-catalog handlers over any MusicSource. URIs arrive checked by the parameter schemas
 * (well-formed, of the operation's kind); an unknown one is a 404. Every response is the envelope
 * `{ message, statusCode: 200, data }`; listings page by offset and limit, except track
 * recommendations, which page by keyset: `data.cursor` carries the last stored rank of the page,
 * signed and bound to the track, '' on the last page (one entry more than `limit` is asked of the
 * source to know whether another page follows).
 */
export function createMusicHandlers(source: MusicSource): ContractHandlers<typeof musicOperations> {
  const artistId = async (uri: string) => (await found(source.artist(idOf(uri, 'artist')), 'artist', uri)).id;

  const releases =
    (type: AlbumType) =>
    async (
      {
        uri,
        offset,
        limit,
        order_by,
      }: {
        uri: string;
        offset: number;
        limit: number;
        order_by: 'DATE_DESC' | 'DATE_ASC';
      },
      { extra }: ReadOptions,
    ) => {
      const id = await artistId(uri);
      const page = await source.artistReleases({ artistId: id, type, offset, limit, order: order_by }, { extra });
      return ok(paged(page, offset, limit, withExtra(album)));
    };

  const searches: Record<FilterBy, (request: SearchRequest, options: ReadOptions) => Promise<SearchItem[]>> = {
    song: async (request, options) => (await source.searchTracks(request, options)).map(withExtra(songSearchItem)),
    album: async (request, options) => (await source.searchAlbums(request, options)).map(withExtra(album)),
    artist: async (request, options) => (await source.searchArtists(request, options)).map(withExtra(artistSummary)),
    playlist: async (request, options) => (await source.searchPlaylists(request, options)).map(withExtra(playlist)),
    podcast_show: async (request, options) => (await source.searchShows(request, options)).map(withExtra(show)),
    profile: async (request, options) => (await source.searchUsers(request, options)).map(withExtra(userSummary)),
    genres_mood: async (request, options) => (await source.searchGenres(request, options)).map(withExtra(genre)),
  };

  return {
    async 'explore.search'({ keyword, offset, limit, filterBy }, { extra }) {
      const terms = termsOf(keyword);
      return ok(terms.length === 0 ? [] : await searches[filterBy]({ terms, offset, limit }, { extra }));
    },

    async 'explore.suggestions'({ keyword }) {
      const prefix = nameKey(keyword);
      if (prefix === '') return ok({ suggestions: [] });
      const [artists, tracks] = await Promise.all([
        source.suggestArtists(prefix, LIST_SIZES.textSuggestions),
        source.suggestTracks(prefix, LIST_SIZES.trackSuggestions),
      ]);
      const texts = [...new Set(artists.map((artist) => nameKey(artist.name)))];
      const suggestions: Suggestion[] = [
        ...texts.map((text): Suggestion => ({ type: 'text', suggestion: text, uri: searchUri(text.split(' ')) })),
        ...tracks.map(trackSuggestion),
      ];
      return ok({ suggestions });
    },

    async 'artists.getOverview'({ uri }, { extra }) {
      const artist = await found(source.artist(idOf(uri, 'artist'), { extra }), 'artist', uri);
      const [topTracks, latest] = await Promise.all([
        source.topTracks(artist.id, LIST_SIZES.topTracks),
        source.latestRelease(artist.id),
      ]);
      return ok({
        ...artistSummary(artist),
        biography: artist.biography,
        genres: artist.genres,
        stats: { followers: artist.followers, monthlyListeners: artist.monthlyListeners },
        topTracks: topTracks.map(track),
        latestRelease: latest ? album(latest) : null,
        ...(artist.extra && { extra: artist.extra }),
      });
    },

    async 'artists.getPlaylists'({ uri }, { extra }) {
      const id = await artistId(uri);
      return ok(list(await source.artistPlaylists(id, LIST_SIZES.playlists, { extra }), withExtra(playlist)));
    },

    'artists.getAlbums': releases('ALBUM'),
    'artists.getSingles': releases('SINGLE'),
    'artists.getCompilations': releases('COMPILATION'),

    async 'artists.getRelated'({ uri }, { extra }) {
      const id = await artistId(uri);
      const related = await source.relatedArtists(id, LIST_SIZES.related, { extra });
      return ok(list(withoutSelf(related, id), withExtra(artistSummary)));
    },

    async 'artists.getAppearsOn'({ uri }, { extra }) {
      const id = await artistId(uri);
      return ok(list(await source.appearsOn(id, LIST_SIZES.appearsOn, { extra }), withExtra(album)));
    },

    async 'artists.getFeaturing'({ uri }, { extra }) {
      const id = await artistId(uri);
      return ok(list(await source.featuring(id, LIST_SIZES.featuring, { extra }), withExtra(track)));
    },

    async 'artists.getDiscoveredOn'({ uri }, { extra }) {
      const id = await artistId(uri);
      return ok(list(await source.discoveredOn(id, LIST_SIZES.discoveredOn, { extra }), withExtra(playlist)));
    },

    async 'artists.getConcerts'({ uri }) {
      return ok(list(await source.concerts(await artistId(uri), LIST_SIZES.concerts), concert));
    },

    async 'artists.getDiscographyOverview'({ uri }) {
      const artist = await found(source.artist(idOf(uri, 'artist')), 'artist', uri);
      const newest = (type: AlbumType) =>
        source.artistReleases({
          artistId: artist.id,
          type,
          offset: 0,
          limit: LIST_SIZES.discographyPerKind,
          order: 'DATE_DESC',
        });
      const [albums, singles, compilations, latest] = await Promise.all([
        newest('ALBUM'),
        newest('SINGLE'),
        newest('COMPILATION'),
        source.latestRelease(artist.id),
      ]);
      return ok({
        artist: artistRef(artist),
        totalAlbums: albums.total,
        totalSingles: singles.total,
        totalCompilations: compilations.total,
        latestRelease: latest ? album(latest) : null,
        albums: albums.items.map(album),
        singles: singles.items.map(album),
        compilations: compilations.items.map(album),
      });
    },

    async 'albums.getDetail'({ uri }, { extra }) {
      return ok(withExtra(album)(await found(source.album(idOf(uri, 'album'), { extra }), 'album', uri)));
    },

    async 'albums.getTracks'({ uri, offset, limit }, { extra }) {
      const { id } = await found(source.album(idOf(uri, 'album')), 'album', uri);
      return ok(
        paged(await source.albumTracks(id, { offset, limit }, { extra }), offset, limit, withExtra(albumTrack)),
      );
    },

    async 'tracks.getDetail'({ uri }, { extra }) {
      return ok(withExtra(trackDetail)(await found(source.track(idOf(uri, 'track'), { extra }), 'track', uri)));
    },

    async 'tracks.getMany'({ ids }, { extra }) {
      // an id and its URI name one track: the first spelling stands for it
      const wanted = new Map<string, string>();
      for (const given of ids) if (!wanted.has(trackIdOf(given))) wanted.set(trackIdOf(given), given);
      const found = new Map((await source.tracks([...wanted.keys()], { extra })).map((record) => [record.id, record]));
      return ok({
        tracks: [...wanted.keys()].flatMap((id) => {
          const record = found.get(id);
          return record ? [withExtra(trackDetail)(record)] : [];
        }),
        notFound: [...wanted].flatMap(([id, given]) => (found.has(id) ? [] : [given])),
      });
    },

    async 'tracks.getLyrics'({ uri }) {
      const id = idOf(uri, 'track');
      const [record, lyrics] = await Promise.all([source.track(id), source.lyrics(id)]);
      if (!record) throw notFound(`track '${uri}'`);
      if (!lyrics) throw new ServiceError('not_found', `track has no lyrics: '${uri}'`);
      return ok({
        track: { id: record.id, name: record.name, uri },
        language: lyrics.language,
        syncType: lyrics.syncType ?? 'LINE_SYNCED',
        lines: lyrics.lines,
      });
    },

    async 'tracks.getRecommendations'({ uri, limit, cursor }, { cursors, extra }) {
      const { id } = await found(source.track(idOf(uri, 'track')), 'track', uri);
      // keyset by the stored rank; the token is bound to the track (its id, however the URI was spelled)
      const binding = cursorBinding(getRecommendations.id, { track: id }, []);
      const afterRank = cursor ? decodePosition(cursors, cursor, binding, RankPosition).rank : undefined;
      const { items, total } = await source.recommendations(id, limit + 1, afterRank, { extra });
      const page = items.slice(0, limit);
      const last = page.at(-1);
      return ok({
        ...list(withoutSelf({ items: page, total }, id), withExtra(track)),
        cursor: items.length > limit && last ? cursors.encode({ rank: last.rank }, binding) : '',
      });
    },

    async 'playlists.getDetail'({ uri }, { extra }) {
      return ok(withExtra(playlist)(await found(source.playlist(idOf(uri, 'playlist'), { extra }), 'playlist', uri)));
    },

    async 'playlists.getTracks'({ uri, offset, limit }, { extra }) {
      const { id } = await found(source.playlist(idOf(uri, 'playlist')), 'playlist', uri);
      return ok(paged(await source.playlistTracks(id, { offset, limit }, { extra }), offset, limit, playlistEntry));
    },

    async 'podcasts.getDetail'({ uri }, { extra }) {
      return ok(withExtra(show)(await found(source.show(idOf(uri, 'show'), { extra }), 'show', uri)));
    },

    async 'podcasts.getEpisodes'({ uri, offset, limit }, { extra }) {
      const { id } = await found(source.show(idOf(uri, 'show')), 'show', uri);
      return ok(paged(await source.episodes(id, { offset, limit }, { extra }), offset, limit, withExtra(episode)));
    },

    async 'users.getProfile'({ uri }, { extra }) {
      const user = await found(source.user(idOf(uri, 'user'), { extra }), 'user', uri);
      const playlists = await source.userPlaylists(user.id, LIST_SIZES.profilePlaylists);
      return ok({
        ...userSummary(user),
        followingCount: user.following,
        publicPlaylists: playlists.items.map(playlist),
        totalPublicPlaylists: playlists.total,
        ...(user.extra && { extra: user.extra }),
      });
    },

    async 'users.getFollowers'({ uri }, { extra }) {
      const { id } = await found(source.user(idOf(uri, 'user')), 'user', uri);
      return ok(list(await source.followers(id, LIST_SIZES.follows, { extra }), withExtra(userSummary)));
    },

    async 'users.getFollowing'({ uri }, { extra }) {
      const { id } = await found(source.user(idOf(uri, 'user')), 'user', uri);
      return ok(list(await source.following(id, LIST_SIZES.follows, { extra }), withExtra(userSummary)));
    },

    'history.get': async (params, ctx) => ok(await answerHistory(getHistory.id, source, params, ctx)),
  };
}
