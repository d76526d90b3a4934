/**
 * The forum's activity counts (migration 0012; activity.ts keeps them, aggregate-source.ts reads them).
 * `kind` is 'p' (posts) or 'c' (comments); a count covers one calendar `unit` of creation time
 * (UNITS in activity.ts: 'h' hour, 'd' day, 'm' month, 'y' year, UTC) from `start` (epoch ms).
 */

/** Items per community and unit, and per unit over all communities (`community_key` ''). */
export interface ForumActivityTable {
  kind: string;
  community_key: string;
  unit: string;
  start: number;
  docs: number;
}

/** Items per (community, author) and unit: what the author grouping sums. */
export interface ForumActivityAuthorsTable {
  kind: string;
  unit: string;
  start: number;
  community_key: string;
  author_key: string;
  docs: number;
}

export interface ForumActivityTables {
  forum_activity: ForumActivityTable;
  forum_activity_authors: ForumActivityAuthorsTable;
}
