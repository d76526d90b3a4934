import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestStoreAddress } from '@socialquery/store/testing';
import Database from 'better-sqlite3';
import { type ChildResult, runChild } from './child-result.js';
import { LINES_VERSION } from './reddit-lines.js';
import { type ImportShape, importerOf, shapeTitle, writeInput } from './shapes.js';

export type ImportStoreKind = 'sqlite' | 'postgres';

/**
 * One case of the import benchmark: a `shape` file (forum NDJSON lines, plain or `.zst`, or saved
 * YouTube or Spotify responses) into an empty store or into one that already holds `baseRecords`
 * posts, with the store's raw write speed for the same rows (the floor; a `.zst` case is read
 * against the plain import instead).
 */
export interface ImportCase {
  store: ImportStoreKind;
  shape: ImportShape;
  input: 'plain' | 'zst';
  /** Posts the store holds before the import. */
  baseRecords: number;
}

export interface ImportMeasurement extends ImportCase {
  records: number;
  /** Bytes of the file read (compressed for .zst) and of its NDJSON. */
  fileBytes: number;
  ndjsonBytes: number;
  /** Every round's import and floor; the report reads the best of each. */
  imports: ChildResult[];
  floors: ChildResult[];
}

export interface ImportBenchOptions {
  lines: number;
  baseRecords: number;
  rounds: number;
  stores: readonly ImportStoreKind[];
  shapes: readonly ImportShape[];
  say: (line: string) => void;
}

const IMPORT_CHILD = fileURLToPath(new URL('./import-child.js', import.meta.url));
const FLOOR_CHILD = fileURLToPath(new URL('./floor-child.js', import.meta.url));

/** The cases a run measures: every store and shape into an empty store; on SQLite also `.zst` and into the base store (thin lines). */
export function importCases({ stores, shapes, baseRecords }: ImportBenchOptions): ImportCase[] {
  const cases: ImportCase[] = [];
  for (const store of stores) {
    for (const shape of shapes) cases.push({ store, shape, input: 'plain', baseRecords: 0 });
    if (store === 'sqlite' && shapes.includes('thin')) {
      cases.push({ store, shape: 'thin', input: 'zst', baseRecords: 0 });
      if (baseRecords > 0) cases.push({ store, shape: 'thin', input: 'plain', baseRecords });
    }
  }
  return cases;
}

/**
 * Runs every case `rounds` times, floor then import, each in a child process of its own (peak
 * RSS is per process) on a new store: a new SQLite file (a copy of the base store's file when
 * the case has one) or a new PostgreSQL database. Inputs and the base store are generated once
 * into data/bench-import/ and reused by later runs.
 */
