import { randomUUID } from 'node:crypto';
import type { Database } from '@socialquery/store';
import type { Kysely } from 'kysely';
import { listTargetStates } from './checkpoints.js';
import { type Clock, systemClock } from './clock.js';
import { type RunOptions, runTargets, type TargetSummary } from './run.js';
import { type Target, targetKey } from './targets.js';

/** The lease's name: one schedule per store. */
export const LEASE_NAME = 'sync';

/** The lease row: who runs the schedule until when. */
export class SyncLease {
  constructor(
    private readonly db: Kysely<Database>,
    readonly holder: string,
    private readonly ms: number,
    private readonly clock: Clock,
    private readonly name = LEASE_NAME,
  ) {}

  /**
   * Takes the lease, or renews it when held: one statement that writes only when the lease is free,
   * expired or already this holder's (SQLite's one writer, PostgreSQL's row lock: two replicas never both
   * win). True when this holder has it afterwards.
   */
  async acquire(): Promise<boolean> {
    const now = this.clock.now();
    await this.db
      .insertInto('sync_lease')
      .values({ name: this.name, holder: this.holder, expires_at: now + this.ms })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.holder, expires_at: now + this.ms })
          .where((eb) => eb.or([eb('sync_lease.expires_at', '<=', now), eb('sync_lease.holder', '=', this.holder)])),
      )
      .execute();
    const row = await this.db
      .selectFrom('sync_lease')
      .select('holder')
      .where('name', '=', this.name)
      .executeTakeFirst();
    return row?.holder === this.holder;
  }

  /** Gives the lease up (when this holder has it), so another replica takes over at once. */
  async release(): Promise<void> {
    await this.db.deleteFrom('sync_lease').where('name', '=', this.name).where('holder', '=', this.holder).execute();
  }
}

/** Who holds the store's lease and until when (epoch ms), if anyone took it and has not given it up. */
export async function readLease(
  db: Kysely<Database>,
  name = LEASE_NAME,
): Promise<{ holder: string; expiresAt: number } | undefined> {
  const row = await db
    .selectFrom('sync_lease')
    .select(['holder', 'expires_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  // PostgreSQL answers bigint columns as text
  return row ? { holder: row.holder, expiresAt: Number(row.expires_at) } : undefined;
}

export interface ScheduleOptions extends Omit<RunOptions, 'onPage'> {
  /** Stops the loop (and the run in progress, at its next request) promptly. */
  signal: AbortSignal;
  /** How long a lease lasts unless renewed (default 2 min); renewed after each page and between runs. */
  leaseMs?: number;
  /** Who holds the lease (default a random id). */
  holder?: string;
  /** The longest sleep between checks for due targets or a free lease (default 30 s). */
  pollMs?: number;
  /** Called with every run's summaries. */
  onRun?: (summaries: TargetSummary[]) => void;
  /** Called when a turn of the schedule failed (the store unreachable); the next is tried after `pollMs`. */
  onError?: (error: unknown) => void;
  /** Called with whether this scheduler holds the lease: on its first try, then whenever that changes. */
  onLease?: (held: boolean) => void;
}

/**
 * Runs the targets on their intervals until `signal` aborts: each target when its next run (kept in the
 * store) is due, those never run at once. Only the holder of the store's lease runs anything, so many
 * replicas of a service on one store sync once; the others wait and take over when it expires.
 */
export async function runSchedule(db: Kysely<Database>, targets: readonly Target[], options: ScheduleOptions) {
  const clock = options.clock ?? systemClock;
  const leaseMs = options.leaseMs ?? 120_000;
  const pollMs = Math.min(options.pollMs ?? 30_000, leaseMs / 3);
  const lease = new SyncLease(db, options.holder ?? randomUUID(), leaseMs, clock);
  const { signal } = options;
  let held = false;
  /** What onLease last said (undefined: nothing yet). */
  let told: boolean | undefined;
  let renewedAt = 0;
  /** Takes or renews the lease (at most every third of its length); false when another holder has it. */
  const renew = async (): Promise<boolean> => {
    const now = clock.now();
    if (held && now - renewedAt < leaseMs / 3) return true;
    const has = await lease.acquire().catch(() => false);
    renewedAt = now;
    if (has !== told) options.onLease?.((told = has));
    return (held = has);
  };
  const sleep = (ms: number) => clock.sleep(Math.max(0, ms), signal).catch(() => {});
  /** One turn: runs what is due; returns how long to sleep before the next. */
  const turn = async (): Promise<number> => {
    if (!(await renew())) return pollMs;
    const keys = new Set(targets.map(targetKey));
    const states = new Map((await listTargetStates(db)).filter((s) => keys.has(s.key)).map((s) => [s.key, s]));
    const now = clock.now();
    const due = targets.filter((target) => (states.get(targetKey(target))?.nextRunAt ?? 0) <= now);
    if (due.length === 0) {
      const next = Math.min(...targets.map((target) => states.get(targetKey(target))?.nextRunAt ?? now));
      return Math.min(next - now, pollMs);
    }
    // a lease lost mid-run (this replica stalled past its expiry) stops the run before it writes more
    const run = new AbortController();
    const stop = () => run.abort();
    signal.addEventListener('abort', stop);
    const summaries = await runTargets(db, due, {
      ...options,
      upstream: { ...options.upstream, signal: run.signal },
      onPage: async () => {
        if (!(await renew())) run.abort();
      },
    }).finally(() => signal.removeEventListener('abort', stop));
    options.onRun?.(summaries);
    return 0;
  };
  try {
    while (!signal.aborted) {
      let wait: number;
      try {
        wait = await turn();
      } catch (error) {
        // the store unreachable (a database restart): the schedule goes on and tries again
        options.onError?.(error);
        wait = pollMs;
      }
      if (wait > 0) await sleep(wait);
    }
  } finally {
    if (held) await lease.release().catch(() => {});
  }
}
