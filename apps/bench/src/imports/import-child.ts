#!/usr/bin/env node
/**
 * `node import-child.js <store address> <file>`: imports a Reddit NDJSON file (plain or .zst) into
 * the store as `socialquery import forum reddit-ndjson` does (same importData call, without the
 * progress bar) and prints a ChildResult. A process of its own, so its peak RSS is the import's.
 */
import { importData, openStore } from '@socialquery/store';
import { startClock } from './child-result.js';

const [address, file] = process.argv.slice(2);
if (!address || !file) throw new Error('usage: import-child.js <store address> <file>');
const store = await openStore(address);
try {
  const clock = startClock();
  const summary = await importData(store.db, 'forum', 'reddit-ndjson', file);
  if (summary.skipped > 0) throw new Error(`${summary.skipped} records skipped: ${summary.skips[0]?.reason ?? ''}`);
  clock.stop(summary.imported + summary.updated);
} finally {
  await store.close();
}
