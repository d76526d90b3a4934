import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { findForumExamples } from './platforms/forum/examples.js';
import { findMicroblogExamples } from './platforms/microblog/examples.js';
import { findShortVideoExamples } from './platforms/shortvideo/examples.js';
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

/** Every platform's finder, keyed by the platform name `cli examples` prints. */
const exampleFinders: ExampleFinders = {
  forum: findForumExamples,
  microblog: findMicroblogExamples,
  shortvideo: findShortVideoExamples,
  professional: findProfessionalExamples,
  video: findVideoExamples,
  music: findMusicExamples,
};

export async function findExamples(db: Kysely<Database>): Promise<Examples> {
  const examples: Record<string, unknown> = {};
  for (const [platform, find] of Object.entries(exampleFinders)) {
    const found = await find(db);
    if (found) examples[platform] = found;
  }
  return examples as Examples;
}
