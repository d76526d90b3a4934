import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The nice value of a reader thread (reader-thread.ts): heavy work gives way to the service's
 * thread when both want the same core. On two shared cores, beside two exports and two searches,
 * it cut `/healthz`'s p99 from 6–7 to 5 ms and forum-hot's from 11–12 to 9–10 ms (BENCHMARKS.md,
 * "Heavy work at a lower priority"). A thread at nice 10 still gets about a tenth of a core it
 * shares with busy work, and all of an idle one.
 */
export const READER_NICENESS = 10;

/**
 * Lowers the calling thread's own CPU priority to `niceness`. Linux keeps a nice value per thread,
 * addressed by its thread id (read from `/proc/thread-self`); elsewhere, or without `/proc`, the
 * thread keeps the process's priority and this returns false. Lowering needs no privilege.
 */
export function lowerThisThreadsPriority(niceness: number): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, niceness);
    return true;
  } catch {
    return false;
  }
}
