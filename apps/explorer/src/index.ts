/**
 * The files of the `/explore` page, for the service to serve (apps/api/src/explore.ts). The page
 * itself is browser code in `src/page/` (compiled to `dist/page/` by `pnpm build`), the HTML and CSS
 * in `public/`, and the chart library's own files from its installed package: nothing is fetched
 * from elsewhere, so the page works on a machine without internet.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const uplotDir = join(dirname(createRequire(import.meta.url).resolve('uplot/package.json')), 'dist');

/** The page's HTML, sent for `/explore` itself. */
export const EXPLORER_PAGE_FILE = join(packageDir, 'public', 'index.html');

/**
 * Every other file the page loads, by the name it is asked for under `/explore/` (`main.js`,
 * `views/thread.js`, `explore.css`, `vendor/uPlot.esm.js`), mapped to where it is on disk. Read once, at the first
 * call: the set changes only with a rebuild.
 */
export function explorerFiles(): ReadonlyMap<string, string> {
  const files = new Map<string, string>();
  const pageDir = join(packageDir, 'dist', 'page');
  for (const name of readdirSync(pageDir, { recursive: true, encoding: 'utf8' }))
    if (name.endsWith('.js')) files.set(name.split(sep).join('/'), join(pageDir, name));
  files.set('explore.css', join(packageDir, 'public', 'explore.css'));
  files.set('vendor/uPlot.esm.js', join(uplotDir, 'uPlot.esm.js'));
  files.set('vendor/uPlot.min.css', join(uplotDir, 'uPlot.min.css'));
  return files;
}
