import type { Comment, CommentSort } from '@socialquery/forum';
import type {
  CommentSource,
  ForumSource,
  ReadOptions,
  RepliesOf,
  SiblingPosition,
  UserCommentsQuery,
} from '@socialquery/forum/server';
import { type Kysely, type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { dialectOf } from '../../dialect/index.js';
import { recordedJson } from '../../rows/recorded-json.js';
import type { Database, ForumCommentsTable } from '../../schema.js';
import { nameKey } from './names.js';
import { replyCountsOf } from './reply-counts.js';
import { threadVersionOf } from './thread-versions.js';
import { inTimeOrder, residual, timeOrderOf } from './time-listing.js';

const COMMENT_COLUMNS = [
  'id',
  'post_id',
  'parent_key',
  'community',
  'author',
  'body',
  'score',
  'created_at',
  'edited',
  'edited_at',
  'distinguished',
  'stickied',
  'deleted',
  'removed',
  'url',
] as const;

/** A comment row as the answers read it: the answered columns, and `extra` when the read asks for it (ReadOptions). */
type CommentRow = Pick<Selectable<ForumCommentsTable>, (typeof COMMENT_COLUMNS)[number]> & { extra?: string };

/** The column each tree order ranks siblings by (indexed after post_id, parent_key; then id). */
const KEY_COLUMN = { best: 'best', top: 'score', new: 'created_at', old: 'created_at' } as const;

/** Deepest chain of parents `depth` follows (a longer one, or a cycle in bad data, gives null). */
const DEPTH_MAX = 10_000;

/**
 * The comment operations over SQL. Every read of replies is one bounded range of a tree index
 * (post_id, parent_key, key, id), and all of a round's reads are one statement: a LATERAL join
 * where the store has it, else a UNION ALL of the ranges (a statement costs ~0.1 ms of our own
 * machinery even in-process: a page is ~100 reads in ~8 rounds). `depth` is counted up the parents.
 */
export function createSqlCommentSource(
  db: Kysely<Database>,
): CommentSource & Pick<ForumSource, 'listComments'> & { hasComments: (user: string) => Promise<boolean> } {
  const dialect = dialectOf(db);
  const lateral = dialect.lateralJoins;
  /** The answered columns of comments, and `extra` only when the read asks for it (it is most of a row's bytes). */
  const comments = (options: ReadOptions | undefined) =>
    db
      .selectFrom('forum_comments')
      .select(COMMENT_COLUMNS)
      .$if(options?.extra === true, (query) => query.select('extra'));
  return {
    async replyPositions(postId, sort, reads) {
      if (reads.length === 0) return [];
      if (lateral && reads.length > 1) return lateralReplyPositions(db, postId, sort, reads);
      return unionReplyPositions(db, postId, sort, reads);
    },
    replyCounts: (postId, parentIds) => replyCountsOf(db, postId, parentIds),
    threadVersion: (postId) => threadVersionOf(db, postId),
    async commentsByIds(ids, { depth = true, extra } = {}) {
      if (ids.length === 0) return [];
      const page = comments({ extra }).where('id', 'in', [...ids]);
      if (!depth) return (await page.execute()).map((row) => toComment(row, null));
      return withDepths(db, page);
    },
    async userComments(
      { username, window, minScore, maxScore, after, limit }: UserCommentsQuery,
      options?: ReadOptions,
    ) {
      let query = comments(options).where('author_key', '=', nameKey(username));
      if (after) query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}, ${after.id})`);
      if (window?.after) query = query.where('created_at', '>', window.after.getTime());
      if (window?.before) query = query.where('created_at', '<', window.before.getTime());
      if (minScore !== undefined) query = query.where('score', '>=', minScore);
      if (maxScore !== undefined) query = query.where('score', '<=', maxScore);
      const page = query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
      return withDepths(db, page, sql`p.created_at desc, p.id desc`);
    },
    async listComments(query, options) {
      const { postId, parentId } = query;
      // A reply is in its parent's thread, so the replies of a stored comment are one range of the
      // tree index (post_id, parent_key, created_at, id), walked in order once the parent's post_id is
      // read. Replies of a comment the store does not hold (a reply may come before its parent) have
      // no thread to read them by: parent_key then filters the walk of the listing's index. A thread's
      // comments at every level are its range of the tree index, sorted: no index orders a thread by
      // time alone, and the sort is bounded by the thread's size, not the table's.
      const threadId =
        postId ??
        (typeof parentId === 'string'
          ? (await db.selectFrom('forum_comments').select('post_id').where('id', '=', parentId).executeTakeFirst())
              ?.post_id
          : undefined);
      let listed = comments(options);
      if (threadId !== undefined) listed = listed.where('post_id', '=', threadId);
      if (parentId !== undefined) {
        // without a thread, parent_key alone is no prefix of an index: it filters the listing's walk
        const parentKey = threadId === undefined ? residual(dialect, 'parent_key') : sql.ref('parent_key');
        listed = listed.where(sql<boolean>`${parentKey} = ${parentId ?? ''}`);
      }
      return withDepths(db, inTimeOrder(dialect, listed, query), timeOrderOf(query.order, 'p'));
    },
    async threadExists(postId) {
      const [post, comment] = await Promise.all([
        db.selectFrom('forum_posts').select('id').where('id', '=', postId).executeTakeFirst(),
        db.selectFrom('forum_comments').select('id').where('post_id', '=', postId).limit(1).executeTakeFirst(),
      ]);
      return post !== undefined || comment !== undefined;
    },
    async hasComments(username) {
      const row = await db
        .selectFrom('forum_comments')
        .select('id')
        .where('author_key', '=', nameKey(username))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/**
 * Rows after a position of an order by (key, id), both descending (ascending for `old`): a row-value
 * comparison, which both planners take as the end of the index range (spelt as `key < v or (key = v
 * and id < i)`, SQLite reads it as an OR of two indexes and sorts).
 */
function pastPosition(key: RawBuilder<unknown>, sort: CommentSort, { key: value, id }: SiblingPosition) {
  return sort === 'old'
    ? sql<boolean>`(${key}, id) > (${value}, ${id})`
    : sql<boolean>`(${key}, id) < (${value}, ${id})`;
}

/** Reads per UNION ALL statement (SQLite allows 500 terms in a compound select). */
const UNION_READS = 100;

/** Several reads of replies as one statement: a UNION ALL of their bounded ranges, each tagged with its read. */
async function unionReplyPositions(
  db: Kysely<Database>,
  postId: string,
  sort: CommentSort,
  reads: readonly (RepliesOf & { limit: number })[],
): Promise<SiblingPosition[][]> {
  const positions: SiblingPosition[][] = reads.map(() => []);
  for (let start = 0; start < reads.length; start += UNION_READS) {
    const branches = reads.slice(start, start + UNION_READS).map((read, i) => {
      const key = sql.ref(KEY_COLUMN[sort]);
      const direction = sort === 'old' ? sql`asc` : sql`desc`;
      const past = read.after ? sql`and ${pastPosition(key, sort, read.after)}` : sql``;
      // each range in a subquery of its own: a compound select takes ORDER BY and LIMIT only at its end
      return sql`select ${start + i} as n, r.id, r.key from (select id, ${key} as key from forum_comments
        where post_id = ${postId} and parent_key = ${read.parentId ?? ''} ${past}
        order by ${key} ${direction}, id ${direction} limit ${read.limit}) r`;
    });
    const { rows } = await sql<{ n: number; id: string; key: number }>`${sql.join(branches, sql` union all `)}`.execute(
      db,
    );
    for (const row of rows) positions[Number(row.n)]!.push({ key: Number(row.key), id: row.id });
  }
  return positions;
}

/** Several reads of replies as one statement: each a bounded range of the tree index, joined laterally to its read. */
async function lateralReplyPositions(
  db: Kysely<Database>,
  postId: string,
  sort: CommentSort,
  reads: readonly (RepliesOf & { limit: number })[],
): Promise<SiblingPosition[][]> {
  const key = sql.ref(`c.${KEY_COLUMN[sort]}`);
  const direction = sort === 'old' ? sql`asc` : sql`desc`;
  const { rows } = await sql<{ n: number; id: string; key: number }>`
    select r.n, c.id, c.key from unnest(
      ${reads.map((read) => read.parentId ?? '')}::text[],
      ${reads.map((read) => read.after?.key ?? null)}::double precision[],
      ${reads.map((read) => read.after?.id ?? null)}::text[],
      ${reads.map((read) => read.limit)}::integer[]
    ) with ordinality as r(parent_key, after_key, after_id, size, n)
    cross join lateral (
      select c.id, ${key} as key from forum_comments c
      where c.post_id = ${postId} and c.parent_key = r.parent_key
        and (r.after_id is null or ${lateralPast(key, sort)})
      order by ${key} ${direction}, c.id ${direction}
      limit r.size
    ) c
    order by r.n`.execute(db);
  const positions: SiblingPosition[][] = reads.map(() => []);
  for (const row of rows) positions[Number(row.n) - 1]!.push({ key: Number(row.key), id: row.id });
  return positions;
}

function lateralPast(key: RawBuilder<unknown>, sort: CommentSort) {
  return sort === 'old'
    ? sql`(${key}, c.id) > (r.after_key, r.after_id)`
    : sql`(${key}, c.id) < (r.after_key, r.after_id)`;
}

/**
 * The comments `page` selects (in `order`, its own order by the columns of `p`), each with its depth:
 * the number of parents above it, followed up the chain by a recursive part of the same statement
 * (one round trip for the page and its depths); null where the chain reaches a comment the store does
 * not hold (or is longer than DEPTH_MAX).
 */
async function withDepths(
  db: Kysely<Database>,
  page: SelectQueryBuilder<Database, 'forum_comments', CommentRow>,
  order?: RawBuilder<unknown>,
): Promise<Comment[]> {
  const { rows } = await sql<CommentRow & { depth: number | string | null }>`
    with recursive p as (select * from (${page}) as page),
    up(start, parent_key, n) as (
      select id, parent_key, 1 from p where parent_key <> ''
      union all
      select up.start, c.parent_key, up.n + 1 from up join forum_comments c on c.id = up.parent_key
      where up.parent_key <> '' and up.n < ${DEPTH_MAX}
    )
    select p.*, case when p.parent_key = '' then 0 else top.n - 1 end as depth
    from p left join up top on top.start = p.id and top.parent_key = ''
    ${order ? sql`order by ${order}` : sql``}`.execute(db);
  return rows.map((row) => toComment(row, row.depth === null ? null : Number(row.depth)));
}

function toComment(row: CommentRow, depth: number | null): Comment {
  return {
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_key === '' ? null : row.parent_key,
    community: row.community,
    author: row.author,
    body: row.body,
    score: Number(row.score),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    depth,
    edited: Number(row.edited) === 1,
    editedAt: row.edited_at === null ? null : new Date(Number(row.edited_at)).toISOString(),
    distinguished: row.distinguished,
    stickied: Number(row.stickied) === 1,
    deleted: Number(row.deleted) === 1,
    removed: Number(row.removed) === 1,
    url: row.url,
    ...extraOf(row),
  };
}

/** A record's `extra` when it was read and its source recorded one (`''`: none, such as the demo's rows). */
export function extraOf(row: { extra?: string }): { extra?: Record<string, unknown> } {
  const extra = recordedJson<Record<string, unknown>>(row.extra);
  return extra ? { extra } : {};
}
