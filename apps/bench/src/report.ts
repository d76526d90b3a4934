import type { LoadResult } from './load.js';

export interface Measurement {
  scale: number;
  store: 'sqlite' | 'postgres';
  scenario: string;
  title: string;
  variant: string;
  /** Bytes of the body as sent (compressed when it was), and of the identity body. */
  wireBytes: number;
  identityBytes: number;
  service: LoadResult;
  /** The baselines, answering with the same bytes. */
  bare: LoadResult;
  express: LoadResult;
  /**
   * The floor: the operation's statements and mapping alone, on bare node:http (floor-server.ts;
   * identity variant only, and only when its body was byte-identical to the service's).
   */
  floor?: LoadResult;
}

export interface Info {
  command: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  scales: number[];
  musicScale: number;
  machine: string;
}

/**
 * The targets (BENCHMARKS.md): the service's requests/s against its floor's — forum-hot on SQLite
 * at least half, every operation at least 0.4 — and p99 ≤ 10 ms at 10 connections; at 256
 * connections, p99 ≤ 150 ms and no socket error.
 */
export const TARGET_VS_FLOOR = 0.4;
export const TARGET_VS_FLOOR_HOT = 0.5;
export const TARGET_P99_MS = 10;
export const TARGET_P99_MANY_MS = 150;
/** From this many connections on, a run is judged by TARGET_P99_MANY_MS. */
export const MANY_CONNECTIONS = 256;
export const TARGET_DEEP_PAGE = 0.9;
export const TARGET_SCALE_GROWTH = 2;

export interface TargetLine {
  target: string;
  subject: string;
  figure: string;
  met: boolean;
}

const vsExpress = (m: Measurement) => m.service.requestsPerSecond / m.express.requestsPerSecond;
/** The floor's CPU per response over the service's: the same ratio as vsFloor on an idle machine, steadier on a busy one. */
const cpuVsFloor = (m: Measurement) =>
  m.floor?.cpuMicrosPerRequest && m.service.cpuMicrosPerRequest
    ? m.floor.cpuMicrosPerRequest / m.service.cpuMicrosPerRequest
    : Number.NaN;
const vsFloor = (m: Measurement) => (m.floor ? m.service.requestsPerSecond / m.floor.requestsPerSecond : Number.NaN);
const vsNode = (m: Measurement) => m.service.requestsPerSecond / m.bare.requestsPerSecond;
const fixed = (n: number, digits = 2) => n.toFixed(digits);

/**
 * Where each target stands, from the identity measurements: every operation at every scale against
 * its floor (forum-hot on SQLite ≥ 0.5, the others ≥ 0.4) with p99 ≤ 10 ms (≤ 150 ms and no socket
 * error at 256 connections or more); page 1,000 against page 1 (requests/s within 10 %); each
 * operation's mean latency at the largest scale against the smallest (at most 2×).
 */
