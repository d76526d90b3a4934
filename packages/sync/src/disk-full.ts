import { freeNow, outOfSpace, type Store } from '@socialquery/store';

/**
 * What a sync target's run that ran out of disk says (its summary line, `sync status`, the service's
 * sync mode log): the store and what is free. What a run needs is not known ahead (its pages are
 * whatever the platform has new); each page is one transaction, so the pages before the failed one
 * are stored and the target's checkpoint is where its last finished run left it.
 */
export async function syncDiskFullMessage(
  store: Pick<Store, 'description' | 'diskUsage'>,
  error: unknown,
): Promise<string> {
  const usage = await store.diskUsage().catch(() => undefined);
  return (
    `${outOfSpace(store, error)}${freeNow(usage)}. The page being written was not stored (the ones before it` +
    ` were): free space, then run the target again; it goes on from where its last finished run left off`
  );
}

/** A run's `describeError` (run.ts) that names the store and its free space when the store's disk is full. */
export const describeDiskFull =
  (store: Pick<Store, 'description' | 'diskUsage' | 'isDiskFullError'>) =>
  async (error: unknown): Promise<string | undefined> =>
    store.isDiskFullError(error) ? syncDiskFullMessage(store, error) : undefined;
