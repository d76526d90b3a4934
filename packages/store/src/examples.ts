import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface Examples {
  forum?: { community: string; username: string };
}

/**
 * Identifiers that exist in the store, for trying the API: per platform present, its
 * largest community and its most active author.
 */
export async function findExamples(db: Kysely<Database>): Promise<Examples> {
  const examples: Examples = {};
  const community = await mostFrequent(db, 'community_key', 'community');
  const author = await mostFrequent(db, 'author_key', 'author');
  if (community && author) examples.forum = { community, username: author };
  return examples;
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
