/**
 * A reader thread (reader-pool.ts): its own connection to the store, the platforms' handlers over
 * it, and one call at a time from the service's thread, answered with the body or the failure.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Operation } from '@socialquery/core';
import { createCursorCodec, type OperationHandler, ServiceError } from '@socialquery/core/server';
import { openStore, platformsByName } from '@socialquery/store';
import type { ReaderAnswer, ReaderCall, ReaderFailure, ReaderSetup } from './reader-protocol.js';
import { lowerThisThreadsPriority, READER_NICENESS } from './thread-priority.js';

if (!parentPort) throw new Error('reader-thread.js runs as a worker thread (reader-pool.ts)');
const port = parentPort;
const setup = workerData as ReaderSetup;
lowerThisThreadsPriority(READER_NICENESS);

// the service's thread has migrated the store already
const store = await openStore(setup.storeAddress, { migrate: false });
const cursors = createCursorCodec(setup.cursorSecret);
const handlers = new Map<string, OperationHandler<Operation>>();
for (const { contract, handlers: own } of Object.values(platformsByName(store)))
  for (const [name, operation] of Object.entries(contract)) {
    const handler = own[name];
    if (handler) handlers.set(operation.id, handler);
  }

port.on('message', (call: ReaderCall) => {
  void answer(call).then((message) => port.postMessage(message));
});

async function answer({ id, operation, params, now, requestId }: ReaderCall): Promise<ReaderAnswer> {
  try {
    const handler = handlers.get(operation);
    if (!handler) throw new Error(`no handler for ${operation} on the reader thread`);
    return { id, body: await handler(params as never, { now: new Date(now), cursors, requestId }) };
  } catch (error) {
    return { id, failure: failureOf(error) };
  }
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
