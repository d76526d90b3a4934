/** How long after a data request failed on the store `/healthz` keeps answering 503, unless one succeeds meanwhile. */
export const DATA_FAILURE_WINDOW_MS = 10_000;

/**
 * The recent outcome of data requests, for `/healthz`: a replica whose data routes fail on the
 * store (503 `unavailable`) reports itself unhealthy even while the store answers a trivial
 * query, so a load balancer takes it out. It counts as failing for DATA_FAILURE_WINDOW_MS after
 * its last failure unless a data request has succeeded since; then `/healthz` probes the store
 * again, and traffic shows whether it has healed.
 */
export interface DataHealth {
  /** A data request failed on the store. */
  failed(): void;
  /** A data request was answered from the store. */
  succeeded(): void;
  /** Whether the last data request failed, within the window. */
  failing(): boolean;
}

export function createDataHealth({ now = Date.now, windowMs = DATA_FAILURE_WINDOW_MS } = {}): DataHealth {
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
  };
}
