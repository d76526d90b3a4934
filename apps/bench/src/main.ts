#!/usr/bin/env node
/**
 * `pnpm bench`: measures the service under load from this process (autocannon) against
 * servers in child processes, and prints each figure as a ratio to baselines measured in the
 * same run — a bare node:http server and an Express 5 route, both answering with the very bytes
 * the service sent for that request (same size, same encoding), and (uncompressed responses
 * only) the floor: a bare node:http server running the operation's own statements and mapping on
 * the same store (floor-server.ts), its body checked byte-identical to the service's — because
 * absolute figures on a shared 2-core machine mean little.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { list, machineLine, positive, storeKinds } from './args.js';
import { DURING_IMPORT_USAGE, duringImportCommand } from './during-import.js';
import { FAIRNESS_USAGE, fairnessCommand } from './fairness.js';
import { SOAK_USAGE, soakCommand } from './soak.js';
import { IMPORT_USAGE, importsCommand } from './imports/command.js';
import { COMMENTS_USAGE, commentsCommand } from './comments.js';
import { SEARCH_USAGE, searchCommand } from './search.js';
import { LAYOUTS_USAGE, layoutsCommand } from './posting-layouts.js';
import { getRaw, load, type LoadOptions, type LoadResult } from './load.js';
import { startServer, type RunningServer } from './processes.js';
import { credentialHeaders, scenariosOf, type Scenario } from './scenarios.js';
import { MUSIC_SCALE_CAP, prepareStores } from './stores.js';
import { evaluateTargets, markdownReport, printTables, type Info, type Measurement } from './report.js';

const VARIANTS = ['identity', 'br', 'gzip', '304'] as const;
type Variant = (typeof VARIANTS)[number];
const SCENARIO_IDS = [
  'forum-hot',
  'forum-top',
  'microblog-page-1',
  'microblog-page-1000',
  'shortvideo-comments',
  'video-search',
  'music-search',
  'professional-profile',
];

const USAGE = `Usage: pnpm bench [options]

Measures the service's operations under load, each against baselines measured in the same run:
a bare node:http server and an Express 5 route that answer with the same bytes, and (for the
identity variant) the floor: a bare node:http server that runs the operation's own statements
and mapping on the same store and JSON.stringifies the body (checked byte-identical to the
service's before it is measured). "vs floor" is the service's requests/s over the floor's; the
table splits a request's cost into the floor's own work (SQL, mapping, JSON) and what the
service adds around it (Express, parameter validation, auth, rate limit, logging, request id,
security headers, ETag).

Options:
  --scales LIST      demo data scales to measure, comma-separated (default 100; --scales 1,100
                     also checks how latency grows with the data). Each store is built once into
                     the bench cache and reused ($SOCIALQUERY_BENCH_CACHE, default ~/.cache/socialquery/bench); music is seeded at scale ${MUSIC_SCALE_CAP} whatever N.
  --scale N          the same as --scales N
  --duration S       seconds of load per measurement (default 10)
  --warmup S         seconds of unmeasured load before each measurement (default 1; 0 for none)
  --connections C    concurrent connections (default 10)
  --stores LIST      sqlite, postgres or both (default sqlite; postgres needs SOCIALQUERY_TEST_PG,
                     which \`pnpm bench\` provides by starting a throwaway server)
  --variants LIST    response variants measured at the largest scale (default ${VARIANTS.join(',')}):
                     identity (no Accept-Encoding), br / gzip (Accept-Encoding: br / gzip), 304
                     (If-None-Match with the response's ETag); smaller scales measure identity only
  --only LIST        measure only these operations (default all: ${SCENARIO_IDS.join(', ')})
  --cpu-prof DIR     run the service under node --cpu-prof, writing a .cpuprofile per service run to DIR
  --markdown FILE    also write the report as Markdown (the tables of BENCHMARKS.md); the raw
                     measurements of the last run are always in data/bench-last.json
  --report FILE      measure nothing: print (and with --markdown write) the report of a saved run
  --imports          measure imports instead (\`pnpm bench --imports --help\` for that mode's options)
  --fairness         measure whether heavy work stalls cheap requests (\`pnpm bench --fairness --help\`)
  --soak             run reads, imports and sync mode together for --minutes, reporting memory and descriptors each minute (\`pnpm bench --soak --help\`)
  --during-import    measure reads while an import commits, and the import beside them (\`pnpm bench --during-import --help\`)
  --search           measure video search over a fixed query set (\`pnpm bench --search --help\`)
  --comments         measure the forum's comment trees, search and aggregates (\`pnpm bench --comments --help\`)
  --layouts          measure the video search index's writes and disk against full-text layouts (\`pnpm bench --layouts --help\`)
  -h, --help         show this help`;

const API_MAIN = fileURLToPath(new URL('../../api/dist/main.js', import.meta.url));
const BASELINE = fileURLToPath(new URL('./baseline-server.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('./floor-server.js', import.meta.url));

/** The options each mode takes besides its own flag and --help; any other given with it is refused. */
const MODE_OPTIONS = {
  imports: ['lines', 'base', 'rounds', 'shapes', 'stores', 'markdown', 'report'],
  fairness: ['scale', 'stores', 'duration', 'connections'],
  'during-import': ['scale', 'stores', 'lines', 'rate', 'connections'],
  soak: ['minutes', 'rate', 'lines', 'stores'],
  search: ['scales', 'scale', 'music-scales', 'stores', 'duration', 'connections'],
  comments: ['scales', 'scale', 'stores', 'duration', 'connections'],
  layouts: ['scale', 'rounds'],
} as const;

