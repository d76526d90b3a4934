import { listTargetStates, readLease, removeTargets } from '@socialquery/sync';
import type { Command } from 'commander';
import { withStore } from '../store-option.js';
import { EXIT_REFUSED, type SyncContext } from './sync-shared.js';

/**
 * `sync remove <key...>`: forgets stored targets (packages/sync/src/checkpoints.ts, removeTargets) — each
 * one's checkpoint and run history go with it, so a target declared again starts as a first run — all or
 * none. The records their runs stored stay.
 */
export function syncRemoveCommand(sync: Command, { io, storeOptions, fail }: SyncContext) {
  sync
    .command('remove')
    .description(
      'forget stored targets with their checkpoints and run history (run again, a target starts as a first run); the records they stored stay',
    )
    .argument('<key...>', 'target keys, as `sync status` lists them (forum:community:rust:new)')
    .addHelpText(
      'after',
      `
All or none: when a key names no stored target, nothing is removed (exit 2). A targets file that still lists
a removed target runs it again, from scratch: take it out of the file too.`,
    )
    .action(async (keys: string[]) => {
      await withStore(storeOptions(), async (store) => {
        const { removed, unknown } = await removeTargets(store.db, keys);
        if (unknown.length > 0) {
          const stored = (await listTargetStates(store.db)).map((state) => state.key);
          const near = (key: string) => stored.find((candidate) => candidate.toLowerCase() === key.toLowerCase());
          fail(
            EXIT_REFUSED,
            ...unknown.map((key) => `no stored target ${key}${near(key) ? ` (did you mean ${near(key)}?)` : ''}`),
            'nothing removed (sync status lists the stored targets)',
          );
        }
        for (const key of removed) io.out(`removed ${key}`);
        const lease = await readLease(store.db);
        if (lease && lease.expiresAt > Date.now())
          io.err(
            'note: a sync schedule is running on this store (it holds the lease): if its targets file lists a removed target, it runs it again from scratch; take it out of the file too',
          );
      });
    });
}
