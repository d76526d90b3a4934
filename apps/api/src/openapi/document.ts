import { readFileSync } from 'node:fs';
import {
  type AuthScheme,
  ErrorBody,
  exportFormatParam,
  exportMediaTypes,
  fieldsParam,
  locateRecords,
  type Operation,
} from '@socialquery/core';
import type { MountablePlatform } from '@socialquery/core/server';
import { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiOverrideContext,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import { errorBodyWithExtras, errorResponses } from './error-responses.js';
import { headers } from './headers.js';

/** The one place the OpenAPI document's version and title come from: this app's package.json. */
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** How each credential kind is sent; the names are the `auth` values of the contracts. */
const securitySchemes: Record<AuthScheme, oas31.SecuritySchemeObject> = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'An API key (printed by the first start, or `pnpm -s cli keys create --kind api-key`).',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A bearer token (printed by the first start, or `pnpm -s cli keys create --kind token`), sent as `Authorization: Bearer <token>`.',
  },
};

const DESCRIPTION = `Read-only queries over public social and media data. Every operation is a GET.

**Credentials.** Each operation names the credential it takes: an API key in the \`x-api-key\` header, or a bearer
token in \`Authorization: Bearer <token>\`. Use *Authorize* to enter yours.

**Errors.** Every error has one body: \`statusCode\`, \`error\`, \`code\`, \`message\`, \`issues\` for parameter problems,
and \`requestId\` (also in the \`x-request-id\` header of every response). Other methods than GET answer 405
\`method_not_allowed\` with \`Allow: GET, HEAD\`.

**Paging.** Paging tokens (\`paginationToken\`, \`cursor\`, \`nextToken\`) are opaque and bound to the query that produced
them: pass the one from a response back unchanged, with the same parameters, for the next page. An empty token means
the last page.

**Budgets.** Each credential has a request budget per window (\`RateLimit-*\` headers); an operation costs 1 unit unless
its description says more. Past the budget: 429 \`rate_limited\` with \`Retry-After\`.

**Caching.** JSON responses carry a weak \`ETag\` and \`Cache-Control: private, no-cache\`: send the ETag back in
\`If-None-Match\` to get a 304 without a body. Bodies above 1 KB are compressed (gzip or br) when \`Accept-Encoding\` allows.`;

/**
 * Per platform (the first part of an operation id), identifiers that exist in the store, keyed by
 * parameter name (`{ forum: { community, username } }`, as the store's `examples()` returns them).
 */
export type ParameterExamples = object;

/**
 * The OpenAPI 3.1 document of the operations the service mounts, derived from their contracts:
 * parameters with their defaults, enumerations and bounds, security, success and error bodies,
 * the error bodies of each status it can answer. Parameter examples are added by `withParameterExamples`.
 */
export function buildOpenApiDocument(platforms: readonly MountablePlatform[]): oas31.OpenAPIObject {
  const operations = platforms.flatMap(({ contract }) => Object.values(contract));
  const usedSchemes = [...new Set(operations.map((operation) => operation.auth))];
  const errorBodies = errorBodiesByPlatform(operations);

  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] = {
      ...paths[operation.path],
      get: operationObject(operation, errorBodies.get(platformOf(operation)) ?? ErrorBody),
    };
  }
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'socialquery API',
        version: packageJson.version,
        description: DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: [...new Set(operations.map(platformOf))].map((name) => ({ name })),
      paths,
      components: {
        schemas: {
          ErrorBody,
          ...Object.fromEntries([...errorBodies].map(([platform, schema]) => [errorBodyName(platform), schema])),
        },
        securitySchemes: Object.fromEntries(usedSchemes.map((scheme) => [scheme, securitySchemes[scheme]])),
      },
    },
    { override: documentedForm },
  );
  return document;
}

