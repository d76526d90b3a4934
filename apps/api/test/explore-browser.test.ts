import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { EXPLORE_PATH } from '../src/explore.js';
import { launchBrowser, loopbackOnly } from './browser.js';
import { appWith, largestThread, listen, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let browser: Browser;
let examples: { community: string; username: string; q: string };

beforeAll(async () => {
  service = await startTestService();
  ({ server, baseUrl } = await listen(service.app));
  browser = await launchBrowser();
  examples = (await service.store.examples()).forum!;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await service?.close();
});

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Requests to anywhere but this service (blocked), and those to it. */
  seen: { outside: string[]; served: URL[] };
  /** Errors the page threw. */
  pageErrors: string[];
}

/** The explorer at `fragment`, in a fresh browser context; `credentials`: put in session storage first, as the form does. */
async function open(fragment = '', { credentials = true } = {}): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const seen = await loopbackOnly(context);
  if (credentials) {
    await context.addInitScript(
      `sessionStorage.setItem('socialquery.apiKey', ${JSON.stringify(service.apiKey)});
       sessionStorage.setItem('socialquery.token', ${JSON.stringify(service.token)});`,
    );
  }
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${baseUrl}${EXPLORE_PATH}${fragment}`);
  return { page, context, seen, pageErrors };
}

/** The data requests the page made, in order (path and query). */
const apiRequests = ({ seen }: Opened) =>
  seen.served
    .filter((url) => url.pathname.startsWith('/api/v1/') && url.pathname !== '/api/v1/openapi.json')
    .map((url) => url.pathname + url.search);

async function closeClean({ context, seen, pageErrors }: Opened) {
  expect(seen.outside).toEqual([]);
  expect(pageErrors).toEqual([]);
  await context.close();
}

const forum = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(`/api/v1/forum${path}`).query(query).set('authorization', `Bearer ${service.token}`);

const shownTitles = (page: Page) => page.locator('article.record h3').allInnerTexts();
const shownCurl = (page: Page) => page.locator('code.curl').first().innerText();

it('keeps the typed credentials in this tab only and sends them as the operation asks', async () => {
  const opened = await open('', { credentials: false });
  const { page } = opened;
  await page.getByLabel('API key').fill(service.apiKey);
  await page.getByLabel('Bearer token').fill(service.token);
  await page.getByRole('button', { name: 'Use these' }).click();
  await expect(page.locator('.credentials .saved').textContent()).resolves.toBe('Saved for this tab');
  // the form folds away once the credentials are in
  await expect(page.getByLabel('API key').isVisible()).resolves.toBe(false);

  const stored = await page.evaluate(
    '({ session: { ...sessionStorage }, local: localStorage.length, cookie: document.cookie })',
  );
  expect(stored).toEqual({
    session: { 'socialquery.apiKey': service.apiKey, 'socialquery.token': service.token },
    local: 0,
    cookie: '',
  });

  // the video search takes the API key: the answer shows, and the curl names the key by a variable only
  const headers: Record<string, string>[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/v1/search')) headers.push(sent.headers());
  });
  await page.goto(`${baseUrl}${EXPLORE_PATH}#search?op=video.search&keyword=the&uploadDate=THIS_YEAR`);
  await page.locator('.count').waitFor();
  expect(headers[0]).toMatchObject({ 'x-api-key': service.apiKey });
  expect(headers[0]).not.toHaveProperty('authorization');
  const curl = await shownCurl(page);
  expect(curl).toBe(
    `curl -s -H "x-api-key: $SOCIALQUERY_API_KEY" '${baseUrl}/api/v1/search?keyword=the&uploadDate=THIS_YEAR'`,
  );
  expect(await page.content()).not.toContain(service.apiKey);
  await closeClean(opened);
});

it('says what is missing when there is no credential, and shows a parameter error as the service words it', async () => {
  const opened = await open(`#search?op=forum.searchPosts&q=${examples.q}`, { credentials: false });
  const { page } = opened;
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toMatch(/^401 missing_credentials: .*Paste an API key or a bearer token/);

  await page.evaluate(`sessionStorage.setItem('socialquery.token', ${JSON.stringify(service.token)})`);
  await page.goto(`${baseUrl}${EXPLORE_PATH}#search?op=forum.searchPosts&q=${examples.q}&after=yesterday`);
  await alert.waitFor();
  expect(await alert.innerText()).toMatch(/^400 invalid_parameter: .*after/);
  await closeClean(opened);
});

