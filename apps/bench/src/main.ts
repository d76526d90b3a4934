#!/usr/bin/env node
/**
 * `pnpm bench`: measures the service under load from this process (autocannon) against
 * servers in child processes, and prints each figure as a ratio to two baselines measured in
 * the same run — a bare node:http server and an Express 5 route, both returning a precomputed
 * body of the same size as the measured response — because absolute figures on a shared
 * 2-core machine mean little.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load, type LoadResult } from './load.js';
import { startServer } from './processes.js';
import { prepareStores } from './stores.js';

const USAGE = `Usage: pnpm bench [--scale N] [--duration S] [--connections C] [--stores sqlite,postgres]

  --scale N        demo data scale (default 10; 100 ≈ 1 M forum posts, built once into data/)
  --duration S     seconds of load per measurement (default 10)
  --connections C  concurrent connections (default 10)
  --stores LIST    stores to measure (default sqlite,postgres; postgres needs SOCIALQUERY_TEST_PG,
                   which \`pnpm bench\` provides by starting a throwaway server)`;

const API_MAIN = fileURLToPath(new URL('../../api/dist/main.js', import.meta.url));
const BASELINE = fileURLToPath(new URL('./baseline-server.js', import.meta.url));

interface Row {
  name: string;
  result: LoadResult;
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '10' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      stores: { type: 'string', default: 'sqlite,postgres' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  const scale = positive(values.scale, 'scale');
  const options = { durationSeconds: positive(values.duration, 'duration'), connections: positive(values.connections, 'connections') };
  const kinds = values.stores.split(',').map((k) => k.trim());
  for (const kind of kinds) if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`unknown store ${kind}`);
  const say = (line: string) => console.error(line);

  const stores = await prepareStores(scale, kinds as ('sqlite' | 'postgres')[], say);
  const rows: Row[] = [];
  try {
    const scenarios = (community: string) => [
      { name: 'forum community posts, sort=hot', path: `/api/v1/forum/community/${community}/posts?sort=hot` },
      { name: 'forum community posts, sort=top&timeframe=week', path: `/api/v1/forum/community/${community}/posts?sort=top&timeframe=week` },
    ];
    let sampleBody: string | undefined;
    for (const store of stores) {
      const service = await startServer([API_MAIN], {
        SOCIALQUERY_STORE: store.address,
        PORT: '0',
        LOG_LEVEL: 'info',
        SOCIALQUERY_RATE_LIMIT: '1000000000',
      });
      try {
        const headers = { authorization: `Bearer ${store.token}` };
        for (const scenario of scenarios(store.community)) {
          const url = service.url + scenario.path;
          const probe = await fetch(url, { headers });
          if (probe.status !== 200) throw new Error(`${scenario.name} answered ${probe.status}: ${await probe.text()}`);
          sampleBody ??= await probe.text();
          say(`measuring ${scenario.name} on ${store.kind}…`);
          rows.push({ name: `${scenario.name} [${store.kind}]`, result: await load(url, { ...options, headers }) });
        }
      } finally {
        await service.stop();
      }
    }

    const bodyFile = join(tmpdir(), `sq-bench-body-${process.pid}.json`);
    writeFileSync(bodyFile, sampleBody ?? '{}');
    const baselines: Record<'bare' | 'express', LoadResult> = { bare: undefined!, express: undefined! };
    for (const kind of ['bare', 'express'] as const) {
      const server = await startServer([BASELINE, kind, bodyFile]);
      try {
        say(`measuring the ${kind} baseline…`);
        baselines[kind] = await load(`${server.url}/`, options);
      } finally {
        await server.stop();
      }
    }
    print(rows, baselines, { scale, bodyBytes: Buffer.byteLength(sampleBody ?? ''), ...options });
  } finally {
    for (const store of stores) await store.drop();
  }
}

function print(rows: Row[], baselines: Record<'bare' | 'express', LoadResult>, info: Record<string, number>) {
  const table = [
    { name: 'baseline: bare node:http, same body', result: baselines.bare },
    { name: 'baseline: Express 5 route, same body', result: baselines.express },
    ...rows,
  ].map(({ name, result }) => ({
    measurement: name,
    'req/s': Math.round(result.requestsPerSecond),
    'p50 ms': result.p50,
    'p99 ms': result.p99,
    'vs node': ratio(result, baselines.bare),
    'vs express': ratio(result, baselines.express),
    'non-2xx': result.non2xx,
    errors: result.errors,
  }));
  console.log(
    `scale ${info.scale}, ${info.connections} connections, ${info.durationSeconds} s each, response body ${info.bodyBytes} bytes`,
  );
  console.table(table);
}

const ratio = (a: LoadResult, b: LoadResult) => (a.requestsPerSecond / b.requestsPerSecond).toFixed(3);

function positive(value: string, name: string): number {
  if (!/^[1-9][0-9]*$/.test(value)) throw new Error(`--${name} must be a positive integer`);
  return Number(value);
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
