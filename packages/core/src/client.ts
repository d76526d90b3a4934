import type { z } from 'zod';
import { RequestAbortedError, RequestSetupError } from './client-errors.js';
import {
  FieldsError,
  locateRecords,
  parseFields,
  recordsOf as recordsIn,
  type RecordOf,
  type RecordsLocation,
  type Trimmed,
  valueAt,
} from './fields.js';
import type { Contract, Operation, OperationArgs, OperationResult, Paging } from './operation.js';
import { fillPath, parameterMaximum } from './operation.js';
import { createTransport, type Transport, type TransportOptions, type TransportRequest } from './transport.js';

export interface ClientCredentials {
  /** Sent as `x-api-key` to API-key operations. */
  apiKey?: string;
  /** Sent as `Authorization: Bearer …` to bearer operations. */
  token?: string;
}

export interface ClientOptions extends TransportOptions, ClientCredentials {
  /** Replaces the got transport (tests, custom networking). */
  transport?: Transport;
}

/**
 * The `fields` extension of every method: field paths of the response's records (see
 * `@socialquery/core`'s fields module), as a list or a comma-separated string. With a list of
 * literal paths the result is typed with the records trimmed to them.
 */
export interface FieldsArg<P extends string> {
  fields?: readonly P[] | string;
}

/**
 * The second argument of every method, `iterate` and `exportAll`: how to make the call, apart from
 * what to ask (the first argument, checked against the operation's parameters).
 */
export interface CallOptions {
  /**
   * Stops the call: before it is sent, while its answer (or a page of `iterate`, or an export's
   * lines) is awaited, or during a retry's wait. The call then rejects with RequestAbortedError
   * (`name` `AbortError`, `code` `ABORTED`, the signal's reason as `cause`).
   */
  signal?: AbortSignal;
}

/** One method per operation of the contract, each taking one object argument, and `exportAll` for the listings. */
export type ContractClient<C extends Contract> = {
  [K in keyof C]: <const P extends string = never>(
    args: OperationArgs<C[K]> & FieldsArg<P>,
    options?: CallOptions,
  ) => Promise<[P] extends [never] ? OperationResult<C[K]> : Trimmed<OperationResult<C[K]>, P>>;
} & {
  /**
   * Bulk export: every record a listing's request matches, not one page, one at a time as the
   * service streams them (NDJSON). The listing's paging is followed by the service; `limit` and
   * paging tokens are not needed. Leaving the loop early closes the connection, which stops the
   * export. An export cut short (the credential's budget used up, a fault) throws NoResponseError
   * rather than ending quietly.
   */
  exportAll<K extends ListingKeys<C>, const P extends string = never>(
    operation: K,
    args: OperationArgs<C[K]> & FieldsArg<P>,
    options?: CallOptions,
  ): AsyncGenerator<
    [P] extends [never] ? RecordOf<OperationResult<C[K]>> : RecordOf<Trimmed<OperationResult<C[K]>, P>>,
    void,
    undefined
  >;
  /**
   * The page iterator of every paged operation: its records, page after page, as the operation's
   * paging declares (a token sent back until it comes back empty, or `offset` stepped by each
   * page until a short page or the largest offset). `limit` is the page size; a token or `offset`
   * in `args` is where the walk starts. Each page is one ordinary request (rate-limited as one);
   * leave the loop to stop, and no further page is asked for.
   */
  iterate<K extends PagedKeys<C>, const P extends string = never>(
    operation: K,
    args: OperationArgs<C[K]> & FieldsArg<P>,
    options?: CallOptions,
  ): AsyncGenerator<
    [P] extends [never] ? RecordOf<OperationResult<C[K]>> : RecordOf<Trimmed<OperationResult<C[K]>, P>>,
    void,
    undefined
  >;
};

/** The operations of a contract that page (those `iterate` takes). */
export type PagedKeys<C extends Contract> = {
  [K in keyof C]: C[K] extends { readonly paging: Paging } ? K : never;
}[keyof C] &
  string;

/** The operations of a contract whose answer is a list of records (those `exportAll` takes). */
export type ListingKeys<C extends Contract> = {
  [K in keyof C]: RecordOf<OperationResult<C[K]>> extends never ? never : K;
}[keyof C] &
  string;

