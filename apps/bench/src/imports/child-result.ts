import type { Database, StoreKind } from '@socialquery/store';
import { type Kysely, sql } from 'kysely';
import { spawn } from 'node:child_process';
/** What a measured child process (import-child, floor-child) prints as its last stdout line. */
export interface ChildResult {
  records: number;
  /** Wall-clock seconds of the measured work only (no process start, no store open, no mapping for the floor). */
  seconds: number;
  /** CPU seconds of the whole process (every thread) over the same span. */
  cpuSeconds: number;
  /** The process's peak resident set, in MiB, over its whole life. */
  peakRssMiB: number;
  /** Bytes the store grew by over the measured work (absent in runs from before it was measured). */
  storeBytes?: number;
}

/** Starts the clock; `stop(records)` prints the ChildResult as one JSON line. */
export function startClock() {
  const cpu = process.cpuUsage();
  const started = performance.now();
  return {
    stop(records: number, storeBytes?: number) {
      const used = process.cpuUsage(cpu);
      const result: ChildResult = {
        records,
        seconds: (performance.now() - started) / 1000,
        cpuSeconds: (used.user + used.system) / 1e6,
        peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
        ...(storeBytes !== undefined ? { storeBytes } : {}),
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

/**
 * Runs a measuring child (`node <script> …args`) with its stderr passed through; resolves with the
 * ChildResult its stdout's last line holds, fails when it exits otherwise than 0.
 */
export function runChild(script: string, args: readonly string[]): Promise<ChildResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) {
        fail(new Error(`${script} exited with ${String(code)}: ${stdout.trim()}`));
        return;
      }
      try {
        done(parseChildResult(stdout));
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** The store's size in bytes, as its engine counts it: SQLite's pages (the WAL's included), PostgreSQL's database. */
export async function storeSize(db: Kysely<Database>, kind: StoreKind): Promise<number> {
  const { rows } = await sql<{ bytes: number | string }>`select ${
    kind === 'sqlite'
      ? sql`(select page_count from pragma_page_count()) * (select page_size from pragma_page_size())`
      : sql`pg_database_size(current_database())`
  } as bytes`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}
