import type { Kysely } from 'kysely';
import { forumDemoPosts, forumDemoSize } from './demo/forum-demo.js';
import { toForumRow, upsertForumRows } from './forum-rows.js';
import type { Database, ForumPostsTable } from './schema.js';

export interface SeedOptions {
  /** Multiplies the volume; 1 is the default demo, 100 ≈ 1 M forum posts. */
  scale?: number;
  /** The moment the demo's timestamps are relative to. */
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedReport {
  forumPosts: number;
  ms: number;
}

/** Rows per INSERT statement (14 columns: well under SQLite's and PostgreSQL's parameter limits). */
const ROWS_PER_STATEMENT = 500;
/** Rows per transaction. */
const ROWS_PER_TRANSACTION = 20_000;

/**
 * Fills the store with the deterministic demo data. Idempotent: rows are upserted by id,
 * so a second run refreshes timestamps relative to its `now` and adds nothing.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedReport> {
  const scale = options.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1) throw new Error('scale must be a positive integer');
  const started = performance.now();
  const total = forumDemoSize(scale);
  const posts = forumDemoPosts({ now: options.now ?? new Date(), scale });
  let done = 0;
  options.onProgress?.(0, total);
  for (;;) {
    const batch: ForumPostsTable[] = [];
    for (let next = posts.next(); !next.done; next = posts.next()) {
      batch.push(toForumRow(next.value));
      if (batch.length === ROWS_PER_TRANSACTION) break;
    }
    if (batch.length === 0) break;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
        await upsertForumRows(trx, batch.slice(i, i + ROWS_PER_STATEMENT));
      }
    });
    done += batch.length;
    options.onProgress?.(done, total);
  }
  return { forumPosts: done, ms: Math.round(performance.now() - started) };
}
