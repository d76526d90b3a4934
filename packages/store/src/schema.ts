import type { Generated } from 'kysely';
import type { ForumDerivedTables, ForumTables } from './platforms/forum/tables.js';
import type { ShortVideoTables } from './platforms/shortvideo/tables.js';
import type { MicroblogTables } from './platforms/microblog/tables.js';
import type { ProfessionalTables } from './platforms/professional/tables.js';
import type { VideoDerivedTables, VideoTables } from './platforms/video/tables.js';
import type { MusicDerivedTables, MusicTables } from './platforms/music/tables.js';

/**
 * Table types for Kysely. Portable column types only (text, integer, bigint, double
 * precision), so the same migrations run on SQLite and PostgreSQL. Timestamps are epoch
 * milliseconds in `bigint` columns; `*_key` columns hold the lower-cased name that
 * lookups match on (names are case-insensitive).
 */

/**
 * What a credential is good for: `api-key` operations, `bearer` (token) ones, or `feed` URLs only
 * (Atom and RSS feeds, whose readers cannot send headers: the secret travels in the URL's path).
 */
export type CredentialKind = 'api-key' | 'token' | 'feed';

export interface CredentialsTable {
  id: string;
  kind: CredentialKind;
  name: string | null;
  /** SHA-256 (hex) of the secret; the secret itself is never stored. */
  secret_hash: string;
  /** Last four characters of the secret, to tell keys apart in `keys list`. */
  secret_hint: string;
  created_at: number;
  revoked_at: number | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A live-collection target (packages/sync): its spec, checkpoint and run history, by its key (`forum:community:rust:new`). */
export interface SyncTargetsTable {
  key: string;
  platform: string;
  /** The target as declared (JSON). */
  spec: string;
  /** Where its incremental walk stopped (JSON, the platform adapter's own shape); null before a first success. */
  checkpoint: string | null;
  last_run_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  next_run_at: number | null;
  /** Why the last run stopped (`TargetSummary.stopped` in packages/sync) and what it said; null before migration 0021's first run. */
  last_stopped: string | null;
  last_detail: string | null;
  /** The last run's quota stop as JSON (`QuotaStop` in packages/sync: whose quota, how much of it used); null when none (migration 0036). */
  last_quota: string | null;
  runs: Generated<number>;
  failures: Generated<number>;
  records_new: Generated<number>;
  records_updated: Generated<number>;
}

/** A record's counts as an import or a sync stored them (migration 0028; import/observations.ts). */
export interface ObservationsTable {
  /** The record's table (`forum_posts`, `video_videos`…) and id. */
  item_table: string;
  item_id: string;
  /** When the store read them (epoch ms): the import's or the sync run's time. */
  observed_at: number;
  /** JSON object: the counts that mention carried, by column name. */
  counts: string;
}

/** Who runs the sync schedule: one holder at a time, until `expires_at` unless renewed. */
export interface SyncLeaseTable {
  name: string;
  holder: string;
  expires_at: number;
}

/**
 * Every platform's tables (platforms/<name>/tables.ts). A new platform adds its `<Name>Tables`
 * here; its Source and migrations do not compile against `Database` until it does.
 */
export interface PlatformTables
  extends ForumTables, ShortVideoTables, MicroblogTables, ProfessionalTables, VideoTables, MusicTables {}

/** A platform's table: what importers may write and what a platform lists in its `tables`. */
export type PlatformTableName = keyof PlatformTables;

/**
 * Tables a platform derives from its own (search indexes): written by the platform's code as its
 * tables are written (`PlatformTable.write`), never by importers, and rebuilt rather than copied.
 */
export interface DerivedTables extends ForumDerivedTables, VideoDerivedTables, MusicDerivedTables {}

/** Every table of the store: the kernel's and each platform's. */
export interface Database extends PlatformTables, DerivedTables {
  credentials: CredentialsTable;
  settings: SettingsTable;
  sync_targets: SyncTargetsTable;
  sync_lease: SyncLeaseTable;
  observations: ObservationsTable;
}

export type * from './platforms/forum/tables.js';
export type * from './platforms/shortvideo/tables.js';
export type * from './platforms/microblog/tables.js';
export type * from './platforms/professional/tables.js';
export type * from './platforms/video/tables.js';
export type * from './platforms/music/tables.js';
export type { Generated };
