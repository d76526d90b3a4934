#!/usr/bin/env node
/**
 * `node floor-child.js <store address> <file> <platform> <format>`: the floor under an import, the
 * store's raw write speed for the very rows the import writes: the records' rows (a forum post or
 * comment; a video and its channel; a track with its album, artists and credits) and their postings
 * in the search index (~8 a video, ~9 a track; a forum item's words on PostgreSQL), or on SQLite a
 * forum item's two FTS5 documents (the store's fts-index.ts), which the import must write too.
 * (The term and activity counts, a few rows per record, are left out: the floor is the faster for
 * it.) The file is read and mapped by the importer, rows of one id merged as a later upsert would
 * (the last wins), numbered, and the postings made, before the clock starts; then, timed, the rows
 * are written the fastest way the store offers, with nothing of ours in between (no Kysely, no
 * batching logic, no counting), each table in turn:
 * - SQLite: multi-row `INSERT … ON CONFLICT DO UPDATE` statements prepared once, in one
 *   transaction, postings in key order, FTS5 documents in rowid order after the rows, with each table's secondary indexes dropped first and built
 *   again before commit when it holds fewer rows than the file brings (as a bulk import does), kept
 *   otherwise; the connection's pragmas are the store's (WAL, synchronous NORMAL) and the import's
 *   page cache.
 * - PostgreSQL: `COPY <table> FROM STDIN` straight into each table, in one transaction, from
 *   COPY text encoded before the clock starts (no staging table, no upsert: empty tables).
 * Prints a ChildResult whose records are the file's records (as the import counts them).
 */
import { findImporter, openStore, parseStoreAddress, type ImportItem, type Store } from '@socialquery/store';
import { copyText, forumFtsDocuments, SEARCH_INDEX_WRITES } from '@socialquery/store/testing';
import Database from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { startClock, storeSize } from './child-result.js';

const [address, file, platform, format] = process.argv.slice(2);
if (!address || !file || !platform || !format)
  throw new Error('usage: floor-child.js <store address> <file> <platform> <format>');

const importer = findImporter(platform, format);
if (!importer) throw new Error(`no ${platform} ${format} importer`);
type Row = Record<string, unknown>;
/** Rows by table and id, in the order first read. */
const tables = new Map<string, Map<string, Row>>();
let records = 0;
for await (const read of importer.read(file, { bytesRead: 0, totalBytes: 0 })) {
  const items: readonly ImportItem[] = 'location' in read ? [read] : read;
  for (const item of items) {
    if ('error' in item) throw new Error(`${item.location}: ${item.error}`);
    records += 1;
    for (const row of item.rows) {
      const rows = tables.get(row.table) ?? tables.set(row.table, new Map()).get(row.table)!;
      rows.set(String(row.values.id), { ...row.values });
    }
  }
}
if (records === 0) throw new Error(`${file}: no records`);
// a searchable table's rows carry their document number (the import gives new rows the next free ones)
for (const rows of tables.values()) {
  let num = 0;
  for (const row of rows.values()) if ('num' in row) row.num = ++num;
}
/** What is written, in order: each table's rows, then the postings of each search index they feed (unique by key, as rows by id). */
const writes = [...tables].map(([table, rows]) => {
  const list = [...rows.values()];
  return { table, rows: list, columns: Object.keys(list[0]!), key: ['id'] };
});
const store = await openStore(address); // the store's own schema, through its migrations
// where the store has a full-text engine walked in rowid order (SQLite's FTS5) the forum's index is
// its tables (their documents below), elsewhere a posting table
const forumFts = store.dialect.rowidOrderedFullText;
for (const [table, index] of Object.entries(SEARCH_INDEX_WRITES)) {
  if (forumFts && table === 'forum_search') continue;
  const postings: object[] = [];
  for (const [source, rows] of tables)
    for (const row of rows.values()) postings.push(...(index.postingsOf(source, row) ?? []));
  if (postings.length === 0) continue;
  const rows = index.inKeyOrder(postings) as Row[];
  writes.push({ table, rows, columns: Object.keys(rows[0]!), key: [...index.key] });
}

/** The forum's FTS5 documents (SQLite), by table, in rowid order. */
const documents = new Map<string, ReturnType<typeof forumFtsDocuments>>();
if (forumFts)
  for (const [source, rows] of tables)
    for (const row of rows.values())
      for (const document of forumFtsDocuments(source, row))
        (documents.get(document.table) ?? documents.set(document.table, []).get(document.table)!).push(document);
for (const list of documents.values()) list.sort((a, b) => (a.rowid < b.rowid ? -1 : a.rowid > b.rowid ? 1 : 0));

const parsed = parseStoreAddress(address);
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
      // a table whose every column is its key (music's postings) has nothing to update
      const conflict = assignments === '' ? 'do nothing' : `do update set ${assignments}`;
      const upsert = (n: number) =>
        db.prepare(
          `insert into ${table} (${columns.join(',')}) values ${Array<string>(n).fill(tuple).join(',')} on conflict (${key.join(', ')}) ${conflict}`,
        );
      return { rows, columns, indexes, perStatement, upsert, full: upsert(perStatement) };
    });
    const FTS_PER_STATEMENT = 500;
    const ftsStatements = new Map<string, Database.Statement>();
    const ftsStatement = (table: string, n: number) => {
      const key = `${table}:${n}`;
      let statement = ftsStatements.get(key);
      if (!statement) {
        statement = db.prepare(
          `insert into ${table} (rowid, title, body, meta) values ${Array<string>(n).fill('(?,?,?,?)').join(',')}`,
        );
        ftsStatements.set(key, statement);
      }
      return statement;
    };
    const ftsInserts = [...documents];
    const pages = () =>
      (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    const before = pages();
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
    for (const [table, list] of ftsInserts) {
      for (let start = 0; start < list.length; start += FTS_PER_STATEMENT) {
        const chunk = list.slice(start, start + FTS_PER_STATEMENT);
        const values: unknown[] = [];
        for (const d of chunk) values.push(d.rowid, d.title, d.body, d.meta);
        (chunk.length === FTS_PER_STATEMENT
          ? ftsStatement(table, FTS_PER_STATEMENT)
          : ftsStatement(table, chunk.length)
        ).run(values);
      }
    }
    db.exec('commit');
    clock.stop(records, pages() - before);
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
  const before = await storeSize(db, 'postgres');
  const clock = startClock();
  await db.transaction().execute(async (trx) => {
    for (const { copy, texts } of copies)
      for (const text of texts) await trx.executeQuery(CompiledQuery.raw(copy, [text]));
  });
  clock.stop(records, (await storeSize(db, 'postgres')) - before);
}
