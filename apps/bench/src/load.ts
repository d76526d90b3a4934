import { request } from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /**
   * Latency percentiles and mean of the answers with the expected status, in milliseconds to a tenth
   * (`latencyFigures`).
   */
  p50: number;
  p99: number;
  mean: number;
  /** Responses whose status was not the expected one, plus errors and timeouts. */
  unexpected: number;
  /** Responses received in the measurement. */
  requests?: number;
  /**
   * CPU (user + system) the measured server process spent per response, in µs: on a busy machine,
   * where requests/s also measures the other processes, the steadier figure of a server's cost.
   */
  cpuMicrosPerRequest?: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** The status every response should have (default 200). */
  status?: number;
  /** Paths each connection requests in turn, under `url` (default: `url` itself, over and over). */
  paths?: readonly string[];
  /** Requests per second, all connections together (default: as fast as the server answers). */
  rate?: number;
}

/**
 * Fixed connections for a fixed duration. autocannon sends the requests and reports requests/s; the
 * latencies are taken from its per-answer event, because its own histogram keeps whole milliseconds
 * (it truncates 1.9 ms to 1), too coarse for a p99 of a few milliseconds or a growth of 2× from one.
 */
export async function load(
  url: string,
  { connections, durationSeconds, headers = {}, status = 200, paths, rate }: LoadOptions,
): Promise<LoadResult> {
  const requests = paths?.map((path) => ({ method: 'GET' as const, path }));
  const statusClass = Math.floor(status / 100);
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const run = autocannon(
      {
        url,
        connections,
        duration: durationSeconds,
        headers,
        pipelining: 1,
        ...(requests ? { requests } : {}),
        ...(rate ? { overallRate: rate } : {}),
      },
      (error: unknown, finished) =>
        error ? fail(error instanceof Error ? error : new Error(String(error))) : done(finished),
    );
    run.on('response', (_client, statusCode, _bytes, milliseconds) => {
      if (Math.floor(statusCode / 100) === statusClass) latencies.push(milliseconds);
    });
  });
  // autocannon counts answers by status class in fields its types leave out
  const answered = (statusClassOf: number) => Number(Reflect.get(result, `${statusClassOf}xx`) ?? 0);
  const total = [1, 2, 3, 4, 5].reduce((sum, statusClassOf) => sum + answered(statusClassOf), 0);
  const expected = answered(statusClass);
  return {
    requestsPerSecond: result.requests.average,
    ...latencyFigures(latencies),
    unexpected: total - expected + result.errors + result.timeouts,
    requests: total,
  };
}

/**
 * One second of the same load unmeasured, then the measurement: the first seconds of a new service
 * (its compiler, the store's first statements, on PostgreSQL the pool's connections) stay out of its p99.
 */
export async function warmedLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  await load(url, { ...options, durationSeconds: 1 });
  return load(url, options);
}

const tenths = (milliseconds: number) => Math.round(milliseconds * 10) / 10;

/** p50, p99 (nearest rank) and mean of latencies in milliseconds, each to a tenth of a millisecond. */
export function latencyFigures(milliseconds: readonly number[]): Pick<LoadResult, 'p50' | 'p99' | 'mean'> {
  if (milliseconds.length === 0) return { p50: 0, p99: 0, mean: 0 };
  const sorted = Float64Array.from(milliseconds).sort();
  const rank = (percent: number) => sorted[Math.max(Math.ceil((percent / 100) * sorted.length) - 1, 0)]!;
  const sum = sorted.reduce((total, value) => total + value, 0);
  return { p50: tenths(rank(50)), p99: tenths(rank(99)), mean: tenths(sum / sorted.length) };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (still compressed when the server compressed them). */
  body: Buffer;
}

/** One GET whose body is returned as it came over the wire (fetch would decompress it). */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Fails unless every path answers 200 once: a path that does not is the bench's mistake, not a measurement. */
export async function expectAnswers(url: string, paths: readonly string[], headers: Record<string, string>) {
  for (const path of paths) {
    const res = await fetch(`${url}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path} answered ${String(res.status)}: ${await res.text()}`);
  }
}
