import { freeNow, outOfSpace, type ReadProgress, type Store } from '@socialquery/store';
import { formatBytes } from './progress.js';

/**
 * What an import that ran out of disk says: the store, how far into its input it came, what the
 * store grew by for that part and so about how much the whole input needs, and what is free.
 * The estimate scales the growth by the share of the input read (bytes of the file; of the
 * compressed file for `.zst`), so it is rough for inputs whose records differ along the file, and
 * left out before 1 % of the input was read. The import's transaction was rolled back: nothing of
 * it was written.
 */
export async function diskFullMessage(
  store: Pick<Store, 'description' | 'diskUsage'>,
  bytesBefore: number,
  read: ReadProgress | undefined,
  error: unknown,
): Promise<string> {
  const usage = await store.diskUsage().catch(() => undefined);
  const parts = [outOfSpace(store, error)];
  const share = read && read.totalBytes > 0 ? read.bytesRead / read.totalBytes : 0;
  const grown = usage ? usage.bytes - bytesBefore : 0;
  if (share >= 0.01 && grown > 0) {
    parts.push(
      ` after ${String(Math.round(share * 100))} % of the input, for which it had grown by ${formatBytes(grown)}:` +
        // with most of the input read the import failed writing the rest or committing: its need is a lower bound
        ` the whole import needs ${share < 0.9 ? 'about' : 'more than'} ${formatBytes(Math.round(grown / share))} on the store's disk`,
    );
  }
  parts.push(freeNow(usage));
  parts.push('. Nothing of this import was written (the store is as it was): free space, then run it again');
  return parts.join('');
}

/**
 * What `migrate-store` says when the target ran out of disk: the target and what is free, and where
 * the copy stopped. Each batch is committed with the copy's checkpoint, so the batches before the
 * failed one stay and a re-run resumes after them; while indexes are built, a re-run builds the
 * ones not built yet.
 */
export async function copyDiskFullMessage(
  target: Pick<Store, 'description' | 'diskUsage'>,
  error: unknown,
  stage: { table: string; indexes: boolean } | undefined,
): Promise<string> {
  const usage = await target.diskUsage().catch(() => undefined);
  const where =
    stage === undefined ? '' : stage.indexes ? " while building the target's indexes" : ` in ${stage.table}`;
  return (
    `${outOfSpace(target, error)}${freeNow(usage)}. The copy stopped${where}; what it wrote before (whole` +
    ` batches, up to its checkpoint) is kept: free space, then run the same migrate-store again; it resumes there`
  );
}
