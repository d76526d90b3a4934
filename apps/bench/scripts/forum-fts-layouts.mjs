#!/usr/bin/env node
/**
 * `node apps/bench/scripts/forum-fts-layouts.mjs <reddit submissions .ndjson> <layout>`: the probe behind
 * BENCHMARKS.md, "Why FTS5 walked by rowid, and why two tables". It writes the file's submissions into a new
 * SQLite file (data/fts-probe/<layout>.db) as rows, then, by layout, FTS5 tables of their words (core's
 * wordsOf, joined by spaces, split by FTS5's ascii tokenizer), in one transaction, documents in rowid
 * order, and prints posts/s, bytes a post and the time of a page of 25 walked by rowid.
 * Layouts: rows | fts-<detail> (one table) | fts2-<detail> (time and score tables), detail none, column
 * or full; a -meta suffix adds the filter tokens' column. Input: `pnpm bench --imports` writes
 * data/bench-import/reddit-thin-v2-<n>.ndjson.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
const words = (t) =>
  t
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const decode = (s) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const lines = readFileSync(process.argv[2], 'utf8').trim().split('\n');
const posts = lines.map((l, i) => {
  const o = JSON.parse(l);
  return {
    id: o.id,
    title: decode(o.title),
    body: decode(o.selftext),
    score: o.score,
    created: o.created_utc * 1000,
    community: o.subreddit,
    author: o.author,
    doc: i + 1,
  };
});
const layout = process.argv[3];
mkdirSync('data/fts-probe', { recursive: true });
const file = `data/fts-probe/${layout}.db`;
for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -65536');
db.exec(
  `create table posts (id text primary key, title text, content text, score integer, created_at integer, community_key text, author_key text, doc integer)`,
);
const detail = layout.split('-')[1] ?? 'none';
const tables = layout.startsWith('fts2') ? ['fts_time', 'fts_score'] : layout.startsWith('fts') ? ['fts_time'] : [];
const meta = layout.includes('meta');
for (const t of tables)
  db.exec(
    `create virtual table ${t} using fts5(title, body${meta ? ', meta' : ''}, content='', contentless_delete=1, detail=${detail}, tokenize='ascii')`,
  );
// prepared text before the clock (what the mapping does)
const prepared = posts.map((p) => ({
  ...p,
  t: words(p.title).join(' '),
  b: words(p.body).join(' '),
  m: `c_${p.community.toLowerCase()} a_${p.author.toLowerCase()}`,
}));
const insertRows = (n) => db.prepare(`insert into posts values ${Array(n).fill('(?,?,?,?,?,?,?,?)').join(',')}`);
const per = 500;
const full = insertRows(per);
const ftsInsert = tables.map(
  (t) => (n) =>
    db.prepare(
      `insert into ${t}(rowid, title, body${meta ? ', meta' : ''}) values ${Array(n)
        .fill(meta ? '(?,?,?,?)' : '(?,?,?)')
        .join(',')}`,
    ),
);
const ftsFull = ftsInsert.map((f) => f(per));
const rowidOf = [
  (p) => BigInt(Math.floor(p.created / 1000)) * 2n ** 31n + BigInt(p.doc),
  (p) => BigInt(p.score + 2 ** 21) * 2n ** 41n + BigInt(p.doc),
];
const start = performance.now();
db.exec('begin');
for (let s = 0; s < prepared.length; s += per) {
  const chunk = prepared.slice(s, s + per);
  const v = [];
  for (const p of chunk) v.push(p.id, p.title, p.body, p.score, p.created, p.community, p.author, p.doc);
  (chunk.length === per ? full : insertRows(chunk.length)).run(v);
}
tables.forEach((t, k) => {
  const sorted = [...prepared].map((p) => [rowidOf[k](p), p]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (let s = 0; s < sorted.length; s += per) {
    const chunk = sorted.slice(s, s + per);
    const v = [];
    for (const [r, p] of chunk) {
      v.push(r, p.t, p.b);
      if (meta) v.push(p.m);
    }
    (chunk.length === per ? ftsFull[k] : ftsInsert[k](chunk.length)).run(v);
  }
});
db.exec('commit');
const ms = performance.now() - start;
for (const t of tables) db.exec(`insert into ${t}(${t}) values('optimize')`);
const msOpt = performance.now() - start;
db.pragma('wal_checkpoint(TRUNCATE)');
const bytes = statSync(file).size;
let q = '';
if (tables.length) {
  const time = (sql, arg) => {
    const st = db.prepare(sql);
    st.safeIntegers(true);
    st.all(...arg);
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) st.all(...arg);
    return (((performance.now() - t0) / 200) * 1000).toFixed(0);
  };
  q = ` page1(the) ${time(`select rowid from fts_time where fts_time match ? order by rowid desc limit 25`, ['"the"'])}µs page1(rare) ${time(`select rowid from fts_time where fts_time match ? order by rowid desc limit 25`, ['"zofuda"'])}µs two-words ${time(`select rowid from fts_time where fts_time match ? order by rowid desc limit 25`, ['"the" "of"'])}µs`;
}
console.log(
  `${layout}: ${posts.length} posts ${((posts.length / ms) * 1000).toFixed(0)}/s (with optimize ${((posts.length / msOpt) * 1000).toFixed(0)}/s), ${(bytes / 2 ** 20).toFixed(1)} MiB, ${(bytes / posts.length).toFixed(0)} B/post${q}`,
);
db.close();
