import type { ErrorCode, ErrorIssue, ExportFormat, FieldSelection } from '@socialquery/core';
import type { DialectOptions } from '@socialquery/store';
import type { EncodedBatch } from './export-batches.js';

/** What a reader thread opens: the store (its own connection to the same file, or its own pool) and the paging-token secret. */
export interface ReaderSetup {
  storeAddress: string;
  /** The service's own store settings (PostgreSQL: the statement timeout and the client's bounds on it, and the pool's size). */
  storeOptions?: DialectOptions;
  cursorSecret: string;
}

/** The request's context as plain data. */
interface CallContext {
  operation: string;
  params: Record<string, unknown>;
  now: number;
  requestId: string;
  extra: boolean;
}

/**
 * A call to a reader thread:
 * - `run`: one operation's handler, answered with the body; `json`: the same, answered with the
 *   body's JSON text (the service sends it as it is, and copies one string instead of a tree);
 * - `export`: begins export `id` of the operation and answers its first encoded batch; `next`
 *   answers its next batch, `stop` ends its reads (answered `done`). One call of an export is in
 *   flight at a time, so the export's id names each of them.
 */
export type ReaderCall =
  | ({ kind: 'run' | 'json'; id: number } & CallContext)
  | ({ kind: 'export'; id: number; format: ExportFormat; selection: FieldSelection | undefined } & CallContext)
  | { kind: 'next'; id: number }
  | { kind: 'stop'; id: number };

/** A failure as it crosses the thread: a ServiceError keeps its code and details; any other error its name, message and code. */
export type ReaderFailure =
  | {
      kind: 'service';
      code: ErrorCode;
      message: string;
      details: { issues?: ErrorIssue[]; headers?: Record<string, string> };
    }
  | { kind: 'error'; name: string; message: string; code?: string };

export type ReaderAnswer =
  | { id: number; body: unknown }
  | { id: number; json: string }
  | { id: number; batch: EncodedBatch }
  | { id: number; done: true }
  | { id: number; failure: ReaderFailure };
