import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from '../../../dialect/index.js';

/**
 * The music catalog: artists, albums (album | single | compilation) and their artists, tracks and
 * their artists (position 0 the primary, the others featured), lyrics, users and follows,
 * playlists and their tracks, podcast shows and episodes, concerts, genres and moods; and two
 * derived tables filled by `recomputeMusicDerived` (derived.ts): track recommendations and
 * related artists.
 *
 * Every table has a single-column text key `id` (copy.ts walks tables by it); link rows use
 * `<owner id>:<position>` or `<a>:<b>`. On PostgreSQL every text column compares bytewise
 * (COLLATE "C"), as SQLite does, so orderings and ties by id and prefix ranges agree. Listings:
 * - an artist's releases of one type: (artist_id, album_type, released_at, album_id);
 * - an album's tracks: (album_id, disc_number, track_number) (a track's and an album's own
 *   artists are a JSON column of theirs);
 * - an artist's tracks, any credit or featured only (position >= 1): (artist_id, position, track_id);
 * - a playlist's tracks: (playlist_id, position); the playlists holding a track: (track_id, playlist_id);
 * - a show's episodes, newest first: (show_id, released_at desc, id); an artist's concerts: (artist_id, starts_at, id);
 * - followers / following, most recent first: (user_id, followed_at desc, follower_id) / (follower_id, followed_at desc, user_id);
 * - a user's playlists: (owner_id, followers desc, id);
 * - suggestions, a prefix range of `name_key` (artists, tracks);
 * - recommendations / related artists: (track_id, rank) / (artist_id, rank).
 *
 * Search: searchable kinds carry `name_terms` (' ' + termsOf(name).join(' ') + ' ', for the
 * portable score) and a full-text index over their searchable text (dialect-specific, as in
 * 0005-video): SQLite one FTS5 table per kind (`music_<kind>_fts`, rowid = the row's unique
 * `num`) kept in step by triggers; PostgreSQL a GIN expression index over
 * to_tsvector('simple', <the same columns>). Both tokenise to lower-cased letter/digit runs
 * without stemming, so both match the same rows.
 */

/** Searchable tables and the text columns their full-text index covers (music-search dialects use the same). */
export const SEARCHED = [
  { table: 'music_tracks', fts: 'music_tracks_fts', columns: ['name', 'artist_names'] },
  { table: 'music_artists', fts: 'music_artists_fts', columns: ['name'] },
  { table: 'music_albums', fts: 'music_albums_fts', columns: ['name', 'artist_names'] },
  { table: 'music_playlists', fts: 'music_playlists_fts', columns: ['name'] },
  { table: 'music_shows', fts: 'music_shows_fts', columns: ['name', 'publisher'] },
  { table: 'music_users', fts: 'music_users_fts', columns: ['name'] },
  { table: 'music_genres', fts: 'music_genres_fts', columns: ['name'] },
] as const;

type Table = CreateTableBuilder<string, string>;
const int = (t: Table, ...names: string[]) => names.reduce((b, n) => b.addColumn(n, 'integer', (c) => c.notNull()), t);
const big = (t: Table, ...names: string[]) => names.reduce((b, n) => b.addColumn(n, 'bigint', (c) => c.notNull()), t);

