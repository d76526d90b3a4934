/** How long after a data request failed on the store `/healthz` keeps answering 503, unless one succeeds meanwhile. */
export const DATA_FAILURE_WINDOW_MS = 10_000;

/**
 * How long after a data request was answered from the store `/healthz` takes that as its answer
 * without reading the store itself. A busy replica answers its health checks from its traffic,
 * without a read that waits behind that traffic on the store (on PostgreSQL beside exports and
 * searches, its p99 8–9 → 4–5 ms: BENCHMARKS.md, "Health checks answered from recent traffic"); an
 * idle one reads. A store that freezes is noticed this much later at most.
 */
export const DATA_ANSWER_FRESH_MS = 1_000;

/**
 * The recent outcome of data requests, for `/healthz`: a replica whose data routes fail on the
 * store (503 `unavailable`) reports itself unhealthy even while the store answers a trivial
 * query, so a load balancer takes it out. It counts as failing for DATA_FAILURE_WINDOW_MS after
 * its last failure unless a data request has succeeded since; then `/healthz` probes the store
 * again, and traffic shows whether it has healed. A replica whose last data request was answered
 * within DATA_ANSWER_FRESH_MS, and none failed since, is healthy without a probe (`answeredLately`).
 */
export interface DataHealth {
  /** A data request failed on the store. */
  failed(): void;
  /** A data request was answered from the store. */
  succeeded(): void;
  /** Whether the last data request failed, within the window. */
  failing(): boolean;
  /** Whether the last data request was answered from the store, within DATA_ANSWER_FRESH_MS. */
  answeredLately(): boolean;
}

export function createDataHealth({
  now = Date.now,
  windowMs = DATA_FAILURE_WINDOW_MS,
  freshMs = DATA_ANSWER_FRESH_MS,
} = {}): DataHealth {
  let failedAt = Number.NEGATIVE_INFINITY;
  let succeededAt = Number.NEGATIVE_INFINITY;
  return {
    failed: () => {
      failedAt = now();
    },
    succeeded: () => {
      succeededAt = now();
    },
    failing: () => failedAt > succeededAt && now() - failedAt < windowMs,
    answeredLately: () => succeededAt > failedAt && now() - succeededAt < freshMs,
  };
}
