import type { Database } from '@socialquery/store';
import type { Kysely } from 'kysely';
import type { SyncConfig } from '../config.js';
import {
  type ClientDeps,
  requireCredentials,
  type RunPlan,
  type SyncPlatform,
  type TargetResult,
  type TargetRun,
} from '../platform.js';
import type { MusicTarget } from '../targets.js';
import { requestLine, type Upstream, UpstreamError } from '../upstream.js';
import { count } from '../words.js';
import { basicAuth, clientCredentialsApi } from './oauth.js';
import { isJson, type Json } from '../json.js';

const FORMAT = 'spotify-web-api';
/** An artist's releases asked for (appears_on, other artists' albums, is left out). */
const INCLUDE_GROUPS = 'album,single,compilation';
/** Items per page: the API's largest for albums, an album's tracks and episodes (50) and for playlist items (100). */
const ALBUMS_PAGE = 50;
const TRACKS_PAGE = 50;
const EPISODES_PAGE = 50;
const PLAYLIST_PAGE = 100;
/** Ids per several-albums request: the API's largest. */
const ALBUM_IDS = 20;
/** Pages per run by default: 20 listing pages (1,000 releases or episodes); a playlist's 100 (10,000 tracks, its whole length). */
const DEFAULT_PAGES = 20;
const DEFAULT_PLAYLIST_PAGES = 100;
/** Track pages per album at most, the album's own first 50 included: an album brings up to 1,000 tracks. */
export const ALBUM_TRACK_PAGES = 20;

/** An episode as a checkpoint names it. */
interface Episode {
  id: string;
  releaseDate: string;
}

/** Where a walk stopped: an artist's release count; a playlist's snapshot; a show's newest episode. */
export interface SpotifyCheckpoint {
  releases?: number;
  snapshot?: string;
  newest?: Episode;
  /** A show's episodes a page limit left unread (syncShow). */
  backlog?: EpisodeBacklog;
}

const itemsOf = (page: unknown): Json[] => {
  const items = isJson(page) ? page.items : undefined;
  return Array.isArray(items) ? items.filter(isJson) : [];
};
const hasNext = (page: unknown) => isJson(page) && typeof page.next === 'string' && page.next !== '';

const credentials = (config: SyncConfig) => ({
  SOCIALQUERY_SPOTIFY_CLIENT_ID: config.spotify.clientId,
  SOCIALQUERY_SPOTIFY_CLIENT_SECRET: config.spotify.clientSecret,
});

/** The API's client: client credentials, its token from the client id and secret. */
function client({ config, clock, upstream, onWait }: ClientDeps) {
  const { SOCIALQUERY_SPOTIFY_CLIENT_ID: clientId, SOCIALQUERY_SPOTIFY_CLIENT_SECRET: clientSecret } =
    requireCredentials('spotify', credentials(config));
  const { apiUrl, authUrl } = config.spotify;
  return clientCredentialsApi({
    platform: 'spotify',
    secret: clientSecret,
    apiUrl,
    authUrl,
    form: { grant_type: 'client_credentials' },
    headers: { authorization: basicAuth(clientId, clientSecret) },
    clock,
    onWait,
    upstream,
  });
}

/** The music platform (Spotify Web API, client credentials): an artist's releases, a playlist's tracks, a show's episodes. */
export const spotify: SyncPlatform = {
  platform: 'music',
  api: 'spotify',
  credentials,
  connect(deps) {
    const api = client(deps);
    const { db, config } = deps;
    return {
      async sync(run) {
        const musicRun = run as TargetRun<MusicTarget>;
        const { artist, playlist, show } = musicRun.target;
        if (artist) return syncArtist(api, db, musicRun, artist);
        if (playlist) return syncPlaylist(api, musicRun, playlist);
        return syncShow(api, musicRun, show!, config.spotify.market);
      },
    };
  },
  plan: async ({ target, checkpoint, config }) => planTarget(target as MusicTarget, checkpoint, config.spotify.market),
  // the token request proves the client id and secret; it reads nothing of the API
  check: (deps) => client(deps).authorize(),
  checkCost: 'one token request, no API request',
};

