import { locateRecords, recordsOf, valueAt } from '../fields.js';
import {
  type Contract,
  type Operation,
  type OperationConfig,
  type OperationParams,
  parameterMaximum,
} from '../operation.js';
import type { HandlerContext, OperationHandler } from './handler.js';

/**
 * Bulk export: every record an operation's request matches — not one page — as a sequence of
 * batches. The service writes a batch and waits until the connection has taken it before asking
 * for the next, so at most one batch is in memory however long the listing is; it stops asking
 * when the client goes away (`return()` on the iterator), which ends the store reads.
 */
export type RecordBatches = AsyncIterable<readonly unknown[]>;

/** A platform's own way to export an operation (where following its paging is not enough: a comment tree's many cursors). */
export type OperationExporter<O extends OperationConfig> = (
  params: OperationParams<O>,
  ctx: HandlerContext,
) => RecordBatches;

/** Exporters a platform provides for some of its operations; the others are exported through their handlers. */
export type ContractExporters<C extends Contract> = { readonly [K in keyof C]?: OperationExporter<C[K]> };

/**
 * The exporter of an operation whose records are a list: the platform's own when it has one,
 * else one that calls the handler page after page as the operation's `paging` declares (each page
 * at its `exportPageSize`, else the operation's largest size, the request's own `limit` ignored: an
 * export is the whole listing), else one that yields the handler's one answer at its largest `limit`. Undefined for an operation whose answer
 * is a single record.
 */
export function exporterFor(
  operation: Operation,
  handler: OperationHandler<Operation>,
  own?: OperationExporter<Operation>,
): OperationExporter<Operation> | undefined {
  const location = locateRecords(operation.response);
  if (!location.many) return undefined;
  if (own) return own;
  const paging = operation.paging;
  const pageOf = async (params: Record<string, unknown>, ctx: HandlerContext) => {
    const body = await handler(params, ctx);
    return { body, records: recordsOf(body, location) };
  };
  if (!paging) {
    // one answer, as large as the operation gives: its `limit` at the maximum, when it takes one
    const largest = operation.params.query?.shape.limit ? { limit: parameterMaximum(operation, 'limit') } : {};
    return async function* (params, ctx) {
      yield (await pageOf({ ...(params as Record<string, unknown>), ...largest }, ctx)).records;
    };
  }
  if (paging.kind === 'offset') {
    const pageSize = parameterMaximum(operation, 'limit');
    // as far as paging reaches, no further: the same work a client walking every page could ask for
    const lastOffset = parameterMaximum(operation, 'offset');
    return async function* (params, ctx) {
      const given = params as Record<string, unknown>;
      let offset = Number(given.offset ?? 0);
      for (;;) {
        const { records } = await pageOf({ ...given, offset, limit: pageSize }, ctx);
        if (records.length > 0) yield records;
        if (records.length < pageSize) return;
        offset += records.length;
        if (offset > lastOffset) {
          // the rest of the last page a client can ask for (offset at its maximum)
          const skip = offset - lastOffset;
          if (skip < pageSize) {
            const rest = (await pageOf({ ...given, offset: lastOffset, limit: pageSize }, ctx)).records.slice(skip);
            if (rest.length > 0) yield rest;
          }
          return;
        }
      }
    };
  }
  // a page per store read as large as the handler serves (a walk of 100-row pages costs ~2.4x one of 1,000)
  const sized = paging.limitParam
    ? { [paging.limitParam]: paging.exportPageSize ?? parameterMaximum(operation, paging.limitParam) }
    : {};
  return async function* (params, ctx) {
    const given = params as Record<string, unknown>;
    let token = given[paging.param] as string | undefined;
    do {
      const { body, records } = await pageOf({ ...given, ...sized, [paging.param]: token }, ctx);
      if (records.length > 0) yield records;
      const next = valueAt(body, paging.next);
      token = typeof next === 'string' && next !== '' ? next : undefined;
    } while (token !== undefined);
  };
}
