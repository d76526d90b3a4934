import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { findMusicExamples, type MusicExamples } from './platforms/music/examples.js';
import { findProfessionalExamples } from './platforms/professional/examples.js';
import { findVideoExamples } from './platforms/video/examples.js';

/** Per platform present in the store, identifiers that exist there, for trying the API. */
export interface Examples {
  /** Each platform's `ids`: identifiers for its batch lookup, comma-separated, as the operation takes them. */
  forum?: { community: string; username: string; ids: string };
  microblog?: { username: string; messageId: string; ids: string };
  shortvideo?: { username: string; videoId: string; ids: string };
  /** A member, the company with the most current employees, a title word matching some of them, and a few usernames for the batch lookup. */
  professional?: { username: string; companyId: string; title: string; ids: string };
  /** A keyword with several pages of results this year, a video with related videos, and a few video ids for the batch lookup. */
  video?: { keyword: string; videoId: string; ids: string };
  /** A keyword with results of every kind, and catalog URIs with content for every operation that takes them. */
  music?: MusicExamples;
}

/** Each platform's example finder: its identifiers, or undefined when the store has none of its data. */
type ExampleFinders = { [P in keyof Examples]-?: (db: Kysely<Database>) => Promise<Examples[P]> };

/** The forum's largest community, its most active author, and a post of that community. */
const forumExamples: ExampleFinders['forum'] = async (db) => {
  const community = await mostFrequent(db, 'community_key', 'community');
  const username = await mostFrequent(db, 'author_key', 'author');
  if (!community || !username) return undefined;
  const post = await db.selectFrom('forum_posts').select('id').where('community_key', '=', community.toLowerCase()).orderBy('id').limit(1).executeTakeFirst();
  return post ? { community, username, ids: post.id } : undefined;
};

/** The microblog's most active user whose messages include replies and reposts, and the message with the most replies. */
const microblogExamples: ExampleFinders['microblog'] = async (db) => {
  const user = await db
    .selectFrom('microblog_messages')
    .select(['author_key', (eb) => eb.fn.max('author').as('name'), (eb) => eb.fn.countAll().as('n')])
    .groupBy('author_key')
    .having((eb) => eb.and([eb(eb.fn.sum('is_reply'), '>', 0), eb(eb.fn.sum('is_repost'), '>', 0)]))
    .orderBy('n', 'desc')
    .orderBy('author_key')
    .limit(1)
    .executeTakeFirst();
  // Counted on the (reply_to_id, id_key) index alone: joining every reply to its parent scans the table.
  const candidates = await db
    .selectFrom('microblog_messages')
    .select(['reply_to_id', (eb) => eb.fn.countAll().as('n')])
    .where('reply_to_id', 'is not', null)
    .groupBy('reply_to_id')
    .orderBy('n', 'desc')
    .orderBy('reply_to_id')
    .limit(10)
    .execute();
  let message: { id: string } | undefined;
  for (const { reply_to_id } of candidates) {
    message = await db.selectFrom('microblog_messages').select('id').where('id', '=', reply_to_id!).executeTakeFirst();
    if (message) break;
  }
  return user && message ? { username: String(user.name), messageId: message.id, ids: message.id } : undefined;
};

/** Videos of at least this many comments make a good example (a few pages of them). */
const SHORTVIDEO_EXAMPLE_COMMENTS = 50;

/**
 * The short-video creator with the most videos, and their video with the most top-level comments
 * (when it has at least 50; else the store's most commented video).
 */
const shortvideoExamples: ExampleFinders['shortvideo'] = async (db) => {
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
};

async function anyVideoOf(db: Kysely<Database>, authorKey: string): Promise<string> {
  const row = await db.selectFrom('shortvideo_videos').select('id').where('author_key', '=', authorKey).limit(1).executeTakeFirstOrThrow();
  return row.id;
}

/** Every platform's finder, keyed by the platform name `cli examples` prints. */
const exampleFinders: ExampleFinders = { forum: forumExamples, microblog: microblogExamples, shortvideo: shortvideoExamples, professional: findProfessionalExamples, video: findVideoExamples, music: findMusicExamples };

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
