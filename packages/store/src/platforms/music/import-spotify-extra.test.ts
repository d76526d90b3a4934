import { createCursorCodec } from '@socialquery/core/server';
import { createMusicHandlers } from '@socialquery/music/server';
import type { Store } from '../../store.js';
import { importDocuments } from '../../import/index.js';
import { openTestStore } from '../../testing.js';
import { createSqlMusicSource } from './source.js';

/** Objects shaped as the Spotify Web API answers them (GET /tracks/{id}, /albums/{id}, /artists/{id}, …). */
const ARTIST_ID = '0gxyHStUsqpMadRV0Di1Qt';
const simplifiedArtist = {
  external_urls: { spotify: `https://open.spotify.com/artist/${ARTIST_ID}` },
  href: `https://api.spotify.com/v1/artists/${ARTIST_ID}`,
  id: ARTIST_ID,
  name: 'Rick Astley',
  type: 'artist',
  uri: `spotify:artist:${ARTIST_ID}`,
};
const artist = {
  ...simplifiedArtist,
  followers: { href: null, total: 4_210_000 },
  genres: ['dance pop', 'new wave pop'],
  images: [{ url: 'https://i.scdn.co/image/ab6761610000e5eb', height: 640, width: 640 }],
  popularity: 74,
};
const image = { url: 'https://i.scdn.co/image/ab67616d0000b273', height: 640, width: 640 };
const simplifiedAlbum = {
  album_type: 'album',
  total_tracks: 10,
  available_markets: ['GB', 'US'],
  external_urls: { spotify: 'https://open.spotify.com/album/6XhjNHCyCDyyGJRM5mg40G' },
  href: 'https://api.spotify.com/v1/albums/6XhjNHCyCDyyGJRM5mg40G',
  id: '6XhjNHCyCDyyGJRM5mg40G',
  images: [image],
  name: 'Whenever You Need Somebody',
  release_date: '1987-11-12',
  release_date_precision: 'day',
  type: 'album',
  uri: 'spotify:album:6XhjNHCyCDyyGJRM5mg40G',
  artists: [simplifiedArtist],
  is_playable: true,
};
const album = {
  ...simplifiedAlbum,
  tracks: {
    href: 'https://api.spotify.com/v1/albums/6XhjNHCyCDyyGJRM5mg40G/tracks',
    limit: 50,
    next: null,
    offset: 0,
    previous: null,
    total: 0,
    items: [],
  },
  copyrights: [{ text: '(P) 1987 Sony Music Entertainment UK Limited', type: 'P' }],
  external_ids: { upc: '886445352382' },
  genres: [],
  label: 'RCA Records Label',
  popularity: 70,
};
const track = {
  album: simplifiedAlbum,
  artists: [simplifiedArtist],
  available_markets: ['GB', 'US'],
  disc_number: 1,
  duration_ms: 213573,
  explicit: false,
  external_ids: { isrc: 'GBARL9300135' },
  external_urls: { spotify: 'https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT' },
  href: 'https://api.spotify.com/v1/tracks/4cOdK2wGLETKBW3PvgPWqT',
  id: '4cOdK2wGLETKBW3PvgPWqT',
  is_playable: true,
  name: 'Never Gonna Give You Up',
  popularity: 78,
  preview_url: null,
  track_number: 1,
  type: 'track',
  uri: 'spotify:track:4cOdK2wGLETKBW3PvgPWqT',
  is_local: false,
};
const owner = {
  display_name: 'Spotify',
  external_urls: { spotify: 'https://open.spotify.com/user/spotify' },
  href: 'https://api.spotify.com/v1/users/spotify',
  id: 'spotify',
  type: 'user',
  uri: 'spotify:user:spotify',
};
const playlist = {
  collaborative: false,
  description: 'The biggest songs of the 1980s.',
  external_urls: { spotify: 'https://open.spotify.com/playlist/37i9dQZF1DX4UtSsGT1Sbe' },
  followers: { href: null, total: 3_900_000 },
  href: 'https://api.spotify.com/v1/playlists/37i9dQZF1DX4UtSsGT1Sbe',
  id: '37i9dQZF1DX4UtSsGT1Sbe',
  images: [image],
  name: 'All Out 80s',
  owner,
  primary_color: null,
  public: true,
  snapshot_id: 'ZxYwVuTsRq',
  tracks: {
    href: 'https://api.spotify.com/v1/playlists/37i9dQZF1DX4UtSsGT1Sbe/tracks',
    limit: 100,
    next: null,
    offset: 0,
    previous: null,
    total: 1,
    items: [
      {
        added_at: '2024-01-05T10:00:00Z',
        added_by: {
          external_urls: { spotify: 'https://open.spotify.com/user/' },
          href: 'https://api.spotify.com/v1/users/',
          id: '',
          type: 'user',
          uri: 'spotify:user:',
        },
        is_local: false,
        primary_color: null,
        track,
        video_thumbnail: { url: null },
      },
    ],
  },
  type: 'playlist',
  uri: 'spotify:playlist:37i9dQZF1DX4UtSsGT1Sbe',
};
const show = {
  available_markets: ['GB'],
  copyrights: [],
  description: 'A show about songs.',
  html_description: '<p>A show about songs.</p>',
  explicit: false,
  external_urls: { spotify: 'https://open.spotify.com/show/38bS44xjbVVZ3No3ByF1dJ' },
  href: 'https://api.spotify.com/v1/shows/38bS44xjbVVZ3No3ByF1dJ',
  id: '38bS44xjbVVZ3No3ByF1dJ',
  images: [image],
  is_externally_hosted: false,
  languages: ['en', 'en-GB'],
  media_type: 'audio',
  name: 'Song Stories',
  publisher: 'Song Media',
  type: 'show',
  uri: 'spotify:show:38bS44xjbVVZ3No3ByF1dJ',
  total_episodes: 1,
};
const episode = {
  audio_preview_url: 'https://podz-content.spotifycdn.com/audio/clips/preview.mp3',
  description: 'Episode one.',
  html_description: '<p>Episode one.</p>',
  duration_ms: 1_802_000,
  explicit: false,
  external_urls: { spotify: 'https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ' },
  href: 'https://api.spotify.com/v1/episodes/512ojhOuo1ktJprKbVcKyQ',
  id: '512ojhOuo1ktJprKbVcKyQ',
  images: [image],
  is_externally_hosted: false,
  is_playable: true,
  language: 'en',
  languages: ['en'],
  name: 'One',
  release_date: '2024-02-01',
  release_date_precision: 'day',
  resume_point: { fully_played: false, resume_position_ms: 0 },
  type: 'episode',
  uri: 'spotify:episode:512ojhOuo1ktJprKbVcKyQ',
  show,
};

