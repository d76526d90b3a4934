/**
 * A reader thread (reader-pool.ts): its own connection to the store, the platforms' handlers and
 * exports over it, and calls from the service's thread, answered with the body, an export's next
 * encoded batch, or the failure.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Operation } from '@socialquery/core';
import {
  createCursorCodec,
  exporterFor,
  type OperationExporter,
  type OperationHandler,
  ServiceError,
} from '@socialquery/core/server';
import { openStore, platformsByName } from '@socialquery/store';
import { type EncodedBatch, type EncodedExporter, encodedHere } from './export-batches.js';
import type { ReaderAnswer, ReaderCall, ReaderFailure, ReaderSetup } from './reader-protocol.js';
import { lowerThisThreadsPriority, READER_NICENESS } from './thread-priority.js';

if (!parentPort) throw new Error('reader-thread.js runs as a worker thread (reader-pool.ts)');
const port = parentPort;
const setup = workerData as ReaderSetup;
lowerThisThreadsPriority(READER_NICENESS);

/** An export's pages are joined into batches of at least this much text before one is answered (export-batches.ts). */
const JOINED_CHARS = 128 * 1024;

// the service's thread has migrated the store already
const store = await openStore(setup.storeAddress, { ...setup.storeOptions, migrate: false });
const cursors = createCursorCodec(setup.cursorSecret);
const handlers = new Map<string, OperationHandler<Operation>>();
const exporters = new Map<string, EncodedExporter>();
for (const { contract, handlers: own, exporters: ownExporters } of Object.values(platformsByName(store)))
  for (const [name, operation] of Object.entries(contract)) {
    const handler = own[name];
    if (!handler) continue;
    handlers.set(operation.id, handler);
    const exporter = exporterFor(operation, handler, ownExporters?.[name] as OperationExporter<Operation> | undefined);
    if (exporter) exporters.set(operation.id, encodedHere(operation, exporter, JOINED_CHARS));
  }

/** Exports begun and not yet ended, by id. */
const running = new Map<number, AsyncIterator<EncodedBatch, undefined>>();

port.on('message', (call: ReaderCall) => {
  // an export's bytes are handed over, not copied
  void answer(call).then((message) =>
    port.postMessage(message, 'batch' in message ? [message.batch.bytes.buffer] : []),
  );
});

async function answer(call: ReaderCall): Promise<ReaderAnswer> {
  const { id } = call;
  try {
    switch (call.kind) {
      case 'run':
      case 'json': {
        const handler = handlers.get(call.operation);
        if (!handler) throw new Error(`no handler for ${call.operation} on the reader thread`);
        const body = await handler(call.params, contextOf(call));
        return call.kind === 'json' ? { id, json: JSON.stringify(body) } : { id, body };
      }
      case 'export': {
        const exporter = exporters.get(call.operation);
        if (!exporter) throw new Error(`no export of ${call.operation} on the reader thread`);
        const { params, format, selection } = call;
        running.set(id, exporter({ params, ctx: contextOf(call), format, selection }));
        return await nextBatch(id);
      }
      case 'next':
        return await nextBatch(id);
      case 'stop': {
        const iterator = running.get(id);
        running.delete(id);
        await iterator?.return?.();
        return { id, done: true };
      }
    }
  } catch (error) {
    running.delete(id);
    return { id, failure: failureOf(error) };
  }
}

async function nextBatch(id: number): Promise<ReaderAnswer> {
  const iterator = running.get(id);
  if (!iterator) return { id, done: true };
  const step = await iterator.next();
  if (!step.done) return { id, batch: step.value };
  running.delete(id);
  return { id, done: true };
}

function contextOf({ now, requestId, extra }: { now: number; requestId: string; extra: boolean }) {
  return { now: new Date(now), cursors, requestId, extra };
}

function failureOf(error: unknown): ReaderFailure {
  if (error instanceof ServiceError)
    return { kind: 'service', code: error.code, message: error.message, details: error.details };
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { kind: 'error', name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { kind: 'error', name: 'Error', message: String(error) };
}
