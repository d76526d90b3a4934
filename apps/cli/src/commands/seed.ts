import { SingleBar } from 'cli-progress';
import { type Command, InvalidArgumentError } from 'commander';
import { CliError, type Io } from '../io.js';
import { type StoreOption, withStore } from '../store-option.js';

export function positiveInteger(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('must be a positive integer');
  }
  return Number(value);
}

export function seedCommand(program: Command, io: Io) {
  program
    .command('seed')
    .description('fill the store with the deterministic demo data (idempotent: re-running adds nothing)')
    .option('--demo', 'seed the demo data set')
    .option('--scale <n>', 'multiply the demo volume (100 ≈ 1 M forum posts)', positiveInteger, 1)
    .action(async (options: StoreOption & { demo?: boolean; scale: number }) => {
      if (!options.demo) throw new CliError('nothing to seed: pass --demo (the only data set so far)');
      await withStore({ ...program.opts(), ...options }, async (store) => {
        const bar = io.interactive ? new SingleBar({ format: 'seeding [{bar}] {percentage}% {value}/{total} rows | {eta}s left' }) : undefined;
        const report = await store.seedDemo({
          scale: options.scale,
          onProgress: (done, total) => (done === 0 ? bar?.start(total, 0) : bar?.update(done)),
        });
        bar?.stop();
        const counts = Object.entries(report.rows).map(([platform, n]) => `${platform} ${n}`).join(', ');
        io.out(`seeded ${counts} rows (scale ${options.scale}) in ${(report.ms / 1000).toFixed(1)} s`);
      });
    });
}
