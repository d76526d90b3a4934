import type { Database, ImportSummary } from '@socialquery/store';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { SyncConfig } from './config.js';
import type { QuotaStop } from './quota.js';
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
  /** A quota stop (`budget`): whose quota, and how much of it sync had used. */
  quota?: QuotaStop;
  /** When it may run again, when sooner or later than its interval (the next quota day). */
  nextRunAt?: number;
}

/** What a platform's API client is made with. */
export interface ClientDeps {
  config: SyncConfig;
  clock: Clock;
  /** Options of every upstream client (retries, delays, the jitter's source, the abort signal). */
  upstream: Pick<UpstreamOptions, 'retries' | 'baseDelayMs' | 'maxWaitMs' | 'timeoutMs' | 'random' | 'signal'>;
  onWait: (wait: UpstreamWait) => void;
}

/** What a platform session is made with: its client's, and the store. */
export interface SessionDeps extends ClientDeps {
  db: Kysely<Database>;
}

/** What a dry run tells an adapter: the target as declared, its stored checkpoint, and the store to read. */
export interface PlanInput<T extends Target = Target> {
  target: T;
  /** The stored checkpoint (undefined: the run would be a first run). */
  checkpoint: unknown;
  config: SyncConfig;
  clock: Clock;
  /** Read only: a dry run writes nothing. */
  db: Kysely<Database>;
}

/** What a run of one target would send and read, told without sending anything. */
export interface RunPlan {
  /** The run's first request to the API (the token request aside), as the run sends it, field lists left out. */
  request: string;
  /** What the run reads from its checkpoint on, and where it stops at most. */
  reads: string;
  /** The platform's daily budget (YouTube's units, TikTok's requests), when it keeps one. */
  quota?: QuotaPlan;
}

/** What a run would spend of a daily budget kept in the store (quota.ts), and what is spent today. */
export interface QuotaPlan {
  /** The ledger's name (`youtube`, `tiktok`). */
  ledger: string;
  /** `units`, `requests`. */
  unit: string;
  /** When nothing is new (the fewest calls a run makes). */
  min: number;
  /** When every page is full up to the page limits. */
  max: number;
  used: number;
  budget: number;
  /** The API answered today that the project's quota is spent (`403 quotaExceeded`): nothing is sent until the next quota day. */
  exhausted?: string;
}

/** One run's connection to a platform: its client (token, rate-limit state) shared by the run's targets. */
export interface PlatformSession {
  sync(run: TargetRun): Promise<TargetResult>;
}

/** A platform sync collects from: one module per platform (platforms/<name>.ts). */
export interface SyncPlatform {
  /** The store's platform (`forum`). */
  platform: string;
  /** The API's name in messages (`reddit`). */
  api: string;
  /** Its credentials' variables with their configured values (undefined: unset). */
  credentials(config: SyncConfig): Record<string, string | undefined>;
  /** Throws MissingCredentialsError when the configuration lacks the platform's credentials. */
  connect(deps: SessionDeps): PlatformSession;
  /** What a run of a target would send first and read, from its checkpoint; sends nothing, writes nothing. */
  plan(input: PlanInput): Promise<RunPlan>;
  /**
   * Proves the configured credentials with one cheap request (a token request, or the cheapest
   * authenticated call): resolves to what it sent, throws the upstream's error (or MissingCredentialsError).
   */
  check(deps: ClientDeps): Promise<string>;
  /** What `check` costs, in words (`1 quota unit`), for the help and the report. */
  checkCost: string;
}

/** The values of a platform's credential variables; MissingCredentialsError naming them when one is unset. */
export function requireCredentials<K extends string>(
  api: string,
  values: Record<K, string | undefined>,
): Record<K, string> {
  if (isComplete(values)) return values;
  throw new MissingCredentialsError(api, Object.keys(values));
}

/** A credential is set when it has a value: an empty one is none. */
const isSet = (value: string | undefined): value is string => value !== undefined && value !== '';

const isComplete = <K extends string>(values: Record<K, string | undefined>): values is Record<K, string> =>
  Object.values<string | undefined>(values).every(isSet);

/** The variables of `values` (a platform's `credentials`) that are not set. */
export const unsetCredentials = (values: Record<string, string | undefined>): string[] =>
  Object.entries(values)
    .filter(([, value]) => !isSet(value))
    .map(([name]) => name);

/** The platform's credentials are not configured: names the variables to set. */
export class MissingCredentialsError extends Error {
  override readonly name = 'MissingCredentialsError';
  constructor(platform: string, variables: readonly string[]) {
    super(`${platform} credentials are not configured: set ${variables.join(' and ')}`);
  }
}
