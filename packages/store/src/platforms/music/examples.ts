import type { Kysely } from 'kysely';
import type { Database } from '../../schema.js';

export interface MusicExamples {
  keyword: string;
  artistUri: string;
  albumUri: string;
  trackUri: string;
  playlistUri: string;
  showUri: string;
  userUri: string;
  /** Track ids for the batch lookup, comma-separated: the example track's id and the URI of another. */
  ids: string;
  /** A track without lyrics (its lyrics are a 404), when there is one. */
  trackWithoutLyricsUri?: string;
}

/** Keywords the demo names use a lot (in every searchable kind), tried in this order. */
const MUSIC_KEYWORDS = ['love', 'night', 'summer'];
/** Several pages of song results. */
const MIN_SONG_MATCHES = 60;
/** The most popular artists tried for the artist example. */
const ARTIST_CANDIDATES = 50;

const uri = (kind: string, id: string) => `music:${kind}:${id}`;

/**
 * Catalog URIs with content for every operation that takes them, chosen in a portable order
 * (popularity, then id) so every store holding the same data answers the same: the most
 * followed artist with albums, singles, compilations, related artists, appearances on others'
 * releases, featured tracks, concerts and playlists (the first such, else the most followed);
 * the most played track with lyrics and two recommendations or more (so that its recommendations have
 * a second page at limit 1); the most popular album of three tracks
 * or more; the most followed playlist of 50 tracks or more; the show with the most episodes; the
 * most followed user who follows others and owns playlists. Undefined without music data.
 */
export async function findMusicExamples(db: Kysely<Database>): Promise<MusicExamples | undefined> {
  const top = await db
    .selectFrom('music_artists')
    .select('id')
    .orderBy('followers', 'desc')
    .orderBy('id')
    .limit(ARTIST_CANDIDATES)
    .execute();
  if (top.length === 0) return undefined;
  let artistId = top[0]!.id;
  for (const { id } of top) {
    if (await hasEverything(db, id)) {
      artistId = id;
      break;
    }
  }
  const track =
    (await db
      .selectFrom('music_tracks as t')
      .innerJoin('music_lyrics as l', 'l.id', 't.id')
      .select('t.id')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('music_track_recommendations as r')
            .select('r.id')
            .whereRef('r.track_id', '=', 't.id')
            .where('r.rank', '=', 2),
        ),
      )
      .orderBy('t.play_count', 'desc')
      .orderBy('t.id')
      .limit(1)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('music_tracks')
      .select('id')
      .orderBy('play_count', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst());
  const withoutLyrics = await db
    .selectFrom('music_tracks as t')
    .select('t.id')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('music_lyrics as l').select('l.id').whereRef('l.id', '=', 't.id'))))
    .orderBy('t.play_count', 'desc')
    .orderBy('t.id')
    .limit(1)
    .executeTakeFirst();
  const album = await firstOf(
    db
      .selectFrom('music_albums')
      .select('id')
      .where('total_tracks', '>=', 3)
      .orderBy('popularity', 'desc')
      .orderBy('id'),
    db.selectFrom('music_albums').select('id').orderBy('popularity', 'desc').orderBy('id'),
  );
  const playlist = await firstOf(
    db
      .selectFrom('music_playlists')
      .select('id')
      .where('total_tracks', '>=', 50)
      .orderBy('followers', 'desc')
      .orderBy('id'),
    db.selectFrom('music_playlists').select('id').orderBy('total_tracks', 'desc').orderBy('id'),
  );
  const show = await firstOf(db.selectFrom('music_shows').select('id').orderBy('total_episodes', 'desc').orderBy('id'));
  const user = await firstOf(
    db
      .selectFrom('music_users as u')
      .select('u.id')
      .where('u.follower_count', '>', 0)
      .where('u.following_count', '>', 0)
      .where((eb) =>
        eb.exists(eb.selectFrom('music_playlists as p').select('p.id').whereRef('p.owner_id', '=', 'u.id')),
      )
      .orderBy('u.follower_count', 'desc')
      .orderBy('u.id'),
    db.selectFrom('music_users').select('id').orderBy('follower_count', 'desc').orderBy('id'),
  );
  if (!track || !album || !playlist || !show || !user) return undefined;
  return {
    keyword: await keywordOf(db),
    artistUri: uri('artist', artistId),
    albumUri: uri('album', album),
    trackUri: uri('track', track.id),
    playlistUri: uri('playlist', playlist),
    showUri: uri('show', show),
    userUri: uri('user', user),
    ids: [track.id, ...(withoutLyrics ? [uri('track', withoutLyrics.id)] : [])].join(','),
    ...(withoutLyrics ? { trackWithoutLyricsUri: uri('track', withoutLyrics.id) } : {}),
  };
}

async function firstOf(
  ...queries: { limit(n: number): { executeTakeFirst(): Promise<{ id: string } | undefined> } }[]
): Promise<string | undefined> {
  for (const query of queries) {
    const row = await query.limit(1).executeTakeFirst();
    if (row) return row.id;
  }
  return undefined;
}

/** Whether the artist has content for every artist operation. */
async function hasEverything(db: Kysely<Database>, artistId: string): Promise<boolean> {
  const releases = await db
    .selectFrom('music_album_artists')
    .select(['album_type', (eb) => eb.fn.countAll().as('n')])
    .where('artist_id', '=', artistId)
    .groupBy('album_type')
    .execute();
  const of = (type: string) => Number(releases.find((row) => row.album_type === type)?.n ?? 0);
  if (of('album') + of('single') <= 20 || of('album') === 0 || of('single') === 0 || of('compilation') === 0)
    return false;
  const exists = async (
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any of several Kysely query builders, each typed by its own tables
    query: { select(column: any): { limit(n: number): { executeTakeFirst(): Promise<unknown> } } },
    column: string,
  ) => (await query.select(column).limit(1).executeTakeFirst()) !== undefined;
  const featured = db.selectFrom('music_track_artists').where('artist_id', '=', artistId).where('position', '>=', 1);
  const related = db.selectFrom('music_related_artists').where('artist_id', '=', artistId);
  const concerts = db.selectFrom('music_concerts').where('artist_id', '=', artistId);
  const inPlaylists = db
    .selectFrom('music_track_artists as ta')
    .innerJoin('music_playlist_tracks as pt', 'pt.track_id', 'ta.track_id')
    .where('ta.artist_id', '=', artistId);
  const appearsOn = featured
    .innerJoin('music_tracks as t', 't.id', 'music_track_artists.track_id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('music_album_artists as own')
            .select('own.id')
            .whereRef('own.album_id', '=', 't.album_id')
            .where('own.artist_id', '=', artistId),
        ),
      ),
    );
  return (
    (await exists(featured, 'id')) &&
    (await exists(related, 'id')) &&
    (await exists(concerts, 'id')) &&
    (await exists(inPlaylists, 'pt.id')) &&
    (await exists(appearsOn, 't.id'))
  );
}

/** The first demo keyword naming enough tracks, else the most played track's first name word. */
async function keywordOf(db: Kysely<Database>): Promise<string> {
  for (const keyword of MUSIC_KEYWORDS) {
    const { n } = await db
      .selectFrom('music_tracks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('name_terms', 'like', `% ${keyword} %`)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MIN_SONG_MATCHES) return keyword;
  }
  const row = await db
    .selectFrom('music_tracks')
    .select('name_terms')
    .orderBy('play_count', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.name_terms.trim().split(' ')[0] ?? 'love';
}