export const music: Migration = {
  async up(db: Kysely<unknown>) {
    const { textInCodePointOrder, keyOrderedTables } = dialectOf(db);
    // music text compares in byte order on every store: ids, name keys and ties order alike on all
    const textCollation = textInCodePointOrder ? sql`` : sql`collate "C"`;
    const text = (t: Table, ...names: string[]) =>
      names.reduce((b, n) => b.addColumn(n, 'text', (c) => c.notNull().modifyEnd(textCollation)), t);
    /** `link`: a table of many narrow rows, stored in its key order on SQLite (WITHOUT ROWID: one b-tree less to write). */
    const table = (name: string, build: (t: Table) => Table, { num = false, link = false } = {}) => {
      let t: Table = db.schema
        .createTable(name)
        .addColumn('id', 'text', (c) => c.primaryKey().modifyEnd(textCollation));
      if (num) t = t.addColumn('num', 'integer', (c) => c.notNull().unique());
      t = build(t);
      return (link && keyOrderedTables ? t.modifyEnd(sql`without rowid`) : t).execute();
    };
    const index = (name: string, on: string, columns: string[], unique = false) => {
      const builder = db.schema.createIndex(name).on(on).columns(columns);
      return (unique ? builder.unique() : builder).execute();
    };

    await table(
      'music_artists',
      (t) =>
        big(
          int(text(t, 'name', 'name_key', 'name_terms', 'genres', 'images', 'biography'), 'popularity', 'verified'),
          'followers',
          'monthly_listeners',
        ),
      { num: true },
    );
    await index('music_artists_suggest', 'music_artists', ['name_key']);

    await table(
      'music_albums',
      (t) =>
        big(
          int(
            text(
              t,
              'name',
              'name_key',
              'name_terms',
              'album_type',
              'artist_id',
              'artists',
              'artist_names',
              'release_date',
              'release_precision',
              'label',
              'images',
            ),
            'total_tracks',
            'popularity',
          ),
          'released_at',
        ),
      { num: true },
    );
    await table(
      'music_album_artists',
      (t) => big(int(text(t, 'album_id', 'artist_id', 'album_type'), 'position'), 'released_at'),
      { link: true },
    );
    await index('music_album_artists_releases', 'music_album_artists', [
      'artist_id',
      'album_type',
      'released_at',
      'album_id',
    ]);
    await index('music_album_artists_album', 'music_album_artists', ['album_id', 'position'], true);

    await table(
      'music_tracks',
      (t) =>
        big(
          int(
            text(t, 'name', 'name_key', 'name_terms', 'album_id', 'artists', 'artist_names', 'isrc'),
            'disc_number',
            'track_number',
            'duration_ms',
            'explicit',
            'popularity',
          ),
          'play_count',
        ),
      { num: true, link: true },
    );
    await index('music_tracks_album', 'music_tracks', ['album_id', 'disc_number', 'track_number']);
    await table('music_track_artists', (t) => int(text(t, 'track_id', 'artist_id', 'role'), 'position'), {
      link: true,
    });
    await index('music_track_artists_artist', 'music_track_artists', ['artist_id', 'position', 'track_id']);
    await index('music_tracks_suggest', 'music_tracks', ['name_key']);

    await table('music_lyrics', (t) => text(t, 'language', 'sync_type', 'provider', 'lines'));

    await table(
      'music_users',
      (t) => int(text(t, 'name', 'name_key', 'name_terms', 'images'), 'follower_count', 'following_count'),
      { num: true },
    );
    await table('music_follows', (t) => big(text(t, 'user_id', 'follower_id'), 'followed_at'), { link: true });
    await index('music_follows_followers', 'music_follows', ['user_id', 'followed_at desc', 'follower_id']);
    await index('music_follows_following', 'music_follows', ['follower_id', 'followed_at desc', 'user_id']);

    await table(
      'music_playlists',
      (t) =>
        big(
          int(
            text(
              t,
              'name',
              'name_key',
              'name_terms',
              'description',
              'owner_id',
              'owner_name',
              'artist_id',
              'genre_id',
              'images',
            ),
            'is_public',
            'collaborative',
            'total_tracks',
          ),
          'followers',
          'updated_at',
        ),
      { num: true },
    );
    await index('music_playlists_owner', 'music_playlists', ['owner_id', 'followers desc', 'id']);
    await table(
      'music_playlist_tracks',
      (t) => big(int(text(t, 'playlist_id', 'track_id', 'artist_id'), 'position'), 'added_at'),
      { link: true },
    );
    await index('music_playlist_tracks_playlist', 'music_playlist_tracks', ['playlist_id', 'position'], true);
    await index('music_playlist_tracks_track', 'music_playlist_tracks', ['track_id', 'playlist_id']);

    await table(
      'music_shows',
      (t) =>
        int(
          text(t, 'name', 'name_key', 'name_terms', 'publisher', 'description', 'language', 'media_type', 'images'),
          'explicit',
          'total_episodes',
        ),
      { num: true },
    );
    await table('music_episodes', (t) =>
      big(
        int(
          text(t, 'show_id', 'name', 'description', 'language', 'release_date', 'images', 'audio_preview_url'),
          'duration_ms',
          'explicit',
        ),
        'released_at',
      ),
    );
    await index('music_episodes_show', 'music_episodes', ['show_id', 'released_at desc', 'id']);

    await table('music_concerts', (t) =>
      big(int(text(t, 'artist_id', 'title', 'venue', 'city', 'country', 'ticket_url'), 'is_festival'), 'starts_at'),
    );
    await index('music_concerts_artist', 'music_concerts', ['artist_id', 'starts_at', 'id']);

    await table('music_genres', (t) => text(t, 'name', 'name_key', 'name_terms', 'kind', 'color', 'images'), {
      num: true,
    });

    await table('music_track_recommendations', (t) => int(text(t, 'track_id', 'recommended_id'), 'rank', 'score'), {
      link: true,
    });
    await index('music_track_recommendations_track', 'music_track_recommendations', ['track_id', 'rank'], true);
    await table('music_related_artists', (t) => int(text(t, 'artist_id', 'related_id'), 'rank', 'score'), {
      link: true,
    });
    await index('music_related_artists_artist', 'music_related_artists', ['artist_id', 'rank'], true);

    await createMusicFullText(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialectOf(db).rowidOrderedFullText) {
      for (const { fts } of SEARCHED) await sql.raw(`drop table if exists ${fts}`).execute(db);
    }
    const tables = [
      'music_related_artists',
      'music_track_recommendations',
      'music_genres',
      'music_concerts',
      'music_episodes',
      'music_shows',
      'music_playlist_tracks',
      'music_playlists',
      'music_follows',
      'music_users',
      'music_lyrics',
      'music_track_artists',
      'music_tracks',
      'music_album_artists',
      'music_albums',
      'music_artists',
    ];
    for (const name of tables) await db.schema.dropTable(name).execute();
  },
};

/** The full-text index this migration made (0009-music-search replaces it, and makes it again when undone). */
export async function createMusicFullText(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db).rowidOrderedFullText) {
    for (const { table: name, fts, columns } of SEARCHED) {
      const list = columns.join(', ');
      const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
      await sql
        .raw(`create virtual table ${fts} using fts5(${list}, tokenize = 'unicode61 remove_diacritics 0')`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${fts}_insert after insert on ${name} begin
        insert into ${fts}(rowid, ${list}) values (new.num, ${values('new')}); end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${fts}_update after update on ${name} begin
        delete from ${fts} where rowid = old.num;
        insert into ${fts}(rowid, ${list}) values (new.num, ${values('new')}); end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${fts}_delete after delete on ${name} begin
        delete from ${fts} where rowid = old.num; end`,
        )
        .execute(db);
    }
  } else {
    for (const { table: name, columns } of SEARCHED) {
      await sql`create index ${sql.id(`${name}_search`)} on ${sql.id(name)} using gin (to_tsvector('simple', ${sql.raw(columns.join(" || ' ' || "))}))`.execute(
        db,
      );
    }
  }
}
