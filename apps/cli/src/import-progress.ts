import type { ImportSummary, ReadProgress } from '@socialquery/store';
import type { Io } from './io.js';
import { formatBytes, progressReporter } from './progress.js';

export { formatBytes };

/** Reports import progress: a bar on a terminal (records, rate, bytes read of total), else a plain line every few seconds. */
export function importProgress(io: Io, now: () => number = Date.now) {
  const reporter = progressReporter<{ records: number; rate: number; read: string; size: string }>(
    io,
    {
      bar: 'importing [{bar}] {percentage}% | {records} records | {rate}/s | {read} of {size}',
      line: (values) => `import: ${values.records} records, ${values.rate}/s, ${values.read} of ${values.size}`,
    },
    now,
  );
  return {
    update(summary: ImportSummary, read: ReadProgress) {
      const records = summary.imported + summary.updated + summary.unchanged + summary.skipped;
      const values = {
        records,
        rate: reporter.rate(records),
        read: formatBytes(read.bytesRead),
        size: formatBytes(read.totalBytes),
      };
      reporter.report(values, {
        value: Math.min(read.bytesRead, read.totalBytes),
        total: Math.max(read.totalBytes, 1),
      });
    },
    stop: reporter.stop,
    seconds: reporter.seconds,
  };
}
