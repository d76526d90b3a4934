import { z } from 'zod';

/** How an operation's caller proves who they are. */
export type AuthScheme = 'apiKey' | 'bearer';

type ParamsObject = z.ZodObject;

export interface OperationConfig {
  /** Stable identifier, `<platform>.<operation>`. */
  readonly id: string;
  readonly method: 'GET';
  /** Full path with `{name}` placeholders, e.g. `/api/v1/forum/community/{community}/posts`. */
  readonly path: string;
  readonly auth: AuthScheme;
  readonly params: { readonly path?: ParamsObject; readonly query?: ParamsObject };
  /** Schema of the success body. */
  readonly response: z.ZodType;
  readonly summary: string;
  readonly description?: string;
  /**
   * Units of the caller's request budget one call consumes, from its validated parameters
   * (default 1). The professional profile charges 1 + its true include flags.
   */
  readonly cost?: (params: Record<string, unknown>) => number;
  /** Fields every error body of this operation carries besides the standard ones (the professional group's `success: false`). */
  readonly errorExtras?: Readonly<Record<string, unknown>>;
  /** How the listing continues past one answer; bulk export follows it to the end. Absent: one answer holds the listing. */
  readonly paging?: Paging;
  /**
   * Its cost grows with the data (a ranked search reads every match): a replica runs only a few
   * such requests at once, and one credential fewer, as it does bulk exports of any listing.
   */
  readonly heavy?: boolean;
}

/**
 * How a listing pages. `token`: the answer at `next` (a key path in the body) is sent back as the
 * query parameter `param`; an empty or absent one ends the listing; `limitParam` names the page
 * size parameter, if any; `exportPageSize`, the size of the pages a bulk export asks the handler
 * for, where the handler serves pages larger than callers may ask (default: the largest `limitParam`).
 * `offset`: the `offset` and `limit` parameters; the listing ends at the first page shorter than
 * asked, or where `offset` reaches its maximum.
 */
export type Paging =
  | {
      readonly kind: 'token';
      readonly param: string;
      readonly next: readonly string[];
      readonly limitParam?: string;
      readonly exportPageSize?: number;
    }
  | { readonly kind: 'offset' };

/** An operation is plain data: the route, validation, OpenAPI, client method and tests derive from it. */
export type Operation<C extends OperationConfig = OperationConfig> = C & { readonly pathParams: readonly string[] };

/** A platform's operations, keyed by client method name. */
export type Contract = Record<string, Operation>;

type InputOf<S> = S extends z.ZodType ? z.input<S> : unknown;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The client method's one object argument: path and query parameters side by side. */
export type OperationArgs<O extends OperationConfig> = InputOf<O['params']['path']> & InputOf<O['params']['query']>;
/** Parameters as the handler sees them: validated, defaults applied. */
export type OperationParams<O extends OperationConfig> = OutputOf<O['params']['path']> & OutputOf<O['params']['query']>;
/** The success body. */
export type OperationResult<O extends OperationConfig> = z.output<O['response']>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Declares an operation once. Checks at definition time that the path's placeholders and
 * the path schema name the same parameters, and that no name is both a path and a query
 * parameter, so a contract cannot be mounted half-wired.
 */
export function defineOperation<const C extends OperationConfig>(config: C): Operation<C> {
  const pathParams = [...config.path.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  const declared = Object.keys(config.params.path?.shape ?? {});
  const same = pathParams.length === declared.length && pathParams.every((name) => declared.includes(name));
  if (!same) {
    throw new Error(
      `${config.id}: path placeholders [${pathParams.join(',')}] differ from path parameters [${declared.join(',')}]`,
    );
  }
  const query = Object.keys(config.params.query?.shape ?? {});
  const clash = query.find((name) => declared.includes(name));
  if (clash) throw new Error(`${config.id}: '${clash}' is both a path and a query parameter`);
  return Object.freeze({ ...config, pathParams: Object.freeze(pathParams) });
}

/**
 * The declared maximum of an integer query parameter (`integerParam` records it), e.g. the largest
 * `limit` or `offset` an operation takes. Paging and export need it; an operation that pages
 * without one is a contract error.
 */
export function parameterMaximum(operation: OperationConfig, name: string): number {
  const schema: unknown = operation.params.query?.shape[name];
  const maximum = schema
    ? (z.globalRegistry.get(schema as z.ZodType) as { maximum?: unknown } | undefined)?.maximum
    : undefined;
  if (typeof maximum !== 'number')
    throw new Error(`${operation.id}: paging needs '${name}' declared with a maximum (integerParam)`);
  return maximum;
}

/** Names of the query parameters an operation takes. */
export function queryParamNames(operation: OperationConfig): string[] {
  return Object.keys(operation.params.query?.shape ?? {});
}

/** Fills a path template: `{name}` → the percent-encoded value. */
export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(String(values[name])));
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** A contract of modules (`{ explore: { search, … }, albums: { getDetail, … } }`) as one flat contract keyed `<module>.<method>`. */
export type FlatContract<M extends Record<string, Contract>> = UnionToIntersection<
  { [K in keyof M & string]: { [J in keyof M[K] & string as `${K}.${J}`]: M[K][J] } }[keyof M & string]
>;

/**
 * Flattens a contract grouped in client modules into the one contract the service mounts (a flat
 * key is unique where several modules have a method of the same name, e.g. `albums.getDetail`).
 */
export function flattenModules<const M extends Record<string, Contract>>(modules: M): FlatContract<M> {
  const flat: Record<string, Operation> = {};
  for (const [module, operations] of Object.entries(modules)) {
    for (const [method, operation] of Object.entries(operations)) flat[`${module}.${method}`] = operation;
  }
  return flat as FlatContract<M>;
}
