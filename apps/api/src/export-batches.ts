import { setImmediate } from 'node:timers/promises';
import { type ExportFormat, type FieldSelection, type Operation, pickFields } from '@socialquery/core';
import { type HandlerContext, type OperationExporter, recordEncoder } from '@socialquery/core/server';

/**
 * A batch of an export as it goes out: its records' text in the export's format as UTF-8 bytes, and
 * how many records it holds. The bytes own their buffer (never a slice of Node's shared pool), so a
 * reader thread hands them over without a copy (`transferList`), and the service's thread writes
 * them to the socket as they are: no string on its heap for its garbage collector to copy, and no
 * encoding on its thread (BENCHMARKS.md, "An export's cost to the service's thread").
 */
export interface EncodedBatch {
  bytes: Uint8Array<ArrayBuffer>;
  rows: number;
}

const utf8 = new TextEncoder();

/** What one export asks for. */
export interface ExportAsk {
  params: Record<string, unknown>;
  ctx: HandlerContext;
  format: ExportFormat;
  /** The `fields` selection, if any: each record is trimmed to it before it is encoded. */
  selection: FieldSelection | undefined;
}

/**
 * An operation's export as encoded batches, read one at a time (`next`); `return()` ends its store
 * reads. Made on the service's thread by `encodedHere`, or on a reader thread (reader-pool.ts
 * `export`), where the records are read and encoded and only their text crosses to the service's
 * thread: an export's records, decoded and encoded there, were most of what its garbage collector
 * had to copy beside heavy work (BENCHMARKS.md, "Heavy work at a lower priority").
 */
export type EncodedExporter = (ask: ExportAsk) => AsyncIterator<EncodedBatch, undefined>;

/**
 * The operation's export, its batches encoded on the thread that reads them. With `joinedChars`, its
 * pages are joined into batches of at least that many characters (the last may hold fewer): a reader
 * thread answers one batch per call, and each costs the service's thread a message, a write and a
 * turn of its event loop however small it is (BENCHMARKS.md, "An export's cost to the service's thread").
 * On the service's own thread each page stays a batch, so it yields to other requests between pages.
 */
export function encodedHere(
  operation: Operation,
  exporter: OperationExporter<Operation>,
  joinedChars = 0,
): EncodedExporter {
  const encoders = { ndjson: recordEncoder(operation, 'ndjson'), csv: recordEncoder(operation, 'csv') };
  return ({ params, ctx, format, selection }) => {
    const encode = selection ? recordEncoder(operation, format, selection) : encoders[format];
    return (async function* (): AsyncGenerator<EncodedBatch, undefined> {
      // a CSV export's header row goes out with its first batch (alone, when it has no records)
      let text = format === 'csv' ? encode.header() : '';
      let rows = 0;
      for await (const batch of exporter(params, ctx)) {
        const records = selection ? batch.map((record) => pickFields(record, selection)) : batch;
        text += encode.rows(records);
        rows += records.length;
        if (text.length < joinedChars) {
          // calls queued behind this one (a search's page) are answered between pages, as between batches
          await setImmediate();
          continue;
        }
        yield { bytes: utf8.encode(text), rows };
        text = '';
        rows = 0;
      }
      if (rows > 0 || text !== '') yield { bytes: utf8.encode(text), rows };
      return undefined;
    })();
  };
}
