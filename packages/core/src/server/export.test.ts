import { z } from 'zod';
import type { FieldSelection } from '../fields.js';
import { defineOperation } from '../operation.js';
import { integerParam } from '../params.js';
import { exporterFor, type RecordBatches } from './export.js';
import { recordEncoder } from './export-encoding.js';
import type { HandlerContext, OperationHandler } from './handler.js';

const ctx = {} as HandlerContext;
const Item = z.object({
  id: z.number(),
  tags: z.array(z.string()),
  owner: z.object({ name: z.string(), verified: z.boolean() }).nullable(),
});
const ITEMS = Array.from({ length: 23 }, (_, id) => ({
  id,
  tags: id % 2 ? ['a,b'] : [],
  owner: id % 3 ? { name: `n"${id}`, verified: id % 2 === 0 } : null,
}));

async function collect(batches: RecordBatches): Promise<unknown[][]> {
  const all: unknown[][] = [];
  for await (const batch of batches) all.push([...batch]);
  return all;
}

describe('exporterFor', () => {
  it("offset paging: pages at the limit's maximum from the given offset to the first short page; the request's limit is ignored", async () => {
    const operation = defineOperation({
      id: 't.offset',
      method: 'GET',
      path: '/t',
      auth: 'apiKey',
      summary: 's',
      paging: { kind: 'offset' },
      params: {
        query: z.object({
          offset: integerParam({ min: 0, max: 100, default: 0 }),
          limit: integerParam({ min: 1, max: 10, default: 2 }),
        }),
      },
      response: z.object({ data: z.object({ totalCount: z.number(), items: z.array(Item) }) }),
    });
    const calls: unknown[] = [];
    const handler: OperationHandler<typeof operation> = async ({ offset, limit }) => {
      calls.push({ offset, limit });
      return { data: { totalCount: ITEMS.length, items: ITEMS.slice(offset, offset + limit) } };
    };
    const pages = await collect(exporterFor(operation, handler)!({ offset: 1, limit: 2 }, ctx));
    expect(pages.map((page) => page.length)).toEqual([10, 10, 2]);
    expect(pages.flat()).toEqual(ITEMS.slice(1));
    expect(calls).toEqual([
      { offset: 1, limit: 10 },
      { offset: 11, limit: 10 },
      { offset: 21, limit: 10 },
    ]);

    // no further than paging reaches: the last page a client can ask for starts at offset's maximum (12 + 10)
    const near = defineOperation({
      ...operation,
      id: 't.near',
      params: {
        query: z.object({
          offset: integerParam({ min: 0, max: 12, default: 0 }),
          limit: integerParam({ min: 1, max: 10, default: 2 }),
        }),
      },
    });
    const reach = await collect(exporterFor(near, handler)!({ offset: 0 }, ctx));
    expect(reach.flat()).toEqual(ITEMS.slice(0, 22));
  });

  it("token paging: sends each answer's token back until it is empty, at the largest page size", async () => {
    const operation = defineOperation({
      id: 't.token',
      method: 'GET',
      path: '/t',
      auth: 'apiKey',
      summary: 's',
      paging: { kind: 'token', param: 'next', next: ['page', 'token'], limitParam: 'size' },
      params: { query: z.object({ size: integerParam({ min: 1, max: 7, default: 3 }), next: z.string().optional() }) },
      response: z.object({ data: z.object({ items: z.array(Item) }), page: z.object({ token: z.string() }) }),
    });
    const handler: OperationHandler<typeof operation> = async ({ size, next }) => {
      const from = next ? Number(next) : 0;
      const to = from + size;
      return { data: { items: ITEMS.slice(from, to) }, page: { token: to < ITEMS.length ? String(to) : '' } };
    };
    const pages = await collect(exporterFor(operation, handler)!({ size: 3 }, ctx));
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 2]);
    expect(pages.flat()).toEqual(ITEMS);
  });

  it('token paging with an exportPageSize: pages of that size, above the largest a caller may ask', async () => {
    const operation = defineOperation({
      id: 't.wide',
      method: 'GET',
      path: '/t',
      auth: 'apiKey',
      summary: 's',
      paging: { kind: 'token', param: 'next', next: ['token'], limitParam: 'size', exportPageSize: 10 },
      params: { query: z.object({ size: integerParam({ min: 1, max: 4, default: 3 }), next: z.string().optional() }) },
      response: z.object({ items: z.array(Item), token: z.string() }),
    });
    const asked: number[] = [];
    const handler: OperationHandler<typeof operation> = async ({ size, next }) => {
      asked.push(size);
      const from = next ? Number(next) : 0;
      return { items: ITEMS.slice(from, from + size), token: from + size < ITEMS.length ? String(from + size) : '' };
    };
    const pages = await collect(exporterFor(operation, handler)!({ size: 2 }, ctx));
    expect(asked).toEqual([10, 10, 10]);
    expect(pages.flat()).toEqual(ITEMS);
  });

  it("no paging: the one answer at the largest limit; a single-record answer: no exporter; a platform's own exporter wins", async () => {
    const list = defineOperation({
      id: 't.list',
      method: 'GET',
      path: '/t',
      auth: 'apiKey',
      summary: 's',
      params: {},
      response: z.object({ items: z.array(Item) }),
    });
    const handler = (async () => ({ items: ITEMS.slice(0, 4) })) as never;
    expect(await collect(exporterFor(list, handler)!({}, ctx))).toEqual([ITEMS.slice(0, 4)]);
    const limited = defineOperation({
      id: 't.limited',
      method: 'GET',
      path: '/l',
      auth: 'apiKey',
      summary: 's',
      params: { query: z.object({ limit: integerParam({ min: 1, max: 15, default: 5 }) }) },
      response: z.object({ items: z.array(Item) }),
    });
    const sliced = (async ({ limit }: { limit: number }) => ({ items: ITEMS.slice(0, limit) })) as never;
    expect(await collect(exporterFor(limited, sliced)!({ limit: 5 }, ctx))).toEqual([ITEMS.slice(0, 15)]);
    const own = async function* () {
      yield [ITEMS[0]];
    };
    expect(await collect(exporterFor(list, handler, own)!({}, ctx))).toEqual([[ITEMS[0]]]);
    const single = defineOperation({
      id: 't.one',
      method: 'GET',
      path: '/o',
      auth: 'apiKey',
      summary: 's',
      params: {},
      response: Item,
    });
    expect(exporterFor(single, handler)).toBeUndefined();
  });
});

