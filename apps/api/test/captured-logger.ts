import { Writable } from 'node:stream';
import { type LevelWithSilent, pino } from 'pino';

/** A pino logger whose JSON lines the test can read. */
export function capturedLogger(level: LevelWithSilent = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}
