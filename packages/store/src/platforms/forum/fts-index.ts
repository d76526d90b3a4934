import { termsOf } from '@socialquery/core';
import { type Kysely, sql } from 'kysely';
import type { RowWriter } from '../../rows/write-rows.js';
import type { Database, ForumCommentsTable, ForumPostsTable } from '../../schema.js';
import type { RowChange } from './row-change.js';
import type { SearchKind } from './search-index.js';

/**
 * The forum search index on SQLite (docs/forum-search.md, "On SQLite: FTS5"): per kind (posts,
 * comments), two contentless FTS5 tables holding the same documents, one per order a search walks,
 * whose rowid is the walk's key: `key × 2^31 + num`, the key the creation second (`…_fts_time`) or
 * the score (`…_fts_score`), and num the item's number (< 2^31). A search walks a table by rowid and
 * stops when the page is full. A document's columns are its words, core's `termsOf`, joined by
 * spaces (FTS5's `ascii` tokenizer then splits them exactly so): `title` (posts), `body`, and `meta`,
 * the filters as tokens (community, author, a comment's post, `nsfw` for a post marked over 18),
 * which a MATCH intersects with the words. The tables are contentless (`content=''`): a document
 * goes by the `delete` command with the values it was written with, which the writes here have (the
 * row as stored before them).
 */

/** rowid = key × NUM_SPAN + num. */
export const NUM_SPAN = 2 ** 31;
/** rowid & NUM_MASK = num (two's complement: also for a negative key). */
export const NUM_MASK = NUM_SPAN - 1;

export type FtsOrder = 'time' | 'score';

/**
 * The rowid of (key, num), computed by SQLite in 64-bit integers: past JavaScript's 2^53, and from
 * parameters cast to integers (better-sqlite3 binds every number as a double).
 */
export const rowidOf = (key: number, num: number) =>
  sql<number>`(cast(${key} as integer) * ${sql.lit(NUM_SPAN)} + cast(${num} as integer))`;

/** The FTS5 table of a kind and order. */
export const ftsTable = (kind: SearchKind, order: FtsOrder) =>
  `${kind === 'p' ? 'forum_posts' : 'forum_comments'}_fts_${order}`;

/** The vocabulary of a kind's words (fts5vocab, `col`: one row per word and column), over its time table. */
export const ftsVocabulary = (kind: SearchKind) => `${kind === 'p' ? 'forum_posts' : 'forum_comments'}_fts_words`;

export const FTS_ORDERS: readonly FtsOrder[] = ['time', 'score'];
export const SEARCH_KINDS: readonly SearchKind[] = ['p', 'c'];

/** A document as the tables hold it. */
export interface FtsDocument {
  num: number;
  /** The creation second and the score (held within ±2^31): the two orders' keys. */
  second: number;
  score: number;
  title: string;
  body: string;
  meta: string;
}

/** A name as one token of `meta` (letters and digits only, whatever the name): its UTF-8 bytes in hex after a letter. */
export const metaToken = (prefix: 'c' | 'a' | 'p', name: string) => prefix + Buffer.from(name, 'utf8').toString('hex');

/** The token of a post marked over 18. */
export const NSFW_TOKEN = 'nsfw';

/** A score as the score table's key holds it: within ±2^31. */
export const heldScore = (score: number) => Math.max(-NUM_SPAN, Math.min(NUM_SPAN - 1, Math.trunc(score)));

export function postDocument(post: ForumPostsTable): FtsDocument {
  const meta = [metaToken('c', post.community_key), metaToken('a', post.author_key)];
  if (Number(post.over18 ?? 0) === 1) meta.push(NSFW_TOKEN);
  return {
    num: Number(post.num),
    second: Math.floor(Number(post.created_at) / 1000),
    score: heldScore(Number(post.score)),
    title: termsOf(post.title).join(' '),
    body: termsOf(post.content).join(' '),
    meta: meta.join(' '),
  };
}

const PLACEHOLDER = /^\[[^\]]*\]$/;

/** A comment's document; none for a deleted or removed comment whose body is only the placeholder (`[deleted]`). */
export function commentDocument(comment: ForumCommentsTable): FtsDocument | undefined {
  const hidden =
    (Number(comment.deleted) === 1 || Number(comment.removed) === 1) && PLACEHOLDER.test(comment.body.trim());
  if (hidden) return undefined;
  return {
    num: Number(comment.num),
    second: Math.floor(Number(comment.created_at) / 1000),
    score: heldScore(Number(comment.score)),
    title: '',
    body: termsOf(comment.body).join(' '),
    meta: [
      metaToken('c', comment.community_key),
      metaToken('a', comment.author_key),
      metaToken('p', comment.post_id),
    ].join(' '),
  };
}

const keyOf = (document: FtsDocument, order: FtsOrder) => (order === 'time' ? document.second : document.score);

const sameIn = (order: FtsOrder, a: FtsDocument | undefined, b: FtsDocument | undefined) =>
  a === b ||
  (a?.num === b?.num &&
    a !== undefined &&
    b !== undefined &&
    keyOf(a, order) === keyOf(b, order) &&
    a.title === b.title &&
    a.body === b.body &&
    a.meta === b.meta);

