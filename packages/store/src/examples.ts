import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Per platform present in the store, identifiers that exist there, for trying the API. */
export interface Examples {
  forum?: { community: string; username: string };
}

/** Each platform's example finder: its identifiers, or undefined when the store has none of its data. */
type ExampleFinders = { [P in keyof Examples]-?: (db: Kysely<Database>) => Promise<Examples[P]> };

/** The forum's largest community and its most active author. */
const forumExamples: ExampleFinders['forum'] = async (db) => {
  const community = await mostFrequent(db, 'community_key', 'community');
  const username = await mostFrequent(db, 'author_key', 'author');
  return community && username ? { community, username } : undefined;
};

/** Every platform's finder, keyed by the platform name `cli examples` prints. */
const exampleFinders: ExampleFinders = { forum: forumExamples };

export async function findExamples(db: Kysely<Database>): Promise<Examples> {
  const examples: Record<string, unknown> = {};
  for (const [platform, find] of Object.entries(exampleFinders)) {
    const found = await find(db);
    if (found) examples[platform] = found;
  }
  return examples as Examples;
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
