#!/usr/bin/env node
/**
 * `node import-child.js <store address> <file> <platform> <format>`: imports a file into the store
 * as `socialquery import <platform> <format> <file>` does (same importData call, without the
 * progress bar) and prints a ChildResult. A process of its own, so its peak RSS is the import's.
 */
import { importData, openStore, parseStoreAddress } from '@socialquery/store';
import { startClock, storeSize } from './child-result.js';

const [address, file, platform, format] = process.argv.slice(2);
if (!address || !file || !platform || !format)
  throw new Error('usage: import-child.js <store address> <file> <platform> <format>');
const { kind } = parseStoreAddress(address);
const store = await openStore(address);
try {
  const before = await storeSize(store.db, kind);
  const clock = startClock();
  const summary = await importData(store.db, platform, format, file);
  if (summary.skipped > 0) throw new Error(`${summary.skipped} records skipped: ${summary.skips[0]?.reason ?? ''}`);
  clock.stop(summary.imported + summary.updated, (await storeSize(store.db, kind)) - before);
} finally {
  await store.close();
}