/** Documents per statement: four or five values each, far below SQLite's 32,766 parameters. */
const PER_STATEMENT = 500;

export const updatePostFts = (db: RowWriter, changes: readonly RowChange<ForumPostsTable>[]) =>
  updateFts(db, 'p', changes, postDocument);

export const updateCommentFts = (db: RowWriter, changes: readonly RowChange<ForumCommentsTable>[]) =>
  updateFts(db, 'c', changes, commentDocument);

/**
 * The documents of the rows as stored before go, those of the rows as written come, in each table
 * where they differ. New documents go in rowid order: FTS5 writes its pending terms out whenever a
 * rowid is lower than the one before it in a transaction.
 */
async function updateFts<Row>(
  db: RowWriter,
  kind: SearchKind,
  changes: readonly RowChange<Row>[],
  documentOf: (row: Row) => FtsDocument | undefined,
): Promise<void> {
  const documents = changes.map(({ before, after }) => ({
    before: before ? documentOf(before) : undefined,
    after: documentOf(after),
  }));
  for (const order of FTS_ORDERS) {
    const gone: FtsDocument[] = [];
    const come: FtsDocument[] = [];
    for (const { before, after } of documents) {
      if (sameIn(order, before, after)) continue;
      if (before) gone.push(before);
      if (after) come.push(after);
    }
    const table = ftsTable(kind, order);
    await writeDocuments(db, table, order, gone, 'delete');
    await writeDocuments(db, table, order, inRowidOrder(come, order), 'insert');
  }
}

const inRowidOrder = (documents: FtsDocument[], order: FtsOrder) =>
  documents.sort((a, b) => keyOf(a, order) - keyOf(b, order) || a.num - b.num);

/** Inserts documents, or deletes them (the `delete` command, given the values they were written with). */
async function writeDocuments(
  db: RowWriter,
  table: string,
  order: FtsOrder,
  documents: readonly FtsDocument[],
  how: 'insert' | 'delete',
): Promise<void> {
  for (let start = 0; start < documents.length; start += PER_STATEMENT) {
    const rows = documents.slice(start, start + PER_STATEMENT).map((document) => {
      if (document.num < 1 || document.num > NUM_MASK)
        throw new Error(`forum search: item number ${String(document.num)} is beyond the index's 2^31 - 1`);
      const rowid = rowidOf(keyOf(document, order), document.num);
      const values = sql`${rowid}, ${document.title}, ${document.body}, ${document.meta}`;
      return how === 'delete' ? sql`('delete', ${values})` : sql`(${values})`;
    });
    const columns =
      how === 'delete' ? sql`(${sql.id(table)}, rowid, title, body, meta)` : sql`(rowid, title, body, meta)`;
    await sql`insert into ${sql.id(table)} ${columns} values ${sql.join(rows)}`.execute(db);
  }
}

/** The tables and their vocabularies (migration 0035). */
export async function createForumFts(db: Kysely<unknown>): Promise<void> {
  for (const kind of SEARCH_KINDS) {
    for (const order of FTS_ORDERS)
      await sql`create virtual table ${sql.id(ftsTable(kind, order))} using fts5(title, body, meta,
        content = '', detail = column, tokenize = 'ascii')`.execute(db);
    await sql`create virtual table ${sql.id(ftsVocabulary(kind))}
      using fts5vocab(${sql.id(ftsTable(kind, 'time'))}, 'col')`.execute(db);
  }
}

/** Items read per step of a rebuild. */
const REBUILD_BATCH = 2_000;

/** Makes the tables anew from the posts and comments (in num order, a batch at a time); returns the items read. */
export async function rebuildForumFts(db: Kysely<Database>, onProgress: (done: number) => void): Promise<number> {
  for (const kind of SEARCH_KINDS)
    for (const order of FTS_ORDERS) {
      const table = sql.id(ftsTable(kind, order));
      await sql`insert into ${table} (${table}) values ('delete-all')`.execute(db);
    }
  let done = 0;
  for (const [kind, table] of [
    ['p', 'forum_posts'],
    ['c', 'forum_comments'],
  ] as const) {
    let after = 0;
    for (;;) {
      const { rows } = await sql<ForumPostsTable & ForumCommentsTable>`select * from ${sql.table(table)}
        where num > ${after} order by num limit ${REBUILD_BATCH}`.execute(db);
      if (rows.length === 0) break;
      const changes = rows.map((row) => ({ after: row }));
      if (kind === 'p') await updatePostFts(db, changes);
      else await updateCommentFts(db, changes);
      done += rows.length;
      onProgress(done);
      after = Number(rows.at(-1)!.num);
    }
  }
  for (const kind of SEARCH_KINDS)
    for (const order of FTS_ORDERS) {
      const table = sql.id(ftsTable(kind, order));
      await sql`insert into ${table} (${table}) values ('optimize')`.execute(db);
    }
  return done;
}
