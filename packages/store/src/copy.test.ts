import { sql } from 'kysely';
import { copiedTables, copyStore, type CopyProgress, INDEXES, unfinishedCopyOf } from './copy.js';
import { secondaryIndexes } from './rows/secondary-indexes.js';
import * as musicDemo from './platforms/music/demo.js';
import { recomputeMusicDerived } from './platforms/music/derived.js';
import { type MusicWrittenTable, upsertMusicRows } from './platforms/music/rows.js';
import type { Database } from './schema.js';
import { demoSets } from './seed.js';
import { openStore, type Store } from './store.js';
import { forumSearchEntries, openTestStore } from './testing.js';

const NOW = new Date('2026-02-01T00:00:00.000Z');

/**
 * The head of every music demo table (the whole catalog is 1.2 M rows: too slow to copy in a unit
 * test), and the derived tables computed from it. Rows may point at rows left out: copying does
 * not care, it copies what is there.
 */
async function seedMusicSample(store: Store) {
  const options = { now: NOW, scale: 1 };
  const head = <T>(rows: Iterable<T>, n = 400): T[] => {
    const out: T[] = [];
    for (const row of rows) if (out.push(row) >= n) break;
    return out;
  };
  const tables: { [T in MusicWrittenTable]?: Iterable<Database[T]> } = {
    music_genres: musicDemo.musicDemoGenres(),
    music_artists: musicDemo.musicDemoArtists(options),
    music_albums: musicDemo.musicDemoAlbums(options),
    music_album_artists: musicDemo.musicDemoAlbumArtists(options),
    music_tracks: musicDemo.musicDemoTracks(options),
    music_track_artists: musicDemo.musicDemoTrackArtists(options),
    music_lyrics: musicDemo.musicDemoLyrics(options),
    music_users: musicDemo.musicDemoUsers(options),
    music_follows: musicDemo.musicDemoFollows(options),
    music_playlists: musicDemo.musicDemoPlaylists(options),
    music_playlist_tracks: musicDemo.musicDemoPlaylistTracks(options),
    music_shows: musicDemo.musicDemoShows(options),
    music_episodes: musicDemo.musicDemoEpisodes(options),
    music_concerts: musicDemo.musicDemoConcerts(options),
  };
  for (const [table, rows] of Object.entries(tables)) {
    await upsertMusicRows(
      store.db,
      table as MusicWrittenTable,
      head(rows as Iterable<never>, table === 'music_playlist_tracks' ? 4_000 : 400),
    );
  }
  await recomputeMusicDerived(store.db);
}

