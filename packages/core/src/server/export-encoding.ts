import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '../export.js';
import { EXTRA_FIELD, type FieldSelection, locateRecords, recordColumns, valueAt } from '../fields.js';
import type { Operation } from '../operation.js';

/** Turns an export's records into the text of its format: a header (CSV's first row; nothing for NDJSON), then batches of rows. */
export interface RecordEncoder {
  header(): string;
  rows(records: readonly unknown[]): string;
}

/**
 * The encoder of an operation's records in `format`. CSV (RFC 4180, CRLF line ends) has one column
 * per dotted field path of the record schema — nested objects flattened, each array one column
 * holding it as JSON, absent values empty, booleans `true`/`false` — narrowed to the `fields`
 * selection when there is one. Records must already be trimmed to that selection.
 */
export function recordEncoder(operation: Operation, format: ExportFormat, selection?: FieldSelection): RecordEncoder {
  if (format === 'ndjson') return ndjsonEncoder;
  const all = recordColumns(locateRecords(operation.response).record);
  // `extra` is answered only when selected: without a selection it is no column either
  return csvEncoder(
    selection ? all.filter((column) => isSelected(column, selection)) : all.filter((column) => column !== EXTRA_FIELD),
  );
}

const ndjsonEncoder: RecordEncoder = {
  header: () => '',
  rows: (records) => records.map((record) => `${JSON.stringify(record)}\n`).join(''),
};

function csvEncoder(columns: readonly string[]): RecordEncoder {
  const paths = columns.map((column) => column.split('.'));
  const options = {
    record_delimiter: 'windows' as const,
    cast: { boolean: (value: boolean) => String(value), object: (value: object) => JSON.stringify(value) },
  };
  return {
    header: () => stringify([[...columns]], options),
    rows: (records) =>
      stringify(
        records.map((record) => paths.map((path) => valueAt(record, path))),
        options,
      ),
  };
}

/** Whether a `fields` selection keeps a column: it selects the column, a parent of it, or fields inside it (an array's). */
function isSelected(column: string, selection: FieldSelection): boolean {
  let level: FieldSelection | true | undefined = selection;
  for (const key of column.split('.')) {
    if (level === true) return true;
    level = level.get(key);
    if (level === undefined) return false;
  }
  return true;
}
