import { z } from 'zod';

/**
 * Field selection (`fields=id,title,author.name`), an extension every operation takes besides its
 * own parameters (without it the answer is unchanged). It trims the response's *records* to the given field paths and leaves the
 * envelope around them as it is:
 *
 * - a response that is a list — one array of objects beside scalar paging fields (`posts`,
 *   `messages` + `nextToken`, music `items` + `totalCount`…), found under `data` for envelopes —
 *   has each element of that array as a record;
 * - otherwise the object itself is the record (the `data` object of an envelope: a profile, an
 *   album's detail).
 *
 * A path names a field of the record, dot-separated into nested objects; arrays are stepped
 * through (`media.url` is the url of each media item). A path selects the whole value under it.
 * Paths are checked against the response schema, so an unknown one is refused naming the valid
 * ones at the level where it went wrong.
 */

/** Fields below a node of the response schema; `undefined` for a leaf (a scalar, or a value whose keys are data). */
export type FieldTree = ReadonlyMap<string, FieldTree | undefined>;

/** Where the records sit in a response: the keys leading to them, and whether that value is a list of them. */
export interface RecordsLocation {
  readonly path: readonly string[];
  readonly many: boolean;
  readonly fields: FieldTree;
  /** The schema of one record. */
  readonly record: z.ZodType;
}

/** A parsed `fields` value: the selected keys, each either whole (`true`) or narrowed further. */
export type FieldSelection = ReadonlyMap<string, FieldSelection | true>;

/**
 * The record field that holds what a source carries beyond the API's fields (a YouTube item's
 * description, tags, counts…): answered only when `fields` selects it (`fields=videoId,extra`), so an
 * answer without `fields` is the specified shape, and a request that does not ask never reads it.
 * It is selected whole (its keys are the source's, not a schema's).
 */
export const EXTRA_FIELD = 'extra';

/** The schema of a record's `extra`: the source's own fields, in its nesting and types. */
export const extraField = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    "The source's fields the API has no field of its own for, in the source's nesting and types; " +
      "answered only when `fields` names `extra` (records with no source item, such as the demo's, have none).",
  );

/** Longest `fields` value accepted on the wire. */
export const FIELDS_MAX_LENGTH = 2048;

/** Nesting bound of the schema walk (the response schemas nest 4 deep at most; lazy schemas could recurse). */
const MAX_DEPTH = 8;

export const fieldsParam = z
  .string({ error: 'must be a comma-separated list of field paths' })
  .max(FIELDS_MAX_LENGTH, { error: `must be at most ${FIELDS_MAX_LENGTH} characters` })
  .optional()
  .describe(
    'Comma-separated field paths (`id,title,author.name`) that trim each record of the response (each item of a list, ' +
      'or the `data` object) to those fields; the envelope is kept. Arrays are stepped through (`media.url`). ' +
      'An unknown path → 400 `invalid_parameter` naming the valid ones.',
  );

// The walk reads zod's schema definitions (`_zod.def`) directly. Walking zod's own JSON Schema
// (`z.toJSONSchema`, output side) instead gives the same trees but was measured 12x slower at startup
// (BENCHMARKS.md, "Libraries over own code"): the conversion builds and JSON-copies a whole document
// per schema.
type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => schema._zod.def as Def;

/** Strips wrappers that do not change which fields a value has. */
function unwrap(schema: z.ZodType, depth = 0): z.ZodType {
  if (depth > MAX_DEPTH) return schema;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unwrap(def.innerType as z.ZodType, depth + 1);
    case 'pipe': {
      const out = def.out as z.ZodType;
      return unwrap(defOf(out).type === 'transform' ? (def.in as z.ZodType) : out, depth + 1);
    }
    case 'lazy':
      return unwrap((def.getter as () => z.ZodType)(), depth + 1);
    default:
      return schema;
  }
}

/** The fields a value of `schema` has (arrays stepped through, unions merged); undefined for a leaf. */
export function fieldTreeOf(schema: z.ZodType, depth = 0): FieldTree | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'array':
      return fieldTreeOf(def.element as z.ZodType, depth);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return new Map(Object.entries(shape).map(([key, value]) => [key, fieldTreeOf(value, depth + 1)]));
    }
    case 'union':
      return mergeTrees((def.options as z.ZodType[]).map((option) => fieldTreeOf(option, depth)));
    case 'intersection':
      return mergeTrees([fieldTreeOf(def.left as z.ZodType, depth), fieldTreeOf(def.right as z.ZodType, depth)]);
    default:
      return undefined;
  }
}

