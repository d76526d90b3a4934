import type { Database } from '@socialquery/store';
import type { Kysely } from 'kysely';
import { readTargetState } from './checkpoints.js';
import { type Clock, systemClock } from './clock.js';
import { maskSecrets, type SyncConfig } from './config.js';
import { type QuotaPlan, type SyncPlatform, unsetCredentials } from './platform.js';
import { syncPlatforms } from './run.js';
import { type Target, targetKey } from './targets.js';

export interface PlanOptions {
  config: SyncConfig;
  clock?: Clock;
  /**
   * Plans the schedule's next turn (`--loop`): only the targets whose next run is due would run. Without it,
   * every target would (a run once runs them all, whatever their next run says).
   */
  schedule?: boolean;
  /** The adapters (default syncPlatforms). */
  platforms?: readonly SyncPlatform[];
}

/** What a run would do with one target (sync's dry run). */
export interface TargetPlan {
  key: string;
  platform: string;
  /** The API's name (`reddit`). */
  api: string;
  /** It would run now; false: only with `schedule`, its next run is later. */
  due: boolean;
  /** The store holds its state (false: never run, a first run). */
  stored: boolean;
  nextRunAt?: number;
  lastSuccessAt?: number;
  /** The stored checkpoint (undefined: none, a first run's walk). */
  checkpoint: unknown;
  /** The run's first request to the API, as it would send it (field lists left out). */
  request: string;
  /** What it would read from the checkpoint on, and where it would stop at most. */
  reads: string;
  /** What it would spend of its platform's daily budget. */
  quota?: QuotaPlan;
  /** Its credentials' variables that are not set: the run would fail naming them. */
  unset: string[];
}

/**
 * What a run of `targets` would do, without doing any of it: for each target whether it would run, its
 * checkpoint, its first request and what it would read, and what it would spend of a daily budget. It only
 * reads the store — no target is registered, no ledger charged, no lease taken — and sends nothing upstream:
 * the adapters' `plan` is told the target and its checkpoint, and is given no client.
 */
export async function planTargets(
  db: Kysely<Database>,
  targets: readonly Target[],
  options: PlanOptions,
): Promise<TargetPlan[]> {
  const clock = options.clock ?? systemClock;
  const platforms = options.platforms ?? syncPlatforms;
  const { config } = options;
  const mask = (text: string) => maskSecrets(config, text);
  const now = clock.now();
  const plans: TargetPlan[] = [];
  for (const target of targets) {
    const adapter = platforms.find((candidate) => candidate.platform === target.platform);
    if (!adapter) throw new Error(`${target.platform}: not yet supported (planned)`);
    const key = targetKey(target);
    const state = await readTargetState(db, key);
    const plan = await adapter.plan({ target, checkpoint: state?.checkpoint, config, clock, db });
    const unset = unsetCredentials(adapter.credentials(config));
    plans.push({
      key,
      platform: target.platform,
      api: adapter.api,
      due: !options.schedule || (state?.nextRunAt ?? 0) <= now,
      stored: state !== undefined,
      ...(state?.nextRunAt !== undefined ? { nextRunAt: state.nextRunAt } : {}),
      ...(state?.lastSuccessAt !== undefined ? { lastSuccessAt: state.lastSuccessAt } : {}),
      checkpoint: state?.checkpoint,
      request: mask(plan.request),
      reads: mask(plan.reads),
      ...(plan.quota ? { quota: plan.quota } : {}),
      unset,
    });
  }
  return plans;
}

const when = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
/** The longest checkpoint shown whole (a post's pending comment ids can make it long). */
const CHECKPOINT_CHARS = 300;

/**
 * A target's plan as lines: `<key>: would run now (last success …)`, then, indented, its checkpoint, first
 * request, what it reads, its budget and its unset credentials.
 */
export function planLines(plan: TargetPlan): string[] {
  const run = plan.due ? 'would run now' : `would wait until ${when(plan.nextRunAt ?? 0)} (its next run)`;
  const history = !plan.stored
    ? 'never run: a first run'
    : plan.lastSuccessAt !== undefined
      ? `last success ${when(plan.lastSuccessAt)}`
      : 'no success yet';
  const checkpoint = plan.checkpoint === undefined ? 'none' : JSON.stringify(plan.checkpoint);
  const lines = [
    `${plan.key}: ${run} (${history})`,
    `  checkpoint: ${checkpoint.length > CHECKPOINT_CHARS ? `${checkpoint.slice(0, CHECKPOINT_CHARS)}…` : checkpoint}`,
    `  first request: ${plan.request}`,
    `  reads: ${plan.reads}`,
  ];
  if (plan.quota) lines.push(`  ${plan.quota.ledger} quota: ${spendText(plan.quota)}`);
  if (plan.unset.length > 0)
    lines.push(`  credentials: ${plan.unset.join(' and ')} not set: the run would fail (${plan.api})`);
  return lines;
}

/**
 * `3 to 71 units (120 of 10000 used today)`, and whether the day's budget would stop it, or the platform's
 * quota (the API answered today that the project's is spent).
 */
function spendText({
  min,
  max,
  unit,
  used,
  budget,
  exhausted,
}: Pick<QuotaPlan, 'min' | 'max' | 'unit' | 'used' | 'budget' | 'exhausted'>) {
  const range = min === max ? `${min}` : `${min} to ${max}`;
  const stop =
    exhausted !== undefined
      ? `: the platform's quota would stop it (the API answered ${exhausted} today)`
      : used + min > budget
        ? ': the budget would stop it'
        : used + max > budget
          ? ': the budget may stop it'
          : '';
  return `${range} ${unit} (${used} of ${budget} used today)${stop}`;
}

/** What the targets that would run now would spend together, one line per daily budget. */
export function quotaLines(plans: readonly TargetPlan[]): string[] {
  const totals = new Map<string, QuotaPlan>();
  for (const { due, quota } of plans) {
    if (!due || !quota) continue;
    const total = totals.get(quota.ledger);
    totals.set(quota.ledger, total ? { ...total, min: total.min + quota.min, max: total.max + quota.max } : quota);
  }
  return [...totals.values()].map((total) => `${total.ledger} quota, all targets: ${spendText(total)}`);
}
