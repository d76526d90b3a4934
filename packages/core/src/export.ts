import { z } from 'zod';

/**
 * Bulk export, an extension every listing takes besides its own parameters: the request asks
 * for the whole listing — every matching record, not one page — as newline-delimited JSON or CSV,
 * by `Accept` or by `format`.
 */
export const exportFormats = ['ndjson', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** Each format's media type (the `Content-Type` of the answer, and what `Accept` names). */
export const exportMediaTypes = {
  ndjson: 'application/x-ndjson',
  csv: 'text/csv',
} as const satisfies Record<ExportFormat, string>;

/**
 * Rows an export sends per unit of the caller's request budget. The request's own charge (the
 * operation's cost) covers the first block; each block begun after it costs one unit more.
 */
export const EXPORT_ROWS_PER_UNIT = 1000;

export const exportFormatParam = z
  .enum(exportFormats, { error: `must be one of ${exportFormats.join(', ')}` })
  .optional()
  .describe(
    'Bulk export: every record the request matches, not one page, streamed as newline-delimited JSON (`ndjson`, one ' +
      'record per line) or CSV (`csv`, a header row, nested objects flattened into dotted columns, arrays as JSON). ' +
      "`Accept: application/x-ndjson` or `text/csv` asks the same. The listing's paging and `limit` are followed " +
      `to the end by the service; ${EXPORT_ROWS_PER_UNIT} rows cost one unit of the request budget. A connection ` +
      'closed without the final chunk is an export cut short (budget used up, or a fault): do not take it as complete.',
  );
