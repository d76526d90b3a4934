import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type HandlerContext, ServiceError } from '@socialquery/core/server';
import type { EncodedBatch, ExportAsk } from './export-batches.js';
import type { ReaderAnswer, ReaderCall, ReaderFailure, ReaderSetup } from './reader-protocol.js';

/** Runs bulk exports, and heavy operations' handlers, on reader threads. */
export interface ReaderPool {
  /**
   * Whether heavy operations (video and music search) run here too, not only exports: on a SQLite
   * store file their statements are synchronous. On PostgreSQL they run beside the event loop
   * already, and the hop to a thread made them slower (BENCHMARKS.md, "Exports on readers over
   * PostgreSQL").
   */
  readonly runsHeavyOperations: boolean;
  /** The operation's handler, run on a reader thread over its own connection; resolves to the body. */
  run(operation: string, params: Record<string, unknown>, ctx: HandlerContext): Promise<unknown>;
  /** The same, resolving to the body's JSON text, written on the reader thread. */
  runAsJson(operation: string, params: Record<string, unknown>, ctx: HandlerContext): Promise<string>;
  /**
   * The operation's export, read and encoded on one reader thread a batch per `next()`; `return()`
   * ends its reads there. A reader that stops fails the export's next call with 503 `unavailable`.
   */
  export(operation: string, ask: ExportAsk): AsyncIterator<EncodedBatch, undefined>;
  close(): Promise<void>;
}

/** The reader thread's script: beside this module once built; from the TypeScript sources (the api's tests) the built one. */
function readerScript(): URL {
  const beside = new URL('./reader-thread.js', import.meta.url);
  return existsSync(fileURLToPath(beside)) ? beside : new URL('../dist/reader-thread.js', import.meta.url);
}

interface Reader {
  worker: Worker;
  /** Calls in flight, by id: settled with the answer, or failed when the reader stops. */
  pending: Map<number, { settle: (answer: ReaderAnswer) => void; reject: (error: unknown) => void }>;
  alive: boolean;
}

/** How long a reader that stopped (or could not open the store) waits before it is started again. */
const RESTART_DELAY_MS = 1_000;

const unavailable = () =>
  new ServiceError('unavailable', 'the store is unavailable right now; retry shortly', {
    headers: { 'Retry-After': '5' },
  });

/**
 * A few threads, each with its own connection to the store (on a SQLite store file a read
 * connection, WAL letting readers run beside each other and beside the service's own connection;
 * on PostgreSQL a pool of its own), that read and encode bulk exports and, when
 * `runsHeavyOperations`, run the handlers of heavy operations (a ranked search), so that their
 * synchronous statements and their records' encoding hold a reader thread instead of the service's
 * event loop: the cheap requests beside them go on being answered. A call goes to the reader with
 * the fewest calls in flight; an export's later calls go to the reader that began it, which holds
 * its position. A failure comes back as it was raised (a ServiceError with its code; a store error
 * with its code, so it maps to 503 as on the service's thread). A reader that stops (or cannot open
 * the store) fails its calls in flight with 503 `unavailable` and is started again a second later;
 * calls meanwhile go to the others, or fail alike. Apart from exports in progress, readers keep no
 * state between calls: any reader answers any page of a walk.
 */
export function createReaderPool(setup: ReaderSetup, size: number, runsHeavyOperations = true): ReaderPool {
  let nextId = 1;
  let closing = false;
  const readers: Reader[] = [];
  const start = (): Reader => {
    const reader: Reader = {
      worker: new Worker(readerScript(), {
        workerData: setup,
        execArgv: process.execArgv.filter((flag) => !flag.startsWith('--input-type')),
      }),
      pending: new Map(),
      alive: true,
    };
    reader.worker.on('message', (answer: ReaderAnswer) => {
      const call = reader.pending.get(answer.id);
      if (!call) return;
      reader.pending.delete(answer.id);
      if ('failure' in answer) call.reject(errorOf(answer.failure));
      else call.settle(answer);
    });
    const stopped = () => {
      if (!reader.alive) return;
      reader.alive = false;
      for (const call of reader.pending.values()) call.reject(unavailable());
      reader.pending.clear();
      if (closing) return;
      // a moment later, so a store the thread cannot open is not retried in a tight loop
      setTimeout(() => {
        const at = readers.indexOf(reader);
        if (at >= 0 && !closing) readers[at] = start();
      }, RESTART_DELAY_MS).unref();
    };
    reader.worker.on('error', stopped);
    reader.worker.on('exit', stopped);
    // an idle reader does not keep the process alive
    reader.worker.unref();
    return reader;
  };
  for (let i = 0; i < size; i++) readers.push(start());

  /** The live reader with the fewest calls in flight; undefined when none is alive. */
  const leastBusy = (): Reader | undefined => {
    const alive = readers.filter((candidate) => candidate.alive);
    return alive.length === 0 ? undefined : alive.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  };
  const call = (reader: Reader, message: ReaderCall): Promise<ReaderAnswer> => {
    if (!reader.alive) return Promise.reject(unavailable());
    return new Promise((settle, reject) => {
      reader.pending.set(message.id, { settle, reject });
      reader.worker.postMessage(message);
    });
  };

  /** A call to the least busy reader; 503 `unavailable` when none is alive. */
  const callAny = (message: ReaderCall): Promise<ReaderAnswer> => {
    const reader = leastBusy();
    return reader ? call(reader, message) : Promise.reject(unavailable());
  };
  const callContext = (
    operation: string,
    params: Record<string, unknown>,
    { now, requestId, extra }: HandlerContext,
  ) => ({
    id: nextId++,
    operation,
    params,
    now: now.getTime(),
    requestId,
    extra: extra === true,
  });

  return {
    runsHeavyOperations,
    async run(operation, params, ctx) {
      const answer = await callAny({ kind: 'run', ...callContext(operation, params, ctx) });
      return 'body' in answer ? answer.body : undefined;
    },
    async runAsJson(operation, params, ctx) {
      const answer = await callAny({ kind: 'json', ...callContext(operation, params, ctx) });
      return 'json' in answer ? answer.json : 'null';
    },
    export(operation, { params, ctx, format, selection }) {
      const begin: ReaderCall = { kind: 'export', ...callContext(operation, params, ctx), format, selection };
      const { id } = begin;
      // every call of an export goes to the reader that began it, which holds its position
      const reader = leastBusy();
      let begun = false;
      let ended = false;
      const batchOf = (answer: ReaderAnswer): IteratorResult<EncodedBatch, undefined> => {
        if ('batch' in answer) return { done: false, value: answer.batch };
        ended = true;
        return { done: true, value: undefined };
      };
      const failed = (error: unknown) => {
        ended = true;
        throw error;
      };
      return {
        async next() {
          if (ended) return { done: true, value: undefined };
          if (!reader) return failed(unavailable());
          const message: ReaderCall = begun ? { kind: 'next', id } : begin;
          begun = true;
          return batchOf(await call(reader, message).catch(failed));
        },
        async return() {
          if (!ended && begun && reader) {
            ended = true;
            await call(reader, { kind: 'stop', id }).catch(() => undefined);
          }
          ended = true;
          return { done: true, value: undefined };
        },
      };
    },
    async close() {
      closing = true;
      await Promise.all(readers.map(({ worker }) => worker.terminate()));
    },
  };
}

function errorOf(failure: ReaderFailure): Error {
  if (failure.kind === 'service') return new ServiceError(failure.code, failure.message, failure.details);
  return Object.assign(new Error(failure.message), {
    name: failure.name,
    ...(failure.code === undefined ? {} : { code: failure.code }),
  });
}
