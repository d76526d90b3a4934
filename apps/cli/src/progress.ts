import { SingleBar } from 'cli-progress';
import type { Io } from './io.js';

/** Milliseconds between plain progress lines when stderr is not a terminal. */
const LOG_EVERY_MS = 2_000;

export { formatBytes } from '@socialquery/core';

export interface ProgressDisplay<V> {
  /** The bar's format on a terminal (cli-progress placeholders: `{bar}`, `{percentage}` and the values' names). */
  bar: string;
  /** The plain line written every few seconds when stderr is not a terminal. */
  line: (values: V) => string;
}

/**
 * Reports a long command's progress: a bar on a terminal, else a plain line every few seconds.
 * `report` takes the values shown and the bar's position (`value` of `total`).
 */
export function progressReporter<V extends object>(io: Io, display: ProgressDisplay<V>, now: () => number = Date.now) {
  const started = now();
  let bar: SingleBar | undefined;
  let lastLog = started;
  return {
    /** Units per second since the start. */
    rate: (count: number) => Math.round(count / Math.max((now() - started) / 1000, 0.001)),
    report(values: V, position: { value: number; total: number }) {
      if (io.interactive) {
        if (!bar) {
          bar = new SingleBar({ format: display.bar, fps: 5 });
          bar.start(position.total, 0, values);
        }
        bar.update(position.value, values);
      } else if (now() - lastLog >= LOG_EVERY_MS) {
        lastLog = now();
        io.err(display.line(values));
      }
    },
    stop: () => bar?.stop(),
    seconds: () => (now() - started) / 1000,
  };
}
