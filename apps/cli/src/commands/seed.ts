import { SingleBar } from 'cli-progress';
import { type Command, InvalidArgumentError } from 'commander';
import { parseDemoScales } from '@socialquery/store';
import { CliError, type Io } from '../io.js';
import { type StoreOption, withStore } from '../store-option.js';

export function positiveInteger(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('must be a positive integer');
  }
  return Number(value);
}

function demoScales(value: string): Record<string, number> {
  try {
    return parseDemoScales(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function seedCommand(program: Command, io: Io) {
  program
    .command('seed')
    .description('fill the store with the deterministic demo data (idempotent: re-running adds nothing)')
    .option('--demo', 'seed the demo data set')
    .option('--scale <n>', 'multiply the demo volume (100 ≈ 1 M forum posts)', positiveInteger, 1)
    .option(
      '--scales <set=n,…>',
      'scales of single sets, replacing --scale for them (music=0.1: a tenth of the 1.3 M-row music catalog)',
      demoScales,
    )
    .option(
      '--only <sets>',
      'seed only these sets, comma-separated (forum, microblog, shortvideo, professional, video, music)',
      (v: string) => v.split(','),
    )
    .action(
      async (
        options: StoreOption & { demo?: boolean; scale: number; scales?: Record<string, number>; only?: string[] },
      ) => {
        if (!options.demo) throw new CliError('nothing to seed: pass --demo (the only data set so far)');
        await withStore({ ...program.opts(), ...options }, async (store) => {
          const bar = io.interactive
            ? new SingleBar({ format: 'seeding [{bar}] {percentage}% {value}/{total} rows | {eta}s left' })
            : undefined;
          const report = await store.seedDemo({
            scale: options.scale,
            ...(options.scales ? { scales: options.scales } : {}),
            ...(options.only ? { only: options.only } : {}),
            onProgress: (done, total) => (done === 0 ? bar?.start(total, 0) : bar?.update(done)),
          });
          bar?.stop();
          // each set's own scale: --scales replaces --scale for the sets it names
          const counts = Object.entries(report.rows)
            .map(([set, n]) => `${set} ${n} rows (scale ${options.scales?.[set] ?? options.scale})`)
            .join(', ');
          io.out(`seeded ${counts} in ${(report.ms / 1000).toFixed(1)} s`);
        });
      },
    );
}
