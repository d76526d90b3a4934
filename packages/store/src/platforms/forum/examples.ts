import { type Kysely, sql } from 'kysely';
import type { Database } from '../../schema.js';
import { dialectOf } from '../../dialect/index.js';
import { ftsVocabulary } from './fts-index.js';

/**
 * The forum's largest community, its most active author, a post of that community, the post of that
 * community with the most comments the store holds (among its 20 that say they have the most; else that
 * first post), and the word most posts hold.
 */
export async function findForumExamples(
  db: Kysely<Database>,
): Promise<{ community: string; username: string; ids: string; postId: string; q: string } | undefined> {
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
  if (!post) return undefined;
  return {
    community,
    username,
    ids: post.id,
    postId: (await mostCommented(db, community.toLowerCase())) ?? post.id,
    q: await commonWord(db),
  };
}

/** The word most posts hold (of three letters or more, where there is one): a search with many pages. */
async function commonWord(db: Kysely<Database>): Promise<string> {
  if (dialectOf(db).rowidOrderedFullText) {
    // a word's rows of the vocabulary: one per column (title, body) that holds it
    const { rows } = await sql<{ term: string }>`select term from ${sql.id(ftsVocabulary('p'))}
      where col in ('title', 'body') group by term order by length(term) >= 3 desc, sum(doc) desc, term limit 1`.execute(
      db,
    );
    return rows[0]?.term ?? 'the';
  }
  const row = await db
    .selectFrom('forum_search_terms')
    .select('term')
    .where('kind', '=', 'p')
    .orderBy(sql`length(term) >= 3`, 'desc')
    .orderBy('docs', 'desc')
    .orderBy('term')
    .limit(1)
    .executeTakeFirst();
  return row?.term ?? 'the';
}

async function mostCommented(db: Kysely<Database>, communityKey: string): Promise<string | undefined> {
  const candidates = await db
    .selectFrom('forum_posts')
    .select('id')
    .where('community_key', '=', communityKey)
    .orderBy('comment_count', 'desc')
    .orderBy('id')
    .limit(20)
    .execute();
  const counted = await Promise.all(
    candidates.map(async ({ id }) => {
      const { n } = await db
        .selectFrom('forum_comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('post_id', '=', id)
        .executeTakeFirstOrThrow();
      return { id, n: Number(n) };
    }),
  );
  const [best] = counted.filter((c) => c.n > 0).sort((a, b) => b.n - a.n);
  return best?.id;
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
