import { formatBytes } from '@socialquery/core';
import type { Store } from './store.js';

/**
 * The pieces every command's and sync's message about a full disk starts from: which store ran out
 * and why (the engine's own words: SQLite's `database or disk is full`, PostgreSQL's `could not
 * extend file …: No space left on device`), and what is free there now (known for a SQLite file's
 * disk, not for a PostgreSQL server's).
 */
export function outOfSpace(store: Pick<Store, 'description'>, error: unknown): string {
  const cause = error instanceof Error ? error.message : String(error);
  return `the store ${store.description} ran out of disk space (${cause})`;
}

/** `; 1.2 GiB free there now`, or nothing where the free space is not known. */
export const freeNow = (usage: { free?: number } | undefined): string =>
  usage?.free === undefined ? '' : `; ${formatBytes(usage.free)} free there now`;