it('searches forum posts from the form and pages through the answer exactly as the API does', async () => {
  const opened = await open('#search');
  const { page } = opened;
  await page.getByLabel('Operation').selectOption('forum.searchPosts');
  await page.getByLabel(/^q\b/).fill(examples.q);
  await page.getByLabel('limit').fill('5');
  await page.getByLabel('sort').selectOption('new');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.locator('article.record').first().waitFor();

  const first = await forum('/search/posts', { q: examples.q, sort: 'new', limit: '5' });
  expect(first.body.posts).toHaveLength(5);
  expect(await shownTitles(page)).toEqual(first.body.posts.map((post: { title: string }) => post.title));
  expect(await shownCurl(page)).toBe(
    `curl -s -H "Authorization: Bearer $SOCIALQUERY_TOKEN" '${baseUrl}/api/v1/forum/search/posts?q=${examples.q}&sort=new&limit=5'`,
  );

  await page.getByRole('link', { name: 'Next page' }).click();
  await page.waitForFunction("location.hash.includes('cursor=')");
  await page.locator('article.record').first().waitFor();
  const second = await forum('/search/posts', { q: examples.q, sort: 'new', limit: '5', cursor: first.body.cursor });
  expect(await shownTitles(page)).toEqual(second.body.posts.map((post: { title: string }) => post.title));
  expect(apiRequests(opened)).toEqual([
    `/api/v1/forum/search/posts?q=${examples.q}&sort=new&limit=5`,
    `/api/v1/forum/search/posts?q=${examples.q}&sort=new&limit=5&cursor=${first.body.cursor}`,
  ]);

  // the back button returns to the first page, which is asked again
  await page.goBack();
  await page.waitForFunction("!location.hash.includes('cursor=')");
  await page.locator('article.record').first().waitFor();
  expect(await shownTitles(page)).toEqual(first.body.posts.map((post: { title: string }) => post.title));
  await closeClean(opened);
});

it("opens a community's page, and from a post its author's page", async () => {
  const opened = await open(`#pages?op=forum.communityPosts&community=${examples.community}&sort=new&limit=4`);
  const { page } = opened;
  await page.locator('article.record').first().waitFor();
  const listed = await forum(`/community/${examples.community}/posts`, { sort: 'new', limit: '4' });
  expect(await shownTitles(page)).toEqual(listed.body.posts.map((post: { title: string }) => post.title));

  const author: string = listed.body.posts[0].author;
  await page
    .locator('article.record')
    .first()
    .getByRole('link', { name: `u/${author}` })
    .click();
  await page.waitForFunction("location.hash.startsWith('#pages?op=forum.userPosts')");
  await expect(page.getByLabel('username').inputValue()).resolves.toBe(author);
  await page.locator('article.record').first().waitFor();
  const byAuthor = await forum(`/user/${author}/posts`);
  expect(await shownTitles(page)).toEqual(byAuthor.body.posts.map((post: { title: string }) => post.title));
  expect(await page.locator('article.record .meta').allInnerTexts()).toEqual(
    byAuthor.body.posts.map(() => expect.stringContaining(`by ${author}`)),
  );
  await closeClean(opened);
});

