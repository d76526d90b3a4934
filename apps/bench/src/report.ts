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
  /** The operation's parameter parsing and handler alone, in Express (identity variant only). */
  handler?: LoadResult;
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

/** The targets. */
export const TARGET_VS_EXPRESS = 0.8;
export const TARGET_P99_MS = 10;
export const TARGET_DEEP_PAGE = 0.9;
export const TARGET_SCALE_GROWTH = 2;

export interface TargetLine {
  target: string;
  subject: string;
  figure: string;
  met: boolean;
}

const vsExpress = (m: Measurement) => m.service.requestsPerSecond / m.express.requestsPerSecond;
const vsNode = (m: Measurement) => m.service.requestsPerSecond / m.bare.requestsPerSecond;
const fixed = (n: number, digits = 2) => n.toFixed(digits);

/**
 * Where each target stands, from the identity measurements: every operation at the largest scale
 * (≥ 80 % of Express's requests/s, p99 < 10 ms); page 1,000 against page 1 (requests/s within
 * 10 %); each operation's mean latency at the largest scale against the smallest (at most 2×).
 */
export function evaluateTargets(measurements: Measurement[], scales: number[]): TargetLine[] {
  const lines: TargetLine[] = [];
  const largest = scales.at(-1)!;
  const smallest = scales[0]!;
  const identity = measurements.filter((m) => m.variant === 'identity');
  for (const m of identity.filter((x) => x.scale === largest)) {
    const ratio = vsExpress(m);
    if (m.service.requestsPerSecond === 0) {
      lines.push({
        target: `≥ ${TARGET_VS_EXPRESS * 100} % of Express req/s, p99 < ${TARGET_P99_MS} ms`,
        subject: `${m.scenario} [${m.store}, scale ${m.scale}]`,
        figure: 'no response within the measurement',
        met: false,
      });
      continue;
    }
    lines.push({
      target: `≥ ${TARGET_VS_EXPRESS * 100} % of Express req/s, p99 < ${TARGET_P99_MS} ms`,
      subject: `${m.scenario} [${m.store}, scale ${m.scale}]`,
      figure: `${fixed(ratio * 100, 0)} % of Express, p99 ${m.service.p99} ms`,
      met: ratio >= TARGET_VS_EXPRESS && m.service.p99 < TARGET_P99_MS,
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
    'handler req/s': m.handler ? Math.round(m.handler.requestsPerSecond) : '–',
    'vs handler': m.handler ? fixed(m.service.requestsPerSecond / m.handler.requestsPerSecond) : '–',
    bad: m.service.unexpected + m.bare.unexpected + m.express.unexpected + (m.handler?.unexpected ?? 0),
  }));
}

/** Milliseconds of the one busy core per request, from a saturated server's requests/s. */
const perRequestMs = (result: LoadResult) =>
  result.requestsPerSecond > 0 ? 1000 / result.requestsPerSecond : Number.NaN;

/**
 * Where an uncompressed request's time goes: Express answering canned bytes; the operation's own
 * work on top (parameter parsing, the handler's SQL and mapping, JSON); the service's layers on
 * top of that (auth, rate-limit charge, logging, request id, security headers, ETag). Each is a
 * difference of inverse throughputs, which is CPU per request while the server is saturated
 * (10 connections keep it so), so a part is an estimate with the noise of two measurements.
 */
function costRows(measurements: Measurement[]) {
  return measurements.flatMap((m) => {
    if (!m.handler || m.service.requestsPerSecond === 0 || m.handler.requestsPerSecond === 0) return [];
    const service = perRequestMs(m.service);
    const handler = perRequestMs(m.handler);
    const express = perRequestMs(m.express);
    return [
      {
        operation: m.scenario,
        'ms / request': fixed(service, 3),
        express: fixed(express, 3),
        'parse + handler': fixed(handler - express, 3),
        'service layers': fixed(service - handler, 3),
        'layers share': `${fixed((100 * (service - handler)) / service, 0)} %`,
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
