import type { z } from 'zod';
import { RequestSetupError } from './client-errors.js';
import type { Contract, Operation, OperationArgs, OperationResult } from './operation.js';
import { fillPath } from './operation.js';
import { createTransport, type Transport, type TransportOptions } from './transport.js';

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

/** One method per operation of the contract, each taking one object argument. */
export type ContractClient<C extends Contract> = {
  [K in keyof C]: (args: OperationArgs<C[K]>) => Promise<OperationResult<C[K]>>;
};

/**
 * Derives a client from a contract by walking it: no per-operation client code. Arguments
 * are validated with the operation's own schemas before anything is sent.
 */
export function createClient<C extends Contract>(contract: C, options: ClientOptions): ContractClient<C> {
  const transport = options.transport ?? createTransport(options);
  const methods = Object.entries(contract).map(([name, operation]) => [
    name,
    (args: unknown) => call(transport, operation, options, args),
  ]);
  return Object.fromEntries(methods) as ContractClient<C>;
}

async function call(transport: Transport, operation: Operation, credentials: ClientCredentials, args: unknown) {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    throw new RequestSetupError(`${operation.id} takes one object argument`);
  }
  const given = args as Record<string, unknown>;
  const known = new Set([...operation.pathParams, ...Object.keys(operation.params.query?.shape ?? {})]);
  const unknown = Object.keys(given).filter((name) => !known.has(name) && given[name] !== undefined);
  if (unknown.length > 0) {
    throw new RequestSetupError(`${operation.id} does not take ${unknown.join(', ')}; it takes ${[...known].join(', ')}`);
  }
  const path = validate(operation.params.path, given, operation.id);
  const dotted = Object.keys(path).find((name) => path[name] === '.' || path[name] === '..');
  // URL resolution would turn them into directory steps and call another route
  if (dotted) throw new RequestSetupError(`${operation.id}: ${dotted} must not be '.' or '..'`);
  validate(operation.params.query, given, operation.id);
  const query: Record<string, string> = {};
  for (const name of Object.keys(operation.params.query?.shape ?? {})) {
    if (given[name] !== undefined) query[name] = String(given[name]);
  }
  return transport.get({
    path: fillPath(operation.path, path),
    query,
    headers: authHeaders(operation, credentials),
  });
}

function validate(schema: z.ZodObject | undefined, given: Record<string, unknown>, id: string): Record<string, unknown> {
  if (!schema) return {};
  const picked = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, given[name]]));
  const result = schema.safeParse(picked);
  if (result.success) return result.data as Record<string, unknown>;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const text = issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  throw new RequestSetupError(`${id}: ${text}`, issues);
}

function authHeaders(operation: Operation, { apiKey, token }: ClientCredentials): Record<string, string> {
  if (operation.auth === 'apiKey') {
    if (!apiKey) throw new RequestSetupError(`${operation.id} needs an API key: pass apiKey when creating the client`);
    return { 'x-api-key': apiKey };
  }
  if (!token) throw new RequestSetupError(`${operation.id} needs a bearer token: pass token when creating the client`);
  return { authorization: `Bearer ${token}` };
}
