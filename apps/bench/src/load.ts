import { request } from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency percentiles and mean, in milliseconds. */
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
}

/** Fixed connections for a fixed duration; autocannon reports mean requests/s and latency percentiles. */
export async function load(
  url: string,
  { connections, durationSeconds, headers = {}, status = 200, paths }: LoadOptions,
): Promise<LoadResult> {
  const requests = paths?.map((path) => ({ method: 'GET' as const, path }));
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    headers,
    pipelining: 1,
    ...(requests ? { requests } : {}),
  });
  // autocannon counts answers by status class in fields its types leave out
  const answered = (statusClass: string) => Number(Reflect.get(result, `${statusClass}xx`) ?? 0);
  const total = ['1', '2', '3', '4', '5'].reduce((sum, statusClass) => sum + answered(statusClass), 0);
  const expected = answered(String(status)[0]!);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    unexpected: total - expected + result.errors + result.timeouts,
    requests: total,
  };
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
