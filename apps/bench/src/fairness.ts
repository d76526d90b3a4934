import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { machineLine, positive, storeKinds } from './args.js';
import { drain, type HeavyCounts, type HeavyLoopsSetup } from './heavy-loops.js';
import { type LoadOptions, type LoadResult, warmedLoad } from './load.js';
import { startServer } from './processes.js';
import { markdownTable, type TargetLine } from './report.js';
import { credentialHeaders } from './scenarios.js';
import { type BenchStore, prepareStores } from './stores.js';

export const FAIRNESS_USAGE = `Usage: pnpm bench --fairness [options]

Measures whether heavy work stalls the cheap requests beside it: the p99 latency of forum
community posts (sort=hot) and of /healthz at --connections connections, first alone, then while
2 bulk exports (music search as NDJSON) and 2 broad searches (video search without a date window,
music search) run over and over at once, each on one service process, and each after 1 s of the
same load unmeasured. Then SIGTERM during an export: how long the service takes to exit, against its 10 s drain deadline.

Options:
  --fairness         this mode
  --scale N          demo data scale of the store (default 1; built once into the bench cache, docs/development.md)
  --stores LIST      sqlite, postgres or both (default sqlite)
  --duration S       seconds of load per measurement (default 10)
  --connections C    concurrent connections of the measured load (default 10)`;

const API_MAIN = fileURLToPath(new URL('../../api/dist/main.js', import.meta.url));

/** The targets: p99 of a cheap request with heavy work running, absolute and against the same p99 without it. */
export const TARGET_P99_WITH_HEAVY_MS = 20;
export const TARGET_P99_GROWTH = 2;
/** The service's drain deadline (apps/api/src/server.ts `graceMs`). */
export const DRAIN_DEADLINE_MS = 10_000;

/** How many times the p99 alone the p99 with heavy work is (latencies are in tenths of a millisecond). */
const growthOf = (alone: LoadResult, withHeavy: LoadResult) => withHeavy.p99 / Math.max(alone.p99, 0.1);

interface FairnessValues {
  scale?: string | undefined;
  stores: string;
  duration: string;
  connections: string;
}

interface ProbeResult {
  probe: string;
  alone: LoadResult;
  withHeavy: LoadResult;
}

export async function fairnessCommand(values: FairnessValues, args: readonly string[]): Promise<void> {
  const say = (line: string) => console.error(line);
  const scale = positive(values.scale ?? '1', 'scale');
  const options: LoadOptions = {
    connections: positive(values.connections, 'connections'),
    durationSeconds: positive(values.duration, 'duration'),
  };
  const stores = await prepareStores(scale, storeKinds(values.stores), say);
  const sections: string[] = [`Command: \`pnpm bench ${args.join(' ')}\``, ''];
  const targets: TargetLine[] = [];
  try {
    for (const store of stores) {
      const { probes, heavy, sigterm } = await measureStore(store, options, say);
      const title = `${store.kind}, scale ${scale}`;
      const rows = probes.map(({ probe, alone, withHeavy }) => ({
        probe,
        'p99 alone ms': alone.p99,
        'p99 with heavy ms': withHeavy.p99,
        growth: growthOf(alone, withHeavy).toFixed(1),
        'p50 alone ms': alone.p50,
        'p50 with heavy ms': withHeavy.p50,
        'req/s alone': Math.round(alone.requestsPerSecond),
        'req/s with heavy': Math.round(withHeavy.requestsPerSecond),
        unexpected: alone.unexpected + withHeavy.unexpected,
      }));
      console.log(
        `\n${title}: heavy work meanwhile: ${heavy.completed} done, ${heavy.refused} refused, ${heavy.failed} failed`,
      );
      console.table(rows);
      sections.push(
        `#### ${title}`,
        '',
        markdownTable(rows),
        '',
        `Heavy requests while measuring: ${heavy.completed} completed, ${heavy.refused} refused (429/503), ${heavy.failed} failed. SIGTERM during an export: the service exited after ${sigterm} ms.`,
        '',
      );
      for (const { probe, alone, withHeavy } of probes) {
        targets.push({
          target: `p99 ≤ ${TARGET_P99_WITH_HEAVY_MS} ms with heavy work running`,
          subject: `${probe} (${title})`,
          figure: `${withHeavy.p99} ms`,
          met: withHeavy.p99 <= TARGET_P99_WITH_HEAVY_MS,
        });
        targets.push({
          target: `p99 ≤ ${TARGET_P99_GROWTH}× the p99 without heavy work`,
          subject: `${probe} (${title})`,
          figure: `${growthOf(alone, withHeavy).toFixed(2)}× (${alone.p99} → ${withHeavy.p99} ms)`,
          met: growthOf(alone, withHeavy) <= TARGET_P99_GROWTH,
        });
      }
      targets.push({
        target: `SIGTERM during an export exits within the drain deadline (${DRAIN_DEADLINE_MS / 1000} s)`,
        subject: title,
        figure: `${sigterm} ms`,
        met: sigterm <= DRAIN_DEADLINE_MS,
      });
    }
  } finally {
    for (const store of stores) await store.drop();
  }
  const targetRows = targets.map((t) => ({ ...t, met: t.met ? 'yes' : 'NO' }));
  console.log('\ntargets');
  console.table(targetRows);
  sections.push('#### Fairness targets', '', markdownTable(targetRows), '', machineLine(), '');
  console.log(`\n${sections.join('\n')}`);
}

