import { openStore } from '@socialquery/store';
import type { Command } from 'commander';
import type { Io } from '../io.js';

export function migrateCommand(program: Command, io: Io) {
  program
    .command('migrate')
    .description('apply pending store migrations (the service also applies them on start)')
    .action(async () => {
      const store = await openStore(program.opts<{ store?: string }>().store ?? process.env.SOCIALQUERY_STORE, {
        migrate: false,
      });
      try {
        const { applied } = await store.migrate();
        io.out(applied.length > 0 ? `applied ${applied.join(', ')}` : 'store is up to date');
      } finally {
        await store.close();
      }
    });
}