function operationObject(operation: Operation, errorBody: z.ZodType): ZodOpenApiOperationObject {
  const { path, query } = operation.params;
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [platformOf(operation)],
    security: [{ [operation.auth]: [] }],
    ...readingExtensions(operation),
    requestParams: { ...(path ? { path } : {}), query: withExtensions(operation, query) },
    responses: {
      200: {
        description: operation.summary,
        headers: {
          'x-request-id': headers.requestId,
          ETag: headers.etag,
          'Cache-Control': headers.cacheControl,
          'RateLimit-Policy': headers.rateLimitPolicy,
          'RateLimit-Limit': headers.rateLimitLimit,
          'RateLimit-Remaining': headers.rateLimitRemaining,
          'RateLimit-Reset': headers.rateLimitReset,
        },
        content: { 'application/json': { schema: operation.response }, ...exportContent(operation) },
      },
      304: {
        description: 'Not Modified: the If-None-Match validator still matches the body; no body is sent.',
        headers: { 'x-request-id': headers.requestId, ETag: headers.etag, 'Cache-Control': headers.cacheControl },
      },
      ...errorResponses(operation, errorBody),
    },
  };
}

/**
 * What a generic reader of the document needs to walk an answer (the `/explore` page does):
 * `x-records`, the key path of the records in the body and whether it holds a list of them;
 * `x-paging`, the contract's paging (`token`: send the body's value at `next` back as `param`).
 */
function readingExtensions(operation: Operation) {
  const { path, many } = locateRecords(operation.response);
  return {
    'x-records': { path, many },
    ...(operation.paging ? { 'x-paging': operation.paging } : {}),
  };
}

/** The operation's own query parameters and the extensions every operation takes (`fields`). */
function withExtensions(operation: Operation, query: z.ZodObject | undefined): z.ZodObject {
  const own = query ?? z.object({});
  if ('fields' in own.shape) return own;
  const records = locateRecords(operation.response);
  const where = records.many
    ? `each item of \`${records.path.join('.')}\``
    : records.path.length > 0
      ? `the \`${records.path.join('.')}\` object`
      : 'the body';
  const fields = fieldsParam.describe(
    `${fieldsParam.description ?? ''} Here the records are ${where}; their fields: ${[...records.fields.keys()].join(', ')}.`,
  );
  return records.many && !('format' in own.shape)
    ? own.extend({ fields, format: exportFormatParam })
    : own.extend({ fields });
}

/** A listing's export media types: NDJSON lines are its records; CSV is their flattened text. */
function exportContent(operation: Operation) {
  const records = locateRecords(operation.response);
  if (!records.many) return {};
  return {
    [exportMediaTypes.ndjson]: {
      schema: records.record.describe(
        'Bulk export (format=ndjson): every record of the listing, one JSON object per line, each of this shape.',
      ),
    },
    [exportMediaTypes.csv]: {
      schema: z
        .string()
        .describe(
          'Bulk export (format=csv): a header row of dotted field paths, then one row per record (RFC 4180, CRLF).',
        ),
    },
  };
}

const platformOf = (operation: Operation) => operation.id.split('.')[0] ?? operation.id;
const errorBodyName = (platform: string) => `${platform[0]?.toUpperCase() ?? ''}${platform.slice(1)}ErrorBody`;

/** Platforms whose operations declare `errorExtras` get an error body of their own (the professional group's `success: false`). */
function errorBodiesByPlatform(operations: readonly Operation[]): Map<string, z.ZodType> {
  const bodies = new Map<string, z.ZodType>();
  for (const operation of operations) {
    if (operation.errorExtras && !bodies.has(platformOf(operation))) {
      bodies.set(platformOf(operation), errorBodyWithExtras(operation.errorExtras));
    }
  }
  return bodies;
}

/**
 * What every schema of the document, each parameter and each part of every body, goes through
 * before it is written: core's parameters in their wire form, then the bounds and patterns zod
 * writes for every schema of a kind, which Swagger UI turns into the example values it shows,
 * trimmed to what describes the data.
 */
function documentedForm(context: ZodOpenApiOverrideContext): void {
  wireFormOfCoreParams(context);
  withoutSafeIntegerBounds(context.jsonSchema);
  withPatternExample(context.jsonSchema);
}

/**
 * zod writes every `.int()` with the bounds of a safe integer, ±(2^53 − 1): they say nothing about
 * the data, and Swagger UI would show `-9007199254740991` as an integer's example value. A bound a
 * schema sets itself (`limit` 1–100, a count's minimum 0) is kept.
 */
