import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Debian's chromium; `.ci/with-test-services.mjs` installs it when missing and sets this variable. */
const CHROMIUM = process.env.SOCIALQUERY_TEST_CHROMIUM ?? '/usr/bin/chromium';
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** Headless Chromium, driven by playwright-core (no browser download). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
}

/**
 * Lets the context's requests reach loopback only: the pages under test must fetch nothing from
 * elsewhere (the machine is offline, and so are many users' services). Returns the list that
 * collects the URLs it blocked, and the URLs of those it let through.
 */
export async function loopbackOnly(context: BrowserContext): Promise<{ outside: string[]; served: URL[] }> {
  const seen = { outside: [] as string[], served: [] as URL[] };
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (!LOOPBACK.test(url.hostname)) {
      seen.outside.push(url.href);
      return route.abort('blockedbyclient');
    }
    seen.served.push(url);
    return route.continue();
  });
  return seen;
}
