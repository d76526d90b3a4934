import { parentPort, workerData } from 'node:worker_threads';
import { BatchEncoder } from './batch-codec.js';
import { findImporter } from './registry.js';
import type { ReadProgress } from './types.js';

/**
 * The reading half of a parallel import (parallel-read.ts): runs an importer's `read` (file
 * reading, decompression, line splitting, JSON parsing, mapping) and posts its items in encoded
 * batches, one more each time the writer asks (`'more'`), so that at most a few batches are in flight.
 */
const { platform, format, path, batchSize } = workerData as { platform: string; format: string; path: string; batchSize: number };
const port = parentPort!;
let credits = 0;
let wake: (() => void) | undefined;
port.on('message', (message: string) => {
  if (message === 'more') {
    credits += 1;
    wake?.();
    wake = undefined;
  }
});

async function run() {
  const importer = findImporter(platform, format)!;
  const progress: ReadProgress = { bytesRead: 0, totalBytes: 0 };
  const encoder = new BatchEncoder();
  const send = async () => {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    const batch = encoder.take();
    port.postMessage({ batch, bytesRead: progress.bytesRead }, [batch.kinds.buffer as ArrayBuffer, batch.numbers.buffer as ArrayBuffer]);
  };
  for await (const item of importer.read(path, progress)) {
    encoder.add(item);
    if (encoder.items >= batchSize || encoder.size >= 8 << 20) await send();
  }
  if (encoder.items > 0) await send();
  port.postMessage({ done: true, bytesRead: progress.bytesRead });
}

run().catch((error: unknown) => {
  const failure = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { name: 'Error', message: String(error) };
  port.postMessage({ failure });
});
