import { once } from 'node:events';
import { setImmediate } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { EXPORT_ROWS_PER_UNIT, type ExportFormat, exportFormatParam, exportMediaTypes } from '@socialquery/core';
import { ServiceError } from '@socialquery/core/server';
import type { Request, Response } from 'express';
import type { EncodedExporter, ExportAsk } from './export-batches.js';
import { preferredEncoding } from './http-cache.js';
import { requestLogOf } from './logger.js';

/**
 * Bulk export of a listing (core's export module has the rules): the request's format, then the
 * stream. Records go out a batch at a time (the exporter reads the store a page at a time, and its
 * batches come encoded, a CSV export's header row with its first: export-batches.ts); the
 * next batch is read only once the connection has taken the last one, so memory stays flat
 * however long the listing, and a client that closes the connection stops the reads.
 *
 * Errors before the first record are ordinary JSON errors (404 for an unknown user…). Once the
 * 200 has gone out nothing else can be said in HTTP/1.1, so an export cut short — the credential's
 * budget used up, a store fault, the service shutting down — ends with the connection aborted (no
 * final chunk), which every HTTP client reports as an error rather than a complete body. What was
 * written before is whole records and is let out first (for a second at most), so the client's
 * copy ends at a record boundary.
 */

const ACCEPTED_TYPES = ['application/json', exportMediaTypes.ndjson, exportMediaTypes.csv];
const EXPORT_TYPE_IN_ACCEPT = /ndjson|csv/i;

/** What an export request asks for: `format` when given (checked), else the best type of `Accept`; undefined for JSON. */
export function exportFormatOf(req: Request, format: string | undefined): ExportFormat | undefined {
  if (format !== undefined) {
    const checked = exportFormatParam.safeParse(format);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'is invalid';
      throw new ServiceError('invalid_parameter', `format ${message}`, { issues: [{ path: 'format', message }] });
    }
    return checked.data;
  }
  // negotiate only when Accept names an export type: the usual JSON or */* request skips the parse
  const accept = req.headers.accept;
  if (!accept || !EXPORT_TYPE_IN_ACCEPT.test(accept)) return undefined;
  switch (req.accepts(ACCEPTED_TYPES)) {
    case exportMediaTypes.ndjson:
      return 'ndjson';
    case exportMediaTypes.csv:
      return 'csv';
    default:
      return undefined;
  }
}

export interface ExportRequest extends ExportAsk {
  /** Charges the caller for `units` more; false when the budget is used up. */
  chargeMore: (units: number) => Promise<boolean>;
  /** Aborted when the service begins to shut down: the export ends after the records already written. */
  stopping?: AbortSignal | undefined;
}

/**
 * The function that serves an operation's exports, built once at mount time. It resolves to
 * whether the store answered every read it made (false: an export cut short by a store fault).
 */
