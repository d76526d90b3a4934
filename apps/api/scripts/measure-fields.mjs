#!/usr/bin/env node
// Bytes saved by `fields`: each row is one request without and with a field selection, on an in-memory
// store with the demo data (identity and gzip). Usage, after `pnpm build`: node apps/api/scripts/measure-fields.mjs
import { openStore } from '@socialquery/store';
import { pino } from 'pino';
import { createApp } from '../dist/app.js';
import { createRequestBudget } from '../dist/rate-limit.js';
import request from 'supertest';
const store = await openStore('sqlite::memory:');
await store.seedDemo({ only: ['forum', 'microblog', 'video'] });
const token = (await store.credentials.create('token', 't')).secret;
const key = (await store.credentials.create('api-key', 'k')).secret;
const logger = pino({ level: 'silent' });
const app = createApp({
  store,
  logger,
  cursorSecret: 'x'.repeat(32),
  budget: createRequestBudget({ limit: 1e6, windowMs: 60000, logger }),
});
const ex = await store.examples();
console.log('| request | fields | bytes | with fields | saved | gzip bytes | status |');
console.log('|---|---|---|---|---|---|---|');
const cases = [
  [
    'forum community posts (limit 25)',
    `/api/v1/forum/community/${ex.forum.community}/posts`,
    'id,title,score,createdAt',
    'authorization',
    `Bearer ${token}`,
  ],
  [
    'microblog user messages (limit 20)',
    `/api/v1/microblog/user/${ex.microblog.username}/messages`,
    'id,text,createdAt',
    'authorization',
    `Bearer ${token}`,
  ],
  [
    'video search (20 results)',
    `/api/v1/search?keyword=${encodeURIComponent(ex.video.keyword)}`,
    'videoId,title,views',
    'x-api-key',
    key,
  ],
];
for (const [name, path, fields, h, v] of cases) {
  const full = await request(app).get(path).set(h, v).set('accept-encoding', 'identity');
  const trimmed = await request(app)
    .get(path + (path.includes('?') ? '&' : '?') + 'fields=' + fields)
    .set(h, v)
    .set('accept-encoding', 'identity');
  const gz = await request(app).get(path).set(h, v).set('accept-encoding', 'gzip');
  const gzt = await request(app)
    .get(path + (path.includes('?') ? '&' : '?') + 'fields=' + fields)
    .set(h, v)
    .set('accept-encoding', 'gzip');
  console.log(
    `| ${name} | \`${fields}\` | ${full.text.length} | ${trimmed.text.length} | ${(100 * (1 - trimmed.text.length / full.text.length)).toFixed(0)} % | ${gz.headers['content-length'] ?? '-'} → ${gzt.headers['content-length'] ?? '-'} | ${full.status}/${trimmed.status} |`,
  );
}
await store.close();
