import { type Command, CommanderError } from 'commander';
import type { Io } from '../io.js';
import type { StoreOption } from '../store-option.js';

/**
 * Exit codes of every `sync` command: 1 when a target's run (or a platform's check) failed while the others
 * went on; 2 when nothing was done at all (bad targets, flags or variables; an unsupported platform; an
 * unknown target).
 */
export const EXIT_FAILED = 1;
export const EXIT_REFUSED = 2;

/** What the `sync` commands share: the output, the store the program's `--store` names, and how to fail. */
export interface SyncContext {
  io: Io;
  storeOptions: () => StoreOption;
  /** Prints each message as its own `error: …` line, then exits with `code`. */
  fail: (code: number, ...messages: string[]) => never;
}

export function syncContext(program: Command, io: Io): SyncContext {
  return {
    io,
    storeOptions: () => program.opts<StoreOption>(),
    fail(code, ...messages) {
      for (const message of messages) io.err(`error: ${message}`);
      throw new CommanderError(code, 'socialquery.sync', messages.join('\n'));
    },
  };
}