/**
 * Derives a client from a contract by walking it: no per-operation client code. Arguments
 * are validated with the operation's own schemas before anything is sent.
 */
export function createClient<C extends Contract>(contract: C, options: ClientOptions): ContractClient<C> {
  const transport = options.transport ?? createTransport(options);
  // each operation's records location, built on the first call that needs it
  const lazyRecords = new Map(
    Object.entries(contract).map(([name, operation]) => {
      let records: RecordsLocation | undefined;
      return [name, () => (records ??= locateRecords(operation.response))];
    }),
  );
  const methods = Object.entries(contract).map(([name, operation]) => {
    const recordsOf = lazyRecords.get(name)!;
    // async: a setup error rejects the returned promise, as every other failure does
    return [
      name,
      async (args: unknown, call?: CallOptions) => {
        const signal = signalOf(operation, call);
        return transport.get(withSignal(requestOf(operation, options, args, recordsOf), signal));
      },
    ];
  });
  async function* exportAll(name: string, args: unknown, call?: CallOptions): AsyncGenerator<unknown, void, undefined> {
    const operation = Object.hasOwn(contract, name) ? contract[name] : undefined;
    const recordsOf = lazyRecords.get(name);
    if (!operation || !recordsOf)
      throw new RequestSetupError(
        `exportAll: no operation '${name}'; the operations are ${Object.keys(contract).join(', ')}`,
      );
    if (!recordsOf().many) throw new RequestSetupError(`exportAll: ${operation.id} answers one record, not a listing`);
    if (!transport.lines) throw new RequestSetupError('exportAll needs a transport that streams (`lines`)');
    const signal = signalOf(operation, call);
    const request = withSignal(requestOf(operation, options, args, recordsOf), signal);
    for await (const line of transport.lines({ ...request, query: { ...request.query, format: 'ndjson' } }))
      yield JSON.parse(line);
  }
  async function* iterate(name: string, args: unknown, call?: CallOptions): AsyncGenerator<unknown, void, undefined> {
    const operation = Object.hasOwn(contract, name) ? contract[name] : undefined;
    const recordsOf = lazyRecords.get(name);
    if (!operation || !recordsOf)
      throw new RequestSetupError(
        `iterate: no operation '${name}'; the operations are ${Object.keys(contract).join(', ')}`,
      );
    const { paging } = operation;
    if (!paging) {
      const paged = Object.keys(contract).filter((key) => contract[key]?.paging);
      throw new RequestSetupError(
        `iterate: ${operation.id} does not page; the paged operations are ${paged.join(', ') || 'none'}`,
      );
    }
    if (args === null || typeof args !== 'object' || Array.isArray(args))
      throw new RequestSetupError(`${operation.id} takes one object argument`);
    const given = args as Record<string, unknown>;
    const signal = signalOf(operation, call);
    const page = async (at: Record<string, unknown>) => {
      // between pages too: a loop body may abort before asking for the next
      if (signal?.aborted) throw new RequestAbortedError(signal.reason);
      const body = await transport.get(
        withSignal(requestOf(operation, options, { ...given, ...at }, recordsOf), signal),
      );
      return { body, records: recordsIn(body, recordsOf()) };
    };
    if (paging.kind === 'token') {
      let token = given[paging.param];
      for (;;) {
        const { body, records } = await page({ [paging.param]: token });
        yield* records;
        token = valueAt(body, paging.next);
        if (typeof token !== 'string' || token === '') return;
      }
    }
    // offset paging: the page size the service applies (the given limit, else its default)
    const size = Number(validate(operation.params.query, given, operation.id).limit);
    const lastOffset = parameterMaximum(operation, 'offset');
    let offset = Number(given.offset ?? 0);
    for (;;) {
      const { records } = await page({ offset });
      yield* records;
      offset += records.length;
      if (records.length === 0 || records.length < size || offset > lastOffset) return;
    }
  }
  return { ...Object.fromEntries(methods), exportAll, iterate } as ContractClient<C>;
}

/**
 * The signal of a call's options, checked (nothing is sent when the options are wrong); a signal
 * already aborted stops the call here, whatever the transport does with signals.
 */
