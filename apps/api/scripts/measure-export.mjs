#!/usr/bin/env node
// Memory of a bulk export from a real store: N forum posts in one community of a temporary SQLite file, the
// service started as its own process (apps/api/dist/main.js), one export read at full speed over loopback.
// Prints the service's resident memory (VmRSS, sampled every 100 ms) before, at peak and after, with rows,
// bytes and time. Usage, after `pnpm build`: node apps/api/scripts/measure-export.mjs [rows=1000000] [ndjson|csv]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, toForumRow, upsertForumRows } from '@socialquery/store';
import { startLocalService } from './local-service.mjs';

const rows = Number(process.argv[2] ?? 1_000_000);
const format = process.argv[3] ?? 'ndjson';
const dir = mkdtempSync(join(tmpdir(), 'socialquery-export-'));
const address = `sqlite:${join(dir, 'store.db')}`;

const started = Date.now();
const store = await openStore(address);
const token = (await store.credentials.create('token', 'measure')).secret;
const now = Date.now();
for (let from = 0; from < rows; from += 2_000) {
  const batch = Array.from({ length: Math.min(2_000, rows - from) }, (_, k) => {
    const i = from + k;
    return toForumRow({
      id: `m${i}`,
      community: 'Measured',
      author: `author${i % 5000}`,
      title: `Post number ${i} about something`,
      content: 'Some text of a typical length for a forum post body, neither long nor empty. '.repeat(2),
      upvotes: i % 900,
      downvotes: i % 37,
      score: (i % 900) - (i % 37),
      commentCount: i % 120,
      createdAt: now - i * 1000,
      url: `https://example.org/r/Measured/${i}`,
    });
  });
  await store.db.transaction().execute((trx) => upsertForumRows(trx, batch));
}
await store.close();
console.log(`stored ${rows} posts in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const { child: service, get: getAs } = await startLocalService(address, { LOG_LEVEL: 'warn' });
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${service.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const get = (path, onData) => getAs(path, { authorization: `Bearer ${token}` }, onData);
await get('/api/v1/forum/community/Measured/posts?sort=new'); // warm up
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
let lines = 0;
const t0 = Date.now();
const result = await get(`/api/v1/forum/community/Measured/posts?sort=new&format=${format}`, (chunk) => {
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
});
const seconds = (Date.now() - t0) / 1000;
clearInterval(sampler);
const after = rss();
service.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });
console.log(`| format | rows | bytes | seconds | rows/s | RSS before | RSS peak | RSS after |`);
console.log(`|---|---|---|---|---|---|---|---|`);
console.log(
  `| ${format} | ${lines - (format === 'csv' ? 1 : 0)} | ${result.bytes} | ${seconds.toFixed(1)} | ${Math.round(lines / seconds)} | ${before.toFixed(0)} MiB | ${peak.toFixed(0)} MiB | ${after.toFixed(0)} MiB |`,
);
