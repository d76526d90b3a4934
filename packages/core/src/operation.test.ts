import { z } from 'zod';
import { defineOperation, fillPath, queryParamNames } from './operation.js';
import { booleanParam, integerParam, requiredString } from './params.js';

const base = {
  method: 'GET',
  auth: 'bearer',
  response: z.object({ ok: z.boolean() }),
  summary: 'A test operation',
} as const;

describe('defineOperation', () => {
  it('returns the config plus the path parameters in template order', () => {
    const path = z.object({ b: requiredString(), a: requiredString() });
    const query = z.object({ limit: integerParam({ min: 1, max: 10, default: 5 }) });
    const config = { ...base, id: 'test.item', path: '/api/v1/{a}/x/{b}', params: { path, query } };
    const operation = defineOperation(config);

    expect(operation.pathParams).toEqual(['a', 'b']);
    expect(operation.id).toBe('test.item');
    expect(operation.method).toBe('GET');
    expect(operation.path).toBe('/api/v1/{a}/x/{b}');
    expect(operation.auth).toBe('bearer');
    expect(operation.summary).toBe('A test operation');
    expect(operation.params.path).toBe(path);
    expect(operation.params.query).toBe(query);
    expect(operation.response).toBe(base.response);
  });

  it('returns a frozen operation', () => {
    const operation = defineOperation({ ...base, id: 'test.plain', path: '/api/v1/plain', params: {} });
    expect(operation.pathParams).toEqual([]);
    expect(Object.isFrozen(operation)).toBe(true);
    expect(Object.isFrozen(operation.pathParams)).toBe(true);
  });

  it('accepts an operation without path parameters but with a query', () => {
    const operation = defineOperation({
      ...base,
      id: 'test.list',
      path: '/api/v1/list',
      params: { query: z.object({ flag: booleanParam(false) }) },
    });
    expect(operation.pathParams).toEqual([]);
  });

  it('throws when the path has a placeholder the path schema lacks', () => {
    expect(() => defineOperation({ ...base, id: 'test.missing', path: '/api/v1/item/{id}', params: {} })).toThrow(
      'test.missing: path placeholders [id] differ from path parameters []',
    );
  });

  it('throws when the path schema names a parameter the path lacks', () => {
    expect(() =>
      defineOperation({
        ...base,
        id: 'test.extra',
        path: '/api/v1/item',
        params: { path: z.object({ id: requiredString() }) },
      }),
    ).toThrow('test.extra: path placeholders [] differ from path parameters [id]');
  });

  it('throws when the names differ although the counts match', () => {
    expect(() =>
      defineOperation({
        ...base,
        id: 'test.renamed',
        path: '/api/v1/item/{id}',
        params: { path: z.object({ itemId: requiredString() }) },
      }),
    ).toThrow(/differ from path parameters \[itemId\]/);
  });

  it('throws on a name that is both a path and a query parameter', () => {
    expect(() =>
      defineOperation({
        ...base,
        id: 'test.clash',
        path: '/api/v1/item/{id}',
        params: { path: z.object({ id: requiredString() }), query: z.object({ id: requiredString() }) },
      }),
    ).toThrow("test.clash: 'id' is both a path and a query parameter");
  });
});

describe('fillPath', () => {
  it('fills every placeholder', () => {
    expect(fillPath('/api/v1/{a}/x/{b}', { a: 'one', b: 'two' })).toBe('/api/v1/one/x/two');
  });

  it('percent-encodes the values', () => {
    expect(fillPath('/item/{id}', { id: 'a/b c' })).toBe('/item/a%2Fb%20c');
    expect(fillPath('/item/{id}', { id: '?#%&' })).toBe('/item/%3F%23%25%26');
    expect(fillPath('/item/{id}', { id: 'é' })).toBe('/item/%C3%A9');
  });

  it('stringifies non-string values', () => {
    expect(fillPath('/item/{id}/{n}', { id: true, n: 12 })).toBe('/item/true/12');
  });

  it('leaves a path without placeholders unchanged', () => {
    expect(fillPath('/api/v1/list', { id: 'x' })).toBe('/api/v1/list');
  });
});

describe('queryParamNames', () => {
  it('lists the query parameter names in declaration order', () => {
    const operation = defineOperation({
      ...base,
      id: 'test.query',
      path: '/api/v1/{id}',
      params: {
        path: z.object({ id: requiredString() }),
        query: z.object({ limit: integerParam({ min: 1, max: 10, default: 5 }), flag: booleanParam(false) }),
      },
    });
    expect(queryParamNames(operation)).toEqual(['limit', 'flag']);
  });

  it('is empty for an operation without a query schema', () => {
    const operation = defineOperation({ ...base, id: 'test.none', path: '/api/v1/none', params: {} });
    expect(queryParamNames(operation)).toEqual([]);
  });
});
