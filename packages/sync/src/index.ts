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
  DEFAULT_EVERY,
  everyMs,
  type ForumTarget,
  type MicroblogTarget,
  type MusicTarget,
  parseTarget,
  parseTargets,
  PLANNED_PLATFORMS,
  readTargetsFile,
  SUPPORTED_PLATFORMS,
  type ShortvideoTarget,
  type Target,
  TargetError,
  targetKey,
  unsupportedPlatformMessage,
  type VideoTarget,
} from './targets.js';
export { listTargetStates, readTargetState, registerTarget, type TargetState } from './checkpoints.js';
export {
  MissingCredentialsError,
  type PlatformSession,
  type SessionDeps,
  type StopReason,
  type SyncPlatform,
  type TargetResult,
  type TargetRun,
} from './platform.js';
export { nextQuotaDay, PACIFIC, QuotaBudgetError, QuotaLedger, type QuotaLedgerOptions, quotaDay } from './quota.js';
export { type RunOptions, runTargets, summaryLine, syncPlatforms, type TargetSummary } from './run.js';
export { LEASE_NAME, runSchedule, type ScheduleOptions, SyncLease } from './schedule.js';
export {
  createUpstream,
  parseExactJson,
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
