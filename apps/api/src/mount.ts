import { type Operation, EXTRA_FIELD } from '@socialquery/core';
import {
  type CursorCodec,
  exporterFor,
  type MountablePlatform,
  type OperationExporter,
  type HandlerContext,
  paramsParser,
} from '@socialquery/core/server';
import type { CredentialStore } from '@socialquery/store';
import type { Request, RequestHandler, Response } from 'express';
import { authenticate } from './auth.js';
import type { DataHealth } from './data-health.js';
import { sendError } from './error-response.js';
import { exportFormatOf, exportServer } from './export.js';
import { type EncodedExporter, encodedHere } from './export-batches.js';
import { fieldsSelector } from './fields.js';
import { weakEtag } from './http-cache.js';
import { createHeavyWork, type HeavyWork } from './heavy-work.js';
import { type OperationRoute, operationRoutes } from './operation-routes.js';
import type { RequestBudget } from './rate-limit.js';
import type { ReaderPool } from './reader-pool.js';
import { contextOf } from './request-context.js';

export interface MountDeps {
  credentials: CredentialStore;
  cursors: CursorCodec;
  /** Charges each request's credential; runs after auth and parameter validation, so refused requests cost nothing. */
  budget: RequestBudget;
  /** The request's "now"; tests pin it. */
  clock?: () => Date;
  /** Runs every export, and heavy operations' handlers where the pool says so, off the event loop. */
  readers?: Pick<ReaderPool, 'runsHeavyOperations' | 'run' | 'runAsJson' | 'export'>;
  /** Aborted when the service begins to shut down: running exports end at the next record boundary. */
  stopping?: AbortSignal;
  /** Admits heavy requests (exports, heavy operations) within the replica's limits; default: the default limits. */
  heavyWork?: HeavyWork;
  /** Told of each request answered from the store, and of exports a store fault cut short (`/healthz` reports them). */
  dataHealth?: Pick<DataHealth, 'succeeded' | 'failed'>;
}

/** `/a/{b}/c` → `/a/:b/c` (Express 5 path syntax), in one place. */
export const toExpressPath = (path: string) => path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');

/**
 * Mounts every operation of every platform in one loop: auth, parameter validation, the heavy-work
 * gate (exports and heavy operations only), the charge to the credential's request budget, the
 * handler, the JSON response; and 405 for the other methods on the same paths. The routes are one
 * lookup (operation-routes.ts), not a route layer each.
 */
export function mountPlatforms(
  platforms: readonly MountablePlatform[],
  deps: MountDeps,
): ReturnType<typeof operationRoutes> {
  const routes: OperationRoute[] = [];
  const clock = deps.clock ?? (() => new Date());
  const heavyWork = deps.heavyWork ?? createHeavyWork();
  const { readers } = deps;
  for (const { contract, handlers, exporters } of platforms) {
    for (const [name, operation] of Object.entries(contract)) {
      const own = handlers[name];
      if (!own) throw new Error(`${operation.id}: no handler`);
      // a heavy operation on a reader thread, its body written as JSON there
      const answer: Answer =
        operation.heavy && readers?.runsHeavyOperations
          ? async (params, ctx) => new JsonText(await readers.runAsJson(operation.id, params, ctx))
          : own;
      const exporter = exporterFor(operation, own, exporters?.[name] as OperationExporter<Operation> | undefined);
      // with reader threads (either store) every export is read and encoded on one; only its bytes come back
      const batches: EncodedExporter | undefined =
        exporter && (readers ? (ask) => readers.export(operation.id, ask) : encodedHere(operation, exporter));
      const heavy = heavyWork.gate(operation, exporter !== undefined);
      routes.push({
        path: toExpressPath(operation.path),
        handlers: [
          authenticate(operation.auth, deps.credentials),
          validateParams(operation, exporter !== undefined),
          ...(heavy ? [heavy] : []),
          deps.budget.charge(operation),
          serve(answer, batches, deps, clock),
        ],
      });
    }
  }
  return operationRoutes(routes, methodNotAllowed);
}

/**
 * The extra error-body fields of every platform whose operations carry them (professional's
 * `success: false`), for every error answered under the platform's path prefix: its operations'
 * own errors, the checks that run before routing (URI length, credentials in the query, NUL) and
 * unknown routes there, so a client of that group reads one envelope whatever refused its
 * request. The prefix is the part up to the last `/` that all of the platform's paths share; a
 * platform whose operations declare different extras is a contract error, refused at mount.
 */
