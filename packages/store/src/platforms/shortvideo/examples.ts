import type { Kysely } from 'kysely';
import type { Database } from '../../schema.js';

/** Videos of at least this many comments make a good example (a few pages of them). */
const SHORTVIDEO_EXAMPLE_COMMENTS = 50;

/**
 * The short-video creator with the most videos, and their video with the most top-level comments
 * (when it has at least 50; else the store's most commented video).
 */
export async function findShortVideoExamples(
  db: Kysely<Database>,
): Promise<{ username: string; videoId: string; ids: string } | undefined> {
  const creator = await db
    .selectFrom('shortvideo_videos')
    .select(['author_key', (eb) => eb.fn.max('author').as('name'), (eb) => eb.fn.countAll().as('n')])
    .groupBy('author_key')
    .orderBy('n', 'desc')
    .orderBy('author_key')
    .limit(1)
    .executeTakeFirst();
  if (!creator) return undefined;
  const mostCommented = (authorKey?: string) => {
    let query = db
      .selectFrom('shortvideo_comments as c')
      .innerJoin('shortvideo_videos as v', 'v.id', 'c.video_id')
      .select(['v.id', (eb) => eb.fn.countAll().as('n')])
      .where('c.parent_id', '=', '');
    if (authorKey !== undefined) query = query.where('v.author_key', '=', authorKey);
    return query.groupBy('v.id').orderBy('n', 'desc').orderBy('v.id').limit(1).executeTakeFirst();
  };
  const own = await mostCommented(creator.author_key);
  const video = own && Number(own.n) >= SHORTVIDEO_EXAMPLE_COMMENTS ? own : ((await mostCommented()) ?? own);
  const videoId = video?.id ?? (await anyVideoOf(db, creator.author_key));
  return { username: String(creator.name), videoId, ids: videoId };
}

async function anyVideoOf(db: Kysely<Database>, authorKey: string): Promise<string> {
  const row = await db
    .selectFrom('shortvideo_videos')
    .select('id')
    .where('author_key', '=', authorKey)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}
