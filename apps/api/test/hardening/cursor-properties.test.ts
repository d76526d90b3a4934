import { ErrorBody, fillPath, type Operation } from '@socialquery/core';
import fc from 'fast-check';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, platformsOf } from '../../src/app.js';
import { NOW, startTestService, type TestService } from '../harness.js';
import { paramShapes } from './param-arbitraries.js';

/**
 * Paging tokens of every operation that takes one (found from the contracts: the parameter
 * described as "the previous page's …"): any alteration of a real token, a token signed by
 * another deployment, or a token replayed on another query → 400 invalid_cursor; the token
 * itself continues its own listing.
 */

const operations: Operation[] = platformsOf({
  forum: {},
  microblog: {},
  shortvideo: {},
  professional: {},
  video: {},
  music: {},
} as never).flatMap((platform) => Object.values(platform.contract));
const paged = operations.flatMap((operation) => {
  const shapes = paramShapes(operation);
  const token = shapes.find((shape) => shape.token);
  return token ? [{ operation, shapes, tokenName: token.name }] : [];
});
const platformOf = (operation: Operation) => operation.id.split('.')[0]!;

let service: TestService;
let examples: Record<string, Record<string, string>>;
beforeAll(async () => {
  service = await startTestService();
  examples = (await service.store.examples()) as unknown as Record<string, Record<string, string>>;
});
afterAll(() => service.close());

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

it('finds the operations that page with tokens', () => {
  expect(paged.map(({ operation }) => operation.id)).toEqual(
    expect.arrayContaining([
      'video.search',
      'shortvideo.userPosts',
      'shortvideo.videoComments',
      'microblog.userMessages',
    ]),
  );
});

