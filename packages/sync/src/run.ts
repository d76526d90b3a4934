import { type Database, importDocuments } from '@socialquery/store';
import type { Kysely } from 'kysely';
import { registerTarget, recordRun } from './checkpoints.js';
import { type Clock, systemClock } from './clock.js';
import { maskSecrets, type SyncConfig } from './config.js';
import type { PlatformSession, SessionDeps, StopReason, SyncPlatform, TargetResult } from './platform.js';
import { reddit } from './platforms/reddit.js';
import type { QuotaStop } from './quota.js';
import { spotify } from './platforms/spotify.js';
import { tiktok } from './platforms/tiktok.js';
import { x } from './platforms/x.js';
import { youtube } from './platforms/youtube.js';
import { everyMs, type Target, targetKey } from './targets.js';

/** The platforms sync collects from, by store platform: one adapter module each. */
export const syncPlatforms: readonly SyncPlatform[] = [reddit, youtube, spotify, x, tiktok];

/** What one target's run did. */
export interface TargetSummary {
  key: string;
  platform: string;
  pages: number;
  recordsNew: number;
  /** Records stored before whose values this run changed. */
  recordsUpdated: number;
  /** Records fetched again exactly as stored (not written). */
  recordsUnchanged: number;
  /** Records an importer could not map (reported by location in `skips`). */
  skipped: number;
  skips: string[];
  stopped: StopReason;
  /** The error (stopped 'error'), or more on why it stopped (`quota budget reached …`). */
  detail?: string;
  /** A quota stop (stopped 'budget'): whose quota it was (`platform` or sync's own `budget`), and how much of it sync had used. */
  quota?: QuotaStop;
  ms: number;
  nextRunAt: number;
}

export interface RunOptions {
  config: SyncConfig;
  clock?: Clock;
  /** Options of the platforms' clients (tests make retries fast). */
  upstream?: SessionDeps['upstream'];
  /** Progress lines (`forum:community:rust:new: page 2: 100 new, 0 updated`), never holding a credential. */
  onProgress?: (key: string, message: string) => void;
  /** After each page is stored (the scheduler renews its lease there). */
  onPage?: () => Promise<void>;
  /** The interval of targets that give none (default 1h). */
  defaultEvery?: string;
  /** The adapters (default syncPlatforms). */
  platforms?: readonly SyncPlatform[];
  /**
   * How a target's failure reads in its summary and `sync status` (default: the error's message);
   * undefined keeps the default. The CLI names the store and its free space when the disk is full.
   */
  describeError?: (error: unknown) => Promise<string | undefined>;
}

/**
 * Runs each target once, one after another: its platform's session (made once per run, shared by its
 * targets), incremental from its checkpoint, one import transaction per fetched page. A failing target
 * is recorded with its error and never stops the others. Returns a summary per target.
 */