async function main() {
  const { values, tokens } = parseArgs({
    tokens: true,
    options: {
      scales: { type: 'string' },
      scale: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '10' },
      stores: { type: 'string', default: 'sqlite' },
      variants: { type: 'string', default: VARIANTS.join(',') },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
      markdown: { type: 'string' },
      report: { type: 'string' },
      imports: { type: 'boolean' },
      fairness: { type: 'boolean' },
      'during-import': { type: 'boolean' },
      soak: { type: 'boolean' },
      minutes: { type: 'string' },
      rate: { type: 'string' },
      search: { type: 'boolean' },
      comments: { type: 'boolean' },
      layouts: { type: 'boolean' },
      'music-scales': { type: 'string' },
      lines: { type: 'string' },
      base: { type: 'string' },
      rounds: { type: 'string' },
      shapes: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      values.imports
        ? IMPORT_USAGE
        : values.fairness
          ? FAIRNESS_USAGE
          : values['during-import']
            ? DURING_IMPORT_USAGE
            : values.soak
              ? SOAK_USAGE
              : values.search
                ? SEARCH_USAGE
                : values.comments
                  ? COMMENTS_USAGE
                  : values.layouts
                    ? LAYOUTS_USAGE
                    : USAGE,
    );
    return;
  }
  const given = tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : []));
  for (const mode of Object.keys(MODE_OPTIONS) as (keyof typeof MODE_OPTIONS)[]) {
    if (!values[mode]) continue;
    const taken: readonly string[] = [mode, 'help', ...MODE_OPTIONS[mode]];
    for (const name of given)
      if (!taken.includes(name))
        throw new Error(`--${name} is not an option of --${mode} (pnpm bench --${mode} --help lists them)`);
  }
  if (values.imports) return importsCommand(values, process.argv.slice(2));
  if (values.fairness) return fairnessCommand(values, process.argv.slice(2));
  if (values['during-import']) return duringImportCommand(values, process.argv.slice(2));
  if (values.soak) return soakCommand(values, process.argv.slice(2));
  if (values.search) return searchCommand(values, process.argv.slice(2));
  if (values.comments) return commentsCommand(values, process.argv.slice(2));
  if (values.layouts) return layoutsCommand(values);
  for (const name of ['lines', 'base', 'rounds', 'shapes'] as const)
    if (values[name] !== undefined) throw new Error(`--${name} measures imports: give it with --imports`);
  if (values.report) {
    const saved = JSON.parse(readFileSync(values.report, 'utf8')) as {
      info: Info;
      measurements: Measurement[];
      notes: string[];
    };
    const targets = evaluateTargets(saved.measurements, saved.info.scales, saved.info.connections);
    printTables(saved.measurements, targets, saved.notes, saved.info);
    if (values.markdown)
      writeFileSync(values.markdown, markdownReport(saved.measurements, targets, saved.notes, saved.info));
    return;
  }
  if (values.scales && values.scale) throw new Error('give --scales or --scale, not both');
  const scales = [...new Set(list(values.scales ?? values.scale ?? '100').map((s) => positive(s, 'scales')))].sort(
    (a, b) => a - b,
  );
  const durationSeconds = positive(values.duration, 'duration');
  const warmupSeconds = values.warmup === '0' ? 0 : positive(values.warmup, 'warmup');
  const connections = positive(values.connections, 'connections');
  const kinds = storeKinds(values.stores);
  const variants = list(values.variants);
  for (const variant of variants)
    if (!(VARIANTS as readonly string[]).includes(variant))
      throw new Error(`unknown variant ${variant} (${VARIANTS.join(', ')})`);
  const only = values.only ? list(values.only) : SCENARIO_IDS;
  for (const id of only)
    if (!SCENARIO_IDS.includes(id)) throw new Error(`unknown operation ${id} (${SCENARIO_IDS.join(', ')})`);
  const profileDir = values['cpu-prof'] ? resolve(values['cpu-prof']) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const say = (line: string) => console.error(line);
  const options: LoadOptions = { connections, durationSeconds };

  const cannedDir = mkdtempSync(join(tmpdir(), 'sq-bench-canned-'));
  const baselines: Record<'bare' | 'express', RunningServer | undefined> = { bare: undefined, express: undefined };
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  try {
    for (const kind of ['bare', 'express'] as const) baselines[kind] = await startServer([BASELINE, kind, cannedDir]);
    /** Baseline results by the canned response they served: identical responses (every 304) are measured once. */
    const baselineRuns = new Map<string, { bare: LoadResult; express: LoadResult }>();
    /** A warm-up, then the measurement; with `server`, also the CPU that process spent per response. */
    const measure = async (url: string, extra: Partial<LoadOptions>, server?: RunningServer) => {
      if (warmupSeconds > 0) await load(url, { ...options, ...extra, durationSeconds: warmupSeconds });
      const cpuBefore = server?.cpuMs() ?? Number.NaN;
      const result = await load(url, { ...options, ...extra });
      const cpuMs = (server?.cpuMs() ?? Number.NaN) - cpuBefore;
      return Number.isFinite(cpuMs) && result.requests
        ? { ...result, cpuMicrosPerRequest: Math.round((cpuMs * 1000) / result.requests) }
        : result;
    };

    for (const scale of scales) {
      const stores = await prepareStores(scale, kinds, say);
      try {
        for (const store of stores) {
          const service = await startServer(
            [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), API_MAIN],
            {
              SOCIALQUERY_STORE: store.address,
              PORT: '0',
              LOG_LEVEL: 'info',
              SOCIALQUERY_RATE_LIMIT: '1000000000',
              // searches are heavy operations: at the default limits (4 a replica, 2 a credential) most of
              // 10 connections' requests would be refused, and the refusals counted as answers
              SOCIALQUERY_HEAVY_PER_CREDENTIAL: '100',
              SOCIALQUERY_HEAVY_CONCURRENCY: '100',
            },
          );
          let floorServer: RunningServer | undefined;
          try {
            floorServer = await startServer([FLOOR], { SOCIALQUERY_STORE: store.address });
            const scenarios = scenariosOf(store).filter((scenario) => only.includes(scenario.id));
            const scaleVariants = (scale === scales.at(-1) ? variants : ['identity']) as Variant[];
            for (const scenario of scenarios) {
              const credentials = credentialHeaders(store, scenario.auth);
              const path = await scenario.path(service.url, credentials);
              for (const variant of scaleVariants) {
                const prepared = await prepareVariant(service.url + path, credentials, variant, scenario);
                if ('skipped' in prepared) {
                  notes.push(
                    `${scenario.id} ${variant} [${store.kind}, scale ${scale}] not measured: ${prepared.skipped}`,
                  );
                  say(notes.at(-1)!);
                  continue;
                }
                const { headers, status, canned } = prepared;
                const name = `s${scale}-${store.kind}-${scenario.id}-${variant}`;
                writeFileSync(join(cannedDir, `${name}.body`), canned.body);
                writeFileSync(
                  join(cannedDir, `${name}.json`),
                  JSON.stringify({ status: canned.status, headers: canned.headers }),
                );
                const key = createHash('sha1')
                  .update(JSON.stringify([canned.status, canned.headers]))
                  .update(canned.body)
                  .digest('hex');
                let baseline = baselineRuns.get(key);
                if (!baseline) {
                  say(`measuring the baselines for ${scenario.id} ${variant} (${canned.body.length} bytes)…`);
                  baseline = {
                    bare: await measure(`${baselines.bare!.url}/${name}`, { status }),
                    express: await measure(`${baselines.express!.url}/${name}`, { status }),
                  };
                  baselineRuns.set(key, baseline);
                }
                say(`measuring ${scenario.id} ${variant} at scale ${scale} on ${store.kind}…`);
                const result = await measure(service.url + path, { headers, status }, service);
                let floor: LoadResult | undefined;
                if (variant === 'identity') {
                  const differs = await floorDiffers(floorServer.url + path, canned.body, (text) =>
                    notes.push(`${scenario.id} [${store.kind}, scale ${scale}]: the floor's body is ${text}`),
                  );
                  if (differs) {
                    notes.push(`${scenario.id} [${store.kind}, scale ${scale}]: floor not measured: ${differs}`);
                    say(notes.at(-1)!);
                  } else {
                    say(`measuring ${scenario.id} on the floor…`);
                    floor = await measure(floorServer.url + path, { status }, floorServer);
                  }
                }
                measurements.push({
                  scale,
                  store: store.kind,
                  scenario: scenario.id,
                  title: scenario.title,
                  variant,
                  wireBytes: canned.body.length,
                  identityBytes: canned.identityBytes,
                  service: result,
                  ...baseline,
                  ...(floor ? { floor } : {}),
                });
              }
            }
          } finally {
            await service.stop();
            await floorServer?.stop();
          }
        }
      } finally {
        for (const store of stores) await store.drop();
      }
    }
  } finally {
    for (const server of Object.values(baselines)) await server?.stop();
    rmSync(cannedDir, { recursive: true, force: true });
  }

  const info = {
    command: `pnpm bench ${process.argv.slice(2).join(' ')}`.trim(),
    connections,
    durationSeconds,
    warmupSeconds,
    scales,
    musicScale: MUSIC_SCALE_CAP,
    machine: machineLine(),
  };
  mkdirSync('data', { recursive: true });
  writeFileSync('data/bench-last.json', `${JSON.stringify({ info, measurements, notes }, null, 1)}\n`);
  const targets = evaluateTargets(measurements, scales, connections);
  printTables(measurements, targets, notes, info);
  if (values.markdown) {
    writeFileSync(values.markdown, markdownReport(measurements, targets, notes, info));
    say(`wrote ${values.markdown}`);
  }
  if (profileDir) say(`CPU profiles of the service are in ${profileDir}`);
}

