import type { Operation } from '@socialquery/core';
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries of query and path values, derived from an operation's own zod schemas:
 * integerParam/booleanParam carry `.meta({ type, minimum, maximum })`, enumParam wraps a ZodEnum,
 * the rest are strings checked by the schema itself (the oracle of what is valid).
 */

type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  entries?: Record<string, string>;
}

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

export interface ParamShape {
  name: string;
  schema: Schema;
  kind: 'integer' | 'boolean' | 'enum' | 'string' | 'time';
  /** A time bound's end (core's timeBoundParam, `x-time-bound` in its meta). */
  bound?: 'after' | 'before';
  min?: number;
  max?: number;
  options?: string[];
  required: boolean;
  /** A paging token (`cursor`, `nextToken`, `paginationToken`): only the service issues valid ones. */
  token: boolean;
  where: 'path' | 'query';
}

/** The ZodEnum inside default/optional wrappers, if any. */
function enumOptions(schema: Schema): string[] | undefined {
  let current: Schema | undefined = schema;
  for (let depth = 0; current && depth < 5; depth++) {
    const def = defOf(current);
    if (def.type === 'enum' && def.entries) return Object.values(def.entries);
    current = def.innerType ?? def.in;
  }
  return undefined;
}

export function paramShapes(operation: Operation): ParamShape[] {
  const shapes: ParamShape[] = [];
  for (const where of ['path', 'query'] as const) {
    const object = operation.params[where];
    for (const [name, schema] of Object.entries(object?.shape ?? {}) as [string, Schema][]) {
      const meta = (schema.meta() ?? {}) as {
        type?: string;
        minimum?: number;
        maximum?: number;
        description?: string;
        'x-time-bound'?: 'after' | 'before';
      };
      const required = !schema.safeParse(undefined).success;
      const token = /previous page/i.test(meta.description ?? '');
      const options = enumOptions(schema);
      const bound = meta['x-time-bound'];
      const kind =
        meta.type === 'integer'
          ? 'integer'
          : meta.type === 'boolean'
            ? 'boolean'
            : bound
              ? 'time'
              : options
                ? 'enum'
                : 'string';
      shapes.push({
        name,
        schema,
        kind,
        ...(meta.type === 'integer' ? { min: meta.minimum!, max: meta.maximum! } : {}),
        ...(options ? { options } : {}),
        ...(bound ? { bound } : {}),
        required,
        token,
        where,
      });
    }
  }
  return shapes;
}

/** Whether the service takes this value: its schema accepts it, and it holds no NUL (refused service-wide). */
export const accepts = (shape: ParamShape, value: string) =>
  !value.includes('\0') && shape.schema.safeParse(value).success;

/** Free text a person might send: any grapheme, plus the characters that matter in URLs and SQL. */
export const anyText = (maxLength = 40) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength }),
    fc.string({
      unit: fc.constantFrom(
        'a',
        '%',
        '/',
        '.',
        '..',
        '?',
        '#',
        '&',
        '=',
        '+',
        ' ',
        '\0',
        "'",
        '"',
        '\\',
        '_',
        '*',
        'é',
        '😀',
      ),
      minLength: 1,
      maxLength,
    }),
  );

/**
 * A valid value for one parameter. Identifiers come from `examples` (values the demo data holds)
 * by name, else from any example value the schema accepts; free strings are samples the schema
 * accepts (its own default among them) or random text when the schema happens to accept it.
 * An arbitrary producing undefined means "leave it out"; no arbitrary: no valid value is known.
 */
