import {
  ImportAbortedError,
  ImportInputError,
  importData,
  importers,
  importPlatforms,
  type ImportSummary,
  openStore,
  type ReadProgress,
  type Store,
} from '@socialquery/store';
import { type Command, CommanderError } from 'commander';
import { diskFullMessage } from './disk-full.js';
import { importProgress } from './import-progress.js';
import type { Io } from './io.js';

/**
 * Exit codes: 1 when records were skipped or --strict aborted; 2 when the input cannot be imported
 * at all; 3 when the store's disk filled up.
 */
export const EXIT_SKIPPED = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_DISK_FULL = 3;
/** Skip reasons printed in the summary; the count covers the rest. */
const REASONS_SHOWN = 20;

function formatsHelp(): string {
  const rows = importers.map(
    (i) => `  ${i.platform.padEnd(13)} ${i.format.padEnd(16)} ${i.input.padEnd(12)} ${i.description}`,
  );
  return [
    '',
    'Formats:',
    `  ${'platform'.padEnd(13)} ${'format'.padEnd(16)} ${'reads a'.padEnd(12)} what`,
    ...rows,
    '',
    'Exit codes: 0 all imported; 1 records skipped (listed with line and reason) or --strict aborted (nothing imported);',
    '2 the input cannot be imported (unknown platform or format, missing path, wrong format, corrupt file);',
    "3 the store's disk filled up (nothing of the import was written; the message says about how much it needs).",
  ].join('\n');
}

/** Records read: new, changed, unchanged (already stored as they are: not written) and skipped. */
const recordsRead = (summary: ImportSummary) =>
  summary.imported + summary.updated + summary.unchanged + summary.skipped;

export function summaryLines(summary: ImportSummary, seconds: number): string[] {
  const records = recordsRead(summary);
  const lines = [
    `imported ${summary.imported}, updated ${summary.updated}, unchanged ${summary.unchanged}, skipped ${summary.skipped} ` +
      `(${records} records in ${seconds.toFixed(1)} s, ${Math.round(records / Math.max(seconds, 0.001))} records/s)`,
  ];
  for (const [table, counts] of Object.entries(summary.tables))
    lines.push(`  ${table}: ${counts.imported} new, ${counts.updated} updated, ${counts.unchanged} unchanged`);
  for (const skip of summary.skips.slice(0, REASONS_SHOWN)) lines.push(`skipped ${skip.location}: ${skip.reason}`);
  if (summary.skipped > REASONS_SHOWN) lines.push(`… and ${summary.skipped - REASONS_SHOWN} more skipped`);
  return lines;
}

export function importCommand(program: Command, io: Io) {
  program
    .command('import')
    .description('import an export or API dump into the store (re-importing updates records, never duplicates them)')
    .argument('<platform>', importPlatforms().join(', '))
    .argument('<format>', 'the input format (see Formats below)')
    .argument('<path>', 'the file or directory to import')
    .option('--strict', 'abort at the first bad record and leave the store exactly as before')
    .addHelpText('after', formatsHelp())
    .action(async (platform: string, format: string, path: string, options: { strict?: boolean }) => {
      const fail = (code: number, message: string): never => {
        io.err(`error: ${message}`);
        throw new CommanderError(code, 'socialquery.import', message);
      };
      let store: Store | undefined;
      const progress = importProgress(io);
      let bytesBefore = 0;
      let lastRead: ReadProgress | undefined;
      try {
        store = await openStore(program.opts<{ store?: string }>().store ?? process.env.SOCIALQUERY_STORE);
        bytesBefore = (await store.diskUsage()).bytes;
        const summary = await importData(store.db, platform, format, path, {
          strict: options.strict ?? false,
          onProgress: (counts, read) => {
            lastRead = read;
            progress.update(counts, read);
          },
        });
        progress.stop();
        for (const line of summaryLines(summary, progress.seconds())) io.out(line);
        if (summary.skipped > 0)
          throw new CommanderError(EXIT_SKIPPED, 'socialquery.importSkipped', `${summary.skipped} records skipped`);
      } catch (error) {
        progress.stop();
        if (error instanceof ImportInputError) fail(EXIT_BAD_INPUT, error.message);
        if (store?.isDiskFullError(error))
          fail(EXIT_DISK_FULL, await diskFullMessage(store, bytesBefore, lastRead, error));
        if (error instanceof ImportAbortedError) {
          fail(
            EXIT_SKIPPED,
            `--strict: aborted at ${error.location}: ${error.reason}; nothing was imported (the store is unchanged)`,
          );
        }
        throw error;
      } finally {
        await store?.close();
      }
    });
}
