import type { Server } from 'node:http';
import { SearchResponse } from '@socialquery/video';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { DOCS_PATH } from '../src/openapi/reference.js';
import { launchBrowser, loopbackOnly } from './browser.js';
import { listen, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  service = await startTestService();
  ({ server, baseUrl } = await listen(service.app));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

it('runs an operation from /docs with a pasted API key and shows its JSON, fetching nothing from outside', async () => {
  const context = await browser.newContext();
  const { outside, served } = await loopbackOnly(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto(`${baseUrl}${DOCS_PATH}`);
  await page.locator('.opblock').first().waitFor({ timeout: 30_000 });

  // paste the key into the API-key scheme of the Authorize dialog
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const apiKeyForm = page.locator('.auth-container').filter({ hasText: 'x-api-key' });
  await apiKeyForm.locator('input').fill(service.apiKey);
  await apiKeyForm.getByRole('button', { name: 'Apply credentials' }).click();
  await apiKeyForm.getByRole('button', { name: 'Remove authorization' }).waitFor();
  await apiKeyForm.getByRole('button', { name: 'Close' }).click();

  // video.search: its keyword is prefilled with the demo's example; widen the window to get results
  const { keyword } = (await service.store.examples()).video!;
  const operation = page
    .locator('.opblock')
    .filter({ has: page.locator('.opblock-summary-operation-id', { hasText: /^video\.search$/ }) });
  await operation.locator('.opblock-summary').click();
  const keywordInput = operation.locator('tr[data-param-name="keyword"] input');
  await keywordInput.waitFor();
  expect(await keywordInput.inputValue()).toBe(keyword);
  await operation.locator('tr[data-param-name="uploadDate"] select').selectOption('THIS_YEAR');
  await operation.getByRole('button', { name: 'Execute' }).click();

  const status = operation.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor({ timeout: 30_000 });
  expect((await status.innerText()).trim()).toBe('200');
  const shown = JSON.parse(await operation.locator('.live-responses-table .highlight-code pre').first().innerText());
  const body = SearchResponse.parse(shown);
  expect(body.data.contents.length).toBeGreaterThan(0);
  expect(body.data.contents.every((item) => `${item.title} ${item.author.name}`.toLowerCase().includes(keyword))).toBe(
    true,
  );

  // the page shows exactly what the service answers to the same request
  const direct = await request(service.app)
    .get('/api/v1/search')
    .query({ keyword, geoCode: 'US', uploadDate: 'THIS_YEAR', type: 'VIDEO', language: 'en' })
    .set('x-api-key', service.apiKey);
  expect(shown).toEqual(direct.body);

  expect(served.map((url) => url.pathname)).toEqual(
    expect.arrayContaining([DOCS_PATH, '/api/v1/openapi.json', '/api/v1/search']),
  );
  expect(outside).toEqual([]);
  expect(pageErrors).toEqual([]);
  await context.close();
});
