import type { Kysely } from 'kysely';
import { type Examples, storePlatforms } from './platforms/index.js';
import type { ObservedKind } from './platforms/store-platform.js';
import type { Database } from './schema.js';

export type { Examples };

/** Each platform's examples (`StorePlatform.examples`), for the platforms the store holds data of. */
export async function findExamples(db: Kysely<Database>): Promise<Examples> {
  const examples: Record<string, unknown> = {};
  for (const platform of storePlatforms) {
    const found = await platform.examples(db);
    if (found) examples[platform.name] = { ...found, ...(await historyExample(db, platform.observed)) };
  }
  return examples;
}

/**
 * The history operations' example (`record`, `id`): a record of the platform's first observed kind with
 * at least two readings (the demo seeds a few: demo/observations.ts), so a page of one reading has a next.
 */
async function historyExample(
  db: Kysely<Database>,
  kinds: Readonly<Record<string, ObservedKind>>,
): Promise<{ record: string; id: string } | undefined> {
  for (const [kind, { table }] of Object.entries(kinds)) {
    const found = await db
      .selectFrom('observations')
      .select('item_id')
      .where('item_table', '=', table)
      .groupBy('item_id')
      .having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('item_id')
      .limit(1)
      .executeTakeFirst();
    if (found) return { record: kind, id: found.item_id };
  }
  return undefined;
}
