import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}

/** Fixed connections for a fixed duration; autocannon reports mean requests/s and latency percentiles. */
export async function load(url: string, { connections, durationSeconds, headers = {} }: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers, pipelining: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
