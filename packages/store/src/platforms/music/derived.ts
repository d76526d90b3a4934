import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '../../dialect/index.js';
import type { Database } from '../../schema.js';

/** Two playlist entries co-occur when at most this many positions apart. */
export const CO_OCCURRENCE_WINDOW = 2;
/** Pairs seen fewer times than this are noise, not a recommendation. */
export const MIN_CO_OCCURRENCES = 2;
/** Recommendations kept per track (the most an API call asks for). */
export const RECOMMENDATIONS_PER_TRACK = 100;
/** Related artists kept per artist. */
export const RELATED_ARTISTS_PER_ARTIST = 20;

export interface MusicDerivedReport {
  recommendations: number;
  relatedArtists: number;
}

/**
 * Recomputes the derived music tables from the playlists, in SQL, in one transaction (readers
 * see the old tables or the new ones, never a mix). Run it after loading playlists (the demo seed
 * does; so does the importer).
 *
 * Two different tracks co-occur when at most CO_OCCURRENCE_WINDOW positions apart in one
 * playlist; a pair's score is how many times that happens over all playlists, and only pairs
 * scoring MIN_CO_OCCURRENCES or more count (the others are noise).
 * - Track recommendations: a track's RECOMMENDATIONS_PER_TRACK best other tracks by score, ties
 *   by the other track's id (ascending), ranked from 1.
 * - Related artists: those pairs seen through the tracks' first artists (the entries'
 *   `artist_id`): two different artists score the sum of their track pairs' scores; the best
 *   RELATED_ARTISTS_PER_ARTIST, ties by id, ranked from 1.
 * Only portable SQL (window functions, CASE), so both stores compute identical tables.
 */
export async function recomputeMusicDerived(db: Kysely<Database>): Promise<MusicDerivedReport> {
  return db.transaction().execute((trx) => recomputeMusicDerivedIn(trx));
}

/** recomputeMusicDerived inside a transaction of the caller's (an import's: its rows and the derived tables commit together). */
export async function recomputeMusicDerivedIn(trx: Transaction<Database>): Promise<MusicDerivedReport> {
  const dialect = dialectOf(trx);
  // a full recompute of a large catalog may outlast the service's per-statement timeout, and its
  // pair counts sort and group in memory rather than in temporary files
  for (const setting of dialect.longTransactionSettings) await sql.raw(setting).execute(trx);
  const temp = (name: string, select: string) =>
    sql.raw(`create temp table ${name} ${dialect.tempTableOnCommit}as ${select}`).execute(trx);

  // every recurring pair of tracks once (lower id first), with the first artist of each
  const leads = Array.from({ length: CO_OCCURRENCE_WINDOW }, (_, i) => i + 1);
  const ahead = leads
    .map((d) => `lead(track_id, ${d}) over w as t${d}, lead(artist_id, ${d}) over w as a${d}`)
    .join(', ');
  const near = leads
    .map((d) => `select track_id as a, t${d} as b, artist_id as aa, a${d} as ab from ahead where t${d} is not null`)
    .join(' union all ');
  await temp(
    'music_track_pairs',
    `with ahead as (select track_id, artist_id, ${ahead} from music_playlist_tracks window w as (partition by playlist_id order by position)),
    near as (${near})
    select case when a < b then a else b end as x, case when a < b then b else a end as y,
      max(case when a < b then aa else ab end) as ax, max(case when a < b then ab else aa end) as ay, count(*) as score
    from near where a <> b group by 1, 2 having count(*) >= ${MIN_CO_OCCURRENCES}`,
  );
  const recommendations = await rankInto(trx, temp, {
    target: 'music_track_recommendations',
    owner: 'track_id',
    other: 'recommended_id',
    keep: RECOMMENDATIONS_PER_TRACK,
    pairs: 'select x, y, score from music_track_pairs',
  });
  const relatedArtists = await rankInto(trx, temp, {
    target: 'music_related_artists',
    owner: 'artist_id',
    other: 'related_id',
    keep: RELATED_ARTISTS_PER_ARTIST,
    pairs: `select case when ax < ay then ax else ay end as x, case when ax < ay then ay else ax end as y, sum(score) as score
      from music_track_pairs where ax <> ay group by 1, 2`,
  });
  await sql.raw(`drop table ${dialect.tempSchema}music_track_pairs`).execute(trx);
  return { recommendations, relatedArtists };
}

/** Replaces `target` with each owner's `keep` best others from `pairs` (x < y, score; taken both ways), by score descending, then the other's id. */
async function rankInto(
  trx: Transaction<Database>,
  temp: (name: string, select: string) => Promise<unknown>,
  spec: { target: string; owner: string; other: string; keep: number; pairs: string },
): Promise<number> {
  await sql.raw(`delete from ${spec.target}`).execute(trx);
  await temp('music_scored', spec.pairs);
  const directed = 'select x, y, score from music_scored union all select y, x, score from music_scored';
  const result = await sql
    .raw(
      `insert into ${spec.target} (id, ${spec.owner}, ${spec.other}, rank, score)
    select x || ':' || rank, x, y, rank, score
    from (select x, y, score, row_number() over (partition by x order by score desc, y) as rank from (${directed}) directed) ranked
    where rank <= ${spec.keep}`,
    )
    .execute(trx);
  await sql.raw(`drop table ${dialectOf(trx).tempSchema}music_scored`).execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