/**
 * The request headers of a variant, the status it should get, and the response the baselines
 * replay: the body exactly as the service sent it (compressed or not), with its Content-Type and
 * Content-Encoding (a 304 has neither body nor those). Skipped when the service cannot answer
 * the variant (a 304 for a response that differs on every request).
 */
async function prepareVariant(url: string, credentials: Record<string, string>, variant: Variant, scenario: Scenario) {
  const identity = await getRaw(url, credentials);
  if (identity.status !== 200)
    throw new Error(`${scenario.id} answered ${identity.status}: ${identity.body.toString()}`);
  if (identity.headers['content-encoding']) throw new Error(`${scenario.id} came compressed without Accept-Encoding`);
  const headers = { ...credentials };
  if (variant === 'br' || variant === 'gzip') headers['accept-encoding'] = variant;
  if (variant === '304') headers['if-none-match'] = String(identity.headers.etag);
  const answer = variant === 'identity' ? identity : await getRaw(url, headers);
  const status = variant === '304' ? 304 : 200;
  if (variant === '304' && answer.status === 200 && answer.headers.etag !== identity.headers.etag) {
    return {
      skipped: `the ETag differs from one request to the next (${String(identity.headers.etag)}, then ${String(answer.headers.etag)}), so If-None-Match never matches`,
    };
  }
  if (answer.status !== status) throw new Error(`${scenario.id} ${variant} answered ${answer.status}, not ${status}`);
  const canned = {
    status,
    headers: {} as Record<string, string>,
    body: answer.body,
    identityBytes: identity.body.length,
  };
  for (const name of ['content-type', 'content-encoding']) {
    const value = answer.headers[name];
    if (status === 200 && typeof value === 'string') canned.headers[name] = value;
  }
  return { headers, status, canned };
}

