import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { EXPLORER_PAGE_FILE, explorerFiles } from '@socialquery/explorer';
import compression from 'compression';
import { type RequestHandler, Router } from 'express';
import { sendError } from './error-response.js';
import { methodNotAllowed } from './mount.js';

export const EXPLORE_PATH = '/explore';

/**
 * The `/explore` page (apps/explorer): a browser view of the data through the service's own API,
 * with the credentials a user types into it. The page and its files need no credential (they hold
 * no data); every request they make is an ordinary API request, counted and checked as any other.
 * Off with `SOCIALQUERY_EXPLORER=off` (app.ts mounts nothing, and `/explore` answers 404).
 */
export function explorer(): Router {
  let files: ReadonlyMap<string, string> | undefined;
  const router = Router();
  let page: string | undefined;
  router.get(EXPLORE_PATH, (_req, res) => {
    files ??= explorerFiles();
    page ??= withModulePreloads(readFileSync(EXPLORER_PAGE_FILE, 'utf8'), files);
    res.setHeader('Content-Security-Policy', EXPLORE_CSP);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(page);
  });
  // `/explore/` goes to `/explore`, the one address the views' fragments hang on
  router.get(`${EXPLORE_PATH}/`, (_req, res) => res.redirect(301, EXPLORE_PATH));
  const file: RequestHandler = (req, res) => {
    files ??= explorerFiles();
    const name = (req.params.file as string[]).join('/');
    const found = files.get(name);
    if (!found) {
      sendError(res, 'not_found', `no file ${name} in the explorer page's files`);
      return;
    }
    // the chart library changes only with its package; the page's own files with every build
    res.setHeader('Cache-Control', name.startsWith('vendor/') ? 'public, max-age=86400' : 'no-cache');
    // `root`: send checks only the part below it for dot folders (pnpm's store is under `.pnpm`)
    res.sendFile(basename(found), { root: dirname(found), cacheControl: false }, (error) => {
      // a listed file gone from disk is a build's fault, not the request's
      if (error && !res.headersSent)
        sendError(res, 'not_found', `the explorer page's ${name} is missing: run pnpm build`);
    });
  };
  router.get(`${EXPLORE_PATH}/*file`, compression(), file);
  router.all([EXPLORE_PATH, `${EXPLORE_PATH}/*file`], methodNotAllowed);
  return router;
}

/**
 * The page with a `modulepreload` link for each of its modules: the browser fetches them side by side
 * instead of discovering them one import level at a time.
 */
function withModulePreloads(html: string, files: ReadonlyMap<string, string>): string {
  const links = [...files.keys()]
    .filter((name) => name.endsWith('.js') && !name.startsWith('vendor/'))
    .map((name) => `  <link rel="modulepreload" href="${EXPLORE_PATH}/${name}">`);
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}

/** Everything from this origin; uPlot sets element styles from script, which CSP allows without 'unsafe-inline'. */
const EXPLORE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