function mergeTrees(trees: readonly (FieldTree | undefined)[]): FieldTree | undefined {
  const present = trees.filter((tree): tree is FieldTree => tree !== undefined);
  if (present.length === 0) return undefined;
  const merged = new Map<string, FieldTree | undefined>();
  for (const tree of present) {
    for (const [key, sub] of tree) merged.set(key, merged.has(key) ? mergeTrees([merged.get(key), sub]) : sub);
  }
  return merged;
}

const isArray = (schema: z.ZodType) => defOf(unwrap(schema)).type === 'array';

/** Where the records of a response schema are (see the module comment). */
export function locateRecords(response: z.ZodType): RecordsLocation {
  const path: string[] = [];
  let node = unwrap(response);
  const shapeOf = (schema: z.ZodType) =>
    defOf(schema).type === 'object' ? (defOf(schema).shape as Record<string, z.ZodType>) : undefined;
  const data = shapeOf(node)?.data;
  if (data) {
    path.push('data');
    node = unwrap(data);
  }
  const elementOf = (schema: z.ZodType) => unwrap(defOf(unwrap(schema)).element as z.ZodType);
  if (isArray(node)) return { path, many: true, fields: fieldTreeOf(node) ?? new Map(), record: elementOf(node) };
  const shape = shapeOf(node);
  if (shape) {
    const structured = Object.entries(shape).filter(([, value]) => fieldTreeOf(value) !== undefined);
    const [only] = structured;
    if (structured.length === 1 && only && isArray(only[1])) {
      return {
        path: [...path, only[0]],
        many: true,
        fields: fieldTreeOf(only[1]) ?? new Map(),
        record: elementOf(only[1]),
      };
    }
  }
  return { path, many: false, fields: fieldTreeOf(node) ?? new Map(), record: node };
}

/** The value at a key path of nested objects (undefined where the path leaves them: a scalar, null, an array or a missing key). */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The records of a response body (a list's items; a one-record response as a list of one; none when absent). */
export function recordsOf(body: unknown, location: RecordsLocation): unknown[] {
  const node = valueAt(body, location.path);
  if (location.many) return Array.isArray(node) ? node : [];
  return node === undefined || node === null ? [] : [node];
}

/**
 * A record schema's columns for flat formats (CSV): the dotted paths of its values, nested objects
 * flattened into their fields and every array one column (its cell holds the array as JSON).
 */
export function recordColumns(record: z.ZodType, prefix = '', depth = 0): string[] {
  const def = defOf(unwrap(record));
  if (depth <= MAX_DEPTH && def.type === 'object') {
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
      recordColumns(value, `${prefix}${key}.`, depth + 1),
    );
  }
  if (
    depth <= MAX_DEPTH &&
    (def.type === 'union' || def.type === 'intersection') &&
    fieldTreeOf(record) !== undefined &&
    !isArray(record)
  ) {
    // the union of the options' columns, in first-seen order
    const options =
      def.type === 'union' ? (def.options as z.ZodType[]) : [def.left as z.ZodType, def.right as z.ZodType];
    return [...new Set(options.flatMap((option) => recordColumns(option, prefix, depth)))];
  }
  return prefix === '' ? [] : [prefix.slice(0, -1)];
}

/** Every valid field path of a tree, dotted, parents before their children. */
export function fieldPaths(tree: FieldTree, prefix = ''): string[] {
  return [...tree].flatMap(([key, sub]) => [`${prefix}${key}`, ...(sub ? fieldPaths(sub, `${prefix}${key}.`) : [])]);
}

/** A `fields` value that names no valid selection. */
export class FieldsError extends Error {
  constructor(
    message: string,
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'FieldsError';
  }
}

/**
 * Parses a `fields` value (a comma-separated string or a list of paths) against the records'
 * fields. Throws a FieldsError naming the valid paths at the level where a path went wrong.
 */
export function parseFields(value: string | readonly string[], fields: FieldTree): FieldSelection {
  const paths = (typeof value === 'string' ? value.split(',') : [...value]).map((path) => path.trim());
  if (paths.length === 0 || paths.some((path) => path === '')) {
    throw new FieldsError('fields must list field paths separated by commas, none empty', [
      { path: 'fields', message: 'must not contain an empty field path' },
    ]);
  }
  const selection = new Map<string, FieldSelection | true>();
  const problems: { path: string; message: string }[] = [];
  for (const path of paths) {
    const problem = select(selection, path.split('.'), fields, '');
    if (problem) problems.push({ path: 'fields', message: problem });
  }
  if (problems.length > 0) throw new FieldsError(problems.map((problem) => problem.message).join('; '), problems);
  return selection;
}

