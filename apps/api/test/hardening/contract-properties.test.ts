import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ErrorBody, type Operation } from '@socialquery/core';
import fc from 'fast-check';
import { platformsOf } from '../../src/app.js';
import { isCredentialName } from '../../src/security.js';
import { listen, startTestService, type TestService } from '../harness.js';
import { accepts, anyText, invalidValue, type ParamShape, paramShapes, validValue } from './param-arbitraries.js';

/**
 * Property-based tests over every mounted operation (whatever platformsOf(store) mounts, so new
 * platforms are covered as they are added): random valid parameter sets → 200 and a body the
 * response schema accepts; random identifiers → 200 or 404; random invalid sets → 400 with the
 * one error body. Never a 5xx, never a hang (each request has a deadline).
 */

/**
 * Random cases per property and operation. The contract's breadth is the SQLite run's (30); the
 * PostgreSQL run (10) looks for what only that store's SQL could answer wrongly (a 5xx, a hang).
 */
const RUNS = Number(process.env.HARDENING_RUNS ?? (process.env.SOCIALQUERY_TEST_STORE === 'postgres' ? 10 : 30));
// far above any answer, even on a loaded machine: what it catches is a request never answered
const REQUEST_DEADLINE_MS = 30_000;

let service: TestService;
let server: Server;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
let examples: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  // only what is mounted: a platform's demo data costs seconds to seed
  service = await startTestService();
  ({ server } = await listen(service.app));
  port = (server.address() as AddressInfo).port;
  examples = (await service.store.examples()) as unknown as Record<string, Record<string, string>>;
});
afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

/** Every operation the service mounts; the store object is only read for its Sources (no query runs here). */
const operations: Operation[] = platformsOf({
  forum: {},
  microblog: {},
  shortvideo: {},
  professional: {},
  video: {},
  music: {},
} as never).flatMap((platform) => Object.values(platform.contract));

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** A GET whose target goes on the wire exactly as built (no URL normalisation), with a deadline. */
function get(target: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: target, headers, agent, timeout: REQUEST_DEADLINE_MS },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += String(chunk)));
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body, text });
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`no answer within ${REQUEST_DEADLINE_MS} ms: GET ${target.slice(0, 200)}`)),
    );
    req.on('error', reject);
    req.end();
  });
}

const platformOf = (operation: Operation) => operation.id.split('.')[0]!;
const credentialFor = (operation: Operation): Record<string, string> =>
  operation.auth === 'bearer' ? { authorization: `Bearer ${service.token}` } : { 'x-api-key': service.apiKey };

type Pairs = [string, string][];

function target(operation: Operation, path: Record<string, string>, query: Pairs): string {
  const filled = operation.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) =>
    encodeURIComponent(path[name] ?? ''),
  );
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return search ? `${filled}?${search}` : filled;
}

/** A valid request: path values and query pairs, every optional parameter present or not. */
function validRequest(operation: Operation, shapes: ParamShape[]) {
  const examplesOfPlatform = examples[platformOf(operation)] ?? {};
  const members: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const shape of shapes) {
    const value = validValue(shape, examplesOfPlatform);
    if (value === undefined) {
      if (shape.required) throw new Error(`${operation.id}: no valid value known for required ${shape.name}`);
      continue;
    }
    members[shape.name] = shape.required ? value : fc.option(value, { nil: undefined });
  }
  return (
    fc
      .record(members)
      .map((values) => {
        const path: Record<string, string> = {};
        const query: Pairs = [];
        for (const shape of shapes) {
          const value = values[shape.name];
          if (value === undefined) continue;
          if (shape.where === 'path') path[shape.name] = value;
          else query.push([shape.name, value]);
        }
        return { path, query };
      })
      // each value is valid on its own; a rule between parameters (the aggregate's over18 with posts only) is the whole query's
      .filter(({ query }) => operation.params.query?.safeParse(Object.fromEntries(query)).success ?? true)
  );
}

/**
 * A 400 that depends on the data, not on the request's form: a prefix of the query language standing
 * for more stored words than a query may (core's QUERY_PREFIX_WORDS_MAX), which no schema can know.
 */
const refusedByData = (answer: Answer) =>
  answer.status === 400 && /is not a valid query: .*\* stands for more than/.test(answer.text);

function expectOneErrorBody(answer: Answer, status: number, codes: readonly string[]) {
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  const body = ErrorBody.parse(answer.body);
  expect(body.statusCode).toBe(status);
  expect(codes).toContain(body.code);
  expect(answer.text).not.toMatch(/\bat .+\.(ts|js):\d+|SELECT |sqlite|postgres/i);
}

const ready = () => operations.filter((operation) => examples[platformOf(operation)] !== undefined);

