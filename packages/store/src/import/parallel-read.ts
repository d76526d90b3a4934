import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BatchDecoder, type EncodedBatch } from './batch-codec.js';
import { ImportInputError, type Importer, type ImportItem, type ReadProgress } from './types.js';

/** Batches in flight between the reader and the writer (memory stays bounded by them). */
const IN_FLIGHT = 2;
/** Items per batch. */
const BATCH_ITEMS = 2_000;
/** The reader's young generation: parsing allocates many short-lived objects, and a larger nursery collects them for less. */
const READER_YOUNG_GENERATION_MB = 16;

const workerFile = new URL('./read-worker.js', import.meta.url);

/** Whether the compiled reader exists (it does in the built package; not when the sources run under ts-jest). */
export function parallelReadAvailable(): boolean {
  return workerFile.protocol === 'file:' && existsSync(fileURLToPath(workerFile));
}

type Message = { batch: EncodedBatch; bytesRead: number } | { done: true; bytesRead: number } | { failure: { name: string; message: string; stack?: string } };

/**
 * The importer's items, read in a worker thread: reading and parsing overlap the writer's
 * statements on this thread. Same items, same order, same locations as `importer.read`; an input
 * error in the reader is rethrown here as one. Stopping early (a --strict abort, a failed write) ends the worker.
 */
export async function* readInWorker(importer: Importer, path: string, progress: ReadProgress): AsyncGenerator<ImportItem> {
  const worker = new Worker(workerFile, {
    workerData: { platform: importer.platform, format: importer.format, path, batchSize: BATCH_ITEMS },
    resourceLimits: { maxYoungGenerationSizeMb: READER_YOUNG_GENERATION_MB },
  });
  const queue: Message[] = [];
  let wake: (() => void) | undefined;
  let exited: Error | undefined;
  const arrive = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: Message) => {
    queue.push(message);
    arrive();
  });
  worker.on('error', (error) => {
    exited = error;
    arrive();
  });
  worker.on('exit', (code) => {
    exited ??= new Error(`the import's reader thread exited (code ${code})`);
    arrive();
  });
  for (let i = 0; i < IN_FLIGHT; i++) worker.postMessage('more');
  const decoder = new BatchDecoder();
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        if (exited) throw exited;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if ('failure' in message) {
        const { name, message: text, stack } = message.failure;
        if (name === 'ImportInputError') throw new ImportInputError(text);
        throw Object.assign(new Error(text), { name, stack });
      }
      progress.bytesRead = message.bytesRead;
      if ('done' in message) return;
      worker.postMessage('more');
      yield* decoder.decode(message.batch);
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}
