import type { Store } from '@socialquery/store';
import {
  describeDiskFull,
  readTargetsFile,
  runSchedule,
  type ScheduleOptions,
  type SyncConfig,
  SyncConfigError,
  syncConfigFromEnv,
  type Target,
  TargetError,
} from '@socialquery/sync';
import type { Logger } from 'pino';
import { ConfigError } from './config.js';
import type { RunningService } from './server.js';

/** The service's sync mode: the targets file `SOCIALQUERY_SYNC_TARGETS` names, and the platforms' credentials. */
export interface SyncMode {
  file: string;
  targets: Target[];
  config: SyncConfig;
}

/**
 * Reads `SOCIALQUERY_SYNC_TARGETS` (a targets file, docs/sync.md) and the sync variables; undefined when
 * it is unset. A file that cannot be read or is not valid stops the start (ConfigError), as any bad variable does.
 */
export async function loadSyncMode(env: NodeJS.ProcessEnv = process.env): Promise<SyncMode | undefined> {
  const file = env.SOCIALQUERY_SYNC_TARGETS?.trim();
  if (!file) return undefined;
  try {
    return { file, targets: await readTargetsFile(file), config: syncConfigFromEnv(env) };
  } catch (error) {
    if (error instanceof TargetError) throw new ConfigError(`SOCIALQUERY_SYNC_TARGETS: ${error.message}`);
    if (error instanceof SyncConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * Runs the sync schedule in the background of a started service (when `mode` is set): one replica of
 * many at a time holds the store's lease and runs the targets; each target's run is logged with its
 * summary (never a credential). The service it returns stops the schedule (its run in progress ends
 * at its next request) before the service itself, which closes the store.
 */
export function withSyncMode(
  service: RunningService,
  mode: SyncMode | undefined,
  store: Store,
  logger: Logger,
  options: Partial<Pick<ScheduleOptions, 'clock' | 'leaseMs' | 'pollMs' | 'upstream'>> = {},
): RunningService {
  if (!mode) return service;
  const log = logger.child({ component: 'sync' });
  const controller = new AbortController();
  log.info({ targets: mode.targets.length, file: mode.file }, 'sync mode: running the targets on their intervals');
  const running = runSchedule(store.db, mode.targets, {
    ...options,
    config: mode.config,
    signal: controller.signal,
    // a target failed by a full disk says which store and what is free there, as `socialquery sync` does
    describeError: describeDiskFull(store),
    onProgress: (target, message) => log.debug({ target }, message),
    onError: (error) => log.warn({ err: error }, 'sync: the schedule could not reach the store; trying again'),
    onLease: (held) =>
      log.info(held ? 'sync: this replica holds the sync lease' : 'sync: another replica holds the sync lease'),
    onRun: (summaries) => {
      for (const { key, skips, detail, ...summary } of summaries) {
        const fields = {
          target: key,
          ...summary,
          ...(detail ? { detail } : {}),
          ...(skips.length ? { skips: skips.slice(0, 10) } : {}),
        };
        if (summary.stopped === 'error') log.warn(fields, 'sync: target failed');
        else log.info(fields, 'sync: target ran');
      }
    },
  }).catch((error: unknown) => log.error({ err: error }, 'sync: the schedule stopped'));
  return {
    ...service,
    async stop() {
      controller.abort();
      await running;
      await service.stop();
    },
  };
}