export function evaluateTargets(measurements: Measurement[], scales: number[], connections = 10): TargetLine[] {
  const lines: TargetLine[] = [];
  const largest = scales.at(-1)!;
  const smallest = scales[0]!;
  const identity = measurements.filter((m) => m.variant === 'identity');
  const many = connections >= MANY_CONNECTIONS;
  const p99Limit = many ? TARGET_P99_MANY_MS : TARGET_P99_MS;
  for (const m of identity) {
    const minimum = m.scenario === 'forum-hot' && m.store === 'sqlite' ? TARGET_VS_FLOOR_HOT : TARGET_VS_FLOOR;
    const target = `≥ ${minimum} of the floor's req/s, p99 ≤ ${p99Limit} ms${many ? ', no socket error' : ''}`;
    const subject = `${m.scenario} [${m.store}, scale ${m.scale}, ${connections} connections]`;
    if (m.service.requestsPerSecond === 0) {
      lines.push({ target, subject, figure: 'no response within the measurement', met: false });
      continue;
    }
    const ratio = vsFloor(m);
    lines.push({
      target,
      subject,
      figure:
        `${m.floor ? `${fixed(ratio)} of the floor (CPU per request: ${fixed(cpuVsFloor(m))})` : 'floor not measured'}, p99 ${m.service.p99} ms` +
        (many ? `, ${m.service.unexpected} failed` : ''),
      met: ratio >= minimum && m.service.p99 <= p99Limit && (!many || m.service.unexpected === 0),
    });
  }
  for (const scale of scales) {
    for (const store of ['sqlite', 'postgres'] as const) {
      const page1 = identity.find((m) => m.scale === scale && m.store === store && m.scenario === 'microblog-page-1');
      const deep = identity.find((m) => m.scale === scale && m.store === store && m.scenario === 'microblog-page-1000');
      if (!page1 || !deep) continue;
      const raw = deep.service.requestsPerSecond / page1.service.requestsPerSecond;
      const normalised = vsExpress(deep) / vsExpress(page1);
      lines.push({
        target: `page 1,000 within ${fixed((1 - TARGET_DEEP_PAGE) * 100, 0)} % of page 1`,
        subject: `microblog [${store}, scale ${scale}]`,
        figure: `page 1,000 at ${fixed(raw * 100, 0)} % of page 1's req/s (${fixed(normalised * 100, 0)} % relative to their Express baselines)`,
        met: Math.max(raw, normalised) >= TARGET_DEEP_PAGE,
      });
    }
  }
  if (largest !== smallest) {
    for (const big of identity.filter((m) => m.scale === largest)) {
      const small = identity.find((m) => m.scale === smallest && m.store === big.store && m.scenario === big.scenario);
      if (!small) continue;
      if (big.service.requestsPerSecond === 0) {
        lines.push({
          target: `latency at most ${TARGET_SCALE_GROWTH}× from scale ${smallest} to ${largest}`,
          subject: `${big.scenario} [${big.store}]`,
          figure: `mean ${fixed(small.service.mean)} ms → no response within the measurement`,
          met: false,
        });
        continue;
      }
      const growth = big.service.mean / small.service.mean;
      const normalised = big.service.mean / big.express.mean / (small.service.mean / small.express.mean);
      lines.push({
        target: `latency at most ${TARGET_SCALE_GROWTH}× from scale ${smallest} to ${largest}`,
        subject: `${big.scenario} [${big.store}]`,
        figure: `mean ${fixed(small.service.mean)} → ${fixed(big.service.mean)} ms (${fixed(growth)}×; ${fixed(normalised)}× relative to Express), p99 ${small.service.p99} → ${big.service.p99} ms`,
        met: growth <= TARGET_SCALE_GROWTH,
      });
    }
  }
  return lines;
}

function rowsOf(measurements: Measurement[]) {
  return measurements.map((m) => ({
    operation: m.scenario,
    variant: m.variant,
    bytes:
      m.variant === '304'
        ? '0'
        : m.wireBytes === m.identityBytes
          ? String(m.wireBytes)
          : `${m.wireBytes} of ${m.identityBytes}`,
    'req/s': Math.round(m.service.requestsPerSecond),
    'p50 ms': m.service.p50,
    'p99 ms': m.service.p99,
    'node req/s': Math.round(m.bare.requestsPerSecond),
    'express req/s': Math.round(m.express.requestsPerSecond),
    'express p99': m.express.p99,
    'vs node': fixed(vsNode(m)),
    'vs express': fixed(vsExpress(m)),
    'floor req/s': m.floor ? Math.round(m.floor.requestsPerSecond) : '–',
    'floor p99': m.floor ? m.floor.p99 : '–',
    'vs floor': m.floor ? fixed(vsFloor(m)) : '–',
    'cpu µs/req': m.service.cpuMicrosPerRequest ?? '–',
    'floor cpu µs/req': m.floor?.cpuMicrosPerRequest ?? '–',
    'vs floor (cpu)': m.floor ? fixed(cpuVsFloor(m)) : '–',
    bad: m.service.unexpected + m.bare.unexpected + m.express.unexpected + (m.floor?.unexpected ?? 0),
  }));
}

