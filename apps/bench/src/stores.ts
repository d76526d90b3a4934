import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { copyStore, openStore, type Examples, type Store } from '@socialquery/store';
import { sql } from 'kysely';
import { createTestStoreAddress } from '@socialquery/store/testing';
import { addLongTimeline, LONG_TIMELINE_USER } from './long-timeline.js';

/**
 * The music catalog is seeded at this scale whatever `--scale` says: it is 1.2 M rows at scale 1
 * and grows linearly (121 M rows at scale 100, whose plan alone does not fit in Node's default heap).
 */
export const MUSIC_SCALE_CAP = 1;

/** Where built bench stores are kept: $SOCIALQUERY_BENCH_CACHE, else ~/.cache/socialquery/bench. */
export const BENCH_CACHE = process.env.SOCIALQUERY_BENCH_CACHE ?? join(homedir(), '.cache', 'socialquery', 'bench');

/** What the scenarios need from a store: identifiers that exist there, and the moment its demo data is relative to. */
export interface BenchExamples extends Examples {
  /** The microblog account added for the bench, with enough messages for page 1,000. */
  longTimelineUser: string;
  /** When the store was seeded (timestamps of the demo data are relative to it). */
  seededAt: string;
}

export interface BenchStore {
  kind: 'sqlite' | 'postgres';
  scale: number;
  address: string;
  apiKey: string;
  token: string;
  examples: BenchExamples;
  /** Revokes the run's credentials (SQLite, kept for later runs) or drops the database (PostgreSQL). */
  drop(): Promise<void>;
}

/**
 * The SQLite store for a scale is built once, at <cache>/bench-scale-<N>.db (written to a `.partial`
 * file first, so an interrupted build is never reused), with its examples beside it in
 * <cache>/bench-scale-<N>.examples.json; <cache> is BENCH_CACHE (outside the repository: a clone or
 * a `git clean` keeps it, as the scale-100 store takes half an hour to build). PostgreSQL gets a new database on the server `pnpm bench`
 * starts, filled by copying the SQLite store across (the same rows, so both stores answer the
 * same requests).
 */
export function prepareStores(
  scale: number,
  kinds: readonly ('sqlite' | 'postgres')[],
  say: (line: string) => void,
): Promise<BenchStore[]> {
  return openBenchStores(`bench-scale-${scale}`, scale, kinds, say, (store, seededAt) =>
    fillStore(store, seededAt, scale, say),
  );
}

/**
 * A store of the music catalog alone at `musicScale` (fractions too: 0.1 is a tenth), built once
 * into <cache>/bench-music-<scale>.db like the others: music search measured at catalog sizes
 * the whole demo's stores do not reach or go below.
 */
export function prepareMusicStores(
  musicScale: number,
  kinds: readonly ('sqlite' | 'postgres')[],
  say: (line: string) => void,
): Promise<BenchStore[]> {
  return openBenchStores(`bench-music-${musicScale}`, musicScale, kinds, say, async (store, seededAt) => {
    const report = await store.seedDemo({ scales: { music: musicScale }, now: seededAt, only: ['music'] });
    say(`  music: ${report.rows.music} rows in ${(report.ms / 1000).toFixed(1)} s`);
  });
}

/**
 * A store of the forum alone (posts and their comments) at `scale`, built once into
 * <cache>/bench-forum-<scale>.db like the others: the comment operations measured on the demo's
 * comment trees (the whole demo's stores are built without rebuilding them when the demo grows).
 */
export function prepareForumStores(
  scale: number,
  kinds: readonly ('sqlite' | 'postgres')[],
  say: (line: string) => void,
): Promise<BenchStore[]> {
  return openBenchStores(`bench-forum-${scale}`, scale, kinds, say, async (store, seededAt) => {
    const report = await store.seedDemo({ scale, now: seededAt, only: ['forum'] });
    say(`  forum: ${report.rows.forum} rows in ${(report.ms / 1000).toFixed(1)} s`);
  });
}