/** Copies from SQLite into a store of the run's kind (SQLite, or PostgreSQL in the postgres project). */
describe('copyStore', () => {
  let from: Store;
  let to: Store;
  beforeAll(async () => {
    from = await openStore('sqlite::memory:');
    to = await openTestStore();
    // every set but music; forum and video at a fraction (1,424 posts: still two copy batches and a
    // rest), as at full scale they and their search postings took over 3 minutes to copy into
    // PostgreSQL on CI's two busy cores
    await from.seedDemo({
      now: NOW,
      only: demoSets.map((set) => set.name).filter((name) => name !== 'music'),
      scales: { forum: 0.15, video: 0.1 },
    });
    await seedMusicSample(from);
    // a tenth of the largest tables of the sets seeded whole (copying does not care what rows point at):
    // each still more than one copy batch, at a fraction of the copy's time
    for (const table of ['microblog_messages', 'microblog_follows', 'shortvideo_comments'] as const)
      await sql`delete from ${sql.table(table)} where rowid % 10 <> 0`.execute(from.db);
    // counts over time (the demo has none): past one copy batch, several of one record, keyed by all three columns
    await from.db
      .insertInto('observations')
      .values(
        Array.from({ length: 1_203 }, (_, i) => ({
          item_table: i % 2 === 0 ? 'forum_posts' : 'video_videos',
          item_id: `item${i % 7}`,
          observed_at: NOW.getTime() - i * 60_000,
          counts: JSON.stringify({ score: i }),
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await from.close();
    await to.close();
  });

  const tablesOf = async (store: Store) => ({
    posts: await store.db.selectFrom('forum_posts').selectAll().orderBy('id').execute(),
    comments: await store.db.selectFrom('forum_comments').selectAll().orderBy('id').execute(),
    credentials: await store.db.selectFrom('credentials').selectAll().orderBy('id').execute(),
    settings: await store.db.selectFrom('settings').selectAll().orderBy('key').execute(),
    microblogUsers: await store.db.selectFrom('microblog_users').selectAll().orderBy('id').execute(),
    microblogMessages: await store.db.selectFrom('microblog_messages').selectAll().orderBy('id').execute(),
    microblogFollows: await store.db.selectFrom('microblog_follows').selectAll().orderBy('id').execute(),
    shortvideoVideos: await store.db.selectFrom('shortvideo_videos').selectAll().orderBy('id').execute(),
    shortvideoComments: await store.db.selectFrom('shortvideo_comments').selectAll().orderBy('id').execute(),
    professionalCompanies: await store.db.selectFrom('professional_companies').selectAll().orderBy('id').execute(),
    professionalProfiles: await store.db.selectFrom('professional_profiles').selectAll().orderBy('id').execute(),
    professionalPositions: await store.db.selectFrom('professional_positions').selectAll().orderBy('id').execute(),
    videoChannels: await store.db.selectFrom('video_channels').selectAll().orderBy('id').execute(),
    videoVideos: await store.db.selectFrom('video_videos').selectAll().orderBy('id').execute(),
    videoChartEntries: await store.db.selectFrom('video_chart_entries').selectAll().orderBy('id').execute(),
    videoComments: await store.db.selectFrom('video_comments').selectAll().orderBy('id').execute(),
    observations: (
      await store.db
        .selectFrom('observations')
        .selectAll()
        .orderBy('item_table')
        .orderBy('item_id')
        .orderBy('observed_at')
        .execute()
    ).map((row) => ({ ...row, observed_at: Number(row.observed_at) })),
    ...Object.fromEntries(
      await Promise.all(
        copiedTables
          .filter(({ table }) => table.startsWith('music_'))
          .map(
            async ({ table }) => [table, await store.db.selectFrom(table).selectAll().orderBy('id').execute()] as const,
          ),
      ),
    ),
  });

  /**
   * Every table's rows, each as JSON with its columns in name order: jest compares strings far
   * faster than it deep-compares tens of thousands of objects, and a diff still names the row.
   */
  const rowsOf = async (store: Store) =>
    Object.fromEntries(
      Object.entries(await tablesOf(store)).map(([table, rows]) => [
        table,
        (rows as object[]).map((row) => JSON.stringify(row, Object.keys(row).sort())),
      ]),
    );

  /** Tables the store derives from others' rows: not copied, made again by the copy's writes. */
  const DERIVED = [
    'video_search',
    'video_search_terms',
    'music_search',
    'music_search_terms',
    'forum_search',
    'forum_search_terms',
    'forum_reply_counts',
    'forum_activity',
    'forum_activity_authors',
  ];
  /** Derived too, but counted by the store's own writes (a thread's version): not the same in a copy. */
  const WRITE_COUNTERS = ['forum_thread_versions'];
  const derivedRows = async (store: Store, table: string) =>
    table === 'forum_search' || table === 'forum_search_terms'
      ? // the forum's index: a posting table on PostgreSQL, FTS5 tables on SQLite (the copy may be between them)
        table === 'forum_search'
        ? await forumSearchEntries(store.db)
        : []
      : (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db)).rows
          .map((row) => JSON.stringify(Object.values(row).map(String)))
          .sort();

  it('copies every table the migrations create (a platform cannot be forgotten)', async () => {
    const tables = (await from.db.introspection.getTables()).map((t) => t.name);
    // SQLite's full-text tables are filled by triggers from the rows copied, the search index by the
    // writes of the rows it indexes (checked below); migrations bookkeeping is the target's own
    const own = tables.filter(
      (name) =>
        !/_fts(_|$)/.test(name) &&
        !DERIVED.includes(name) &&
        !WRITE_COUNTERS.includes(name) &&
        !name.startsWith('schema_migrations') &&
        !name.startsWith('sqlite_'),
    );
    expect(own.sort()).toEqual(copiedTables.map((t) => t.table).sort());
  });

  /** Every secondary index of the store, by name, with its definition. */
  const indexesOf = async (store: Store, options: { unique?: boolean } = {}) => {
    const tables = (await store.db.introspection.getTables()).map(({ name }) => name);
    const indexes = (await Promise.all(tables.map((table) => secondaryIndexes(store.db, table, options)))).flat();
    return Object.fromEntries(indexes.map(({ name, definition }) => [name, definition]));
  };
  const pendingIndexes = async (store: Store) =>
    (await store.db.selectFrom('settings').select('value').where('key', '=', 'copy_pending_indexes').execute()).length;

  it('copies every row of every table, identical, with progress; credentials and the token secret keep working', async () => {
    const indexesBefore = await indexesOf(to);
    const setAside = Object.keys(await indexesOf(to, { unique: false })).length;
    expect(setAside).toBeLessThan(Object.keys(indexesBefore).length);
    expect(Object.keys(indexesBefore)).toEqual(
      expect.arrayContaining(['video_search_time', 'forum_posts_community_hot']),
    );
    const key = await from.credentials.create('api-key', 'carried over');
    const secret = await from.settings.cursorSecret();
    const progress: CopyProgress[] = [];
    const counts = await copyStore(from.db, to.db, (p) => progress.push(p));
    const source = await tablesOf(from);
    expect(counts).toEqual({
      forum_posts: source.posts.length,
      forum_comments: source.comments.length,
      credentials: 1,
      settings: 1,
      sync_targets: 0,
      sync_lease: 0,
      observations: source.observations.length,
      microblog_users: source.microblogUsers.length,
      microblog_messages: source.microblogMessages.length,
      microblog_follows: source.microblogFollows.length,
      shortvideo_videos: source.shortvideoVideos.length,
      shortvideo_comments: source.shortvideoComments.length,
      professional_companies: source.professionalCompanies.length,
      professional_profiles: source.professionalProfiles.length,
      professional_positions: source.professionalPositions.length,
      video_channels: source.videoChannels.length,
      video_videos: source.videoVideos.length,
      video_chart_entries: source.videoChartEntries.length,
      video_comments: source.videoComments.length,
      ...Object.fromEntries(
        copiedTables
          .filter(({ table }) => table.startsWith('music_'))
          .map(({ table }) => [table, (source as Record<string, unknown[]>)[table]!.length]),
      ),
    });
    expect((source as Record<string, unknown[]>).music_playlist_tracks!.length).toBeGreaterThan(1_000);
    // the demo's histories and the 1,203 readings written above
    expect(source.observations.length).toBeGreaterThan(1_203);
    expect(source.microblogMessages.length).toBeGreaterThan(0);
    expect(source.shortvideoComments.length).toBeGreaterThan(0);
    expect(await rowsOf(to)).toEqual(await rowsOf(from));
    for (const table of DERIVED) expect(await derivedRows(to, table)).toEqual(await derivedRows(from, table));
    // every thread the copy wrote has a version of the copy's own
    const threadsOf = async (store: Store, table: 'forum_comments' | 'forum_thread_versions') =>
      (await store.db.selectFrom(table).select('post_id').distinct().orderBy('post_id').execute()).map(
        (r) => r.post_id,
      );
    expect(await threadsOf(to, 'forum_thread_versions')).toEqual(await threadsOf(from, 'forum_comments'));
    expect(await to.credentials.check(key.secret, 'api-key')).toBe(key.id);
    expect(await to.settings.cursorSecret()).toBe(secret);
    const forum = progress.filter((p) => p.table === 'forum_posts');
    expect(forum[0]).toEqual({ table: 'forum_posts', copied: 0, total: source.posts.length });
    expect(forum.at(-1)).toEqual({ table: 'forum_posts', copied: source.posts.length, total: source.posts.length });
    expect(forum.length).toBeGreaterThan(2);
    // the secondary indexes, set aside during the copy, are built last, every one as it was
    const built = progress.filter((p) => p.table === INDEXES);
    expect(progress.at(-1)).toEqual({ table: INDEXES, copied: built.length - 1, total: built.length - 1 });
    expect(built.length - 1).toBe(setAside);
    expect(await indexesOf(to)).toEqual(indexesBefore);
    expect(await pendingIndexes(to)).toBe(0);

    const sameQuery = {
      community: 'cooking',
      order: 'hot' as const,
      createdUntil: new Date('2026-02-01T00:00:00.000Z'),
      limit: 50,
    };
    expect(await to.forum.communityPosts(sameQuery)).toEqual(await from.forum.communityPosts(sameQuery));
    // the copied videos are searchable (SQLite's full-text table follows its triggers; PostgreSQL's index the rows)
    const videoQuery = {
      terms: ['recipe'],
      since: 0,
      until: Date.parse('2026-02-01T00:00:00.000Z'),
      type: 'VIDEO' as const,
      geoCode: 'US' as const,
      offset: 0,
      limit: 20,
    };
    const [copied, original] = [await to.video.search(videoQuery), await from.video.search(videoQuery)];
    expect(copied.total).toBe(original.total);
    expect(copied.total).toBeGreaterThan(100);
  });

  // one re-run proves both (a copy of every table takes minutes on a busy PostgreSQL)
  it('a copy killed while the indexes were set aside: its re-run builds them, and changes no row (upsert by key)', async () => {
    const before = await rowsOf(to);
    const indexes = await indexesOf(to);
    const [name, definition] = Object.entries(indexes).find(([name]) => name === 'forum_posts_community_hot')!;
    // what a killed copy leaves: the index dropped, its definition in the target's settings
    await to.db
      .insertInto('settings')
      .values({ key: 'copy_pending_indexes', value: JSON.stringify([{ name, definition }]) })
      .execute();
    await sql`drop index ${sql.id(name)}`.execute(to.db);
    expect(Object.keys(await indexesOf(to))).not.toContain(name);
    await copyStore(from.db, to.db);
    expect(await indexesOf(to)).toEqual(indexes);
    expect(await pendingIndexes(to)).toBe(0);
    expect(await rowsOf(to)).toEqual(before);
  });
});

describe('copyStore, stopped part-way', () => {
  let from: Store;
  let to: Store;
  beforeAll(async () => {
    from = await openStore('sqlite::memory:');
    to = await openTestStore();
    // ~2,800 comments: three copy batches
    await from.seedDemo({ now: NOW, only: ['forum'], scales: { forum: 0.05 } });
  });
  afterAll(async () => {
    await from.close();
    await to.close();
  });

  const ids = async (store: Store, table: 'forum_posts' | 'forum_comments') =>
    (await store.db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);

  it('keeps a checkpoint with each batch, and its re-run from the same source goes on after it', async () => {
    const comments = await ids(from, 'forum_comments');
    expect(comments.length).toBeGreaterThan(2_000);
    const stop = new Error('stopped');
    await expect(
      copyStore(
        from.db,
        to.db,
        ({ table, copied }) => {
          if (table === 'forum_comments' && copied === 2_000) throw stop;
        },
        { source: 'sqlite:the-source.db' },
      ),
    ).rejects.toBe(stop);
    // every batch that was written, and nothing after it
    expect(await ids(to, 'forum_posts')).toEqual(await ids(from, 'forum_posts'));
    expect(await ids(to, 'forum_comments')).toEqual(comments.slice(0, 2_000));
    expect(await unfinishedCopyOf(to.db)).toBe('sqlite:the-source.db');

    // a row the stopped copy wrote, changed since: a re-run that started over would write it back
    const urlOfFirst = () =>
      to.db.selectFrom('forum_comments').select('url').where('id', '=', comments[0]!).executeTakeFirstOrThrow();
    const { url } = await urlOfFirst();
    await to.db.updateTable('forum_comments').set({ url: 'changed' }).where('id', '=', comments[0]!).execute();
    const progress: CopyProgress[] = [];
    const counts = await copyStore(from.db, to.db, (p) => progress.push(p), { source: 'sqlite:the-source.db' });
    expect(await ids(to, 'forum_comments')).toEqual(comments);
    expect(await urlOfFirst()).toEqual({ url: 'changed' });
    expect(progress.some(({ table }) => table === 'forum_posts')).toBe(false);
    expect(progress.find(({ table }) => table === 'forum_comments')).toEqual({
      table: 'forum_comments',
      copied: 2_000,
      total: comments.length,
    });
    expect(counts.forum_comments).toBe(comments.length);
    expect(await unfinishedCopyOf(to.db)).toBeUndefined();

    // from another source, a re-run starts over
    await copyStore(
      from.db,
      to.db,
      ({ table, copied }) => {
        if (table === 'forum_comments' && copied === 1_000) throw stop;
      },
      { source: 'sqlite:the-source.db' },
    ).catch(() => undefined);
    await copyStore(from.db, to.db, () => {}, { source: 'sqlite:another.db' });
    expect(await ids(to, 'forum_comments')).toEqual(comments);
    expect(await urlOfFirst()).toEqual({ url });
    expect(await unfinishedCopyOf(to.db)).toBeUndefined();
  });
});