/** What a run of `target` would send first and read, from its checkpoint (the dry run). */
function planTarget(target: MusicTarget, checkpoint: unknown, market: string): RunPlan {
  const stored = (checkpoint ?? {}) as SpotifyCheckpoint;
  if (target.artist) {
    const pages = target.pages ?? DEFAULT_PAGES;
    const known =
      stored.releases === undefined
        ? ''
        : `; the last run counted ${count(stored.releases, 'release')}: when the count is the same and its first page has nothing new, that page is the walk`;
    return {
      request: requestLine('GET', `artists/${target.artist}`),
      reads: `the artist, then its releases, at most ${count(pages, 'page')} of ${ALBUMS_PAGE}, those not stored read whole with their tracks${known}`,
    };
  }
  if (target.playlist) {
    const pages = target.pages ?? DEFAULT_PLAYLIST_PAGES;
    const entries = `its entries, at most ${count(pages, 'page')} of ${PLAYLIST_PAGE}`;
    return {
      request: requestLine('GET', `playlists/${target.playlist}`),
      reads: stored.snapshot
        ? `the playlist: unchanged since snapshot ${stored.snapshot}, that one request; changed, ${entries}`
        : `the playlist and ${entries} (a first run)`,
    };
  }
  const pages = target.pages ?? DEFAULT_PAGES;
  const top = stored.newest
    ? `the episodes newer than ${stored.newest.id} (${stored.newest.releaseDate})`
    : 'the newest episodes (a first run)';
  const backlog = stored.backlog
    ? `; then the backlog from offset ${stored.backlog.offset} down to ${stored.backlog.until ? `${stored.backlog.until.id} (${stored.backlog.until.releaseDate})` : "the list's end"}, at most ${count(pages, 'page')} more`
    : '';
  return {
    request: requestLine('GET', `shows/${target.show!}`, { market }),
    reads: `the show and ${top}, at most ${count(pages, 'page')} of ${EPISODES_PAGE}${backlog}`,
  };
}

/** An object the API answered, else an UpstreamError naming the request. */
async function object(api: Upstream, path: string, query: Record<string, string | number | undefined> = {}) {
  const { body } = await api.get(path, query);
  if (!isJson(body)) throw new UpstreamError(`spotify: GET /${path} answered something other than an object`);
  return body;
}

/**
 * An artist (`/artists/{id}`, imported each run) and its releases: `/artists/{id}/albums` walked by
 * offset while it has a `next`, and the releases not stored yet (or stored with another release date)
 * read whole with their tracks, `/albums?ids=` 20 at a time. The listing is grouped (albums, singles,
 * compilations), each newest first, so a new single may follow old albums: a run stops after the first
 * page only when the listing's total is the checkpoint's and that page brought nothing new.
 */
async function syncArtist(
  api: Upstream,
  db: Kysely<Database>,
  run: TargetRun<MusicTarget>,
  id: string,
): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as SpotifyCheckpoint;
  await run.importPage(FORMAT, [await object(api, `artists/${id}`)]);
  const pages = run.target.pages ?? DEFAULT_PAGES;
  let releases: number | undefined;
  for (let page = 1; ; page++) {
    const done = (stopped: 'caught-up'): TargetResult => ({
      stopped,
      ...(releases !== undefined ? { checkpoint: { releases } satisfies SpotifyCheckpoint } : {}),
    });
    // a listing cut short keeps the stored count: the next run reads the listing to its end again
    if (page > pages) return { stopped: 'page-limit' };
    const listing = await object(api, `artists/${id}/albums`, {
      include_groups: INCLUDE_GROUPS,
      limit: ALBUMS_PAGE,
      offset: (page - 1) * ALBUMS_PAGE,
    });
    if (typeof listing.total === 'number') releases = listing.total;
    const albums = itemsOf(listing).filter((album) => typeof album.id === 'string');
    const ids = albums.map((album) => album.id as string);
    const known =
      ids.length === 0
        ? []
        : await db.selectFrom('music_albums').select(['id', 'release_date']).where('id', 'in', ids).execute();
    const dates = new Map(known.map((album) => [album.id, album.release_date]));
    const fresh = albums.filter((album) => dates.get(album.id as string) !== album.release_date);
    for (let start = 0; start < fresh.length; start += ALBUM_IDS) {
      const chunk = fresh.slice(start, start + ALBUM_IDS).map((album) => album.id as string);
      const several = await object(api, 'albums', { ids: chunk.join(',') });
      await run.importPage(FORMAT, [several]);
      const read = Array.isArray(several.albums) ? several.albums.filter(isJson) : [];
      for (const album of read) await importAlbumTracks(api, run, album);
    }
    if (!hasNext(listing)) return done('caught-up');
    if (page === 1 && fresh.length === 0 && stored.releases !== undefined && stored.releases === releases)
      return done('caught-up');
  }
}

