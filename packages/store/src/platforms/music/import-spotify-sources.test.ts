import { createCursorCodec } from '@socialquery/core/server';
import { createMusicHandlers } from '@socialquery/music/server';
import type { Store } from '../../store.js';
import { importDocuments } from '../../import/index.js';
import { openTestStore } from '../../testing.js';
import { createSqlMusicSource } from './source.js';

/** A track as Spotify's Web API answers it: its album with cover art, its artist simplified (no images). */
const track = {
  type: 'track',
  id: '4cOdK2wGLETKBW3PvgPWqT',
  name: 'Never Gonna Give You Up',
  duration_ms: 213573,
  explicit: false,
  popularity: 78,
  disc_number: 1,
  track_number: 1,
  external_ids: { isrc: 'GBARL9300135' },
  artists: [{ type: 'artist', id: '0gxyHStUsqpMadRV0Di1Qt', name: 'Rick Astley' }],
  album: {
    type: 'album',
    id: '6XhjNHCyCDyyGJRM5mg40G',
    name: 'Whenever You Need Somebody',
    album_type: 'album',
    release_date: '1987-11-12',
    release_date_precision: 'day',
    total_tracks: 10,
    artists: [{ type: 'artist', id: '0gxyHStUsqpMadRV0Di1Qt', name: 'Rick Astley' }],
    images: [
      { url: 'https://i.scdn.co/image/ab67616d0000b2735755e164993798e0c9ef7d7a', width: 640, height: 640 },
      { url: 'https://i.scdn.co/image/ab67616d00001e025755e164993798e0c9ef7d7a', width: 300, height: 300 },
      { url: 'https://i.scdn.co/image/ab67616d000048515755e164993798e0c9ef7d7a', width: 64, height: 64 },
    ],
  },
};

describe('spotify-web-api imports answer the source’s pictures, and none where it gave none', () => {
  let store: Store;
  const handlers = () => createMusicHandlers(createSqlMusicSource(store.db));
  const ctx = { now: new Date('2026-06-15T12:00:00Z'), cursors: createCursorCodec('k'.repeat(32)), requestId: 'test' };
  const overview = async () =>
    (await handlers()['artists.getOverview']({ uri: 'music:artist:0gxyHStUsqpMadRV0Di1Qt' }, ctx)) as {
      data: { avatar: unknown; latestRelease: { coverArt: unknown } | null };
    };

  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store.close();
  });

  it('an artist seen only inside a track has no avatar (not a made-up one); its album keeps Spotify’s cover art', async () => {
    await importDocuments(store.db, 'music', 'spotify-web-api', [track], { where: 'test' });
    const { data } = await overview();
    expect(data.avatar).toEqual([]);
    expect(data.latestRelease?.coverArt).toEqual(track.album.images);
  });

  it('the artist’s own object later gives its pictures', async () => {
    const images = [
      { url: 'https://i.scdn.co/image/ab6761610000e5eb4b3a0b0b8b5c1d2e3f4a5b6c', width: 640, height: 640 },
    ];
    await importDocuments(
      store.db,
      'music',
      'spotify-web-api',
      [{ type: 'artist', id: '0gxyHStUsqpMadRV0Di1Qt', name: 'Rick Astley', images, genres: [], popularity: 70 }],
      { where: 'test' },
    );
    expect((await overview()).data.avatar).toEqual(images);
  });
});
