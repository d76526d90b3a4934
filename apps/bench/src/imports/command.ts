import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { list, machineLine, storeKinds } from '../args.js';
import { importMarkdownReport, printImportTables, type ImportInfo } from './report.js';
import { type ImportMeasurement, type ImportStoreKind, runImportBench } from './run.js';
import { IMPORT_SHAPES, type ImportShape } from './shapes.js';

export const IMPORT_USAGE = `Usage: pnpm bench --imports [options]

Measures imports of forum NDJSON (Reddit submissions and comments as the Pushshift / Arctic Shift
dumps write them) and of saved API responses (YouTube videos, Spotify tracks), generated
deterministically, against the store's raw write speed for the same rows (search postings, or the
forum's FTS5 documents on SQLite, included), with the store's growth per record, measured in the same run: the importer and the floor each run in a child process of their own, on a new
store, alternately, so their peak RSS and their CPU are their own.

Cases: each store and shape into an empty store; on SQLite also the thin file compressed with
\`zstd --long=31\` (read against the plain import) and the thin file into a store that already holds
--base posts.

Options:
  --imports          measure imports (this mode)
  --lines N          records a file: lines, or API responses' items (default 300000)
  --base N           posts in the populated store (default 1000000; 0 leaves that case out)
  --rounds N         rounds of every case; the report reads the best of each (default 2)
  --shapes LIST      thin (27 fields, ~790 B a line), dump (~110 fields, ~3.4 KB a line, as 2023
                     Arctic Shift lines) and/or comments (RC_* lines, ~45 fields, ~1.3 KB, 300 to a
                     thread), their text as wordy as the dumps' (imports/wordy-text.ts); youtube (videos.list responses, 50 videos each) and/or spotify
                     (search responses, 50 tracks each, with their albums and artists)
                     (default thin,dump,comments)
  --stores LIST      sqlite, postgres or both (default sqlite; postgres needs SOCIALQUERY_TEST_PG,
                     which \`pnpm bench\` provides by starting a throwaway server)
  --markdown FILE    also write the report as Markdown; the raw measurements of the last run are
                     always in data/bench-imports-last.json
  --report FILE      measure nothing: print (and with --markdown write) the report of a saved run

Inputs and the populated store are generated once into data/bench-import/ and reused.`;

export interface ImportCommandValues {
  lines?: string;
  base?: string;
  rounds?: string;
  shapes?: string;
  stores: string;
  markdown?: string;
  report?: string;
}

interface SavedImportRun {
  info: ImportInfo;
  measurements: ImportMeasurement[];
  notes: string[];
}

export async function importsCommand(values: ImportCommandValues, args: readonly string[]) {
  if (values.report) {
    const saved = JSON.parse(readFileSync(values.report, 'utf8')) as SavedImportRun;
    report(saved, values.markdown);
    return;
  }
  const stores: ImportStoreKind[] = storeKinds(values.stores);
  const shapes = list(values.shapes ?? 'thin,dump,comments').map((shape) => {
    const known = IMPORT_SHAPES.find((s) => s === shape);
    if (!known) throw new Error(`unknown shape ${shape} (${IMPORT_SHAPES.join(', ')})`);
    return known satisfies ImportShape;
  });
  const lines = count(values.lines ?? '300000', 'lines', 1);
  const baseRecords = count(values.base ?? '1000000', 'base', 0);
  const rounds = count(values.rounds ?? '2', 'rounds', 1);
  const { measurements, notes } = await runImportBench({
    lines,
    baseRecords,
    rounds,
    stores,
    shapes,
    say: (line) => console.error(line),
  });
  const info: ImportInfo = {
    command: `pnpm bench ${args.join(' ')}`.trim(),
    lines,
    baseRecords,
    rounds,
    machine: machineLine(),
  };
  mkdirSync('data', { recursive: true });
  writeFileSync('data/bench-imports-last.json', `${JSON.stringify({ info, measurements, notes }, null, 1)}\n`);
  report({ info, measurements, notes }, values.markdown);
}

function report({ info, measurements, notes }: SavedImportRun, markdown: string | undefined) {
  printImportTables(measurements, notes, info);
  if (markdown) {
    writeFileSync(markdown, importMarkdownReport(measurements, notes, info));
    console.error(`wrote ${markdown}`);
  }
}

function count(value: string, name: string, min: 0 | 1): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return Number(value);
}