it("opens a video's comment threads from its channel's uploads and pages through them as the API does", async () => {
  const get = (path: string, query: Record<string, string>) =>
    request(service.app).get(path).query(query).set('x-api-key', service.apiKey);
  // a demo video with more than a page (20) of threads, among its channel's latest uploads
  const busy = await service.store.db
    .selectFrom('video_comments')
    .select(['video_id', 'channel_id'])
    .where('parent_id', '=', '')
    .groupBy(['video_id', 'channel_id'])
    .having((eb) => eb.fn.countAll(), '>', 20)
    .execute();
  let chosen: { videoId: string; channelId: string; position: number } | undefined;
  for (const { video_id: videoId, channel_id: channelId } of busy) {
    const uploads = await get('/api/v1/channel/videos', { channelId });
    const position = uploads.body.data.contents.findIndex((upload: { videoId: string }) => upload.videoId === videoId);
    if (position >= 0) {
      chosen = { videoId, channelId, position };
      break;
    }
  }
  expect(chosen).toBeDefined();
  const { videoId, channelId, position } = chosen!;
  interface Thread {
    commentId: string;
    text: string;
    author: { name: string };
  }
  const shownThreads = async (page: Page) => ({
    headings: await shownTitles(page),
    texts: await page.locator('article.record p.text').allInnerTexts(),
  });
  const asShown = (threads: Thread[]) => ({
    headings: threads.map((thread) => thread.commentId),
    texts: threads.map((thread) => thread.text.trim()),
  });

  const opened = await open(`#pages?op=video.channelVideos&channelId=${channelId}`);
  const { page } = opened;
  await page.locator('article.record').first().waitFor();
  await page.locator('article.record').nth(position).getByRole('link', { name: 'Comments' }).click();
  await page.waitForFunction(`location.hash.includes('videoId=${videoId}')`);
  await expect(page.getByLabel('videoId').inputValue()).resolves.toBe(videoId);
  await page.locator('article.record').first().waitFor();
  const first = await get('/api/v1/video/comments', { videoId });
  expect(first.body.data.threads).toHaveLength(20);
  expect(await shownThreads(page)).toEqual(asShown(first.body.data.threads));
  expect(await page.locator('article.record .meta').first().innerText()).toContain(
    `by ${first.body.data.threads[0].author.name}`,
  );
  expect(await shownCurl(page)).toBe(
    `curl -s -H "x-api-key: $SOCIALQUERY_API_KEY" '${baseUrl}/api/v1/video/comments?videoId=${videoId}'`,
  );

  await page.getByRole('link', { name: 'Next page' }).click();
  await page.waitForFunction("location.hash.includes('paginationToken=')");
  await page.locator('article.record').first().waitFor();
  const second = await get('/api/v1/video/comments', {
    videoId,
    paginationToken: first.body.pagination.paginationToken,
  });
  expect(await shownThreads(page)).toEqual(asShown(second.body.data.threads));
  await closeClean(opened);
});

it('shows a thread as a tree of collapsible replies and follows both of its continuations', async () => {
  const postId = await largestThread(service);
  const opened = await open(`#thread?postId=${postId}&limit=3&depth=1`);
  const { page } = opened;
  await page.locator('li.comment').first().waitFor();

  const first = await forum(`/post/${postId}/comments`, { limit: '3', depth: '1' });
  const topLevel = page.locator('ul.tree > li.comment');
  expect(await topLevel.evaluateAll((items) => items.map((item) => item.getAttribute('data-id')))).toEqual(
    first.body.comments.map((comment: { id: string }) => comment.id),
  );
  expect(await page.locator('section.post h3').innerText()).toBeTruthy();

  // a comment whose replies the page held back: its continuation puts them under it, each under its parent
  const held = first.body.comments.find((comment: { moreReplies: unknown }) => comment.moreReplies);
  expect(held).toBeDefined();
  const node = page.locator(`li.comment[data-id="${held.id}"]`);
  await node
    .getByRole('button', { name: `${held.moreReplies.count} more` })
    .first()
    .click();
  const replies = await forum(`/post/${postId}/comments`, { limit: '3', depth: '1', cursor: held.moreReplies.cursor });
  const direct = replies.body.comments.filter((comment: { parentId: string }) => comment.parentId === held.id);
  expect(direct.length).toBeGreaterThan(0);
  await node.locator(':scope > details > ul.replies > li.comment').first().waitFor();
  expect(
    await node
      .locator(':scope > details > ul.replies > li.comment')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-id'))),
  ).toEqual(direct.map((comment: { id: string }) => comment.id));

  // the top level's continuation appends the next top-level comments
  await page.getByRole('button', { name: /^Load more comments/ }).click();
  const next = await forum(`/post/${postId}/comments`, { limit: '3', depth: '1', cursor: first.body.cursor });
  await page.locator(`ul.tree > li.comment[data-id="${next.body.comments[0].id}"]`).waitFor();
  expect(await topLevel.evaluateAll((items) => items.map((item) => item.getAttribute('data-id')))).toEqual(
    [...first.body.comments, ...next.body.comments]
      .filter((comment: { parentId: string | null }) => comment.parentId === null)
      .map((comment: { id: string }) => comment.id),
  );

  // collapsing is a native details element: keyboard-operable, replies hidden
  const summary = node.locator(':scope > details > summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  expect(await node.locator(':scope > details').evaluate((details) => details.hasAttribute('open'))).toBe(false);
  await expect(node.locator(':scope > details > ul.replies').isVisible()).resolves.toBe(false);

  // every request the view made is listed as curl
  const curls = await page.locator('.requests code.curl').allTextContents();
  const urls = curls.map((curl) => new URL(/'(.*)'$/.exec(curl)![1]!));
  expect(urls.map((url) => url.pathname + url.search)).toEqual(apiRequests(opened));
  await closeClean(opened);
});

it('draws the forum counts over time as a chart, with the same counts in a table', async () => {
  const opened = await open(`#counts?kind=posts&groupBy=month&community=${examples.community}`);
  const { page } = opened;
  await page.locator('.chart canvas').waitFor();
  const counts = await forum('/aggregate', { kind: 'posts', groupBy: 'month', community: examples.community });
  expect(counts.body.buckets.length).toBeGreaterThan(3);
  const rows = await page
    .locator('table.counts tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')!.textContent, Number(tr.querySelector('td')!.textContent)]),
    );
  expect(rows).toEqual(
    counts.body.buckets.map((bucket: { key: string; count: number }) => [bucket.key.slice(0, 10), bucket.count]),
  );
  const drawn = await page
    .locator('.chart canvas')
    .evaluate((canvas) => Number(canvas.getAttribute('width')) > 0 && Number(canvas.getAttribute('height')) > 0);
  expect(drawn).toBe(true);
  // grouped by community: a table only
  await page.getByLabel('groupBy').selectOption('community');
  await page.getByLabel('community').fill('');
  await page.getByRole('button', { name: 'Count' }).click();
  await page.waitForFunction("location.hash.includes('groupBy=community')");
  await page.locator('table.counts caption', { hasText: 'posts per community' }).waitFor();
  expect(await page.locator('.chart').count()).toBe(0);
  await closeClean(opened);
});

