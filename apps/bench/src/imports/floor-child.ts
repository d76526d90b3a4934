#!/usr/bin/env node
/**
 * `node floor-child.js <store address> <file>`: the floor under a forum import, the store's raw
 * write speed for the very rows the import writes: the posts or comments, and their postings in
 * the forum search index (~15 a thin post), which the import must write too. (The activity and
 * term counts, a few rows per record, are left out: the floor is the faster for it.) The file is
 * read and mapped by the importer, and the postings made, before the clock starts; then, timed,
 * the rows are written the fastest way the store offers, with nothing of ours in between (no
 * Kysely, no batching logic, no counting), each table in turn:
 * - SQLite: multi-row `INSERT … ON CONFLICT DO UPDATE` statements prepared once, in one
 *   transaction, postings in key order, with each table's secondary indexes dropped first and built
 *   again before commit when it holds fewer rows than the file brings (as a bulk import does), kept
 *   otherwise; the connection's pragmas are the store's (WAL, synchronous NORMAL) and the import's
 *   page cache.
 * - PostgreSQL: `COPY <table> FROM STDIN` straight into each table, in one transaction, from
 *   COPY text encoded before the clock starts (no staging table, no upsert: empty tables).
 * Prints a ChildResult.
 */
import { findImporter, openStore, parseStoreAddress, type ImportItem, type Store } from '@socialquery/store';
import { commentPostings, copyText, inPostingKeyOrder, POSTING_KEY_COLUMNS, postPostings } from '@socialquery/store/testing';
import Database from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { startClock } from './child-result.js';

const [address, file] = process.argv.slice(2);
if (!address || !file) throw new Error('usage: floor-child.js <store address> <file>');

const importer = findImporter('forum', 'reddit-ndjson');
if (!importer) throw new Error('no forum reddit-ndjson importer');
type Row = Record<string, unknown>;
const rows: Row[] = [];
const tables = new Set<string>();
for await (const read of importer.read(file, { bytesRead: 0, totalBytes: 0 })) {
  const items: readonly ImportItem[] = 'location' in read ? [read] : read;
  for (const item of items) {
    if ('error' in item) throw new Error(`${item.location}: ${item.error}`);
    for (const row of item.rows) {
      rows.push({ ...row.values });
      tables.add(row.table);
    }
  }
}
if (rows.length === 0) throw new Error(`${file}: no rows`);
// every row of a file is of one table (forum_posts, or forum_comments for a comment dump)
const table = tables.size === 1 ? [...tables][0]! : undefined;
if (!table) throw new Error(`${file}: rows of ${[...tables].join(', ')}: the floor writes one table`);
const postings = inPostingKeyOrder(
  rows.flatMap((row) => (table === 'forum_posts' ? postPostings(row as never) : commentPostings(row as never))),
);
/** What is written, in order: the records' table, then the postings (unique by their key, as a table's rows by id). */
const writes = [
  { table, rows, columns: Object.keys(rows[0]!), key: ['id'] },
  {
    table: 'forum_search',
    rows: postings as unknown as Row[],
    columns: Object.keys(postings[0] ?? {}),
    key: [...POSTING_KEY_COLUMNS],
  },
].filter((write) => write.rows.length > 0);

const parsed = parseStoreAddress(address);
const store = await openStore(address); // the store's own schema, through its migrations
if (parsed.kind === 'sqlite') {
  await store.close();
  sqliteFloor(parsed.path);
} else {
  try {
    await postgresFloor(store.db);
  } finally {
    await store.close();
  }
}

function sqliteFloor(path: string) {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536');
    const prepared = writes.map(({ table, rows, columns, key }) => {
      const stored = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      const indexes =
        stored < rows.length
          ? (db
              .prepare(
                `select name, sql from sqlite_master where type = 'index' and tbl_name = '${table}' and sql like 'CREATE INDEX%'`,
              )
              .all() as { name: string; sql: string }[])
          : [];
      // SQLite takes at most 32,766 parameters a statement
      const perStatement = Math.floor(30_000 / columns.length);
      const tuple = `(${columns.map(() => '?').join(',')})`;
      const assignments = columns
        .filter((c) => !key.includes(c))
        .map((c) => `${c} = excluded.${c}`)
        .join(', ');
      const upsert = (n: number) =>
        db.prepare(
          `insert into ${table} (${columns.join(',')}) values ${Array<string>(n).fill(tuple).join(',')} on conflict (${key.join(', ')}) do update set ${assignments}`,
        );
      return { rows, columns, indexes, perStatement, upsert, full: upsert(perStatement) };
    });
    const clock = startClock();
    db.exec('begin');
    for (const { rows, columns, indexes, perStatement, upsert, full } of prepared) {
      for (const index of indexes) db.exec(`drop index ${index.name}`);
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        const values: unknown[] = [];
        for (const row of chunk) for (const column of columns) values.push(row[column]);
        (chunk.length === perStatement ? full : upsert(chunk.length)).run(values);
      }
      for (const index of indexes) db.exec(index.sql);
    }
    db.exec('commit');
    clock.stop(rows.length);
  } finally {
    db.close();
  }
}

async function postgresFloor(db: Store['db']) {
  const batch = 5_000;
  const copies = writes.map(({ table, rows, columns }) => {
    const texts: string[] = [];
    for (let start = 0; start < rows.length; start += batch)
      texts.push(copyText(rows.slice(start, start + batch), columns));
    return { copy: `copy ${table} (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`, texts };
  });
  const clock = startClock();
  await db.transaction().execute(async (trx) => {
    for (const { copy, texts } of copies)
      for (const text of texts) await trx.executeQuery(CompiledQuery.raw(copy, [text]));
  });
  clock.stop(rows.length);
}
