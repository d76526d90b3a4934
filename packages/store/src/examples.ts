import type { Kysely } from 'kysely';
import { type Examples, storePlatforms } from './platforms/index.js';
import type { Database } from './schema.js';

export type { Examples };

/** Each platform's examples (`StorePlatform.examples`), for the platforms the store holds data of. */
export async function findExamples(db: Kysely<Database>): Promise<Examples> {
  const examples: Record<string, unknown> = {};
  for (const platform of storePlatforms) {
    const found = await platform.examples(db);
    if (found) examples[platform.name] = found;
  }
  return examples as Examples;
}