describe('recordEncoder', () => {
  const operation = defineOperation({
    id: 't.list',
    method: 'GET',
    path: '/t',
    auth: 'apiKey',
    summary: 's',
    params: {},
    response: z.object({ items: z.array(Item) }),
  });

  it('NDJSON: one JSON object per line', () => {
    const encoder = recordEncoder(operation, 'ndjson');
    expect(encoder.header()).toBe('');
    expect(encoder.rows(ITEMS.slice(0, 2))).toBe(`${JSON.stringify(ITEMS[0])}\n${JSON.stringify(ITEMS[1])}\n`);
  });

  it('CSV: dotted columns for nested objects, arrays as JSON, empty cells for null parents, RFC 4180 quoting', () => {
    const encoder = recordEncoder(operation, 'csv');
    expect(encoder.header()).toBe('id,tags,owner.name,owner.verified\r\n');
    expect(encoder.rows(ITEMS.slice(0, 2))).toBe('0,[],,\r\n1,"[""a,b""]","n""1",false\r\n');
  });

  it("CSV with a fields selection keeps the selected columns, in the record's order", () => {
    const selection: FieldSelection = new Map<string, FieldSelection | true>([
      ['owner', new Map([['name', true as const]])],
      ['id', true],
    ]);
    const encoder = recordEncoder(operation, 'csv', selection);
    expect(encoder.header()).toBe('id,owner.name\r\n');
  });
});