function select(
  into: Map<string, FieldSelection | true>,
  keys: readonly string[],
  fields: FieldTree,
  parent: string,
): string | undefined {
  const [key, ...rest] = keys as [string, ...string[]];
  const here = `${parent}${key}`;
  if (!fields.has(key)) {
    const valid = [...fields.keys()].map((name) => `${parent}${name}`);
    return `unknown field '${here}'; valid ${parent ? `fields of ${parent.slice(0, -1)}` : 'fields'}: ${valid.join(', ')}`;
  }
  if (rest.length === 0) {
    into.set(key, true);
    return undefined;
  }
  const sub = fields.get(key);
  if (!sub) return `'${here}' has no fields to select ('${keys.join('.')}')`;
  const existing = into.get(key);
  if (existing === true) return undefined; // the whole value is already selected
  const nested =
    (existing as Map<string, FieldSelection | true> | undefined) ?? new Map<string, FieldSelection | true>();
  into.set(key, nested);
  return select(nested, rest, sub, `${here}.`);
}

/** A copy of `value` holding only the selected fields (arrays stepped through, null and scalars kept as they are). */
export function pickFields(value: unknown, selection: FieldSelection): unknown {
  if (Array.isArray(value)) return value.map((item) => pickFields(item, selection));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  // the record's own key order, not the request's
  for (const key of Object.keys(source)) {
    const wanted = selection.get(key);
    if (wanted === undefined) continue;
    picked[key] = wanted === true ? source[key] : pickFields(source[key], wanted);
  }
  return picked;
}

/** The response body with its records trimmed to `selection`; the envelope is copied as it is. */
export function trimRecords(body: unknown, location: RecordsLocation, selection: FieldSelection): unknown {
  const trimAt = (node: unknown, depth: number): unknown => {
    if (depth === location.path.length) return pickFields(node, selection);
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const key = location.path[depth]!;
    const object = node as Record<string, unknown>;
    return key in object ? { ...object, [key]: trimAt(object[key], depth + 1) } : node;
  };
  return trimAt(body, 0);
}

// ---------------------------------------------------------------------------------------------
// Types: what a client's call with `fields` returns. They follow the runtime rules above: the
// records of a list (the one structured member, an array) or the object itself, under `data` for
// envelopes; each record keeps only the selected keys.

type Head<P extends string> = P extends `${infer H}.${string}` ? H : P;
type Below<P extends string, K extends string> = P extends `${K}.${infer R}` ? R : never;

/** `T` keeping only the paths `P` (arrays stepped through, null kept). */
export type Select<T, P extends string> = T extends readonly (infer E)[]
  ? Select<E, P>[]
  : T extends object
    ? { [K in Head<P> & keyof T]: K extends P ? T[K] : Select<T[K], Below<P, K & string>> }
    : T;

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/** Whether a value has fields: an object, or an array of objects (an array of scalars, like `notFound: string[]`, is a leaf). */
type Structured<V> = V extends readonly (infer E)[]
  ? NonNullable<E> extends object
    ? true
    : false
  : V extends object
    ? true
    : false;
type StructuredKeys<T> = { [K in keyof T]-?: [Structured<NonNullable<T[K]>>] extends [true] ? K : never }[keyof T];

type InRecords<T, P extends string> = T extends readonly unknown[]
  ? Select<T, P>
  : [StructuredKeys<T>] extends [never]
    ? Select<T, P>
    : IsUnion<StructuredKeys<T>> extends true
      ? Select<T, P>
      : NonNullable<T[StructuredKeys<T>]> extends readonly unknown[]
        ? Omit<T, StructuredKeys<T>> & { [K in StructuredKeys<T>]: Select<T[K], P> }
        : Select<T, P>;

/** A response whose records are trimmed to the paths `P`. */
export type Trimmed<R, P extends string> = R extends { data: infer D }
  ? Omit<R, 'data'> & { data: InRecords<D, P> }
  : InRecords<R, P>;

/** One record of a response: an item of its list (under `data` for envelopes), else never (a single-record answer). */
export type RecordOf<R> = R extends { data: infer D } ? ListItem<D> : ListItem<R>;
type ListItem<T> = T extends readonly (infer E)[]
  ? E
  : [StructuredKeys<T>] extends [never]
    ? never
    : IsUnion<StructuredKeys<T>> extends true
      ? never
      : NonNullable<T[StructuredKeys<T>]> extends readonly (infer E)[]
        ? E
        : never;
