import type { Store } from '@socialquery/store';
import { planLines, planTargets, quotaLines, type SyncConfig, type Target } from '@socialquery/sync';
import type { Io } from '../io.js';

/** `--dry-run`'s help: what it tells, and that it sends and writes nothing. */
export const DRY_RUN_HELP =
  "show what the run would fetch — each target's checkpoint, first request and page limit, and the YouTube quota units and TikTok requests it would spend — without sending any request or writing to the store (with --loop: the schedule's next turn)";

/**
 * Prints what a run of `targets` would do (packages/sync/src/plan.ts): a target's lines each, then the daily
 * budgets they would spend together. Reads the store only; no client is made, so nothing goes upstream.
 */
export async function printDryRun(
  io: Io,
  store: Store,
  targets: readonly Target[],
  options: { config: SyncConfig; schedule: boolean },
) {
  io.err(
    `dry run: ${targets.length} target${targets.length === 1 ? '' : 's'}; nothing is fetched and nothing is written`,
  );
  const plans = await planTargets(store.db, targets, options);
  for (const plan of plans) for (const line of planLines(plan)) io.out(line);
  for (const line of quotaLines(plans)) io.out(line);
}