/** Milliseconds of the one busy core per request, from a saturated server's requests/s. */
const perRequestMs = (result: LoadResult) =>
  result.requestsPerSecond > 0 ? 1000 / result.requestsPerSecond : Number.NaN;

/**
 * Where an uncompressed request's time goes: the floor (the operation's statements, mapping and
 * JSON on bare node:http), and what the service adds on top of it (Express, parameter validation,
 * auth, rate-limit charge, logging, request id, security headers, ETag); Express alone answering
 * canned bytes beside it, for scale. Each is a difference of inverse throughputs, which is CPU per
 * request while the server is saturated (10 connections keep it so), so a part is an estimate with
 * the noise of two measurements.
 */
function costRows(measurements: Measurement[]) {
  return measurements.flatMap((m) => {
    if (!m.floor || m.service.requestsPerSecond === 0 || m.floor.requestsPerSecond === 0) return [];
    const service = perRequestMs(m.service);
    const floor = perRequestMs(m.floor);
    return [
      {
        operation: m.scenario,
        'ms / request': fixed(service, 3),
        floor: fixed(floor, 3),
        'service on top': fixed(service - floor, 3),
        'on-top share': `${fixed((100 * (service - floor)) / service, 0)} %`,
        'express (canned) - node (canned)': fixed(perRequestMs(m.express) - perRequestMs(m.bare), 3),
      },
    ];
  });
}

function groups(measurements: Measurement[]) {
  const out = new Map<string, Measurement[]>();
  for (const m of measurements) {
    const key = `scale ${m.scale}, ${m.store}`;
    out.set(key, [...(out.get(key) ?? []), m]);
  }
  return out;
}

function header(info: Info) {
  return (
    `${info.connections} connections, ${info.durationSeconds} s per measurement after ${info.warmupSeconds} s of warm-up; ` +
    `music catalog at scale ${info.musicScale}; ${info.machine}`
  );
}

export function printTables(measurements: Measurement[], targets: TargetLine[], notes: string[], info: Info) {
  console.log(header(info));
  for (const [title, group] of groups(measurements)) {
    console.log(`\n${title}`);
    console.table(rowsOf(group));
    const costs = costRows(group);
    if (costs.length > 0) {
      console.log(`${title}: where a request's time goes (ms of CPU, from 1 / req/s)`);
      console.table(costs);
    }
  }
  console.log('\ntargets');
  console.table(
    targets.map((t) => ({ target: t.target, subject: t.subject, figure: t.figure, met: t.met ? 'yes' : 'NO' })),
  );
  for (const note of notes) console.log(`note: ${note}`);
}

export function markdownTable(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const numeric = columns.map((c) => rows.every((r) => typeof r[c] === 'number' || /^[0-9.,]+$/.test(String(r[c]))));
  return [
    `| ${columns.join(' | ')} |`,
    `|${numeric.map((n) => (n ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${columns.map((c) => String(r[c]).replaceAll('|', '\\|')).join(' | ')} |`),
  ].join('\n');
}

export function markdownReport(
  measurements: Measurement[],
  targets: TargetLine[],
  notes: string[],
  info: Info,
): string {
  const parts = [`Command: \`${info.command}\``, '', header(info)];
  for (const [title, group] of groups(measurements)) {
    parts.push('', `### ${title}`, '', markdownTable(rowsOf(group)));
    const costs = costRows(group);
    if (costs.length > 0)
      parts.push('', `Where a request's time goes (ms of CPU, from 1 / req/s):`, '', markdownTable(costs));
  }
  parts.push(
    '',
    '### Targets',
    '',
    markdownTable(
      targets.map((t) => ({ target: t.target, subject: t.subject, figure: t.figure, met: t.met ? 'yes' : '**no**' })),
    ),
    '',
  );
  if (notes.length > 0) parts.push('Notes:', '', ...notes.map((note) => `- ${note}`), '');
  return parts.join('\n');
}
