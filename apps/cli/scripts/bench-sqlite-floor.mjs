#!/usr/bin/env node
// The floor under the forum import: what SQLite alone costs for the rows a Reddit NDJSON import writes,
// with no reading, parsing, mapping, counting or Kysely. Rows are mapped before the clock starts, then
// written the way a large import writes them: the four listing indexes dropped, multi-row inserts in one
// transaction, the indexes re-created, commit. Prints µs per row for each step and the records/s that the
// writes alone would allow, next to which `bench-import.mjs` (the whole import) can be read.
// Usage (after `pnpm turbo run build --filter=@socialquery/cli...`):
//   node apps/cli/scripts/bench-sqlite-floor.mjs [lines=200000]
// FLOOR_PRAGMAS="temp_store = 2;synchronous = 0" adds pragmas, to see what a setting would buy.
// Reads the file bench-import.mjs generates (/tmp/socialquery-bench-reddit-<lines>.ndjson), generating it if missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findImporter, openStore } from '@socialquery/store';

const lines = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 200_000);
const input = join(tmpdir(), `socialquery-bench-reddit-${lines}.ndjson`);
if (!existsSync(input)) {
  execFileSync(
    process.execPath,
    [join(dirname(fileURLToPath(import.meta.url)), 'generate-reddit-ndjson.mjs'), input, String(lines)],
    { stdio: 'inherit' },
  );
}
const Database = createRequire(import.meta.resolve('@socialquery/store'))('better-sqlite3');

// the importer's own reading and mapping (reddit-ndjson), done before timing
const rows = [];
for await (const item of findImporter('forum', 'reddit-ndjson').read(input, { bytesRead: 0, totalBytes: 0 })) {
  if ('rows' in item) for (const row of item.rows) rows.push(row.values);
}

const dir = mkdtempSync(join(tmpdir(), 'socialquery-floor-'));
const file = join(dir, 'floor.db');
await (await openStore(`sqlite:${file}`)).close(); // the store's own schema (migrations)
const db = new Database(file);
try {
  db.pragma('cache_size = -65536'); // as the importer sets it
  if (process.env.FLOOR_PRAGMAS) for (const p of process.env.FLOOR_PRAGMAS.split(';')) db.pragma(p);
  const columns = Object.keys(rows[0]);
  const perStatement = Math.floor(30_000 / columns.length);
  const tuple = `(${columns.map(() => '?').join(',')})`;
  const upsert = (n) =>
    db.prepare(
      `insert into forum_posts (${columns.join(',')}) values ${Array(n).fill(tuple).join(',')} ` +
        `on conflict (id) do update set ${columns
          .filter((c) => c !== 'id')
          .map((c) => `${c} = excluded.${c}`)
          .join(', ')}`,
    );
  const full = upsert(perStatement);
  const indexes = db
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and tbl_name = 'forum_posts' and sql like 'CREATE INDEX%'",
    )
    .all();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  db.exec('begin');
  for (const index of indexes) db.exec(`drop index ${index.name}`);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = [];
    for (const row of chunk) for (const column of columns) values.push(row[column]);
    (chunk.length === perStatement ? full : upsert(chunk.length)).run(values);
  }
  const t1 = performance.now();
  for (const index of indexes) db.exec(index.sql);
  const t2 = performance.now();
  db.exec('commit');
  const t3 = performance.now();
  const used = process.cpuUsage(cpu);
  const us = (ms) => Number(((ms * 1000) / rows.length).toFixed(2));
  console.log(
    JSON.stringify({
      rows: rows.length,
      microsecondsPerRow: { upsert: us(t1 - t0), indexes: us(t2 - t1), commit: us(t3 - t2), total: us(t3 - t0) },
      writesAloneRecordsPerSecond: Math.round(rows.length / ((t3 - t0) / 1000)),
      cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
    }),
  );
} finally {
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
