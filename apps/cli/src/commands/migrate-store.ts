import { copyStore, INDEXES, openStore, type Store } from '@socialquery/store';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import type { Io } from '../io.js';

export function migrateStoreCommand(program: Command, io: Io) {
  program
    .command('migrate-store')
    .description(
      "copy every table of one store into another (e.g. SQLite → PostgreSQL), then build the target's secondary indexes; re-running resumes without duplicates",
    )
    .requiredOption('--from <address>', 'source store, e.g. sqlite:./data/socialquery.db')
    .requiredOption('--to <address>', 'target store, e.g. postgres://user:pass@host:5432/db (migrated first)')
    .action(async (options: { from: string; to: string }) => {
      const from = await openStore(options.from);
      let to: Store | undefined;
      try {
        to = await openStore(options.to);
        let bar: SingleBar | undefined;
        const counts = await copyStore(from.db, to.db, ({ table, copied, total }) => {
          if (!io.interactive) return;
          if (copied === 0) {
            bar?.stop();
            const unit = table === INDEXES ? 'indexes built' : 'rows';
            bar = new SingleBar({ format: `${table.padEnd(12)} [{bar}] {percentage}% {value}/{total} ${unit}` });
            bar.start(total, 0);
          } else bar?.update(copied);
        });
        bar?.stop();
        const summary = Object.entries(counts)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ');
        io.out(`copied ${from.description} → ${to.description}: ${summary}`);
      } finally {
        await from.close();
        await to?.close();
      }
    });
}