export async function runImportBench(
  options: ImportBenchOptions,
): Promise<{ measurements: ImportMeasurement[]; notes: string[] }> {
  const { lines, rounds, say } = options;
  const dataDir = resolve('data/bench-import');
  mkdirSync(dataDir, { recursive: true });
  const notes: string[] = [];
  const hasZstd = spawnSync('zstd', ['--version']).status === 0;
  const cases = importCases(options).filter((c) => {
    if (c.input !== 'zst' || hasZstd) return true;
    notes.push('the .zst case was not measured: the zstd command is not installed (apt-get install zstd)');
    return false;
  });

  const inputs = new Map<string, string>();
  const inputOf = async (shape: ImportShape, input: 'plain' | 'zst') => {
    const key = `${shape}-${input}`;
    let file = inputs.get(key);
    if (!file) {
      file = await generatedInput(dataDir, shape, lines, 0, say);
      if (input === 'zst') file = compressedLongWindow(file, say);
      inputs.set(key, file);
    }
    return file;
  };
  const base =
    options.baseRecords > 0 && cases.some((c) => c.baseRecords > 0) ? await baseStore(dataDir, options) : undefined;

  const measurements = new Map<ImportCase, ImportMeasurement>();
  const scratch = mkdtempSync(join(tmpdir(), 'sq-bench-import-'));
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const c of cases) {
        const file = await inputOf(c.shape, c.input);
        const m =
          measurements.get(c) ??
          measurements
            .set(c, {
              ...c,
              records: 0,
              fileBytes: statSync(file).size,
              ndjsonBytes: statSync(file.replace(/\.zst$/, '')).size,
              imports: [],
              floors: [],
            })
            .get(c)!;
        const title = caseTitle(c);
        if (c.input === 'plain') {
          say(`round ${round}/${rounds}: ${title}, floor…`);
          m.floors.push(
            await inNewStore(c, scratch, base, (address) => runShapeChild(FLOOR_CHILD, address, file, c.shape)),
          );
        }
        say(`round ${round}/${rounds}: ${title}, import…`);
        const result = await inNewStore(c, scratch, base, (address) =>
          runShapeChild(IMPORT_CHILD, address, file, c.shape),
        );
        m.imports.push(result);
        m.records = result.records;
        say(`  ${Math.round(result.records / result.seconds)} records/s, peak RSS ${result.peakRssMiB} MiB`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { measurements: [...measurements.values()], notes };
}

export function caseTitle(c: ImportCase): string {
  const into = c.baseRecords > 0 ? `into ${c.baseRecords.toLocaleString('en')} posts` : 'into an empty store';
  return `${c.store}, ${shapeTitle(c.shape)}${c.input === 'zst' ? ' (.zst --long=31)' : ''}, ${into}`;
}

async function inNewStore(
  c: ImportCase,
  scratch: string,
  base: string | undefined,
  work: (address: string) => Promise<ChildResult>,
): Promise<ChildResult> {
  if (c.store === 'postgres') {
    const target = await createTestStoreAddress({ kind: 'postgres' });
    try {
      return await work(target.address);
    } finally {
      await target.drop();
    }
  }
  const file = join(scratch, 'store.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  if (c.baseRecords > 0) copyFileSync(base!, file);
  try {
    return await work(`sqlite:${file}`);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

/** Runs a measuring child over a shape's file into the store at `address`. */
function runShapeChild(script: string, address: string, file: string, shape: ImportShape): Promise<ChildResult> {
  const { platform, format } = importerOf(shape);
  return runChild(script, [address, file, platform, format]);
}

/** Part of the API responses' file names: bumped when their generator changes, so no run reads an older input. */
const RESPONSES_VERSION = 'v2';

/** data/bench-import/<reddit-shape-version | shape-version>-<records>[-from-<first>].ndjson, generated once (to a .partial file first). */
async function generatedInput(
  dataDir: string,
  shape: ImportShape,
  lines: number,
  first: number,
  say: (line: string) => void,
) {
  const name =
    importerOf(shape).platform === 'forum' ? `reddit-${shape}-${LINES_VERSION}` : `${shape}-${RESPONSES_VERSION}`;
  const file = join(dataDir, `${name}-${lines}${first > 0 ? `-from-${first}` : ''}.ndjson`);
  if (existsSync(file)) return file;
  say(`generating ${file}…`);
  await writeInput(`${file}.partial`, shape, lines, first);
  renameSync(`${file}.partial`, file);
  return file;
}

/** The file compressed as the Pushshift / Arctic Shift dumps are: `zstd --long=31` reading stdin, so the frame declares the full 2 GiB window. */
function compressedLongWindow(file: string, say: (line: string) => void): string {
  const out = `${file}.zst`;
  if (existsSync(out)) return out;
  say(`compressing ${file} with zstd --long=31…`);
  const result = spawnSync('sh', ['-c', 'zstd -q --long=31 -c < "$0" > "$0.zst.partial"', file], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`zstd failed on ${file}`);
  renameSync(`${out}.partial`, out);
  return out;
}

/**
 * data/bench-import/base-<n>.db: a SQLite store holding n thin posts whose ids differ from the
 * measured file's, built once by the importer itself, then checkpointed into its one file (each
 * case copies that file).
 */
async function baseStore(dataDir: string, { lines, baseRecords, say }: ImportBenchOptions) {
  const file = join(dataDir, `base-${baseRecords}.db`);
  if (existsSync(file)) {
    say(`reusing ${file} (delete it to rebuild)`);
    return file;
  }
  const input = await generatedInput(dataDir, 'thin', baseRecords, lines, say);
  const partial = `${file}.partial`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  say(`building ${file} (${baseRecords.toLocaleString('en')} posts) with the importer…`);
  const result = await runShapeChild(IMPORT_CHILD, `sqlite:${partial}`, input, 'thin');
  say(`  built at ${Math.round(result.records / result.seconds)} records/s`);
  const db = new Database(partial);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  renameSync(partial, file);
  rmSync(input);
  return file;
}
