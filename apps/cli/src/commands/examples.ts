import type { Command } from 'commander';
import type { Io } from '../io.js';
import { withStore } from '../store-option.js';

export function examplesCommand(program: Command, io: Io) {
  program
    .command('examples')
    .description('print JSON with identifiers that exist in the store, one object per platform, for trying the API')
    .action(async () => {
      await withStore(program.opts(), async (store) => io.out(JSON.stringify(await store.examples(), null, 2)));
    });
}