export function errorExtrasByPathPrefix(platforms: readonly MountablePlatform[]): RequestHandler {
  const prefixes: [string, Readonly<Record<string, unknown>>][] = [];
  for (const { contract } of platforms) {
    const operations: Operation[] = Object.values(contract);
    const extras = operations.find((operation) => operation.errorExtras)?.errorExtras;
    if (!extras) continue;
    const differs = operations.find((operation) => JSON.stringify(operation.errorExtras) !== JSON.stringify(extras));
    if (differs) throw new Error(`${differs.id}: every operation of a group carries the same errorExtras`);
    const common = operations
      .map((operation) => operation.path)
      .reduce((a, b) => {
        let i = 0;
        while (i < a.length && a[i] === b[i]) i += 1;
        return a.slice(0, i);
      });
    prefixes.push([common.slice(0, common.lastIndexOf('/') + 1), extras]);
  }
  return (req, res, next) => {
    // `//api/v1/professional/…` and `/api/v1/professional` route nowhere, but a client of the group
    // still reads its envelope
    const path = req.path.includes('//') ? req.path.replace(/\/{2,}/g, '/') : req.path;
    const found = prefixes.find(([prefix]) => path.startsWith(prefix) || `${path}/` === prefix);
    if (found) contextOf(res).errorBodyExtras = found[1];
    next();
  };
}

/**
 * The extensions every operation takes besides its own parameters, and those of listings;
 * a request that uses none of them is answered exactly as if they did not exist.
 */
const EXTENSIONS = ['fields'] as const;
const LISTING_EXTENSIONS = [...EXTENSIONS, 'format'] as const;

/**
 * Validated parameters go to the request's context (`request-context.ts`), for the budget (an
 * operation's cost) and the handler; so do the checked `fields` selection and a listing's export
 * format, when the request asks for one (`format` or `Accept`).
 */
function validateParams(operation: Operation, exportable: boolean): RequestHandler {
  const parseParams = paramsParser(operation, exportable ? LISTING_EXTENSIONS : EXTENSIONS);
  const selectFields = fieldsSelector(operation);
  return (req, res, next) => {
    const { params, extensions } = parseParams(req.params as Record<string, string>, req.query);
    const context = contextOf(res);
    context.params = params;
    context.fields = selectFields(extensions.fields);
    if (exportable) {
      res.vary('Accept');
      context.exportFormat = exportFormatOf(req, extensions.format);
    }
    next();
  };
}

/** What answers an operation's request: its handler, or one that runs it on a reader thread and answers its JSON text. */
type Answer = (params: Record<string, unknown>, ctx: HandlerContext) => Promise<unknown>;

/** A body already written as JSON (on a reader thread): sent as it is, parsed only to trim it to `fields`. */
class JsonText {
  constructor(readonly text: string) {}
}

function serve(
  answer: Answer,
  batches: EncodedExporter | undefined,
  { cursors, budget, dataHealth, stopping }: MountDeps,
  clock: () => Date,
): RequestHandler {
  const sendExport = batches && exportServer(batches);
  return async (req, res) => {
    const { requestId, credentialId, params = {}, fields, exportFormat: format } = contextOf(res);
    const ctx = { now: clock(), cursors, requestId, extra: fields?.selection.has(EXTRA_FIELD) === true };
    if (sendExport && format && credentialId !== undefined) {
      const answered = await sendExport(req, res, {
        format,
        params,
        ctx,
        selection: fields?.selection,
        chargeMore: (units) => budget.chargeMore(credentialId, units),
        stopping,
      });
      if (answered) dataHealth?.succeeded();
      else dataHealth?.failed();
      return;
    }
    const body = await answer(params, ctx);
    dataHealth?.succeeded();
    if (!fields) {
      sendJson(req, res, body);
      return;
    }
    sendJson(req, res, fields.trim(body instanceof JsonText ? JSON.parse(body.text) : body));
  };
}

/**
 * What `res.json` does for an operation's answer, in one pass: the JSON text, its weak ETag
 * (http-cache.ts), 304 when the request's validators match it, else the text as it is. Express's
 * `res.send` turns the text into a Buffer to hash it, so its headers and body left in two pieces
 * (a vectored write); a string body goes out with the headers in one write.
 */
function sendJson(req: Request, res: Response, body: unknown) {
  const text = body instanceof JsonText ? body.text : JSON.stringify(body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', weakEtag(text));
  if (req.fresh) {
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(req.method === 'HEAD' ? undefined : text);
}

export const methodNotAllowed: RequestHandler = (req, res) => {
  sendError(res, 'method_not_allowed', `${req.method} is not allowed here; every operation is a GET`, {
    headers: { Allow: 'GET, HEAD' },
  });
};
