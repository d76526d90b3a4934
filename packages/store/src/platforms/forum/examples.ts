import type { Kysely } from 'kysely';
import type { Database } from '../../schema.js';

/** The forum's largest community, its most active author, and a post of that community. */
export async function findForumExamples(
  db: Kysely<Database>,
): Promise<{ community: string; username: string; ids: string } | undefined> {
  const community = await mostFrequent(db, 'community_key', 'community');
  const username = await mostFrequent(db, 'author_key', 'author');
  if (!community || !username) return undefined;
  const post = await db
    .selectFrom('forum_posts')
    .select('id')
    .where('community_key', '=', community.toLowerCase())
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return post ? { community, username, ids: post.id } : undefined;
}

/** The name (as written) that appears on the most forum posts, grouped by its lower-cased key. */
async function mostFrequent(
  db: Kysely<Database>,
  key: 'community_key' | 'author_key',
  name: 'community' | 'author',
): Promise<string | undefined> {
  const row = await db
    .selectFrom('forum_posts')
    .select([key, (eb) => eb.fn.max(name).as('name'), (eb) => eb.fn.countAll().as('n')])
    .groupBy(key)
    .orderBy('n', 'desc')
    .orderBy(key)
    .limit(1)
    .executeTakeFirst();
  return row ? String(row.name) : undefined;
}
