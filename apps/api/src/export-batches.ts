import { type ExportFormat, type FieldSelection, type Operation, pickFields } from '@socialquery/core';
import { type HandlerContext, type OperationExporter, recordEncoder } from '@socialquery/core/server';

/** A batch of an export as it goes out: its records' text in the export's format, and how many records it holds. */
export interface EncodedBatch {
  text: string;
  rows: number;
}

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

/** The operation's export, its batches encoded on the thread that reads them. */
export function encodedHere(operation: Operation, exporter: OperationExporter<Operation>): EncodedExporter {
  const encoders = { ndjson: recordEncoder(operation, 'ndjson'), csv: recordEncoder(operation, 'csv') };
  return ({ params, ctx, format, selection }) => {
    const encode = selection ? recordEncoder(operation, format, selection) : encoders[format];
    return (async function* (): AsyncGenerator<EncodedBatch, undefined> {
      for await (const batch of exporter(params as never, ctx)) {
        const records = selection ? batch.map((record) => pickFields(record, selection)) : batch;
        yield { text: encode.rows(records), rows: records.length };
      }
      return undefined;
    })();
  };
}