export function validValue(
  shape: ParamShape,
  examples: Record<string, string>,
): fc.Arbitrary<string | undefined> | undefined {
  switch (shape.kind) {
    case 'integer':
      // every minScore is at most every maxScore (a maxScore below minScore is a 400 of its own)
      if (shape.name === 'minScore') return fc.integer({ min: shape.min!, max: 0 }).map(String);
      if (shape.name === 'maxScore') return fc.integer({ min: 0, max: shape.max! }).map(String);
      return fc.integer({ min: shape.min!, max: shape.max! }).map(String);
    case 'boolean':
      return fc.constantFrom('true', 'false');
    case 'enum': {
      // an enumeration the examples name a value of (a history's `record`) says what kind the example's identifier is
      const named = examples[shape.name];
      return named !== undefined && shape.options!.includes(named)
        ? fc.constant(named)
        : fc.constantFrom(...shape.options!);
    }
    case 'time':
      // every `after` is earlier than every `before` (after >= before is a 400 of its own), in every wire form
      return shape.bound === 'after'
        ? fc.oneof(
            fc.constantFrom(
              '0',
              '2024-05-01',
              '1970-01-01T00:00:00Z',
              '2026-06-01T12:30:00+02:00',
              '2026-06-15T11:00:00.5Z',
            ),
            fc.integer({ min: 0, max: 1_999_999_999 }).map(String),
          )
        : fc.oneof(
            fc.constantFrom('2000000000', '2040-01-01', '9999-12-31T23:59:59.999Z', '2100-02-28T00:00:00-05:00'),
            fc.integer({ min: 2_000_000_000, max: 253_402_300_799 }).map(String),
          );
    case 'string': {
      if (shape.token) return undefined;
      const named = examples[shape.name];
      if (named !== undefined) return fc.constant(named);
      const fitting = Object.values(examples).filter((value) => accepts(shape, value));
      if (shape.required) return fitting.length > 0 ? fc.constantFrom(...fitting) : undefined;
      const fallback = shape.schema.safeParse(undefined).data;
      const samples = [
        'best',
        'worst',
        'bestaudio',
        '720p',
        '1080p',
        '1',
        '100000000000000000',
        'engineer',
        'a',
        ...fitting,
        ...(typeof fallback === 'string' ? [fallback] : []),
      ];
      const fine = samples.filter((value) => accepts(shape, value));
      // never `.filter` random text by the schema: a schema accepting almost nothing would make generation spin
      const text = anyText(20).map((value) => (accepts(shape, value) ? value : undefined));
      return fine.length > 0 ? fc.oneof(fc.constantFrom(...fine), text) : text;
    }
  }
}

/**
 * Wire values that a parameter of this shape refuses (by its own schema), or undefined when none
 * of the candidates is refused (then the parameter cannot be made invalid by value alone).
 */
export function invalidValue(shape: ParamShape): fc.Arbitrary<string> | undefined {
  const refused = (values: string[]) =>
    values.filter((value) => !accepts(shape, value) && !(shape.where === 'path' && value === ''));
  const common = ['', ' ', '\0', '%00', 'null', 'undefined', '[]', '{}', '__proto__', '😀', 'x'.repeat(3000)];
  const refusedText = (maxLength: number) => anyText(maxLength).filter((value) => !accepts(shape, value));
  let constants: string[];
  let random: fc.Arbitrary<string>[] = [];
  switch (shape.kind) {
    case 'integer':
      constants = [
        ...common,
        '-0',
        '+1',
        '1.5',
        '1.0',
        '1e2',
        ' 1',
        '1 ',
        '0x10',
        '0b1',
        'NaN',
        'Infinity',
        '-Infinity',
        '١',
        '１',
        '1\0',
        '9'.repeat(400),
      ];
      random = [
        fc.integer({ min: Math.min(-1_000_000, shape.min! - 1_000_000), max: shape.min! - 1 }).map(String),
        fc.integer({ min: shape.max! + 1, max: Math.max(2_000_000_000, shape.max! + 1_000_000) }).map(String),
        fc.bigInt({ min: 2n ** 53n, max: 10n ** 40n }).map(String),
        fc
          .double({ noNaN: true })
          .filter((n) => !Number.isInteger(n))
          .map(String),
      ];
      break;
    case 'boolean':
      constants = [...common, 'TRUE', 'True', 'FALSE', '1', '0', 'yes', 'no', 'on', 'true ', ' false', 't'];
      random = [refusedText(10)];
      break;
    case 'enum':
      constants = [
        ...common,
        ...shape.options!.flatMap((option) => [
          option.toUpperCase(),
          option.toLowerCase(),
          ` ${option}`,
          `${option}\0`,
        ]),
      ];
      random = [refusedText(20)];
      break;
    case 'string':
      constants = [...common, 'y'.repeat(1000), 'y'.repeat(2000)];
      break;
    case 'time':
      constants = [
        ...common,
        'yesterday',
        'now',
        '2024-02-30',
        '2024-13-01',
        '2024-05-01T12:00:00',
        '2024-05-01T24:00:00Z',
        '2024-05-01T12:00:00.1234Z',
        '2024-05-01 12:00:00Z',
        '2024-05-01T12:00:00+0200',
        '2024-05-01T12:00:00 02:00',
        '-1',
        '1.5',
        '1e9',
        ' 1',
        '253402300800',
        '1969-12-31T23:59:59Z',
        '٣',
        '9'.repeat(400),
      ];
      random = [refusedText(30), fc.bigInt({ min: 253_402_300_800n, max: 10n ** 30n }).map(String)];
      break;
  }
  const fixed = refused(constants);
  if (fixed.length === 0 && random.length === 0) return undefined;
  return fc.oneof(
    ...(fixed.length > 0 ? [fc.constantFrom(...fixed)] : []),
    ...random.map((arbitrary) => arbitrary.filter((value) => !accepts(shape, value))),
  );
}