export async function runTargets(
  db: Kysely<Database>,
  targets: readonly Target[],
  options: RunOptions,
): Promise<TargetSummary[]> {
  const clock = options.clock ?? systemClock;
  const platforms = options.platforms ?? syncPlatforms;
  const sessions = new Map<string, PlatformSession | Error>();
  const summaries: TargetSummary[] = [];
  const mask = (text: string) => maskSecrets(options.config, text);
  let current: string | undefined;
  const progress = (key: string, message: string) => options.onProgress?.(key, mask(message));
  const deps: SessionDeps = {
    db,
    config: options.config,
    clock,
    upstream: options.upstream ?? {},
    onWait: (wait) =>
      current && progress(current, `waiting ${(wait.ms / 1000).toFixed(1)} s (${wait.reason} after ${wait.after})`),
  };

  const sessionOf = (platform: string): PlatformSession => {
    let session = sessions.get(platform);
    if (!session) {
      try {
        const adapter = platforms.find((candidate) => candidate.platform === platform);
        if (!adapter) throw new Error(`${platform}: not yet supported (planned)`);
        session = adapter.connect(deps);
      } catch (error) {
        session = error instanceof Error ? error : new Error(String(error));
      }
      sessions.set(platform, session);
    }
    if (session instanceof Error) throw session;
    return session;
  };

  for (const target of targets) {
    if (deps.upstream.signal?.aborted) break;
    const key = targetKey(target);
    current = key;
    const started = clock.now();
    const state = await registerTarget(db, target);
    const summary: TargetSummary = {
      key,
      platform: target.platform,
      pages: 0,
      recordsNew: 0,
      recordsUpdated: 0,
      recordsUnchanged: 0,
      skipped: 0,
      skips: [],
      stopped: 'error',
      ms: 0,
      nextRunAt: 0,
    };
    let result: TargetResult | undefined;
    try {
      result = await sessionOf(target.platform).sync({
        target,
        key,
        checkpoint: state.checkpoint,
        progress: (message) => progress(key, message),
        async importPage(format, documents) {
          const page = summary.pages + 1;
          const imported = await importDocuments(db, target.platform, format, documents, {
            where: `${key} page ${page}`,
            // the counts are dated by the run's clock: when they were read
            observedAt: clock.now(),
          });
          summary.pages = page;
          summary.recordsNew += imported.imported;
          summary.recordsUpdated += imported.updated;
          summary.recordsUnchanged += imported.unchanged;
          summary.skipped += imported.skipped;
          summary.skips.push(...imported.skips.map((skip) => `${skip.location}: ${skip.reason}`));
          progress(
            key,
            `page ${page}: ${imported.imported} new, ${imported.updated} updated` +
              (imported.unchanged ? `, ${imported.unchanged} unchanged` : ''),
          );
          await options.onPage?.();
          return imported;
        },
      });
      summary.stopped = result.stopped;
      if (result.detail) summary.detail = mask(result.detail);
      if (result.quota) summary.quota = result.quota;
    } catch (error) {
      if (deps.upstream.signal?.aborted) summary.detail = 'stopped: the run was aborted';
      else {
        const described = await options.describeError?.(error).catch(() => undefined);
        summary.detail = mask(described ?? (error instanceof Error ? error.message : String(error)));
      }
    }
    const finished = clock.now();
    summary.ms = finished - started;
    summary.nextRunAt = result?.nextRunAt ?? finished + everyMs(target, options.defaultEvery);
    await recordRun(db, key, {
      at: finished,
      nextRunAt: summary.nextRunAt,
      recordsNew: summary.recordsNew,
      recordsUpdated: summary.recordsUpdated,
      stopped: summary.stopped,
      ...(summary.detail !== undefined ? { detail: summary.detail } : {}),
      ...(summary.quota !== undefined ? { quota: summary.quota } : {}),
      ...(result?.checkpoint !== undefined ? { checkpoint: result.checkpoint } : {}),
      ...(summary.stopped === 'error' ? { error: summary.detail ?? 'failed' } : {}),
    });
    summaries.push(summary);
  }
  return summaries;
}

const STOP_WORDS: Record<StopReason, string> = {
  'caught-up': 'caught up',
  refreshed: 'refreshed',
  'page-limit': 'stopped at the page limit',
  budget: 'stopped: quota budget reached',
  error: 'failed',
};

/**
 * How a run stopped, in words: a quota stop says whose quota and how much of it (`stopped: platform quota
 * reached (YouTube's quota for the project is spent: the API answered 403 quotaExceeded; …)`, or `stopped:
 * quota budget reached (sync's own budget, SOCIALQUERY_YOUTUBE_DAILY_QUOTA: 9990 of 10000 units used today;
 * …)`), a failure its error.
 */
export function stopWords(stopped: StopReason, detail: string | undefined): string {
  if (stopped === 'budget' && detail) return `stopped: ${detail}`;
  if (stopped === 'error' && detail) return `${STOP_WORDS.error}: ${detail}`;
  return STOP_WORDS[stopped];
}

/** One line of a target's summary: `forum:community:rust:new: 3 pages, 250 new, 2 updated, 48 unchanged, caught up (1.2 s)`. */
export function summaryLine(summary: TargetSummary): string {
  const counts = `${summary.pages} page${summary.pages === 1 ? '' : 's'}, ${summary.recordsNew} new, ${summary.recordsUpdated} updated${summary.recordsUnchanged ? `, ${summary.recordsUnchanged} unchanged` : ''}${summary.skipped ? `, ${summary.skipped} skipped` : ''}`;
  return `${summary.key}: ${counts}, ${stopWords(summary.stopped, summary.detail)} (${(summary.ms / 1000).toFixed(1)} s)`;
}
