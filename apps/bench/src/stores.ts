import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { copyStore, openStore, type Store } from '@socialquery/store';
import { sql } from 'kysely';
import { createTestStoreAddress } from '@socialquery/store/testing';

export interface BenchStore {
  kind: 'sqlite' | 'postgres';
  address: string;
  token: string;
  community: string;
  drop(): Promise<void>;
}

/**
 * The SQLite store for a scale is built once, at data/bench-scale-<N>.db, and reused by later
 * runs. PostgreSQL gets a new database on the server `pnpm bench` starts, filled by copying
 * the SQLite store across (the same rows, so both stores answer the same requests).
 */
export async function prepareStores(scale: number, kinds: readonly ('sqlite' | 'postgres')[], say: (line: string) => void) {
  const file = resolve(`data/bench-scale-${scale}.db`);
  const sqliteAddress = `sqlite:${file}`;
  const sqlite = await openStore(sqliteAddress);
  try {
    if (!existsSync(file) || (await sqlite.isEmpty())) {
      say(`building the scale-${scale} store at ${file} (reused by later runs)…`);
      const report = await sqlite.seedDemo({ scale, now: new Date() });
      say(`  seeded ${JSON.stringify(report.rows)} in ${(report.ms / 1000).toFixed(1)} s`);
    } else {
      say(`reusing ${file}`);
    }
    const stores: BenchStore[] = [];
    for (const kind of kinds) {
      if (kind === 'sqlite') {
        stores.push({ kind, address: sqliteAddress, ...(await credentialsAndExample(sqlite)), drop: async () => {} });
        continue;
      }
      const target = await createTestStoreAddress({ kind: 'postgres' });
      const pg = await openStore(target.address);
      try {
        say('copying the store into PostgreSQL…');
        const started = performance.now();
        await copyStore(sqlite.db, pg.db);
        await sql`ANALYZE`.execute(pg.db);
        say(`  copied in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        stores.push({ kind, address: target.address, ...(await credentialsAndExample(pg)), drop: target.drop });
      } finally {
        await pg.close();
      }
    }
    return stores;
  } finally {
    await sqlite.close();
  }
}

async function credentialsAndExample(store: Store) {
  const token = (await store.credentials.create('token', `bench ${randomBytes(3).toString('hex')}`)).secret;
  const community = (await store.examples()).forum?.community;
  if (!community) throw new Error('the bench store has no forum data');
  return { token, community };
}
