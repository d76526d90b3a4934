import { copyStore, INDEXES, openStore, type Store, unfinishedCopyOf } from '@socialquery/store';
import { SingleBar } from 'cli-progress';
import { type Command, CommanderError } from 'commander';
import { copyDiskFullMessage } from '../disk-full.js';
import { EXIT_DISK_FULL } from '../import.js';
import type { Io } from '../io.js';

export function migrateStoreCommand(program: Command, io: Io) {
  program
    .command('migrate-store')
    .description(
      "copy every table of one store into another (e.g. SQLite → PostgreSQL), then build the target's secondary indexes; a copy that was stopped resumes where it stopped when run again",
    )
    .requiredOption('--from <address>', 'source store, e.g. sqlite:./data/socialquery.db')
    .requiredOption('--to <address>', 'target store, e.g. postgres://user:pass@host:5432/db (migrated first)')
    .action(async (options: { from: string; to: string }) => {
      const from = await openStore(options.from);
      let to: Store | undefined;
      /** Where the copy is: the table being copied, or the indexes being built. */
      let stage: { table: string; indexes: boolean } | undefined;
      let bar: SingleBar | undefined;
      try {
        to = await openStore(options.to);
        const resumes = (await unfinishedCopyOf(to.db)) === from.description;
        if (resumes) io.err(`resuming the copy from ${from.description} where it stopped`);
        let shown: string | undefined;
        const counts = await copyStore(
          from.db,
          to.db,
          ({ table, copied, total }) => {
            stage = { table, indexes: table === INDEXES };
            if (!io.interactive) return;
            if (table !== shown) {
              shown = table;
              bar?.stop();
              const unit = table === INDEXES ? 'indexes built' : 'rows';
              bar = new SingleBar({ format: `${table.padEnd(12)} [{bar}] {percentage}% {value}/{total} ${unit}` });
              bar.start(total, copied);
            } else bar?.update(copied);
          },
          { source: from.description },
        );
        bar?.stop();
        const summary = Object.entries(counts)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ');
        io.out(`copied ${from.description} → ${to.description}: ${summary}`);
      } catch (error) {
        bar?.stop();
        if (to?.isDiskFullError(error)) {
          const message = await copyDiskFullMessage(to, error, stage);
          io.err(`error: ${message}`);
          throw new CommanderError(EXIT_DISK_FULL, 'socialquery.migrateStore', message);
        }
        throw error;
      } finally {
        await from.close();
        await to?.close();
      }
    });
}