export function exportServer(batches: EncodedExporter) {
  return async (
    req: Request,
    res: Response,
    { format, params, ctx, selection, chargeMore, stopping }: ExportRequest,
  ): Promise<boolean> => {
    const iterator = batches({ format, params, ctx, selection });
    // the first batch before the status line: an unknown user is still a 404
    let step = await iterator.next();
    res.status(200);
    res.setHeader('Content-Type', `${exportMediaTypes[format]}; charset=utf-8`);
    // an export is not revalidated or kept: it is large and read once
    res.setHeader('Cache-Control', 'private, no-store');
    const sink = compressedSink(req, res);
    if (req.method === 'HEAD') {
      await iterator.return?.();
      sink.end();
      return true;
    }
    let closed = false;
    res.once('close', () => (closed = true));
    const outcome = { rows: 0, charged: 0, cut: undefined as string | undefined, storeFault: false };
    try {
      for (; !step.done && !closed; step = await iterator.next()) {
        if (stopping?.aborted) {
          outcome.cut = 'the service is shutting down';
          break;
        }
        const batch = step.value;
        const units = unitsFor(outcome.rows + batch.rows) - outcome.charged;
        if (units > 0) {
          outcome.charged += units;
          if (!(await chargeMore(units))) {
            outcome.cut = "the credential's request budget is used up";
            break;
          }
        }
        await write(sink, res, batch.bytes, stopping);
        outcome.rows += batch.rows;
        // A store page may be read synchronously (SQLite): let the event loop serve other requests
        // between pages, or a long export would hold it until the socket's buffer fills.
        await setImmediate();
      }
    } catch (error) {
      outcome.cut = 'a fault while reading the store';
      outcome.storeFault = true;
      requestLogOf(res)?.error({ err: error }, 'export failed after its first records');
    } finally {
      if (closed || outcome.cut) await iterator.return?.().catch(() => undefined);
    }
    if (closed) {
      requestLogOf(res)?.info({ rows: outcome.rows, format }, 'export cancelled: the client closed the connection');
    } else if (outcome.cut) {
      requestLogOf(res)?.warn(
        { rows: outcome.rows, format, reason: outcome.cut },
        'export cut short; the connection is aborted',
      );
      // what was written is whole records: let it reach the client before the abort, for a moment at most
      await flushed(sink, res, CUT_FLUSH_MS);
      res.destroy();
    } else {
      sink.end();
      requestLogOf(res)?.info({ rows: outcome.rows, format }, 'export sent');
    }
    return !outcome.storeFault;
  };
}

/** Units beyond the request's own charge that `rows` rows cost. */
const unitsFor = (rows: number) => Math.max(0, Math.ceil(rows / EXPORT_ROWS_PER_UNIT) - 1);

/** Writes a chunk; waits for the sink to drain when it says it is full, for the connection to close, or for shutdown. */
async function write(
  sink: Writable,
  res: Response,
  chunk: string | Uint8Array,
  stopping: AbortSignal | undefined,
): Promise<void> {
  if (chunk.length === 0 || sink.write(chunk)) return;
  await firstOf(sink, res, stopping);
}

/**
 * Resolves at the sink's `drain`, the response's `close` or shutdown, whichever comes first, and
 * removes its listeners then. A long export waits here once a batch or so, so this is plain
 * listeners: `events.once` with an AbortSignal to cancel the others built a DOMException and an
 * AbortError with their stacks each time, a fifth of the service thread's time in an export
 * (BENCHMARKS.md, "An export's cost to the service's thread").
 */
function firstOf(sink: Writable, res: Response, stopping: AbortSignal | undefined): Promise<void> {
  if (stopping?.aborted || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      sink.off('drain', done);
      res.off('close', done);
      stopping?.removeEventListener('abort', done);
      resolve();
    };
    sink.on('drain', done);
    res.on('close', done);
    stopping?.addEventListener('abort', done);
  });
}

/** How long an export cut short waits for the records it wrote to leave the process before the connection is aborted. */
const CUT_FLUSH_MS = 1_000;

/**
 * Resolves once what was written to the sink has been handed to the socket (a compressor's
 * buffer flushed as a whole deflate block first), or after `ms`; an abort then loses nothing that
 * was written, and the client's copy ends where a record ends.
 */
async function flushed(sink: Writable, res: Response, ms: number): Promise<void> {
  const controller = new AbortController();
  const { signal } = controller;
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  const drained = (async () => {
    if (sink !== res && 'flush' in sink && typeof sink.flush === 'function')
      await new Promise<void>((resolve) => (sink.flush as (callback: () => void) => void)(resolve));
    while (res.writableLength > 0 && !res.destroyed) await once(res, 'drain', { signal });
  })().catch(() => undefined);
  await Promise.race([drained, timeout]);
  controller.abort();
}

/** The response itself, or a gzip/brotli stream into it when Accept-Encoding takes one. */
function compressedSink(req: Request, res: Response): Writable {
  const accepted = req.headers['accept-encoding'];
  const encoding = accepted ? preferredEncoding(accepted) : undefined;
  if (!encoding || req.method === 'HEAD') return res;
  res.setHeader('Content-Encoding', encoding);
  const zip =
    encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip();
  zip.pipe(res);
  res.once('close', () => zip.destroy());
  return zip;
}
