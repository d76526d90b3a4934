import type { Command } from 'commander';
import type { Io } from '../io.js';
import { type StoreOption, withStore } from '../store-option.js';

/**
 * `reindex`: makes the search indexes anew from the stored rows. Every write the project makes
 * (seed, import, migrate-store) keeps them in step, and the migration that adds an index builds it
 * for the rows already there; this is for a store whose tables were changed by other means (by
 * hand, by another tool), and for checking.
 */
export function reindexCommand(program: Command, io: Io) {
  program
    .command('reindex')
    .description(
      'make the search indexes anew from the stored rows (writes keep them in step: this is for tables changed by other tools)',
    )
    .option('--only <platforms>', 'reindex only these platforms, comma-separated (forum, video, music)', (v: string) =>
      v.split(','),
    )
    .action(async (options: StoreOption & { only?: string[] }) => {
      await withStore({ ...program.opts(), ...options }, async (store) => {
        const started = performance.now();
        let shown = 0;
        const done = await store.rebuild({
          ...(options.only ? { only: options.only } : {}),
          onProgress: (platform, count) => {
            // a line per 100,000 rows: a large store takes minutes
            if (count - shown >= 100_000)
              io.err(`${platform}: ${(shown = count).toLocaleString('en-US')} rows indexed`);
          },
        });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const counts = Object.entries(done).map(([platform, n]) => `${platform} ${n.toLocaleString('en-US')} rows`);
        io.out(`reindexed ${counts.join(', ') || 'nothing'} in ${seconds} s`);
      });
    });
}
