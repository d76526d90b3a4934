import type { RawBuilder } from 'kysely';

/**
 * The dialect-specific half of video search: which videos match, answered by each store's own
 * full-text index (search-sqlite.ts: FTS5; search-postgres.ts: tsvector + GIN). Ranking is
 * portable (`relevance` in source.ts), so both stores answer identically.
 */
export interface VideoSearchDialect {
  /** A predicate on alias `v` (video_videos): the video's title + channel name hold every term. */
  matchAll(terms: readonly string[]): RawBuilder<boolean>;
  /** …any of the terms. */
  matchAny(terms: readonly string[]): RawBuilder<boolean>;
}
