import type { ForumSort, Post } from '@socialquery/forum';
import type {
  CommunityPostsQuery,
  ForumSource,
  SearchHit,
  PostPosition,
  ReadOptions,
  UserPostsQuery,
} from '@socialquery/forum/server';
import { laterOf } from '@socialquery/core/server';
import { hotScore, RISING_MIN_AGE_MS } from '@socialquery/forum/server';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { historyReader } from '../../rows/observations.js';
import { forumObserved } from './observed.js';
import type { Database, ForumPostsTable } from '../../schema.js';
import { createSqlAggregateSource } from './aggregate-source.js';
import { createSqlCommentSource, extraOf } from './comments-source.js';
import { createFtsSearchSource } from './fts-search-source.js';
import { createSqlSearchSource, type SearchHits } from './search-source.js';
import { dialectOf } from '../../dialect/index.js';
import { nameKey } from './names.js';
import { userInteractionsOf } from './interactions.js';
import { inTimeOrder } from './time-listing.js';

const POST_COLUMNS = [
  'id',
  'title',
  'content',
  'author',
  'community',
  'upvotes',
  'downvotes',
  'score',
  'comment_count',
  'created_at',
  'url',
] as const;

/** A post row as the answers read it: the answered columns, and `extra` when the read asks for it (ReadOptions). */
type PostRow = Pick<Selectable<ForumPostsTable>, (typeof POST_COLUMNS)[number]> & { extra?: string };

/**
 * ForumSource over SQL. Every listing is one index range scan (see the migration's indexes). The
 * caller's filters stay inside those ranges: a time window narrows the created_at range of `new` and
 * of user posts, `minScore` the score range of `top`; elsewhere they filter the rows of the sort's range.
 * `top` over a time window reads whichever index suits the window's size (SORTED_WINDOW_MAX). A later
 * page (`startAfter`, what the listings' cursors carry) is the upper end of the same range
 * (pastPosition), so page 1000 costs what page 1 costs; rising, ranked by an expression of the moment,
 * sorts its 24 hours' range on every page.
 */
export function createSqlForumSource(db: Kysely<Database>): ForumSource {
  const { hasComments, ...comments } = createSqlCommentSource(db);
  const dialect = dialectOf(db);
  const search = dialect.rowidOrderedFullText ? createFtsSearchSource(db) : createSqlSearchSource(db);
  /** The answered columns of posts, and `extra` only when the read asks for it (it is most of a row's bytes). */
  const posts = (options: ReadOptions | undefined) =>
    db
      .selectFrom('forum_posts')
      .select(POST_COLUMNS)
      .$if(options?.extra === true, (query) => query.select('extra'));
  const postsByIds = async (ids: readonly string[], options?: ReadOptions) => {
    if (ids.length === 0) return [];
    // primary-key lookups; ids compare exactly (text equality is binary on both dialects)
    const rows = await posts(options)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toPost);
  };
  return {
    ...comments,
    history: historyReader(db, forumObserved),
    async searchPosts(query, options) {
      const found = await search.searchPostIds(query);
      return withItems(
        found,
        await postsByIds(
          found.map((hit) => hit.id),
          options,
        ),
      );
    },
    async searchComments(query, options) {
      const found = await search.searchCommentIds(query);
      return withItems(
        found,
        await comments.commentsByIds(
          found.map((hit) => hit.id),
          { extra: options?.extra },
        ),
      );
    },
    wordsWithPrefix: (kind, prefix, limit) => search.wordsWithPrefix(kind === 'posts' ? 'p' : 'c', prefix, limit),
    ...createSqlAggregateSource(db),
    async communityPosts(
      {
        community,
        order,
        createdAfter,
        createdUntil,
        window,
        minScore,
        maxScore,
        startAfter,
        limit,
      }: CommunityPostsQuery,
      options?: ReadOptions,
    ) {
      const community_key = nameKey(community);
      // the sort's window and the caller's: one range on created_at (both lower bounds exclusive: the later one holds)
      const after = laterOf(createdAfter, window?.after);
      const timeBounds = (created: RawBuilder<number>) => [
        ...(after ? [sql<boolean>`${created} > ${after.getTime()}`] : []),
        ...(createdAfter ? [sql<boolean>`${created} <= ${createdUntil.getTime()}`] : []),
        ...(window?.before ? [sql<boolean>`${created} < ${window.before.getTime()}`] : []),
      ];
      const timed = timeBounds(CREATED_AT);
      // top over a window: either index may serve it, so the one not chosen is kept out of the planner's reach
      const topRead =
        order !== 'top' || timed.length === 0
          ? undefined
          : (await windowCount(db, community_key, timed)) >= SORTED_WINDOW_MAX
            ? 'walk scores'
            : 'sort window';
      let query = posts(options).where('community_key', '=', community_key);
      for (const bound of topRead === 'walk scores' ? timeBounds(UNINDEXED_CREATED_AT) : timed)
        query = query.where(bound);
      const score = topRead === 'sort window' ? UNINDEXED_SCORE : SCORE;
      if (minScore !== undefined) query = query.where(sql<boolean>`${score} >= ${minScore}`);
      if (maxScore !== undefined) query = query.where(sql<boolean>`${score} <= ${maxScore}`);
      const now = createdUntil.getTime();
      const key = sortKey(order, now, score);
      if (startAfter) query = query.where(pastPosition(key.expression, key.of(startAfter), startAfter.id));
      query = query.orderBy(key.expression, 'desc');
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toPost);
    },
    async userPosts(
      { username, window, minScore, maxScore, startAfter, limit }: UserPostsQuery,
      options?: ReadOptions,
    ) {
      let query = posts(options).where('author_key', '=', nameKey(username));
      if (startAfter)
        query = query.where(pastPosition(sql<number>`created_at`, Date.parse(startAfter.createdAt), startAfter.id));
      if (window?.after) query = query.where('created_at', '>', window.after.getTime());
      if (window?.before) query = query.where('created_at', '<', window.before.getTime());
      if (minScore !== undefined) query = query.where('score', '>=', minScore);
      if (maxScore !== undefined) query = query.where('score', '<=', maxScore);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toPost);
    },
    postsByIds,
    async listPosts(query, options) {
      // over18 has no index: it filters the rows of the listing's range, as score does
      let listed = posts(options);
      if (query.over18 !== undefined) listed = listed.where('over18', '=', query.over18 ? 1 : 0);
      const rows = await inTimeOrder(dialect, listed, query).execute();
      return rows.map(toPost);
    },
    userInteractions: (query) => userInteractionsOf(db, query),
    communityExists: (community) => exists(db, 'community_key', nameKey(community)),
    userExists: async (username) => (await exists(db, 'author_key', nameKey(username))) || hasComments(username),
  };
}

