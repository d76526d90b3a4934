import type { Database } from '@socialquery/store';
import type { Kysely, Selectable } from 'kysely';
import type { StopReason } from './platform.js';
import type { QuotaStop } from './quota.js';
import { type Target, targetKey } from './targets.js';

/** A target's state as the store keeps it (`sync_targets`). */
export interface TargetState {
  key: string;
  platform: string;
  spec: Target;
  /** Where its incremental walk stopped (the platform adapter's shape); undefined before a first success. */
  checkpoint: unknown;
  lastRunAt?: number;
  lastSuccessAt?: number;
  lastError?: string;
  lastErrorAt?: number;
  /** Why the last run stopped (`caught-up`, `page-limit`, `budget`, `error`…), and what it said about it (whose quota was spent). */
  lastStopped?: StopReason;
  lastDetail?: string;
  /** The last run's quota stop: whose quota (`platform`, or sync's own `budget`), how much of it was used, of how much. */
  lastQuota?: QuotaStop;
  nextRunAt?: number;
  runs: number;
  failures: number;
  recordsNew: number;
  recordsUpdated: number;
}

/** PostgreSQL answers bigint columns as text: every number goes through Number. */
const time = (value: number | null) => (value === null ? undefined : Number(value));

function stateOf(row: Selectable<Database['sync_targets']>): TargetState {
  return {
    key: row.key,
    platform: row.platform,
    spec: JSON.parse(row.spec) as Target,
    checkpoint: row.checkpoint === null ? undefined : (JSON.parse(row.checkpoint) as unknown),
    lastRunAt: time(row.last_run_at),
    lastSuccessAt: time(row.last_success_at),
    lastError: row.last_error ?? undefined,
    lastErrorAt: time(row.last_error_at),
    ...(row.last_stopped !== null ? { lastStopped: row.last_stopped as StopReason } : {}),
    ...(row.last_detail !== null ? { lastDetail: row.last_detail } : {}),
    ...(row.last_quota !== null ? { lastQuota: JSON.parse(row.last_quota) as QuotaStop } : {}),
    nextRunAt: time(row.next_run_at),
    runs: Number(row.runs),
    failures: Number(row.failures),
    recordsNew: Number(row.records_new),
    recordsUpdated: Number(row.records_updated),
  };
}

/** Every target the store has run, by key. */
export async function listTargetStates(db: Kysely<Database>): Promise<TargetState[]> {
  const rows = await db.selectFrom('sync_targets').selectAll().orderBy('key').execute();
  return rows.map(stateOf);
}

export async function readTargetState(db: Kysely<Database>, key: string): Promise<TargetState | undefined> {
  const row = await db.selectFrom('sync_targets').selectAll().where('key', '=', key).executeTakeFirst();
  return row ? stateOf(row) : undefined;
}

/** Declares a target (or updates its spec), keeping its checkpoint and history; returns its state. */
export async function registerTarget(db: Kysely<Database>, target: Target): Promise<TargetState> {
  const key = targetKey(target);
  const spec = JSON.stringify(target);
  await db
    .insertInto('sync_targets')
    .values({
      key,
      platform: target.platform,
      spec,
      checkpoint: null,
      last_run_at: null,
      last_success_at: null,
      last_error: null,
      last_error_at: null,
      last_stopped: null,
      last_detail: null,
      last_quota: null,
      next_run_at: null,
    })
    .onConflict((oc) => oc.column('key').doUpdateSet({ spec }))
    .execute();
  return (await readTargetState(db, key))!;
}

export interface RunOutcome {
  at: number;
  nextRunAt: number;
  recordsNew: number;
  recordsUpdated: number;
  /** The new checkpoint (undefined: keep the stored one). */
  checkpoint?: unknown;
  stopped: StopReason;
  /** More on why it stopped (`quota budget reached (…)`), or the error. */
  detail?: string;
  /** A quota stop's whose and how much. */
  quota?: QuotaStop;
  /** Set when the run failed. */
  error?: string;
}

/** Records a run: success (a new checkpoint, last success) or failure (the error), counters, the next run. */
export async function recordRun(db: Kysely<Database>, key: string, outcome: RunOutcome): Promise<void> {
  await db
    .updateTable('sync_targets')
    .set((eb) => ({
      last_run_at: outcome.at,
      next_run_at: outcome.nextRunAt,
      runs: eb('runs', '+', 1),
      records_new: eb('records_new', '+', outcome.recordsNew),
      records_updated: eb('records_updated', '+', outcome.recordsUpdated),
      last_stopped: outcome.stopped,
      last_detail: outcome.detail ?? null,
      last_quota: outcome.quota ? JSON.stringify(outcome.quota) : null,
      ...(outcome.checkpoint !== undefined ? { checkpoint: JSON.stringify(outcome.checkpoint) } : {}),
      ...(outcome.error === undefined
        ? { last_success_at: outcome.at }
        : { last_error: outcome.error, last_error_at: outcome.at, failures: eb('failures', '+', 1) }),
    }))
    .where('key', '=', key)
    .execute();
}

/**
 * Forgets stored targets: each one's row goes, and with it its spec, checkpoint, run history and counters, so
 * a target declared again starts as a first run. All or none, in one transaction: when a key names no stored
 * target, nothing is removed and the unknown keys are returned. The records its runs stored stay, as do the
 * platforms' quota ledgers (a day's units were spent whatever the target).
 */
export async function removeTargets(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<{ removed: string[]; unknown: string[] }> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return { removed: [], unknown: [] };
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('sync_targets').select('key').where('key', 'in', wanted).execute();
    const found = new Set(rows.map((row) => row.key));
    const unknown = wanted.filter((key) => !found.has(key));
    if (unknown.length > 0) return { removed: [], unknown };
    await trx.deleteFrom('sync_targets').where('key', 'in', wanted).execute();
    return { removed: wanted, unknown: [] };
  });
}
