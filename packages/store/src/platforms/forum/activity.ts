import { type Kysely, sql } from 'kysely';
import { addCounts } from '../../rows/keyed-rows.js';
import type { RowWriter } from '../../rows/write-rows.js';
import type { Database, ForumCommentsTable, ForumPostsTable } from '../../schema.js';
import type { ForumActivityAuthorsTable, ForumActivityTable } from './activity-tables.js';
import { FORUM_ACTIVITY_COLUMNS } from './columns.js';
import type { RowChange } from './row-change.js';

/**
 * The forum's activity counts (docs/forum-aggregate.md): how many posts and comments were created in
 * each hour, day, month and year (UTC), per community and over all communities (`forum_activity`),
 * and per (community, author) (`forum_activity_authors`). A write adds each new item to the counts
 * of its units and moves a rewritten one whose community, author or time changed; the counts of a
 * batch are summed first, so a batch touches one row per (unit, community[, author]) it holds.
 */

/** Calendar units of creation time, finest first: each unit's start is also a start of every finer one. */
export const UNITS = ['h', 'd', 'm', 'y'] as const;
export type Unit = (typeof UNITS)[number];

/**
 * The units of the authors' counts: no hours. An author's items rarely share an hour, so hours would
 * add a row per item written (a quarter of the counts' write cost) to spare reading the items of two
 * partial days instead of two partial hours, and only when grouping by author.
 */
export const AUTHOR_UNITS = ['d', 'm', 'y'] as const satisfies readonly Unit[];
const AUTHOR_UNIT: ReadonlySet<Unit> = new Set(AUTHOR_UNITS);

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The `forum_activity` rows of all communities. No community is named '' (a community filter '' names none). */
export const ALL_COMMUNITIES = '';

/** Posts and comments in the counts' `kind` column. */
export type ActivityKind = 'p' | 'c';

/** The start (epoch ms, UTC) of the unit holding `ms`. */
export function unitStart(unit: Unit, ms: number): number {
  if (unit === 'h') return Math.floor(ms / HOUR_MS) * HOUR_MS;
  if (unit === 'd') return Math.floor(ms / DAY_MS) * DAY_MS;
  const date = new Date(ms);
  return utc(date.getUTCFullYear(), unit === 'm' ? date.getUTCMonth() : 0);
}

/** The start of the unit after the one starting at `start`. */
export function nextUnitStart(unit: Unit, start: number): number {
  if (unit === 'h') return start + HOUR_MS;
  if (unit === 'd') return start + DAY_MS;
  const date = new Date(start);
  return unit === 'm' ? utc(date.getUTCFullYear(), date.getUTCMonth() + 1) : utc(date.getUTCFullYear() + 1, 0);
}

/** The first day of a month (the month may run past December: Date carries it into the next year). */
function utc(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 1);
  return date.getTime();
}

/** What an item is counted by. */
type Counted = Pick<ForumPostsTable | ForumCommentsTable, 'community_key' | 'author_key' | 'created_at'>;

const sameCounts = (a: Counted, b: Counted) =>
  a.community_key === b.community_key && a.author_key === b.author_key && Number(a.created_at) === Number(b.created_at);

export const updatePostActivity = (db: RowWriter, changes: readonly RowChange<ForumPostsTable>[]) =>
  updateActivity(db, 'p', changes);

export const updateCommentActivity = (db: RowWriter, changes: readonly RowChange<ForumCommentsTable>[]) =>
  updateActivity(db, 'c', changes);

/** Takes the rows as stored before off the counts and adds the rows as written (a row whose counted columns did not change: neither). */
async function updateActivity(db: RowWriter, kind: ActivityKind, changes: readonly RowChange<Counted>[]) {
  const counts = new ActivityCounts(kind);
  for (const { before, after } of changes) {
    if (before && sameCounts(before, after)) continue;
    if (before) counts.add(before, -1);
    counts.add(after, 1);
  }
  await counts.write(db);
}

/** Count changes summed by key. */
class ActivityCounts {
  private readonly communities = new Map<string, ForumActivityTable>();
  private readonly authors = new Map<string, ForumActivityAuthorsTable>();

  constructor(private readonly kind: ActivityKind) {}

  add({ community_key, author_key, created_at }: Counted, docs: number) {
    const kind = this.kind;
    const ms = Number(created_at);
    for (const unit of UNITS) {
      const start = unitStart(unit, ms);
      for (const community of community_key === ALL_COMMUNITIES ? [ALL_COMMUNITIES] : [community_key, ALL_COMMUNITIES])
        addTo(this.communities, [community, unit, start], { kind, community_key: community, unit, start, docs });
      if (AUTHOR_UNIT.has(unit))
        addTo(this.authors, [unit, start, community_key, author_key], {
          kind,
          unit,
          start,
          community_key,
          author_key,
          docs,
        });
    }
  }

  async write(db: RowWriter) {
    // sorted: concurrent writers then lock the rows they share in one order (no deadlock)
    await addCounts(db, 'forum_activity', FORUM_ACTIVITY_COLUMNS.forum_activity, changed(this.communities));
    await addCounts(db, 'forum_activity_authors', FORUM_ACTIVITY_COLUMNS.forum_activity_authors, changed(this.authors));
  }
}

function addTo<Row extends { docs: number }>(counts: Map<string, Row>, key: readonly unknown[], row: Row) {
  const id = key.join('\u0000');
  const counted = counts.get(id);
  if (counted) counted.docs += row.docs;
  else counts.set(id, row);
}

function changed<Row extends { docs: number }>(counts: Map<string, Row>): Row[] {
  return [...counts.entries()]
    .filter(([, row]) => row.docs !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
}

/** Items read per step of a rebuild. */
const REBUILD_BATCH = 5_000;

/** Makes the counts anew from the posts and comments, each table read in creation order (its `_new` index). */
export async function rebuildActivity(db: Kysely<Database>, onProgress: (done: number) => void): Promise<number> {
  await sql`delete from forum_activity`.execute(db);
  await sql`delete from forum_activity_authors`.execute(db);
  let done = 0;
  for (const [table, kind] of [
    ['forum_posts', 'p'],
    ['forum_comments', 'c'],
  ] as const) {
    let last: { created_at: number; id: string } | undefined;
    for (;;) {
      const { rows } = await sql<Counted & { id: string }>`
        select id, community_key, author_key, created_at from ${sql.table(table)}
        ${last ? sql`where (created_at, id) > (${Number(last.created_at)}, ${last.id})` : sql``}
        order by created_at, id limit ${REBUILD_BATCH}`.execute(db);
      if (rows.length === 0) break;
      const counts = new ActivityCounts(kind);
      for (const row of rows) counts.add(row, 1);
      await counts.write(db);
      done += rows.length;
      onProgress(done);
      last = rows.at(-1);
    }
  }
  return done;
}
