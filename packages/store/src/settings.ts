import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

const CURSOR_SECRET = 'cursor_secret';

export interface SettingsStore {
  get(key: string): Promise<string | undefined>;
  /** Stores `value` under `key`, replacing what was there. */
  set(key: string, value: string): Promise<void>;
  /** Forgets `key` (nothing when it is absent). */
  remove(key: string): Promise<void>;
  /**
   * The paging-token signing secret kept in the store: made on first use, then shared by
   * every replica on the same store. Insert-if-absent then read, so concurrent first starts
   * agree on one secret.
   */
  cursorSecret(): Promise<string>;
}

export function createSettingsStore(db: Kysely<Database>): SettingsStore {
  const get = async (key: string) =>
    (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  return {
    get,
    async set(key, value) {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
    async remove(key) {
      await db.deleteFrom('settings').where('key', '=', key).execute();
    },
    async cursorSecret() {
      await db
        .insertInto('settings')
        .values({ key: CURSOR_SECRET, value: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const secret = await get(CURSOR_SECRET);
      if (!secret) throw new Error('cursor secret could not be stored');
      return secret;
    },
  };
}
