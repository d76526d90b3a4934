import type { ServerResponse } from 'node:http';
import type { ExportFormat } from '@socialquery/core';
import type { Logger } from 'pino';
import type { SelectedFields } from './fields.js';

/**
 * What the service learns about one request as it passes the middleware, in one typed record per
 * response (Express's `res.locals` is `Record<string, any>`, which the compiler cannot check).
 * Each middleware fills in its part; later ones read it.
 */
export interface RequestContext {
  /** When the request arrived (`performance.now()`), before it waited its turn (turn-taking.ts); unset for a request handed to the app directly. */
  receivedAt?: number;
  /** `x-request-id` of the response ('' before the request-id middleware ran, e.g. a 408 from the server). */
  requestId: string;
  /** The credential `authenticate` accepted. */
  credentialId?: string;
  /** The operation's validated parameters, defaults applied. */
  params?: Record<string, unknown>;
  /** The checked `fields` selection, when the request has one. */
  fields?: SelectedFields;
  /** A listing's export format, when the request asks for one (`format` or `Accept`). */
  exportFormat?: ExportFormat;
  /** The service's logger (logger.ts `requestLogger`), and the request's child of it once made (`requestLogOf`). */
  logger?: Logger;
  log?: Logger;
  /** Fields every error body on this operation's path carries besides the standard ones. */
  errorBodyExtras?: Readonly<Record<string, unknown>>;
}

/**
 * Where a response keeps its context: a property of its own rather than a WeakMap entry. A WeakMap
 * keyed by short-lived objects makes every young-generation collection walk its entries (ephemerons),
 * a cost on every request of a busy service.
 */
const CONTEXT = Symbol('socialquery.requestContext');

type WithContext = ServerResponse & { [CONTEXT]?: RequestContext };

/** The request's context, made on first use. */
export function contextOf(res: ServerResponse): RequestContext {
  return ((res as WithContext)[CONTEXT] ??= { requestId: '' });
}
