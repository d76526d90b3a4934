import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Portable column types only (text, integer, bigint, double
 * precision), so the same migrations run on SQLite and PostgreSQL. Timestamps are epoch
 * milliseconds in `bigint` columns; `*_key` columns hold the lower-cased name that
 * lookups match on (names are case-insensitive).
 */
export interface ForumPostsTable {
  id: string;
  community: string;
  community_key: string;
  author: string;
  author_key: string;
  title: string;
  content: string;
  upvotes: number;
  downvotes: number;
  score: number;
  comment_count: number;
  created_at: number;
  /** hotScore(score, created_at), kept so hot listings are index scans. */
  hot: number;
  url: string;
}

export type CredentialKind = 'api-key' | 'token';

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

export interface Database {
  forum_posts: ForumPostsTable;
  credentials: CredentialsTable;
  settings: SettingsTable;
}

export type { Generated };
