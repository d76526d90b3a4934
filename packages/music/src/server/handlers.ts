import { type ContractHandlers, cursorBinding, decodePosition, notFound, ServiceError } from '@socialquery/core/server';
import { z } from 'zod';
import { getRecommendations, type musicOperations } from '../contract.js';
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
import type { MusicSource, Page, SearchRequest } from './source.js';
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
    async ({
      uri,
      offset,
      limit,
      order_by,
    }: {
      uri: string;
      offset: number;
      limit: number;
      order_by: 'DATE_DESC' | 'DATE_ASC';
    }) => {
      const id = await artistId(uri);
      const page = await source.artistReleases({ artistId: id, type, offset, limit, order: order_by });
      return ok(paged(page, offset, limit, album));
    };

  const searches: { [F in FilterBy]: (request: SearchRequest) => Promise<SearchItem[]> } = {
    song: async (request) => (await source.searchTracks(request)).map(songSearchItem),
    album: async (request) => (await source.searchAlbums(request)).map(album),
    artist: async (request) => (await source.searchArtists(request)).map(artistSummary),
    playlist: async (request) => (await source.searchPlaylists(request)).map(playlist),
    podcast_show: async (request) => (await source.searchShows(request)).map(show),
    profile: async (request) => (await source.searchUsers(request)).map(userSummary),
    genres_mood: async (request) => (await source.searchGenres(request)).map(genre),
  };

  return {
    async 'explore.search'({ keyword, offset, limit, filterBy }) {
      const terms = termsOf(keyword);
      return ok(terms.length === 0 ? [] : await searches[filterBy]({ terms, offset, limit }));
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

    async 'artists.getOverview'({ uri }) {
      const artist = await found(source.artist(idOf(uri, 'artist')), 'artist', uri);
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
      });
    },

    async 'artists.getPlaylists'({ uri }) {
      return ok(list(await source.artistPlaylists(await artistId(uri), LIST_SIZES.playlists), playlist));
    },

    'artists.getAlbums': releases('ALBUM'),
    'artists.getSingles': releases('SINGLE'),
    'artists.getCompilations': releases('COMPILATION'),

    async 'artists.getRelated'({ uri }) {
      const id = await artistId(uri);
      return ok(list(withoutSelf(await source.relatedArtists(id, LIST_SIZES.related), id), artistSummary));
    },

    async 'artists.getAppearsOn'({ uri }) {
      return ok(list(await source.appearsOn(await artistId(uri), LIST_SIZES.appearsOn), album));
    },

    async 'artists.getFeaturing'({ uri }) {
      return ok(list(await source.featuring(await artistId(uri), LIST_SIZES.featuring), track));
    },

    async 'artists.getDiscoveredOn'({ uri }) {
      return ok(list(await source.discoveredOn(await artistId(uri), LIST_SIZES.discoveredOn), playlist));
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

    async 'albums.getDetail'({ uri }) {
      return ok(album(await found(source.album(idOf(uri, 'album')), 'album', uri)));
    },

    async 'albums.getTracks'({ uri, offset, limit }) {
      const { id } = await found(source.album(idOf(uri, 'album')), 'album', uri);
      return ok(paged(await source.albumTracks(id, { offset, limit }), offset, limit, albumTrack));
    },

    async 'tracks.getDetail'({ uri }) {
      return ok(trackDetail(await found(source.track(idOf(uri, 'track')), 'track', uri)));
    },

    async 'tracks.getMany'({ ids }) {
      // an id and its URI name one track: the first spelling stands for it
      const wanted = new Map<string, string>();
      for (const given of ids) if (!wanted.has(trackIdOf(given))) wanted.set(trackIdOf(given), given);
      const found = new Map((await source.tracks([...wanted.keys()])).map((record) => [record.id, record]));
      return ok({
        tracks: [...wanted.keys()].flatMap((id) => {
          const record = found.get(id);
          return record ? [trackDetail(record)] : [];
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

    async 'tracks.getRecommendations'({ uri, limit, cursor }, { cursors }) {
      const { id } = await found(source.track(idOf(uri, 'track')), 'track', uri);
      // keyset by the stored rank; the token is bound to the track (its id, however the URI was spelled)
      const binding = cursorBinding(getRecommendations.id, { track: id }, []);
      const afterRank = cursor ? decodePosition(cursors, cursor, binding, RankPosition).rank : undefined;
      const { items, total } = await source.recommendations(id, limit + 1, afterRank);
      const page = items.slice(0, limit);
      const last = page.at(-1);
      return ok({
        ...list(withoutSelf({ items: page, total }, id), track),
        cursor: items.length > limit && last ? cursors.encode({ rank: last.rank }, binding) : '',
      });
    },

    async 'playlists.getDetail'({ uri }) {
      return ok(playlist(await found(source.playlist(idOf(uri, 'playlist')), 'playlist', uri)));
    },

    async 'playlists.getTracks'({ uri, offset, limit }) {
      const { id } = await found(source.playlist(idOf(uri, 'playlist')), 'playlist', uri);
      return ok(paged(await source.playlistTracks(id, { offset, limit }), offset, limit, playlistTrack));
    },

    async 'podcasts.getDetail'({ uri }) {
      return ok(show(await found(source.show(idOf(uri, 'show')), 'show', uri)));
    },

    async 'podcasts.getEpisodes'({ uri, offset, limit }) {
      const { id } = await found(source.show(idOf(uri, 'show')), 'show', uri);
      return ok(paged(await source.episodes(id, { offset, limit }), offset, limit, episode));
    },

    async 'users.getProfile'({ uri }) {
      const user = await found(source.user(idOf(uri, 'user')), 'user', uri);
      const playlists = await source.userPlaylists(user.id, LIST_SIZES.profilePlaylists);
      return ok({
        ...userSummary(user),
        followingCount: user.following,
        publicPlaylists: playlists.items.map(playlist),
        totalPublicPlaylists: playlists.total,
      });
    },

    async 'users.getFollowers'({ uri }) {
      const { id } = await found(source.user(idOf(uri, 'user')), 'user', uri);
      return ok(list(await source.followers(id, LIST_SIZES.follows), userSummary));
    },

    async 'users.getFollowing'({ uri }) {
      const { id } = await found(source.user(idOf(uri, 'user')), 'user', uri);
      return ok(list(await source.following(id, LIST_SIZES.follows), userSummary));
    },
  };
}