const CREATED_AT = sql<number>`created_at`;
const SCORE = sql<number>`score`;
/** The same columns as expressions no planner matches to an index (unary plus): they keep a query off that index. */
const UNINDEXED_CREATED_AT = sql<number>`+created_at`;
const UNINDEXED_SCORE = sql<number>`+score`;

/**
 * `top` over a time window can be read two ways: the window's range of the time index, sorted by
 * score (costs the window's size), or the score index from the top, skipping posts outside the
 * window (costs about limit × community size / window size). Which is cheaper depends on how many of
 * the community's posts the window holds, which neither planner can tell (SQLite has no statistics
 * unless ANALYZEd, and neither knows how score and time relate: a week of a large community made the
 * sorted range 12× slower at demo scale 100 than at scale 1, and an ANALYZEd SQLite walked the score
 * index for an hour's few posts). So the source counts the window, up to this many posts (an
 * index-only range): below it the window is sorted, from it on the score index is walked.
 */
const SORTED_WINDOW_MAX = 1_000;

/** The community's posts within the time bounds, counted up to SORTED_WINDOW_MAX. */
async function windowCount(
  db: Kysely<Database>,
  community_key: string,
  bounds: RawBuilder<boolean>[],
): Promise<number> {
  let window = db.selectFrom('forum_posts').select('id').where('community_key', '=', community_key);
  for (const bound of bounds) window = window.where(bound);
  const { n } = await db
    .selectFrom(window.limit(SORTED_WINDOW_MAX).as('w'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Each order's sort key: the SQL that ranks rows, and the same value computed from a post (for a
 * keyset position). hot is the stored hotScore; rising is score per millisecond of age, age floored
 * (the constant factor of hours is dropped), computed alike in SQL and here in double precision.
 * `score` is the column as `top` reads it (UNINDEXED_SCORE keeps a sorted window off the score index).
 */
function sortKey(
  order: ForumSort,
  now: number,
  score = SCORE,
): { expression: RawBuilder<number>; of: (post: PostPosition) => number } {
  switch (order) {
    case 'hot':
      return { expression: sql<number>`hot`, of: (post) => hotScore(post.score, Date.parse(post.createdAt)) };
    case 'new':
      return { expression: sql<number>`created_at`, of: (post) => Date.parse(post.createdAt) };
    case 'top':
      return { expression: score, of: (post) => post.score };
    case 'rising': {
      const age = sql`case when ${now} - created_at < ${RISING_MIN_AGE_MS} then ${RISING_MIN_AGE_MS} else ${now} - created_at end`;
      return {
        expression: sql<number>`cast(score as double precision) / (${age})`,
        of: (post) => post.score / Math.max(now - Date.parse(post.createdAt), RISING_MIN_AGE_MS),
      };
    }
  }
}

/**
 * Rows after a keyset position of an order by (key desc, id desc). Spelt with `key <=` first so that
 * both planners take it as the upper end of the index range (an `a < x or (a = x and …)` alone is a
 * filter, and every page would scan the range from its start).
 */
const pastPosition = (key: RawBuilder<number>, value: number, id: string) =>
  sql<boolean>`(${key} <= ${value} and (${key} < ${value} or id < ${id}))`;

/** A search's hits with their records, in the hits' order; a hit with no record is left out. */
function withItems<T extends { id: string }>(found: SearchHits, records: readonly T[]): SearchHit<T>[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  return found.flatMap(({ id, position }) => {
    const item = byId.get(id);
    return item ? [{ item, position }] : [];
  });
}

async function exists(db: Kysely<Database>, column: 'community_key' | 'author_key', key: string) {
  const row = await db.selectFrom('forum_posts').select('id').where(column, '=', key).limit(1).executeTakeFirst();
  return row !== undefined;
}

function toPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    author: row.author,
    community: row.community,
    upvotes: Number(row.upvotes),
    downvotes: Number(row.downvotes),
    score: Number(row.score),
    commentCount: Number(row.comment_count),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    url: row.url,
    ...extraOf(row),
  };
}