/**
 * The rest of an album's tracks: the album object holds its first 50 (a paging object); while that
 * page has a `next`, `/albums/{id}/tracks?limit=50&offset=…` brings the next 50, each page imported
 * as the API answered it (its `href` names the album: the importer maps its simplified tracks to it).
 * At most ALBUM_TRACK_PAGES pages an album; one cut there says so in a progress line.
 */
async function importAlbumTracks(api: Upstream, run: TargetRun<MusicTarget>, album: Json) {
  const id = album.id;
  if (typeof id !== 'string') return;
  let tracks: unknown = album.tracks;
  for (let page = 2; hasNext(tracks); page++) {
    if (page > ALBUM_TRACK_PAGES) {
      const total = (tracks as Json).total;
      run.progress(
        `album ${id}: its first ${(page - 1) * TRACKS_PAGE} tracks of ${String(total)} stored (the most read per album)`,
      );
      return;
    }
    tracks = await object(api, `albums/${id}/tracks`, { limit: TRACKS_PAGE, offset: nextOffset(tracks as Json) });
    await run.importPage(FORMAT, [{ ...(tracks as Json), href: `/albums/${id}/tracks` }]);
  }
}

/** Where the page after `page` starts: its `offset` and its items' count. */
function nextOffset(page: Json): number {
  const offset = typeof page.offset === 'number' ? page.offset : 0;
  return offset + (Array.isArray(page.items) ? page.items.length : 0);
}

/**
 * A playlist (`/playlists/{id}`, with its first 100 entries) and the rest of its entries
 * (`/playlists/{id}/tracks` by offset while it has a `next`; the last page prunes the entries past
 * the playlist's end). A playlist whose `snapshot_id` is the checkpoint's has not changed: the first
 * request is the whole run.
 */
async function syncPlaylist(api: Upstream, run: TargetRun<MusicTarget>, id: string): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as SpotifyCheckpoint;
  const playlist = await object(api, `playlists/${id}`);
  const snapshot = typeof playlist.snapshot_id === 'string' ? playlist.snapshot_id : undefined;
  await run.importPage(FORMAT, [playlist]);
  const checkpoint = snapshot ? { checkpoint: { snapshot } satisfies SpotifyCheckpoint } : {};
  if (snapshot !== undefined && snapshot === stored.snapshot) return { stopped: 'caught-up', ...checkpoint };
  const pages = run.target.pages ?? DEFAULT_PLAYLIST_PAGES;
  let entries: unknown = isJson(playlist.tracks) ? playlist.tracks : playlist.items;
  for (let page = 2; hasNext(entries); page++) {
    // a playlist cut short keeps the stored snapshot: the next run walks it again
    if (page > pages) return { stopped: 'page-limit' };
    entries = await object(api, `playlists/${id}/tracks`, {
      limit: PLAYLIST_PAGE,
      offset: (page - 1) * PLAYLIST_PAGE,
    });
    await run.importPage(FORMAT, [entries]);
  }
  return { stopped: 'refreshed', ...checkpoint };
}

