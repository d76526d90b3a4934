import type { ErrorCode, ErrorIssue } from '@socialquery/core';

/** What a reader thread opens: the store (its own connection to the same file) and the paging-token secret. */
export interface ReaderSetup {
  storeAddress: string;
  cursorSecret: string;
}

/** One operation's handler to run, with the request's context as plain data. */
export interface ReaderCall {
  id: number;
  operation: string;
  params: Record<string, unknown>;
  now: number;
  requestId: string;
}

/** A failure as it crosses the thread: a ServiceError keeps its code and details; any other error its name, message and code. */
export type ReaderFailure =
  | {
      kind: 'service';
      code: ErrorCode;
      message: string;
      details: { issues?: ErrorIssue[]; headers?: Record<string, string> };
    }
  | { kind: 'error'; name: string; message: string; code?: string };

export type ReaderAnswer = { id: number; body: unknown } | { id: number; failure: ReaderFailure };
