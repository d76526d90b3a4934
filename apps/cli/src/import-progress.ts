import type { ImportSummary, ReadProgress } from '@socialquery/store';
import { SingleBar } from 'cli-progress';
import type { Io } from './io.js';

/** Seconds between plain progress lines when stderr is not a terminal. */
const LOG_EVERY_MS = 2_000;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Reports import progress: a bar on a terminal (records, rate, bytes read of total), else a plain line every few seconds. */
export function importProgress(io: Io, now: () => number = Date.now) {
  const started = now();
  let bar: SingleBar | undefined;
  let lastLog = started;
  const payload = (summary: ImportSummary, read: ReadProgress) => {
    const records = summary.imported + summary.updated + summary.skipped;
    const seconds = Math.max((now() - started) / 1000, 0.001);
    return { records, rate: Math.round(records / seconds), read: formatBytes(read.bytesRead), size: formatBytes(read.totalBytes) };
  };
  return {
    update(summary: ImportSummary, read: ReadProgress) {
      const values = payload(summary, read);
      if (io.interactive) {
        if (!bar) {
          bar = new SingleBar({ format: 'importing [{bar}] {percentage}% | {records} records | {rate}/s | {read} of {size}', fps: 5 });
          bar.start(Math.max(read.totalBytes, 1), 0, values);
        }
        bar.update(Math.min(read.bytesRead, read.totalBytes), values);
      } else if (now() - lastLog >= LOG_EVERY_MS) {
        lastLog = now();
        io.err(`import: ${values.records} records, ${values.rate}/s, ${values.read} of ${values.size}`);
      }
    },
    stop() {
      bar?.stop();
    },
    seconds: () => (now() - started) / 1000,
  };
}