/**
 * A show (`/shows/{id}`, with its newest 50 episodes) and its older episodes (`/shows/{id}/episodes` by
 * offset), newest first, to the newest episode stored. Shows answer only in a market
 * (SOCIALQUERY_SPOTIFY_MARKET): client credentials have no user country. A walk its page limit cuts keeps
 * the rest as a backlog (from an offset down to the episode it would have stopped at); once a later run
 * has caught up with what is new, it goes on with the backlog, its offset moved by the episodes
 * published since (a deleted episode moves it the other way: one that many places older may be missed).
 */
async function syncShow(api: Upstream, run: TargetRun<MusicTarget>, id: string, market: string): Promise<TargetResult> {
  const stored = (run.checkpoint ?? {}) as SpotifyCheckpoint;
  const pages = run.target.pages ?? DEFAULT_PAGES;
  const show = await object(api, `shows/${id}`, { market });
  const top = await walkEpisodes(api, run, { id, market, show, offset: 0, until: stored.newest, pages });
  const newest = top.newest ?? stored.newest;
  const done = (backlog?: EpisodeBacklog): TargetResult => ({
    stopped: backlog ? 'page-limit' : 'caught-up',
    ...(newest || backlog ? { checkpoint: { ...(newest ? { newest } : {}), ...(backlog ? { backlog } : {}) } } : {}),
  });
  // a new gap: one an earlier run left merges with it (the stored episodes between are read again)
  const until = stored.backlog ? stored.backlog.until : stored.newest;
  if (top.cutAt !== undefined) return done({ offset: top.cutAt, ...(until ? { until } : {}) });
  if (!stored.backlog) return done();
  const rest = await walkEpisodes(api, run, {
    id,
    market,
    offset: stored.backlog.offset + top.read,
    until: stored.backlog.until,
    pages,
  });
  return done(rest.cutAt === undefined ? undefined : { offset: rest.cutAt, ...(until ? { until } : {}) });
}

/** A show's episodes a run left unread: from `offset` (as the list stood then) down to `until`, or to the end. */
interface EpisodeBacklog {
  offset: number;
  until?: Episode;
}

/**
 * Walks a show's episodes newest first from `offset` (the first page the show's own, when given) and
 * imports those newer than `until`, at most `pages` pages: the newest read, how many, and the offset
 * where the page limit cut it.
 */
async function walkEpisodes(
  api: Upstream,
  run: TargetRun<MusicTarget>,
  walk: { id: string; market: string; show?: Json; offset: number; until: Episode | undefined; pages: number },
): Promise<{ newest?: Episode; read: number; cutAt?: number }> {
  const { id, market, show, until } = walk;
  const reached = (episode: Json) =>
    until !== undefined && (episode.id === until.id || String(episode.release_date) < until.releaseDate);
  let newest: Episode | undefined;
  let read = 0;
  let offset = walk.offset;
  for (let page = 1; ; page++) {
    if (page > walk.pages) return { ...(newest ? { newest } : {}), read, cutAt: offset };
    const episodes =
      show && page === 1
        ? show.episodes
        : await object(api, `shows/${id}/episodes`, { market, limit: EPISODES_PAGE, offset });
    const items = itemsOf(episodes);
    const stop = items.findIndex(reached);
    const newer = stop === -1 ? items : items.slice(0, stop);
    read += newer.length;
    newest ??= episodeOf(newer[0]);
    if (show && page === 1)
      // the show itself each run (its episode count, description), with the episodes newer than the checkpoint
      await run.importPage(FORMAT, [{ ...show, episodes: { ...(isJson(episodes) ? episodes : {}), items: newer } }]);
    else if (newer.length > 0)
      await run.importPage(FORMAT, [{ ...(episodes as Json), href: `/shows/${id}/episodes`, items: newer }]);
    offset += EPISODES_PAGE;
    if (stop !== -1 || !hasNext(episodes)) return { ...(newest ? { newest } : {}), read };
  }
}

const episodeOf = (item: Json | undefined): Episode | undefined =>
  item && typeof item.id === 'string' && typeof item.release_date === 'string'
    ? { id: item.id, releaseDate: item.release_date }
    : undefined;
