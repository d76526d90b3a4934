import type { ChildResult } from './child-result.js';
import { markdownTable, type TargetLine } from '../report.js';
import { caseTitle, type ImportMeasurement } from './run.js';

export interface ImportInfo {
  command: string;
  lines: number;
  baseRecords: number;
  rounds: number;
  machine: string;
}

/** The import targets: records/s into an empty store (comments at least the posts' rate), .zst against plain, into a populated store, and peak RSS. */
export const TARGET_EMPTY_RECORDS_PER_SECOND = 100_000;
export const TARGET_ZST_SHARE = 0.9;
export const TARGET_BASE_RECORDS_PER_SECOND = 40_000;
export const TARGET_PEAK_RSS_MIB = 400;

const perSecond = (r: ChildResult) => r.records / r.seconds;
/** The fastest of a case's rounds: on a shared machine the others measure its neighbours too. */
const best = (results: readonly ChildResult[]) =>
  results.length === 0 ? undefined : results.reduce((a, b) => (perSecond(b) > perSecond(a) ? b : a));
const thousands = (n: number) => Math.round(n).toLocaleString('en');

function plainOf(m: ImportMeasurement, all: readonly ImportMeasurement[]) {
  return all.find(
    (x) => x.store === m.store && x.shape === m.shape && x.input === 'plain' && x.baseRecords === m.baseRecords,
  );
}

function rowsOf(measurements: readonly ImportMeasurement[]) {
  return measurements.map((m) => {
    const imported = best(m.imports)!;
    const floor = best(m.floors);
    const plain = m.input === 'zst' ? best(plainOf(m, measurements)?.imports ?? []) : undefined;
    return {
      case: caseTitle(m),
      records: thousands(m.records),
      'MB read': (m.fileBytes / 1e6).toFixed(0),
      'records/s': thousands(perSecond(imported)),
      'floor records/s': floor ? thousands(perSecond(floor)) : plain ? `${thousands(perSecond(plain))} (plain)` : '–',
      'vs floor': floor
        ? (perSecond(imported) / perSecond(floor)).toFixed(2)
        : plain
          ? `${(perSecond(imported) / perSecond(plain)).toFixed(2)} of plain`
          : '–',
      'store KiB/record': imported.storeBytes !== undefined ? (imported.storeBytes / 1024 / m.records).toFixed(2) : '–',
      'floor KiB/record': floor?.storeBytes !== undefined ? (floor.storeBytes / 1024 / m.records).toFixed(2) : '–',
      s: imported.seconds.toFixed(1),
      'CPU s': imported.cpuSeconds.toFixed(1),
      'peak RSS MiB': imported.peakRssMiB,
      'rounds records/s': m.imports.map((r) => thousands(perSecond(r))).join(', '),
    };
  });
}

export function evaluateImportTargets(measurements: readonly ImportMeasurement[]): TargetLine[] {
  const lines: TargetLine[] = [];
  for (const m of measurements) {
    const imported = best(m.imports)!;
    const floor = best(m.floors);
    const rate = perSecond(imported);
    const vsFloor = floor
      ? ` (${(rate / perSecond(floor)).toFixed(2)} of the floor, ${thousands(perSecond(floor))})`
      : '';
    if (m.input === 'plain' && m.baseRecords === 0 && m.shape === 'thin')
      lines.push({
        target: `≥ ${thousands(TARGET_EMPTY_RECORDS_PER_SECOND)} records/s into an empty store`,
        subject: caseTitle(m),
        figure: `${thousands(rate)} records/s${vsFloor}`,
        met: rate >= TARGET_EMPTY_RECORDS_PER_SECOND,
      });
    if (m.shape === 'comments' && m.input === 'plain' && m.baseRecords === 0) {
      // against posts of both eras: the early dumps' thin lines, and the same era's (2023) full lines
      for (const shape of ['thin', 'dump'] as const) {
        const posts = measurements.find(
          (x) => x.store === m.store && x.shape === shape && x.input === 'plain' && x.baseRecords === 0,
        );
        if (!posts) continue;
        const postsRate = perSecond(best(posts.imports)!);
        lines.push({
          target: `comments at ≥ the posts' records/s (${shape} lines)`,
          subject: caseTitle(m),
          figure: `${thousands(rate)} against ${thousands(postsRate)} records/s (${(rate / postsRate).toFixed(2)})${vsFloor}`,
          met: rate >= postsRate,
        });
      }
    }
    if (m.baseRecords > 0)
      lines.push({
        target: `≥ ${thousands(TARGET_BASE_RECORDS_PER_SECOND)} records/s into a populated store`,
        subject: caseTitle(m),
        figure: `${thousands(rate)} records/s${vsFloor}`,
        met: rate >= TARGET_BASE_RECORDS_PER_SECOND,
      });
    if (m.input === 'zst') {
      const plain = best(plainOf(m, measurements)?.imports ?? []);
      if (plain) {
        const share = rate / perSecond(plain);
        lines.push({
          target: `.zst at ≥ ${TARGET_ZST_SHARE * 100} % of plain NDJSON`,
          subject: caseTitle(m),
          figure: `${(share * 100).toFixed(0)} % (${thousands(rate)} against ${thousands(perSecond(plain))} records/s)`,
          met: share >= TARGET_ZST_SHARE,
        });
      }
    }
    // a .zst stream keeps up to its window (2 GiB declared by --long=31) of decompressed data: at most the whole file
    const window = m.input === 'zst' ? Math.ceil(Math.min(m.ndjsonBytes, 2 ** 31) / 2 ** 20) : 0;
    const peak = Math.max(...m.imports.map((r) => r.peakRssMiB));
    lines.push({
      target: `peak RSS ≤ ${TARGET_PEAK_RSS_MIB} MiB${window ? ' plus the zstd window' : ''}`,
      subject: caseTitle(m),
      figure: `${peak} MiB${window ? ` (window in use: up to ${window} MiB)` : ''}`,
      met: peak <= TARGET_PEAK_RSS_MIB + window,
    });
  }
  return lines;
}

function header(info: ImportInfo) {
  return (
    `${thousands(info.lines)} records a file, best of ${info.rounds} round(s); the floor is the store's raw write of the same rows ` +
    `(apps/bench/src/imports/floor-child.ts); ${info.machine}`
  );
}

const targetRows = (targets: readonly TargetLine[], no: string) =>
  targets.map((t) => ({ target: t.target, subject: t.subject, figure: t.figure, met: t.met ? 'yes' : no }));

export function printImportTables(
  measurements: readonly ImportMeasurement[],
  notes: readonly string[],
  info: ImportInfo,
) {
  console.log(header(info));
  console.table(rowsOf(measurements));
  console.log('\ntargets');
  console.table(targetRows(evaluateImportTargets(measurements), 'NO'));
  for (const note of notes) console.log(`note: ${note}`);
}

export function importMarkdownReport(
  measurements: readonly ImportMeasurement[],
  notes: readonly string[],
  info: ImportInfo,
): string {
  const parts = [
    `Command: \`${info.command}\``,
    '',
    header(info),
    '',
    markdownTable(rowsOf(measurements)),
    '',
    '#### Import targets',
    '',
    markdownTable(targetRows(evaluateImportTargets(measurements), '**no**')),
    '',
  ];
  if (notes.length > 0) parts.push('Notes:', '', ...notes.map((note) => `- ${note}`), '');
  return parts.join('\n');
}