/** The stores of one cached SQLite file (built by `fill` when missing), on each kind. */
async function openBenchStores(
  name: string,
  scale: number,
  kinds: readonly ('sqlite' | 'postgres')[],
  say: (line: string) => void,
  fill: (store: Store, seededAt: Date) => Promise<void>,
): Promise<BenchStore[]> {
  const file = join(BENCH_CACHE, `${name}.db`);
  const examplesFile = file.replace(/\.db$/, '.examples.json');
  if (!existsSync(file) || !existsSync(examplesFile)) await buildStore(file, examplesFile, say, fill);
  else say(`reusing ${file} (seeded ${readExamples(examplesFile).seededAt}; delete it to rebuild)`);
  const examples = readExamples(examplesFile);
  const sqliteAddress = `sqlite:${file}`;
  const sqlite = await openStore(sqliteAddress);
  try {
    const stores: BenchStore[] = [];
    for (const kind of kinds) {
      if (kind === 'sqlite') {
        const credentials = await createCredentials(sqlite);
        stores.push({
          kind,
          scale,
          address: sqliteAddress,
          ...credentials,
          examples,
          drop: async () => {
            const store = await openStore(sqliteAddress);
            try {
              for (const id of credentials.ids) await store.credentials.revoke(id);
            } finally {
              await store.close();
            }
          },
        });
        continue;
      }
      const target = await createTestStoreAddress({ kind: 'postgres' });
      const pg = await openStore(target.address);
      try {
        say(`copying the scale-${scale} store into PostgreSQL…`);
        const started = performance.now();
        await copyStore(sqlite.db, pg.db);
        // what autovacuum does after a load this size (PostgreSQL 13+ also vacuums after inserts): statistics, and
        // the visibility map that lets index-only scans (the searches' walks) skip the heap
        await sql`VACUUM ANALYZE`.execute(pg.db);
        say(`  copied in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        stores.push({
          kind,
          scale,
          address: target.address,
          ...(await createCredentials(pg)),
          examples,
          drop: target.drop,
        });
      } finally {
        await pg.close();
      }
    }
    return stores;
  } finally {
    await sqlite.close();
  }
}

/** Every platform's demo data at `scale` (music at most at MUSIC_SCALE_CAP), plus the long microblog timeline. */
async function fillStore(store: Store, seededAt: Date, scale: number, say: (line: string) => void) {
  say(`building the scale-${scale} store (music at scale ${Math.min(scale, MUSIC_SCALE_CAP)})…`);
  const platforms = ['forum', 'microblog', 'shortvideo', 'professional', 'video', 'music'];
  for (const platform of platforms) {
    const platformScale = platform === 'music' ? Math.min(scale, MUSIC_SCALE_CAP) : scale;
    const report = await store.seedDemo({ scale: platformScale, now: seededAt, only: [platform] });
    say(`  ${platform}: ${report.rows[platform]} rows in ${(report.ms / 1000).toFixed(1)} s`);
  }
  const added = await addLongTimeline(store.db, seededAt);
  say(`  microblog: ${added} messages of ${LONG_TIMELINE_USER} (page 1,000 needs them)`);
}

/** Builds a store file (into a `.partial` file first, so an interrupted build is never reused) and its examples beside it. */
async function buildStore(
  file: string,
  examplesFile: string,
  say: (line: string) => void,
  fill: (store: Store, seededAt: Date) => Promise<void>,
) {
  const partial = `${file}.partial`;
  mkdirSync(dirname(file), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  say(`building ${file} (reused by later runs)…`);
  const seededAt = new Date();
  const store = await openStore(`sqlite:${partial}`);
  let examples: BenchExamples;
  try {
    await fill(store, seededAt);
    // no ANALYZE: the service never runs it, so the bench plans queries as a deployed store does
    const started = performance.now();
    examples = { ...(await store.examples()), longTimelineUser: LONG_TIMELINE_USER, seededAt: seededAt.toISOString() };
    say(`  examples found in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await store.close();
  }
  for (const suffix of ['-wal', '-shm']) if (existsSync(partial + suffix)) renameSync(partial + suffix, file + suffix);
  renameSync(partial, file);
  writeFileSync(examplesFile, `${JSON.stringify(examples, null, 2)}\n`);
}

function readExamples(file: string): BenchExamples {
  return JSON.parse(readFileSync(file, 'utf8')) as BenchExamples;
}

async function createCredentials(store: Store) {
  const name = `bench ${new Date().toISOString()}`;
  const key = await store.credentials.create('api-key', name);
  const token = await store.credentials.create('token', name);
  return { apiKey: key.secret, token: token.secret, ids: [key.id, token.id] };
}