function withoutSafeIntegerBounds(schema: ZodOpenApiOverrideContext['jsonSchema']): void {
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

/**
 * The example of a date-time string (core's `Timestamp`: UTC, milliseconds). At midnight, so it
 * also fits the fields that hold a day (a release date).
 */
export const DATE_TIME_EXAMPLE = '2024-05-01T00:00:00.000Z';
/** The example of a calendar date, a string of the pattern `YYYY-MM-DD`. */
export const DATE_EXAMPLE = '2024-05-01';
const CALENDAR_DATE_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}$`;

/**
 * Swagger UI makes a string's example value from its pattern when the schema gives none: a
 * date-time's pattern (zod writes one beside `format: date-time`) or a calendar date's gives a
 * random string of digits (`8792-02-29T…`, `8721-39-57`). Such strings get a real date as their
 * example; the pattern stays, as it says exactly what the service sends (UTC, `Z`). An example a
 * schema gives itself (`.meta({ examples })`) is kept.
 */
function withPatternExample(schema: ZodOpenApiOverrideContext['jsonSchema']): void {
  if (schema.examples !== undefined || schema.example !== undefined) return;
  if (schema.format === 'date-time') schema.examples = [DATE_TIME_EXAMPLE];
  else if (schema.pattern === CALENDAR_DATE_PATTERN) schema.examples = [DATE_EXAMPLE];
}

/**
 * core's integerParam and booleanParam accept a number (or boolean) from the typed clients as
 * well as the wire's string, and declare their wire form in `.meta()` (`type`, bounds, default):
 * document that form instead of the union.
 */
function wireFormOfCoreParams({ zodSchema, jsonSchema, io }: ZodOpenApiOverrideContext) {
  if (io !== 'input') return;
  const meta = z.globalRegistry.get(zodSchema);
  if (meta?.type !== 'integer' && meta?.type !== 'boolean' && meta?.type !== 'string') return;
  delete jsonSchema.anyOf;
  for (const key of ['type', 'minimum', 'maximum', 'default'] as const) {
    if (meta[key] !== undefined) (jsonSchema as Record<string, unknown>)[key] = meta[key];
  }
}

/**
 * A copy of the document whose parameters carry, as `example`, the store's identifier of the same
 * name (`username`), or else one whose name ends with it (`uri` ← `showUri`) that the parameter's
 * own schema accepts (a show URI where a show URI is expected).
 */
export function withParameterExamples(
  document: oas31.OpenAPIObject,
  platforms: readonly MountablePlatform[],
  examples: ParameterExamples,
): oas31.OpenAPIObject {
  const copy = structuredClone(document);
  const byPlatform = examples as Record<string, Record<string, unknown> | undefined>;
  for (const operation of platforms.flatMap(({ contract }) => Object.values(contract))) {
    const known = byPlatform[platformOf(operation)];
    if (!known) continue;
    for (const parameter of copy.paths?.[operation.path]?.get?.parameters ?? []) {
      if ('$ref' in parameter) continue;
      const value = exampleOf(operation, parameter.name, known);
      if (value !== undefined) parameter.example = value;
    }
  }
  return copy;
}

function exampleOf(operation: Operation, name: string, known: Record<string, unknown>): string | undefined {
  const same = known[name];
  if (typeof same === 'string') return same;
  const schema: unknown = operation.params.query?.shape[name] ?? operation.params.path?.shape[name];
  const suffix = `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`;
  const fits = Object.entries(known).find(
    ([key, value]) =>
      key.endsWith(suffix) && typeof value === 'string' && (schema as z.ZodType | undefined)?.safeParse(value).success,
  );
  if (fits) return fits[1] as string;
  // a value that is no identifier of the store (a grouping to count by) may be the schema's own example
  const own = schema ? (z.globalRegistry.get(schema as z.ZodType) as { examples?: unknown[] } | undefined) : undefined;
  return typeof own?.examples?.[0] === 'string' ? own.examples[0] : undefined;
}
