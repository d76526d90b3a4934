export { type Clock, systemClock } from './clock.js';
export { parseEvery } from './duration.js';
export {
  DEFAULT_REDDIT_USER_AGENT,
  DEFAULT_TIKTOK_DAILY_REQUESTS,
  DEFAULT_TIKTOK_FIRST_RUN_DAYS,
  DEFAULT_YOUTUBE_DAILY_QUOTA,
  maskSecrets,
  type SyncConfig,
  SyncConfigError,
  syncConfigFromEnv,
} from './config.js';
export {
  checkTargets,
  DEFAULT_EVERY,
  everyMs,
  type ForumTarget,
  type MicroblogTarget,
  type MusicTarget,
  parseTarget,
  parseTargets,
  PLANNED_PLATFORMS,
  problemText,
  SUPPORTED_PLATFORMS,
  type ShortvideoTarget,
  type Target,
  TargetError,
  targetKey,
  type TargetProblem,
  targetsError,
  unsupportedPlatformMessage,
  type VideoTarget,
} from './targets.js';
export { readTargetsFile } from './targets-file.js';
export { describeDiskFull, syncDiskFullMessage } from './disk-full.js';
export { listTargetStates, readTargetState, registerTarget, removeTargets, type TargetState } from './checkpoints.js';
export {
  type ClientDeps,
  MissingCredentialsError,
  type PlanInput,
  type PlatformSession,
  type QuotaPlan,
  requireCredentials,
  type RunPlan,
  type SessionDeps,
  type StopReason,
  type SyncPlatform,
  type TargetResult,
  type TargetRun,
  unsetCredentials,
} from './platform.js';
export {
  nextQuotaDay,
  PACIFIC,
  QuotaBudgetError,
  type QuotaDay,
  QuotaLedger,
  type QuotaLedgerOptions,
  type QuotaStop,
  quotaDay,
} from './quota.js';
export { type RunOptions, runTargets, stopWords, summaryLine, syncPlatforms, type TargetSummary } from './run.js';
export { type PlanOptions, planLines, planTargets, quotaLines, type TargetPlan } from './plan.js';
export { CHECK_UPSTREAM, checkCredentials, checkLine, type CheckOptions, type CredentialCheck } from './check.js';
export { LEASE_NAME, readLease, runSchedule, type ScheduleOptions, SyncLease } from './schedule.js';
export {
  createUpstream,
  parseExactJson,
  requestLine,
  type Upstream,
  type UpstreamAuth,
  UpstreamError,
  type UpstreamOptions,
  type UpstreamResponse,
  type UpstreamWait,
} from './upstream.js';
export { reddit } from './platforms/reddit.js';
export { QUOTA_COST, youtube } from './platforms/youtube.js';
export { spotify } from './platforms/spotify.js';
export { x } from './platforms/x.js';
export { tiktok } from './platforms/tiktok.js';