function signalOf(operation: Operation, call: unknown): AbortSignal | undefined {
  if (call === undefined) return undefined;
  if (call === null || typeof call !== 'object' || Array.isArray(call))
    throw new RequestSetupError(`${operation.id}: the call options (second argument) must be an object { signal? }`);
  const unknown = Object.keys(call).filter((name) => name !== 'signal');
  if (unknown.length > 0)
    throw new RequestSetupError(
      `${operation.id}: the call options do not take ${unknown.join(', ')}; they take signal (arguments of the operation go in the first argument)`,
    );
  const { signal } = call as { signal?: unknown };
  if (signal === undefined) return undefined;
  // by shape, not instanceof: a signal from another realm (a test VM, a polyfill) works too
  if (!isAbortSignal(signal))
    throw new RequestSetupError(`${operation.id}: signal must be an AbortSignal (from an AbortController)`);
  if (signal.aborted) throw new RequestAbortedError(signal.reason);
  return signal;
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  );
}

function withSignal(request: TransportRequest, signal: AbortSignal | undefined): TransportRequest {
  return signal ? { ...request, signal } : request;
}

/** The request of a call: arguments checked with the operation's own schemas, credentials for its auth scheme. */
function requestOf(
  operation: Operation,
  credentials: ClientCredentials,
  args: unknown,
  recordsOf: () => RecordsLocation,
): TransportRequest {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    throw new RequestSetupError(`${operation.id} takes one object argument`);
  }
  const given = args as Record<string, unknown>;
  const known = new Set([...operation.pathParams, ...Object.keys(operation.params.query?.shape ?? {}), 'fields']);
  const unknown = Object.keys(given).filter((name) => !known.has(name) && given[name] !== undefined);
  if (unknown.length > 0) {
    throw new RequestSetupError(
      `${operation.id} does not take ${unknown.join(', ')}; it takes ${[...known].join(', ')}`,
    );
  }
  const path = validate(operation.params.path, given, operation.id);
  const dotted = Object.keys(path).find((name) => path[name] === '.' || path[name] === '..');
  // URL resolution would turn them into directory steps and call another route
  if (dotted) throw new RequestSetupError(`${operation.id}: ${dotted} must not be '.' or '..'`);
  validate(operation.params.query, given, operation.id);
  const query: Record<string, string> = {};
  for (const name of Object.keys(operation.params.query?.shape ?? {})) {
    const value = given[name];
    // a Date (time bounds) goes as its ISO form; String(date) would be the local, unparseable one
    if (value !== undefined) query[name] = value instanceof Date ? value.toISOString() : String(value);
  }
  if (given.fields !== undefined && query.fields === undefined)
    query.fields = fieldsValue(operation, given.fields, recordsOf());
  return { path: fillPath(operation.path, path), query, headers: authHeaders(operation, credentials) };
}

function validate(
  schema: z.ZodObject | undefined,
  given: Record<string, unknown>,
  id: string,
): Record<string, unknown> {
  if (!schema) return {};
  const picked = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, given[name]]));
  const result = schema.safeParse(picked);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const text = issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  throw new RequestSetupError(`${id}: ${text}`, issues);
}

/** The wire form of a `fields` argument, checked against the operation's records before sending. */
function fieldsValue(operation: Operation, fields: unknown, records: RecordsLocation): string {
  const list =
    typeof fields === 'string'
      ? fields
      : Array.isArray(fields) && fields.every((f) => typeof f === 'string')
        ? fields
        : undefined;
  if (list === undefined)
    throw new RequestSetupError(`${operation.id}: fields must be a list of field paths or a comma-separated string`);
  try {
    parseFields(list, records.fields);
  } catch (error) {
    if (error instanceof FieldsError)
      throw new RequestSetupError(`${operation.id}: ${error.message}`, [...error.issues]);
    throw error;
  }
  return typeof list === 'string' ? list : list.join(',');
}

function authHeaders(operation: Operation, { apiKey, token }: ClientCredentials): Record<string, string> {
  if (operation.auth === 'apiKey') {
    if (!apiKey) throw new RequestSetupError(`${operation.id} needs an API key: pass apiKey when creating the client`);
    return { 'x-api-key': apiKey };
  }
  if (!token) throw new RequestSetupError(`${operation.id} needs a bearer token: pass token when creating the client`);
  return { authorization: `Bearer ${token}` };
}