async function measureStore(store: BenchStore, options: LoadOptions, say: (line: string) => void) {
  const { forum, video, music } = store.examples;
  if (!forum || !video || !music) throw new Error('the bench store lacks the forum, video or music examples');
  const env = {
    SOCIALQUERY_STORE: store.address,
    PORT: '0',
    LOG_LEVEL: 'info',
    SOCIALQUERY_RATE_LIMIT: '1000000000',
    // the scenario's four heavy requests share one API key
    SOCIALQUERY_HEAVY_PER_CREDENTIAL: '4',
  };
  const service = await startServer([API_MAIN], env);
  const q = encodeURIComponent;
  const bearer = credentialHeaders(store, 'bearer');
  const apiKey = credentialHeaders(store, 'apiKey');
  const probes = [
    { probe: 'forum-hot', path: `/api/v1/forum/community/${q(forum.community)}/posts?sort=hot`, headers: bearer },
    { probe: 'healthz', path: '/healthz', headers: {} },
  ];
  const heavyPaths = [
    `/api/v1/music/search?keyword=${q(music.keyword)}&format=ndjson`,
    `/api/v1/music/search?keyword=${q(music.keyword)}&format=ndjson`,
    `/api/v1/search?keyword=${q(video.keyword)}`,
    `/api/v1/music/search?keyword=${q(music.keyword)}`,
  ];
  const results: ProbeResult[] = [];
  const heavy: HeavyCounts = { completed: 0, refused: 0, failed: 0 };
  try {
    const alone: LoadResult[] = [];
    for (const { probe, path, headers } of probes) {
      say(`measuring ${probe} alone on ${store.kind}…`);
      alone.push(await warmedLoad(service.url + path, { ...options, headers }));
    }
    const loops = new Worker(new URL('./heavy-loops.js', import.meta.url), {
      workerData: { urls: heavyPaths.map((path) => service.url + path), headers: apiKey } satisfies HeavyLoopsSetup,
    });
    const counted = new Promise<HeavyCounts>((resolve, reject) => {
      loops.once('message', resolve);
      loops.once('error', reject);
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const [i, { probe, path, headers }] of probes.entries()) {
        say(`measuring ${probe} while 2 exports and 2 broad searches run…`);
        const withHeavy = await warmedLoad(service.url + path, { ...options, headers });
        results.push({ probe, alone: alone[i]!, withHeavy });
      }
    } finally {
      loops.postMessage('stop');
      Object.assign(heavy, await counted);
      await loops.terminate();
    }
  } finally {
    await service.stop();
  }

  say('SIGTERM during an export…');
  const again = await startServer([API_MAIN], env);
  const exporting = drain(again.url + heavyPaths[0]!, apiKey);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  await again.stop();
  const sigterm = Math.round(performance.now() - started);
  await exporting;
  return { probes: results, heavy, sigterm };
}
