import { Command, CommanderError } from 'commander';
import { examplesCommand } from './commands/examples.js';
import { exportCommand } from './commands/export.js';
import { keysCommand } from './commands/keys.js';
import { importCommand } from './import.js';
import { migrateCommand } from './commands/migrate.js';
import { migrateStoreCommand } from './commands/migrate-store.js';
import { reindexCommand } from './commands/reindex.js';
import { seedCommand } from './commands/seed.js';
import { syncCommand } from './commands/sync.js';
import { type Io, processIo } from './io.js';

export function createProgram(io: Io = processIo): Command {
  const program = new Command('socialquery')
    .description(
      'socialquery admin commands: seed, keys, examples, migrate, migrate-store, import, export, reindex, sync',
    )
    .option(
      '--store <address>',
      'store address, e.g. sqlite:./data/socialquery.db (default: $SOCIALQUERY_STORE or that path)',
    )
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  // subcommands inherit exitOverride and configureOutput from the program
  seedCommand(program, io);
  keysCommand(program, io);
  examplesCommand(program, io);
  migrateCommand(program, io);
  migrateStoreCommand(program, io);
  importCommand(program, io);
  exportCommand(program, io);
  reindexCommand(program, io);
  syncCommand(program, io);
  return program;
}

/** Runs the CLI on `args` (without `node script`); resolves to the exit code. */
export async function runCli(args: string[], io: Io = processIo): Promise<number> {
  const program = createProgram(io);
  try {
    await program.parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
