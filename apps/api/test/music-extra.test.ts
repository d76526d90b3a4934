import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TrackDetailResponse } from '@socialquery/music';
import { importData } from '@socialquery/store';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';

let service: TestService;
let dir: string;
let demoTrackUri: string;

const ARTIST = { id: 'xtraArtist000000000001', name: 'Extra Artist' };
const artistRef = {
  external_urls: { spotify: `https://open.spotify.com/artist/${ARTIST.id}` },
  href: `https://api.spotify.com/v1/artists/${ARTIST.id}`,
  ...ARTIST,
  type: 'artist',
  uri: `spotify:artist:${ARTIST.id}`,
};
const ALBUM_ID = 'xtraAlbum0000000000001';
const TRACK_ID = 'xtraTrack0000000000001';
const PLAYLIST_ID = 'xtraPlaylist0000000001';
/** A track as GET /tracks/{id} answers it, inside a playlist's page of entries. */
const track = {
  album: {
    album_type: 'single',
    total_tracks: 1,
    available_markets: ['DE'],
    external_urls: { spotify: `https://open.spotify.com/album/${ALBUM_ID}` },
    href: `https://api.spotify.com/v1/albums/${ALBUM_ID}`,
    id: ALBUM_ID,
    images: [],
    name: 'Kept Whole',
    release_date: '2025-03-04',
    release_date_precision: 'day',
    type: 'album',
    uri: `spotify:album:${ALBUM_ID}`,
    artists: [artistRef],
  },
  artists: [artistRef],
  available_markets: ['DE', 'AT'],
  disc_number: 1,
  duration_ms: 187_000,
  explicit: true,
  external_ids: { isrc: 'DEXT22500001' },
  external_urls: { spotify: `https://open.spotify.com/track/${TRACK_ID}` },
  href: `https://api.spotify.com/v1/tracks/${TRACK_ID}`,
  id: TRACK_ID,
  is_local: false,
  name: 'Every Field',
  popularity: 12,
  preview_url: null,
  track_number: 1,
  type: 'track',
  uri: `spotify:track:${TRACK_ID}`,
};
const playlist = {
  collaborative: false,
  description: '',
  external_urls: { spotify: `https://open.spotify.com/playlist/${PLAYLIST_ID}` },
  followers: { href: null, total: 3 },
  href: `https://api.spotify.com/v1/playlists/${PLAYLIST_ID}`,
  id: PLAYLIST_ID,
  images: [],
  name: 'Extra Mix',
  owner: { display_name: 'Extra Owner', id: 'xtraowner', type: 'user', uri: 'spotify:user:xtraowner' },
  public: true,
  snapshot_id: 'AAAAAxtra',
  tracks: {
    href: `https://api.spotify.com/v1/playlists/${PLAYLIST_ID}/tracks`,
    items: [{ added_at: '2025-03-05T06:07:08Z', is_local: false, primary_color: null, track }],
    limit: 100,
    next: null,
    offset: 0,
    previous: null,
    total: 1,
  },
  type: 'playlist',
  uri: `spotify:playlist:${PLAYLIST_ID}`,
};
const trackExtra = {
  available_markets: ['DE', 'AT'],
  external_urls: track.external_urls,
  href: track.href,
  is_local: false,
  preview_url: null,
};

beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'sq-api-music-extra-'));
  writeFileSync(join(dir, 'playlist.json'), JSON.stringify(playlist));
  await importData(service.store.db, 'music', 'spotify-web-api', join(dir, 'playlist.json'));
  demoTrackUri = (await service.store.examples()).music!.trackUri;
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const getWithKey = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('x-api-key', service.apiKey);
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

describe('music records answer their Spotify object’s other fields as extra when fields asks for it', () => {
  it('no extra without fields: the answer is unchanged', async () => {
    const res = await getWithKey('/api/v1/music/track/detail', { uri: `music:track:${TRACK_ID}` });
    expect(res.status).toBe(200);
    expect(TrackDetailResponse.parse(res.body).data).not.toHaveProperty('extra');
    const entries = await getWithKey('/api/v1/music/playlist/tracks', { uri: `music:playlist:${PLAYLIST_ID}` });
    expect(entries.body.data.items[0]).not.toHaveProperty('extra');
  });

  it('fields=…,extra answers it: a track, an album, a playlist and its entries', async () => {
    const detail = await getWithKey('/api/v1/music/track/detail', {
      uri: `music:track:${TRACK_ID}`,
      fields: 'id,extra',
    });
    expect(detail.body.data).toEqual({ id: TRACK_ID, extra: trackExtra });
    const album = await getWithKey('/api/v1/music/album/detail', { uri: `music:album:${ALBUM_ID}`, fields: 'extra' });
    expect(album.body.data).toEqual({
      extra: { available_markets: ['DE'], external_urls: track.album.external_urls, href: track.album.href },
    });
    const found = await getWithKey('/api/v1/music/playlist/detail', {
      uri: `music:playlist:${PLAYLIST_ID}`,
      fields: 'name,extra',
    });
    expect(found.body.data).toEqual({
      name: 'Extra Mix',
      extra: {
        external_urls: playlist.external_urls,
        followers: { href: null },
        href: playlist.href,
        snapshot_id: 'AAAAAxtra',
      },
    });
    const entries = await getWithKey('/api/v1/music/playlist/tracks', {
      uri: `music:playlist:${PLAYLIST_ID}`,
      fields: 'id,extra',
    });
    expect(entries.body.data.items).toEqual([
      { id: TRACK_ID, extra: { is_local: false, primary_color: null, track: trackExtra } },
    ]);
  });

  it('an export (format=ndjson) carries it too', async () => {
    const exported = await getWithKey('/api/v1/music/album/tracks', {
      uri: `music:album:${ALBUM_ID}`,
      fields: 'id,extra',
      format: 'ndjson',
    });
    expect(exported.status).toBe(200);
    expect(lines(exported.text)).toEqual([{ id: TRACK_ID, extra: trackExtra }]);
  });

  it('a demo record has no source object: no extra even when asked for', async () => {
    const demo = await getWithKey('/api/v1/music/track/detail', { uri: demoTrackUri, fields: 'id,extra' });
    expect(demo.status).toBe(200);
    expect(demo.body.data).toEqual({ id: demoTrackUri.split(':').at(-1) });
  });
});