/** What each object's `extra` holds: every field its columns do not (its own `uri` repeats the id: left out). */
const artistExtra = {
  external_urls: artist.external_urls,
  followers: { href: null },
  href: artist.href,
};
const albumExtra = {
  available_markets: ['GB', 'US'],
  external_urls: album.external_urls,
  href: album.href,
  is_playable: true,
  copyrights: album.copyrights,
  external_ids: { upc: '886445352382' },
  genres: [],
};
const trackExtra = {
  available_markets: ['GB', 'US'],
  external_urls: track.external_urls,
  href: track.href,
  is_playable: true,
  preview_url: null,
  is_local: false,
};
const playlistExtra = {
  external_urls: playlist.external_urls,
  followers: { href: null },
  href: playlist.href,
  primary_color: null,
  snapshot_id: 'ZxYwVuTsRq',
};
const entryExtra = {
  added_by: playlist.tracks.items[0]!.added_by,
  is_local: false,
  primary_color: null,
  video_thumbnail: { url: null },
};
const showExtra = {
  available_markets: ['GB'],
  copyrights: [],
  html_description: show.html_description,
  external_urls: show.external_urls,
  href: show.href,
  is_externally_hosted: false,
  languages: ['en', 'en-GB'],
};
const episodeExtra = {
  html_description: episode.html_description,
  external_urls: episode.external_urls,
  href: episode.href,
  is_externally_hosted: false,
  is_playable: true,
  languages: ['en'],
  resume_point: episode.resume_point,
};

