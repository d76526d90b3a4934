/** What a measured child process (import-child, floor-child) prints as its last stdout line. */
export interface ChildResult {
  records: number;
  /** Wall-clock seconds of the measured work only (no process start, no store open, no mapping for the floor). */
  seconds: number;
  /** CPU seconds of the whole process (every thread) over the same span. */
  cpuSeconds: number;
  /** The process's peak resident set, in MiB, over its whole life. */
  peakRssMiB: number;
}

/** Starts the clock; `stop(records)` prints the ChildResult as one JSON line. */
export function startClock() {
  const cpu = process.cpuUsage();
  const started = performance.now();
  return {
    stop(records: number) {
      const used = process.cpuUsage(cpu);
      const result: ChildResult = {
        records,
        seconds: (performance.now() - started) / 1000,
        cpuSeconds: (used.user + used.system) / 1e6,
        peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      };
      console.log(JSON.stringify(result));
    },
  };
}

/** The last line of a child's stdout, read as its ChildResult. */
export function parseChildResult(stdout: string): ChildResult {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  const value = JSON.parse(last) as Partial<ChildResult>;
  for (const key of ['records', 'seconds', 'cpuSeconds', 'peakRssMiB'] as const)
    if (typeof value[key] !== 'number') throw new Error(`not a measurement: ${last}`);
  return value as ChildResult;
}