describe.each(paged.map((entry) => [entry.operation.id, entry] as const))(
  '%s',
  (_id, { operation, shapes, tokenName }) => {
    const credential = () =>
      operation.auth === 'bearer' ? { authorization: `Bearer ${service.token}` } : { 'x-api-key': service.apiKey };
    /** The first page's query: identifiers from the examples, the smallest page size, a wide time window where there is one. */
    const firstPage = () => {
      const own = examples[platformOf(operation)] ?? {};
      const path: Record<string, string> = {};
      const query: Record<string, string> = {};
      for (const shape of shapes) {
        // a music `uri` takes the example URI of its kind (`trackUri`…), named in its description
        const uriKind = shape.name === 'uri' ? /:(\w+):<id>/.exec(shape.schema.description ?? '')?.[1] : undefined;
        const value =
          shape.name === 'limit'
            ? String(shape.min ?? 1)
            : shape.name === 'uploadDate'
              ? 'THIS_YEAR'
              : own[uriKind ? `${uriKind}Uri` : shape.name];
        if (value === undefined) continue;
        if (shape.where === 'path') path[shape.name] = value;
        else query[shape.name] = value;
      }
      return { url: fillPath(operation.path, path), query };
    };
    // where the operation's paging says the next token is (`cursor`, `pagination.paginationToken`, `data.cursor`…)
    const tokenOf = (body: Record<string, unknown>) =>
      (operation.paging?.kind === 'token'
        ? operation.paging.next.reduce<unknown>(
            (node, key) => (node as Record<string, unknown> | undefined)?.[key],
            body,
          )
        : body[tokenName]) as string | undefined;
    const get = (app: typeof service.app, query: Record<string, string>) =>
      request(app).get(firstPage().url).query(query).set(credential());
    const expectInvalidCursor = (res: request.Response) => {
      if (res.status !== 400)
        throw new Error(`expected 400, got ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      expect(ErrorBody.parse(res.body).code).toBe('invalid_cursor');
    };

    let token: string;
    beforeAll(async () => {
      const res = await get(service.app, firstPage().query);
      expect(res.status).toBe(200);
      token = tokenOf(res.body) ?? '';
      expect(token.length).toBeGreaterThan(0);
    });

    it('continues its own listing', async () => {
      const res = await get(service.app, { ...firstPage().query, [tokenName]: token });
      expect(res.status).toBe(200);
      expect(operation.response.safeParse(res.body).error).toBeUndefined();
    });

    it('refuses every alteration of a real token: 400 invalid_cursor', async () => {
      const position = fc.nat({ max: 10_000 });
      const char = fc.constantFrom(...Array.from(BASE64URL), '.');
      const alteration = fc.oneof(
        fc.tuple(position, char).map(
          ([at, c]) =>
            (t: string) =>
              t.slice(0, at % t.length) + c + t.slice((at % t.length) + 1),
        ),
        position.map((at) => (t: string) => t.slice(0, at % t.length) + t.slice((at % t.length) + 1)),
        fc.tuple(position, char).map(
          ([at, c]) =>
            (t: string) =>
              t.slice(0, at % t.length) + c + t.slice(at % t.length),
        ),
        position.map((at) => (t: string) => t.slice(0, at % t.length)),
        fc.constant((t: string) => t.split('.').reverse().join('.')),
        fc.constant((t: string) => `${t}.${t.split('.')[1]}`),
        fc.constant((t: string) => t.toUpperCase()),
      );
      await fc.assert(
        fc.asyncProperty(alteration, async (alter) => {
          const altered = alter(token);
          fc.pre(altered !== token && altered !== '');
          expectInvalidCursor(await get(service.app, { ...firstPage().query, [tokenName]: altered }));
        }),
        { numRuns: 40 },
      );
    });

    it('refuses a token signed by another deployment (another secret)', async () => {
      const other = createApp({
        store: service.store,
        logger: pino({ level: 'silent' }),
        cursorSecret: 'another-deployment-secret',
        clock: () => NOW,
      });
      const foreign = tokenOf((await get(other, firstPage().query)).body)!;
      expect(foreign).not.toBe(token);
      expectInvalidCursor(await get(service.app, { ...firstPage().query, [tokenName]: foreign }));
    });

    it('refuses the token replayed on another query (another value of any parameter that shapes the listing)', async () => {
      // (an enumeration of one value, a platform's only kind of record, has no other value to replay with)
      const shaping = shapes.filter(
        (shape) =>
          ((shape.kind === 'enum' && shape.options!.length > 1) || shape.kind === 'boolean') && shape.where === 'query',
      );
      const base = firstPage().query;
      let replays = 0;
      let textsOnly = 0;
      for (const shape of shaping) {
        const values = shape.kind === 'boolean' ? ['true', 'false'] : shape.options!;
        const current = base[shape.name] ?? String(shape.schema.parse(undefined));
        const other = values.find((value) => value !== current)!;
        const res = await get(service.app, { ...base, [shape.name]: other, [tokenName]: token });
        // another value may also name nothing at all (404) — either way the listing does not continue
        if (res.status === 404) continue;
        if (res.status === 200) {
          // accepted only if the parameter does not shape the listing (video's `language` changes texts, not
          // the list): then that query's own first page issues the very same token
          const ownFirst = tokenOf((await get(service.app, { ...base, [shape.name]: other })).body);
          expect({ [shape.name]: ownFirst }).toEqual({ [shape.name]: token });
          textsOnly++;
          continue;
        }
        expectInvalidCursor(res);
        replays++;
      }
      // (a listing whose only such parameter is `language`, a channel's uploads, has none that shapes it)
      if (shaping.length > textsOnly) expect(replays).toBeGreaterThan(0);
    });

    const timeBounds = shapes.filter((shape) => shape.kind === 'time');
    if (timeBounds.length > 0) {
      it('refuses the token replayed with a time window it was not issued for, though that window excludes nothing', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.subarray(timeBounds, { minLength: 1 }),
            fc.constantFrom('0', '1970-01-01', '9999-12-31'),
            async (bounds, value) => {
              const window = Object.fromEntries(
                bounds.map((shape) => [
                  shape.name,
                  shape.bound === 'after' ? (value === '9999-12-31' ? '0' : value) : '9999-12-31',
                ]),
              );
              expectInvalidCursor(await get(service.app, { ...firstPage().query, ...window, [tokenName]: token }));
            },
          ),
          { numRuns: 10 },
        );
      });
    }
  },
);