it('labels every control, so that a keyboard or screen-reader user can fill each form', async () => {
  for (const fragment of ['#search?op=forum.searchComments', '#pages', '#thread', '#counts']) {
    const opened = await open(fragment);
    await opened.page.locator('form.params').waitFor();
    const controls = await opened.page.evaluate<[string, string][]>(
      "[...document.querySelectorAll('input, select')].map((control) => [control.id, [...control.labels].map((label) => label.textContent.trim()).join(' ')])",
    );
    expect(controls.length).toBeGreaterThan(3);
    expect(controls.filter(([, label]) => label === '')).toEqual([]);
    await closeClean(opened);
  }
});

it('serves the page with its own content policy, its files by name only, and nothing when turned off', async () => {
  const pageAnswer = await request(service.app).get(EXPLORE_PATH);
  expect(pageAnswer.status).toBe(200);
  expect(pageAnswer.headers['content-type']).toMatch(/^text\/html/);
  expect(pageAnswer.headers['content-security-policy']).toContain("script-src 'self'");
  expect(pageAnswer.headers['content-security-policy']).not.toContain('unsafe');
  // every module of the page is announced up front, so the browser fetches them side by side
  for (const module of ['main.js', 'spec.js', 'views/thread.js', 'views/counts.js'])
    expect(pageAnswer.text).toContain(`<link rel="modulepreload" href="${EXPLORE_PATH}/${module}">`);
  expect(pageAnswer.text).not.toContain('modulepreload" href="/explore/vendor/');

  const chartLibrary = await request(service.app).get(`${EXPLORE_PATH}/vendor/uPlot.esm.js`);
  expect(chartLibrary.status).toBe(200);
  expect(chartLibrary.headers['content-type']).toMatch(/javascript/);
  expect(chartLibrary.headers['cache-control']).toBe('public, max-age=86400');

  for (const path of ['/nope.js', '/%2e%2e/package.json', '/..%2fpackage.json', '/index.js.map']) {
    const missing = await request(service.app).get(`${EXPLORE_PATH}${path}`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  }
  expect((await request(service.app).post(EXPLORE_PATH)).status).toBe(405);

  const off = appWith(service.store, [], { explorer: false });
  expect((await request(off).get(EXPLORE_PATH)).status).toBe(404);
  expect((await request(off).get(`${EXPLORE_PATH}/main.js`)).status).toBe(404);
});
