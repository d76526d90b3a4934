import { nameKey, termsOf } from '@socialquery/music/server';
import {
  musicDemoAlbumArtists,
  musicDemoAlbums,
  musicDemoArtists,
  musicDemoConcerts,
  musicDemoEpisodes,
  musicDemoFollows,
  musicDemoGenres,
  musicDemoLyrics,
  musicDemoPlaylists,
  musicDemoPlaylistTracks,
  musicDemoShows,
  musicDemoSize,
  musicDemoTrackArtists,
  musicDemoTracks,
  musicDemoUsers,
  DERIVED_ROWS_PER_SCALE,
  PLAYLIST_MAX_TRACKS,
  PLAYLIST_MIN_TRACKS,
  sameGenreArtist,
} from './demo.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const options = { now, scale: 1 };
const artists = [...musicDemoArtists(options)];
const albums = [...musicDemoAlbums(options)];
const albumArtists = [...musicDemoAlbumArtists(options)];
const tracks = [...musicDemoTracks(options)];
const trackArtists = [...musicDemoTrackArtists(options)];
const playlists = [...musicDemoPlaylists(options)];
const playlistTracks = [...musicDemoPlaylistTracks(options)];
const users = [...musicDemoUsers(options)];
const follows = [...musicDemoFollows(options)];
const shows = [...musicDemoShows(options)];
const episodes = [...musicDemoEpisodes(options)];
const lyrics = [...musicDemoLyrics(options)];
const concerts = [...musicDemoConcerts(options)];
const genres = [...musicDemoGenres()];

function take<T>(rows: Iterable<T>, n: number): T[] {
  const taken: T[] = [];
  for (const row of rows) {
    if (taken.length === n) break;
    taken.push(row);
  }
  return taken;
}

const countBy = <T>(rows: T[], key: (row: T) => string) => {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};