describe('every mounted operation, by property', () => {
  it('mounts something to test, and the demo data has examples for every platform', () => {
    expect(operations.length).toBeGreaterThanOrEqual(14);
    expect(ready().map(platformOf).sort()).toEqual(operations.map(platformOf).sort());
  });

  describe.each(operations.map((operation) => [operation.id, operation] as const))('%s', (_id, operation) => {
    const shapes = paramShapes(operation);
    const query = shapes.filter((shape) => shape.where === 'query');
    const identifiers = shapes.filter((shape) => shape.kind === 'string' && shape.required);
    /** Whether every identifier has an example of its own name (then it exists, and the answer is 200). */
    const identifiersByName = () =>
      identifiers.every((shape) => examples[platformOf(operation)]?.[shape.name] !== undefined);

    it('answers random valid parameter sets with 200 and a body the response schema accepts', async () => {
      await fc.assert(
        fc.asyncProperty(validRequest(operation, shapes), async ({ path, query: pairs }) => {
          const answer = await get(target(operation, path, pairs), credentialFor(operation));
          // an identifier picked only because its schema accepts it (a music URI of the right kind) may name nothing
          if (answer.status === 404 && !identifiersByName()) {
            expectOneErrorBody(answer, 404, ['not_found']);
            return;
          }
          if (refusedByData(answer)) {
            expectOneErrorBody(answer, 400, ['invalid_parameter']);
            return;
          }
          if (answer.status !== 200)
            throw new Error(`expected 200, got ${answer.status}: ${answer.text.slice(0, 300)}`);
          const parsed = operation.response.safeParse(answer.body);
          if (!parsed.success) throw new Error(`response schema: ${parsed.error.message.slice(0, 500)}`);
        }),
        { numRuns: RUNS },
      );
    });

    if (identifiers.length > 0) {
      it('answers random identifiers with 200 or 404 when the schema accepts them, 400 otherwise', async () => {
        const randomIds = fc.record(Object.fromEntries(identifiers.map((shape) => [shape.name, anyText(60)])));
        await fc.assert(
          fc.asyncProperty(validRequest(operation, shapes), randomIds, async (valid, ids) => {
            const path = { ...valid.path };
            const pairs = valid.query.filter(([name]) => !(name in ids));
            for (const shape of identifiers) {
              if (shape.where === 'path') path[shape.name] = ids[shape.name]!;
              else pairs.push([shape.name, ids[shape.name]!]);
            }
            const answer = await get(target(operation, path, pairs), credentialFor(operation));
            const acceptable = identifiers.every((shape) => accepts(shape, ids[shape.name]!));
            if (!acceptable) {
              expectOneErrorBody(answer, 400, ['invalid_parameter']);
              return;
            }
            if (answer.status === 404) {
              expectOneErrorBody(answer, 404, ['not_found']);
              return;
            }
            if (refusedByData(answer)) {
              expectOneErrorBody(answer, 400, ['invalid_parameter']);
              return;
            }
            if (answer.status !== 200)
              throw new Error(`expected 200 or 404, got ${answer.status}: ${answer.text.slice(0, 300)}`);
            expect(operation.response.safeParse(answer.body).error).toBeUndefined();
          }),
          { numRuns: RUNS },
        );
      });
    }

    it('answers random invalid parameter sets with 400 and the one error body', async () => {
      const names = query.map((shape) => shape.name);
      const mutations: fc.Arbitrary<{
        mutate: (req: { path: Record<string, string>; query: Pairs }) => void;
        codes: string[];
      }>[] = [
        // an unknown name, including prototype keys and array/object syntax
        fc
          .oneof(
            fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'limt', '', ' '),
            fc
              .constantFrom(...(names.length > 0 ? names : ['limit']))
              .chain((name) => fc.constantFrom(`${name}[]`, `${name}[0]`, `${name}[a]`, `${name}.x`)),
            anyText(20),
          )
          .filter((name) => !names.includes(name) && !isCredentialName(name) && name !== '')
          .map((name) => ({
            mutate: (req) => void req.query.push([name, '1']),
            codes: name.includes('\0') ? ['invalid_parameter'] : ['unknown_parameter'],
          })),
      ];
      if (query.length > 0) {
        // a parameter given twice
        mutations.push(
          fc.constantFrom(...query).map((shape) => ({
            mutate: (req) => {
              const kept = req.query.filter(([name]) => name !== shape.name);
              req.query.length = 0;
              req.query.push(...kept, [shape.name, '1'], [shape.name, '2']);
            },
            codes: ['invalid_parameter'],
          })),
        );
      }
      // a value the parameter's schema refuses (a paging token: anything the service did not issue)
      const refusals = shapes.flatMap((shape) => {
        const value = shape.token ? anyText(60) : invalidValue(shape);
        return value ? [value.map((v) => ({ shape, value: v }))] : [];
      });
      if (refusals.length > 0) {
        mutations.push(
          fc.oneof(...refusals).map(({ shape, value }) => ({
            mutate: (req) => {
              if (shape.where === 'path') req.path[shape.name] = value;
              else {
                const kept = req.query.filter(([name]) => name !== shape.name);
                req.query.length = 0;
                req.query.push(...kept, [shape.name, value]);
              }
            },
            codes: shape.token
              ? ['invalid_cursor', 'invalid_parameter']
              : value === ''
                ? ['invalid_parameter', 'missing_parameter']
                : ['invalid_parameter'],
          })),
        );
      }
      const requiredQuery = query.filter((shape) => shape.required);
      if (requiredQuery.length > 0) {
        mutations.push(
          fc.constantFrom(...requiredQuery).map((shape) => ({
            mutate: (req) => {
              const kept = req.query.filter(([name]) => name !== shape.name);
              req.query.length = 0;
              req.query.push(...kept);
            },
            codes: ['missing_parameter'],
          })),
        );
      }
      await fc.assert(
        fc.asyncProperty(validRequest(operation, shapes), fc.oneof(...mutations), async (req, { mutate, codes }) => {
          const copy = { path: { ...req.path }, query: [...req.query] };
          mutate(copy);
          const answer = await get(target(operation, copy.path, copy.query), credentialFor(operation));
          expectOneErrorBody(answer, 400, codes);
        }),
        { numRuns: RUNS + 10 },
      );
    });
  });
});
