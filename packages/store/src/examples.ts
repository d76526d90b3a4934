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
  const community = await db
    .selectFrom('forum_posts')
    .select(['community_key', (eb) => eb.fn.max('community').as('name'), (eb) => eb.fn.countAll().as('n')])
    .groupBy('community_key')
    .orderBy('n', 'desc')
    .orderBy('community_key')
    .limit(1)
    .executeTakeFirst();
  const author = await db
    .selectFrom('forum_posts')
    .select(['author_key', (eb) => eb.fn.max('author').as('name'), (eb) => eb.fn.countAll().as('n')])
    .groupBy('author_key')
    .orderBy('n', 'desc')
    .orderBy('author_key')
    .limit(1)
    .executeTakeFirst();
  if (community && author) examples.forum = { community: String(community.name), username: String(author.name) };
  return examples;
}