describe('spotify-web-api imports keep every field the columns do not hold as extra', () => {
  let store: Store;
  const importAll = (...documents: unknown[]) =>
    importDocuments(store.db, 'music', 'spotify-web-api', documents, { where: 'test' });
  const extraOf = async (table: 'music_artists' | 'music_albums' | 'music_tracks' | 'music_playlists', id: string) =>
    JSON.parse(
      (await store.db.selectFrom(table).select('extra').where('id', '=', id).executeTakeFirstOrThrow()).extra,
    ) as unknown;
  const handlers = () => createMusicHandlers(createSqlMusicSource(store.db));
  const ctx = { now: new Date('2026-06-15T12:00:00Z'), cursors: createCursorCodec('k'.repeat(32)), requestId: 'test' };
  const documents = [
    artist,
    album,
    track,
    playlist,
    episode,
    {
      categories: {
        href: 'https://api.spotify.com/v1/browse/categories',
        items: [
          {
            href: 'https://api.spotify.com/v1/browse/categories/0JQ5DAqbMKFDXXwE9BDJAr',
            id: '0JQ5DAqbMKFDXXwE9BDJAr',
            icons: [image],
            name: 'Rock',
          },
        ],
      },
    },
  ];

  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('stores each object’s other fields, in the API’s nesting and types', async () => {
    await importAll(...documents);
    expect(await extraOf('music_artists', ARTIST_ID)).toEqual(artistExtra);
    expect(await extraOf('music_albums', album.id)).toEqual(albumExtra);
    expect(await extraOf('music_tracks', track.id)).toEqual(trackExtra);
    expect(await extraOf('music_playlists', playlist.id)).toEqual(playlistExtra);
    const entry = await store.db.selectFrom('music_playlist_tracks').select('extra').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.extra)).toEqual(entryExtra);
    const owned = await store.db
      .selectFrom('music_users')
      .select('extra')
      .where('id', '=', 'spotify')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(owned.extra)).toEqual({ external_urls: owner.external_urls, href: owner.href });
    const shown = await store.db.selectFrom('music_shows').select('extra').executeTakeFirstOrThrow();
    expect(JSON.parse(shown.extra)).toEqual(showExtra);
    const aired = await store.db.selectFrom('music_episodes').select('extra').executeTakeFirstOrThrow();
    expect(JSON.parse(aired.extra)).toEqual(episodeExtra);
    const genre = await store.db.selectFrom('music_genres').select('extra').executeTakeFirstOrThrow();
    expect(JSON.parse(genre.extra)).toEqual({
      href: 'https://api.spotify.com/v1/browse/categories/0JQ5DAqbMKFDXXwE9BDJAr',
    });
  });

  it('a thinner object (an artist or album inside a track) never replaces a fuller one’s extra', async () => {
    await importAll(artist, album);
    await importAll(track, { ...track, id: '7GhIk7Il098yCjg4BQjzvb', name: 'Together Forever' });
    expect(await extraOf('music_artists', ARTIST_ID)).toEqual(artistExtra);
    expect(await extraOf('music_albums', album.id)).toEqual(albumExtra);
    // a new row takes the thin object's own
    await importAll({
      ...track,
      id: '1X1yDcYQ5ZgdZAeEzyHkk2',
      album: { ...simplifiedAlbum, id: 'thinAlbum0000000000001', uri: 'spotify:album:thinAlbum0000000000001' },
    });
    expect(await extraOf('music_albums', 'thinAlbum0000000000001')).toEqual({
      available_markets: ['GB', 'US'],
      external_urls: simplifiedAlbum.external_urls,
      href: simplifiedAlbum.href,
      is_playable: true,
    });
  });

  it('keeps a uri that is not the id’s own (a relinked track)', async () => {
    await importAll({ ...track, uri: 'spotify:track:5ZmzvQfbzqg7Aq7cdBrTL6' });
    expect(await extraOf('music_tracks', track.id)).toEqual({
      ...trackExtra,
      uri: 'spotify:track:5ZmzvQfbzqg7Aq7cdBrTL6',
    });
  });

  it('a re-import of the same documents changes nothing', async () => {
    await importAll(...documents);
    const again = await importAll(...documents);
    expect(again.imported).toBe(0);
    expect(again.updated).toBe(0);
    for (const counts of Object.values(again.tables)) expect(counts).toMatchObject({ imported: 0, updated: 0 });
  });

  it('stores a long available_markets list once, by its id, and answers it whole', async () => {
    // Spotify's lists are ~185 codes, most objects the same list; one of eleven is the shortest kept apart
    const markets = ['AD', 'AE', 'AG', 'AL', 'AM', 'AO', 'AR', 'AT', 'AU', 'AZ', 'BA'];
    const longAlbum = { ...album, available_markets: markets };
    const longTrack = {
      ...track,
      available_markets: markets,
      album: { ...simplifiedAlbum, available_markets: markets },
    };
    // the playlist first: its entry's track is the short-listed one, replaced by longTrack
    await importAll({ ...playlist, available_markets: markets }, longAlbum, longTrack);

    const id = ((await extraOf('music_tracks', track.id)) as Record<string, unknown>).available_markets;
    expect(id).toMatch(/^m:[\w-]{22}$/);
    expect(((await extraOf('music_albums', album.id)) as Record<string, unknown>).available_markets).toBe(id);
    expect(await store.db.selectFrom('music_market_lists').selectAll().execute()).toEqual([
      { id, markets: JSON.stringify(markets) },
    ]);
    // only albums, tracks and shows carry one by Spotify's reference: any other object keeps its list inline
    expect(((await extraOf('music_playlists', playlist.id)) as Record<string, unknown>).available_markets).toEqual(
      markets,
    );

    const answered = async (operation: 'tracks.getDetail' | 'albums.getDetail', uri: string) =>
      (
        (await handlers()[operation]({ uri }, { ...ctx, extra: true })) as {
          data: { extra?: Record<string, unknown> };
        }
      ).data.extra;
    expect(await answered('tracks.getDetail', `music:track:${track.id}`)).toEqual({
      ...trackExtra,
      available_markets: markets,
    });
    expect((await answered('albums.getDetail', `music:album:${album.id}`))?.available_markets).toEqual(markets);
    const entries = (await handlers()['playlists.getTracks'](
      { uri: `music:playlist:${playlist.id}`, offset: 0, limit: 10 },
      { ...ctx, extra: true },
    )) as { data: { items: { extra?: { track?: Record<string, unknown> } }[] } };
    expect(entries.data.items[0]!.extra!.track!.available_markets).toEqual(markets);

    const again = await importAll(longAlbum, longTrack);
    expect([again.imported, again.updated]).toEqual([0, 0]);
  });

  it('answers extra only to a read that asks for it', async () => {
    await importAll(...documents);
    const detail = async (extra: boolean) =>
      (
        (await handlers()['tracks.getDetail']({ uri: `music:track:${track.id}` }, { ...ctx, extra })) as {
          data: Record<string, unknown>;
        }
      ).data;
    expect((await detail(true)).extra).toEqual(trackExtra);
    expect(await detail(false)).not.toHaveProperty('extra');
    const entries = (await handlers()['playlists.getTracks'](
      { uri: `music:playlist:${playlist.id}`, offset: 0, limit: 10 },
      { ...ctx, extra: true },
    )) as { data: { items: { id: string; extra?: unknown }[] } };
    expect(entries.data.items.map((item) => [item.id, item.extra])).toEqual([
      [track.id, { ...entryExtra, track: trackExtra }],
    ]);
    const overview = (await handlers()['artists.getOverview'](
      { uri: `music:artist:${ARTIST_ID}` },
      { ...ctx, extra: true },
    )) as { data: { extra?: unknown; latestRelease: object } };
    expect(overview.data.extra).toEqual(artistExtra);
    // records nested in an answer (its latest release, top tracks) carry none: fields selects the answer's own
    expect(overview.data.latestRelease).not.toHaveProperty('extra');
  });
});
