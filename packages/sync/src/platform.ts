import type { Database, ImportSummary } from '@socialquery/store';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { SyncConfig } from './config.js';
import type { Target } from './targets.js';
import type { UpstreamOptions, UpstreamWait } from './upstream.js';

/** Why a target's run ended. */
export type StopReason =
  /** it reached what the store already held (or the end of the listing) */
  | 'caught-up'
  /** it re-fetched its bounded pages (a hot listing, a post's comments) */
  | 'refreshed'
  /** it fetched as many pages as a run may */
  | 'page-limit'
  /** the platform's quota budget for the day is spent */
  | 'budget'
  | 'error';

/** What an adapter's sync of one target is given. */
export interface TargetRun<T extends Target = Target> {
  target: T;
  key: string;
  /** The stored checkpoint (undefined before a first success). */
  checkpoint: unknown;
  /** Imports one fetched page's documents through the import writer, in one transaction (atomic per page). */
  importPage(format: string, documents: unknown[]): Promise<ImportSummary>;
  progress(message: string): void;
}

/** How an adapter's sync ended: the checkpoint to keep (undefined: keep the stored one). */
export interface TargetResult {
  stopped: Exclude<StopReason, 'error'>;
  checkpoint?: unknown;
  /** Why it stopped, when more than the reason says (`quota budget reached`). */
  detail?: string;
  /** When it may run again, when sooner or later than its interval (the next quota day). */
  nextRunAt?: number;
}

/** What a platform session is made with. */
export interface SessionDeps {
  db: Kysely<Database>;
  config: SyncConfig;
  clock: Clock;
  /** Options of every upstream client (retries, delays, the jitter's source, the abort signal). */
  upstream: Pick<UpstreamOptions, 'retries' | 'baseDelayMs' | 'maxWaitMs' | 'timeoutMs' | 'random' | 'signal'>;
  onWait(wait: UpstreamWait): void;
}

/** One run's connection to a platform: its client (token, rate-limit state) shared by the run's targets. */
export interface PlatformSession {
  sync(run: TargetRun): Promise<TargetResult>;
}

/** A platform sync collects from: one module per platform (platforms/<name>.ts). */
export interface SyncPlatform {
  platform: string;
  /** Throws MissingCredentialsError when the configuration lacks the platform's credentials. */
  connect(deps: SessionDeps): PlatformSession;
}

/** The platform's credentials are not configured: names the variables to set. */
export class MissingCredentialsError extends Error {
  override readonly name = 'MissingCredentialsError';
  constructor(platform: string, variables: readonly string[]) {
    super(`${platform} credentials are not configured: set ${variables.join(' and ')}`);
  }
}
