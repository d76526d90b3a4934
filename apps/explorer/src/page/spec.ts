/**
 * The operations, as the service's OpenAPI document describes them (`/api/v1/openapi.json`, derived
 * from the contracts): the page builds its forms, requests and paging from it, so it follows the
 * API as it changes instead of repeating it.
 */

import type { AuthScheme, Paging } from '@socialquery/core';

/** Types from the contracts (`@socialquery/core`): what the document's `security` and `x-paging` carry. */
export type { Paging };
export type Scheme = AuthScheme;

export interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  type: 'string' | 'integer' | 'boolean';
  enum?: string[];
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  description?: string;
  /** A value that exists in the store (the document's examples). */
  example?: string;
}

export interface OperationInfo {
  id: string;
  path: string;
  summary: string;
  description: string;
  scheme: Scheme;
  params: Param[];
  /** Where the records are in the body, and whether it is a list of them. */
  records: { path: string[]; many: boolean };
  paging?: Paging;
}

export const SPEC_URL = '/api/v1/openapi.json';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

let loaded: Promise<Map<string, OperationInfo>> | undefined;

/** Every operation of the document, by id; fetched once. */
export function loadOperations(): Promise<Map<string, OperationInfo>> {
  loaded ??= fetch(SPEC_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`the API description answered ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .then(readOperations)
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}

function readOperations(document: unknown): Map<string, OperationInfo> {
  const operations = new Map<string, OperationInfo>();
  const paths = isObject(document) && isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    const get = isObject(item) && isObject(item.get) ? item.get : undefined;
    const id = text(get?.operationId);
    if (!get || !id) continue;
    const security = Array.isArray(get.security) && isObject(get.security[0]) ? Object.keys(get.security[0]) : [];
    const records = isObject(get['x-records']) ? get['x-records'] : {};
    operations.set(id, {
      id,
      path,
      summary: text(get.summary) ?? id,
      description: text(get.description) ?? '',
      scheme: security[0] === 'apiKey' ? 'apiKey' : 'bearer',
      params: (Array.isArray(get.parameters) ? get.parameters : []).flatMap(readParam),
      records: {
        path: Array.isArray(records.path) ? records.path.filter((key): key is string => typeof key === 'string') : [],
        many: records.many === true,
      },
      ...(isObject(get['x-paging']) ? { paging: get['x-paging'] as Paging } : {}),
    });
  }
  return operations;
}

function readParam(raw: unknown): Param[] {
  if (!isObject(raw) || (raw.in !== 'path' && raw.in !== 'query')) return [];
  const name = text(raw.name);
  if (!name) return [];
  const schema = isObject(raw.schema) ? raw.schema : {};
  const type = schema.type === 'integer' || schema.type === 'boolean' ? schema.type : 'string';
  const param: Param = { name, in: raw.in, required: raw.required === true, type };
  if (Array.isArray(schema.enum)) param.enum = schema.enum.map(String);
  const fallback = schema.default;
  if (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean')
    param.default = fallback;
  if (typeof schema.minimum === 'number') param.minimum = schema.minimum;
  if (typeof schema.maximum === 'number') param.maximum = schema.maximum;
  const description = text(raw.description) ?? text(schema.description);
  if (description) param.description = description;
  if (typeof raw.example === 'string' || typeof raw.example === 'number') param.example = String(raw.example);
  return [param];
}

/** The value at a key path of nested objects. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  return node;
}

/** The records of an answer, as a list (one record: a list of one). */
export function recordsOf(operation: OperationInfo, body: unknown): Json[] {
  const found = valueAt(body, operation.records.path);
  const list = Array.isArray(found) ? (found as unknown[]) : found === undefined ? [] : [found];
  return list.filter(isObject);
}

export { isObject };