/** Paging-token fields: a token may sign the request's moment (top and rising cursors pin it), so two requests' tokens differ. */
const TOKEN_FIELDS = new Set(['cursor', 'nextCursor', 'nextToken', 'paginationToken', 'pagination_token']);

/**
 * Why the floor's answer is not the service's, byte for byte (undefined when it is, or when the only
 * difference is a paging token's value, which `note` then records).
 */
async function floorDiffers(
  url: string,
  serviceBody: Buffer,
  note: (text: string) => void,
): Promise<string | undefined> {
  const answer = await getRaw(url);
  if (answer.status !== 200) return `the floor answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`;
  if (answer.body.equals(serviceBody)) return undefined;
  let at = 0;
  while (at < answer.body.length && answer.body[at] === serviceBody[at]) at++;
  const withoutTokens = (body: Buffer) =>
    JSON.stringify(JSON.parse(body.toString()), (key, value: unknown) =>
      TOKEN_FIELDS.has(key) && typeof value === 'string' && value !== '' ? 'token' : value,
    );
  if (answer.body.length === serviceBody.length && withoutTokens(answer.body) === withoutTokens(serviceBody)) {
    note(
      `byte-identical to the service's body but for the paging token's value (from byte ${at}), which signs the request's moment`,
    );
    return undefined;
  }
  return `its body differs from the service's at byte ${at} (${answer.body.length} vs ${serviceBody.length} bytes)`;
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