describe('music demo data', () => {
  it("meets the issue's volumes", () => {
    expect(artists).toHaveLength(5_000);
    expect(albums).toHaveLength(20_000);
    const types = countBy(albums, (a) => a.album_type);
    expect(types.get('album')).toBeGreaterThan(5_000);
    expect(types.get('single')).toBeGreaterThan(5_000);
    expect(types.get('compilation')).toBeGreaterThan(1_000);
    expect(tracks.length).toBeGreaterThanOrEqual(200_000);
    expect(playlists).toHaveLength(10_000);
    expect(playlistTracks.length).toBeGreaterThanOrEqual(500_000);
    expect(playlistTracks.length).toBeLessThanOrEqual(800_000);
    expect(shows).toHaveLength(500);
    expect(episodes.length).toBeGreaterThan(500 * 10 - 1);
    expect(users).toHaveLength(5_000);
    expect(follows.length).toBeGreaterThan(20_000);
    expect(lyrics.length).toBeGreaterThan(10_000);
    expect(lyrics.length).toBeLessThan(tracks.length / 2);
    expect(concerts.length).toBeGreaterThan(1_000);
    expect(genres.map((g) => g.kind).sort()).toEqual([...Array(30).fill('genre'), ...Array(14).fill('mood')].sort());
    const written = [
      artists,
      albums,
      albumArtists,
      tracks,
      trackArtists,
      playlists,
      playlistTracks,
      users,
      follows,
      shows,
      episodes,
      lyrics,
      concerts,
      genres,
    ].reduce((sum, rows) => sum + rows.length, 0);
    expect(Math.abs(musicDemoSize(1) - written - DERIVED_ROWS_PER_SCALE)).toBeLessThan(written * 0.02);
  });

  it('has unique 22-character base-62 ids and unique full-text row numbers', () => {
    for (const rows of [artists, albums, tracks, playlists, users, shows, episodes, concerts, genres]) {
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      expect(rows.filter((row) => !/^[0-9A-Za-z]{22}$/.test(row.id))).toEqual([]);
    }
    for (const rows of [artists, albums, tracks, playlists, users, shows, genres])
      expect(new Set(rows.map((row) => row.num)).size).toBe(rows.length);
    for (const rows of [albumArtists, trackArtists, playlistTracks, follows])
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it('keeps its links and counts consistent', () => {
    // mismatches are collected and compared once: an expect per row would take minutes
    const artistIds = new Set(artists.map((a) => a.id));
    const trackIds = new Set(tracks.map((t) => t.id));
    const perAlbum = countBy(tracks, (t) => t.album_id);
    expect(albums.filter((album) => perAlbum.get(album.id) !== album.total_tracks)).toEqual([]);
    expect([...albumArtists, ...trackArtists].filter((link) => !artistIds.has(link.artist_id))).toEqual([]);
    const creditsOf = new Map<string, string[]>();
    for (const link of trackArtists)
      (creditsOf.get(link.track_id) ?? creditsOf.set(link.track_id, []).get(link.track_id)!)[link.position] =
        link.artist_id;
    const badTracks = tracks.filter((track) => {
      const credits = (JSON.parse(track.artists) as { id: string }[]).map((c) => c.id);
      return (
        credits.join() !== creditsOf.get(track.id)?.join() ||
        track.name_key !== nameKey(track.name) ||
        track.name_terms !== ` ${termsOf(track.name).join(' ')} `
      );
    });
    expect(badTracks).toEqual([]);
    const perPlaylist = countBy(playlistTracks, (e) => e.playlist_id);
    expect(
      playlists.filter(
        (p) =>
          perPlaylist.get(p.id) !== p.total_tracks ||
          p.total_tracks < PLAYLIST_MIN_TRACKS ||
          p.total_tracks > PLAYLIST_MAX_TRACKS,
      ),
    ).toEqual([]);
    // short playlists far more common than long ones
    const lengths = playlists.map((p) => p.total_tracks).sort((a, b) => a - b);
    expect(lengths[5_000]).toBeLessThan(60);
    expect(lengths.at(-1)).toBeGreaterThan(200);
    expect(playlistTracks.filter((entry) => !trackIds.has(entry.track_id))).toEqual([]);
    const followers = countBy(follows, (f) => f.user_id);
    const following = countBy(follows, (f) => f.follower_id);
    expect(
      users.filter(
        (u) => u.follower_count !== (followers.get(u.id) ?? 0) || u.following_count !== (following.get(u.id) ?? 0),
      ),
    ).toEqual([]);
    const perShow = countBy(episodes, (e) => e.show_id);
    expect(shows.filter((show) => perShow.get(show.id) !== show.total_episodes)).toEqual([]);
  });

  it('finishes at the smallest scales, where a genre has one artist or a few tracks, with every link resolved', () => {
    for (const scale of [0.01, 0.005, 0.001]) {
      const small = { now, scale };
      const smallArtists = new Set([...musicDemoArtists(small)].map((a) => a.id));
      const links = [...musicDemoAlbumArtists(small), ...musicDemoTrackArtists(small)];
      expect(links.filter((link) => !smallArtists.has(link.artist_id))).toEqual([]);
      const perTrack = countBy(links, (link) => `${'track_id' in link ? link.track_id : ''}:${link.artist_id}`);
      expect([...perTrack].filter(([key, n]) => key.split(':')[0] !== '' && n > 1)).toEqual([]);
      const smallTracks = new Set([...musicDemoTracks(small)].map((t) => t.id));
      expect([...musicDemoPlaylistTracks(small)].filter((entry) => !smallTracks.has(entry.track_id))).toEqual([]);
    }
  });

  it('names another artist of the genre, or none when the catalog is too small for one', () => {
    // 30 genres: with 45 artists, artist 3's genre holds 3 and 33; with 20, artist 3 is alone
    expect(sameGenreArtist(3, 45, 1)).toBe(33);
    expect(sameGenreArtist(33, 45, 1)).toBe(3);
    expect(sameGenreArtist(3, 20, 1)).toBe(-1);
    const other = sameGenreArtist(3, 3000, 7);
    expect([other !== 3, other % 30, other < 3000]).toEqual([true, 3, true]);
  });

  it('is deterministic, and only timestamps follow now', () => {
    const later = new Date(now.getTime() + DAY);
    const again = take(musicDemoTracks({ now: later, scale: 1 }), 1_000);
    expect(again).toEqual(tracks.slice(0, 1_000));
    const entries = take(musicDemoPlaylistTracks({ now: later, scale: 1 }), 1_000);
    expect(entries.map(({ added_at, ...rest }) => rest)).toEqual(
      playlistTracks.slice(0, 1_000).map(({ added_at, ...rest }) => rest),
    );
    expect(entries.map((e) => e.added_at)).toEqual(playlistTracks.slice(0, 1_000).map((e) => e.added_at + DAY));
    expect(albums.filter((album) => album.released_at >= now.getTime())).toEqual([]);
    expect(concerts.filter((concert) => concert.starts_at <= now.getTime())).toEqual([]);
  });

  it('names the keyword "love" in every searchable kind', () => {
    const named = (rows: { name_terms: string }[]) => rows.filter((row) => row.name_terms.includes(' love ')).length;
    expect(named(tracks)).toBeGreaterThan(1_000);
    for (const rows of [albums, artists, playlists, shows, users, genres]) expect(named(rows)).toBeGreaterThan(0);
  });
});
