import { fileURLToPath } from 'node:url';
import { getRaw } from './load.js';
import { startServer } from './processes.js';
import type { BenchStore } from './stores.js';

const API_MAIN = fileURLToPath(new URL('../../api/dist/main.js', import.meta.url));

/** Sequential requests per query alone. */
const ALONE_REQUESTS = 40;

export const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The service on a bench store, in a child process, with the rate limit and the heavy-work limits
 * raised out of the way (the modes that use it measure the operations, not the limits).
 */
export function serviceOn(store: BenchStore) {
  return startServer([API_MAIN], {
    SOCIALQUERY_STORE: store.address,
    PORT: '0',
    LOG_LEVEL: 'info',
    SOCIALQUERY_RATE_LIMIT: '1000000000',
    SOCIALQUERY_HEAVY_PER_CREDENTIAL: '100',
    SOCIALQUERY_HEAVY_CONCURRENCY: '100',
  });
}

/** Requests one at a time: one timed (its answer parsed), or ALONE_REQUESTS of one path summed up as p50 and p99. */
export function timerOf(serviceUrl: string, headers: Record<string, string>) {
  const timed = async <Body>(path: string) => {
    const started = performance.now();
    const answer = await getRaw(serviceUrl + path, headers);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.toString()}`);
    return { ms: performance.now() - started, body: JSON.parse(answer.body.toString()) as Body };
  };
  const latencies = async (path: string) => {
    const ms: number[] = [];
    for (let i = 0; i < ALONE_REQUESTS; i++) ms.push((await timed(path)).ms);
    ms.sort((a, b) => a - b);
    return { p50: round(ms[Math.floor(ms.length / 2)]!), p99: round(ms[Math.ceil(ms.length * 0.99) - 1]!) };
  };
  return { timed, latencies };
}
