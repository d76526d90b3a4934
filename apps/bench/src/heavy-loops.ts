/**
 * The fairness scenario's heavy clients (fairness.ts), on a thread of their own: each path is
 * requested and read to its end over and over until the thread is told to stop. On the thread
 * that runs the probes' load, their bodies (two exports of ~10,000 records each, back to back)
 * would be read between the probes' answers, and the load generator's own waits would count as
 * the service's latency.
 */
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface HeavyLoopsSetup {
  urls: readonly string[];
  headers: Record<string, string>;
}

export interface HeavyCounts {
  completed: number;
  refused: number;
  failed: number;
}

/** A GET read to its end (or until the connection ends); resolves to its status (0: no answer). */
export function drain(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(res.statusCode ?? 0));
      res.on('aborted', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

if (parentPort) {
  const port = parentPort;
  const { urls, headers } = workerData as HeavyLoopsSetup;
  const counts: HeavyCounts = { completed: 0, refused: 0, failed: 0 };
  let running = true;
  port.once('message', () => {
    running = false;
  });
  const loops = urls.map(async (url) => {
    while (running) {
      const status = await drain(url, headers);
      if (status === 200) counts.completed += 1;
      else if (status === 429 || status === 503) counts.refused += 1;
      else counts.failed += 1;
    }
  });
  void Promise.all(loops).then(() => port.postMessage(counts));
}
