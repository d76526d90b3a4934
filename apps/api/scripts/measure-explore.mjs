#!/usr/bin/env node
// How long each view of the /explore page takes to show its data, in Chromium (playwright-core driving
// /usr/bin/chromium, or SOCIALQUERY_TEST_CHROMIUM), on a store of yours: the service is started as its own
// process on it, a key and a token are made for the run (and revoked after), and every view is opened RUNS
// times in one browser context, from navigation to its records on screen. Prints the first (cold: the
// page's files and the API description are fetched) and the median of the others (files revalidated from
// the browser's cache). `--screenshots DIR` also writes one JPEG per view (docs/explore/ is made so).
// Usage, after `pnpm build`:
//   node apps/api/scripts/measure-explore.mjs sqlite:./data/socialquery.db [--runs 7] [--screenshots docs/explore]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '@socialquery/store';
import { chromium } from 'playwright-core';
import { startLocalService } from './local-service.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '7' }, screenshots: { type: 'string' } },
});
const address = positionals[0];
if (!address) {
  console.error('usage: measure-explore.mjs <store address> [--runs N] [--screenshots DIR]');
  process.exit(2);
}
const runs = Math.max(2, Number(values.runs));

const store = await openStore(address);
const key = await store.credentials.create('api-key', 'measure-explore');
const token = await store.credentials.create('token', 'measure-explore');
const examples = await store.examples();
const forum = examples.forum;
if (!forum) throw new Error('the store holds no forum data: the explorer views measured here read the forum');

/** Each view at an address that shows data, and the element that says it has arrived. */
const views = [
  { name: 'search', fragment: `#search?op=forum.searchPosts&q=${forum.q}`, ready: 'article.record' },
  {
    name: 'search-comments',
    fragment: `#search?op=forum.searchComments&q=${forum.q}&sort=new`,
    ready: 'article.record',
  },
  ...(examples.video
    ? [
        {
          name: 'search-videos',
          fragment: `#search?op=video.search&keyword=${examples.video.keyword}`,
          ready: '.count',
        },
      ]
    : []),
  {
    name: 'community',
    fragment: `#pages?op=forum.communityPosts&community=${forum.community}&sort=top&timeframe=all`,
    ready: 'article.record',
  },
  { name: 'user', fragment: `#pages?op=forum.userComments&username=${forum.username}`, ready: 'article.record' },
  { name: 'thread', fragment: `#thread?postId=${forum.postId}`, ready: 'li.comment' },
  { name: 'counts', fragment: '#counts?kind=comments&groupBy=month', ready: '.chart canvas' },
];

const { child, baseUrl: base } = await startLocalService(address);
const browser = await chromium.launch({
  executablePath: process.env.SOCIALQUERY_TEST_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
try {
  if (values.screenshots) mkdirSync(values.screenshots, { recursive: true });
  console.log(`store ${address}; ${runs} runs a view; ms from navigation to data on screen`);
  console.log('view             first   median of the rest');
  for (const view of views) {
    const times = [];
    // one browser context a view: the first visit fetches every file, the others revalidate them from its cache
    const context = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
    await context.addInitScript(
      ([apiKey, bearer]) => {
        sessionStorage.setItem('socialquery.apiKey', apiKey);
        sessionStorage.setItem('socialquery.token', bearer);
      },
      [key.secret, token.secret],
    );
    for (let run = 0; run < runs; run += 1) {
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${base}/explore${view.fragment}`);
      await page.locator(view.ready).first().waitFor({ timeout: 120_000 });
      times.push(performance.now() - started);
      if (values.screenshots && run === 0)
        await page.screenshot({ path: join(values.screenshots, `${view.name}.jpeg`), type: 'jpeg', quality: 70 });
      await page.close();
    }
    await context.close();
    const [first, ...rest] = times;
    console.log(`${view.name.padEnd(16)} ${first.toFixed(0).padStart(6)}   ${median(rest).toFixed(0).padStart(6)}`);
  }
} finally {
  await browser.close();
  child.kill();
  await store.credentials.revoke(key.id).catch(() => {});
  await store.credentials.revoke(token.id).catch(() => {});
  await store.close();
}
