import { type Contract, errorCodes, locateRecords, type Operation, Timestamp } from '@socialquery/core';
import type { Store } from '@socialquery/store';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import type { oas31 } from 'zod-openapi';
import { createApp, platformsOf } from '../src/app.js';
import {
  buildOpenApiDocument,
  DATE_EXAMPLE,
  DATE_TIME_EXAMPLE,
  withParameterExamples,
} from '../src/openapi/document.js';
import { EXPLORE_PATH } from '../src/explore.js';
import { DOCS_PATH, OPENAPI_PATH } from '../src/openapi/reference.js';
import { NOW, startTestService, type TestService } from './harness.js';

let service: TestService;
let doc: oas31.OpenAPIObject;
let contracts: Contract[];

// The platforms whose examples are checked below; every mounted platform is documented either way.
const SEEDED = ['forum', 'microblog', 'shortvideo', 'professional', 'video'];

beforeAll(async () => {
  service = await startTestService();
  contracts = platformsOf(service.store).map(({ contract }) => contract);
  const res = await request(service.app).get(OPENAPI_PATH);
  expect(res.status).toBe(200);
  doc = res.body as oas31.OpenAPIObject;
});
afterAll(() => service.close());

const operations = () => contracts.flatMap((contract) => Object.values(contract));
const operationById = (id: string) => {
  const found = operations().find((operation) => operation.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
const getOf = (operation: Operation) => {
  const get = doc.paths?.[operation.path]?.get;
  if (!get) throw new Error(`no GET ${operation.path} in the document`);
  return get;
};
const parameter = (operation: Operation, name: string) =>
  (getOf(operation).parameters as oas31.ParameterObject[]).find((p) => p.name === name)!;
const schemaOf = (p: oas31.ParameterObject) => p.schema as oas31.SchemaObject;

/**
 * GET routes the app really mounted, in OpenAPI path syntax: walking Express's router stacks, and
 * the operations' lookup (apps/api/src/operation-routes.ts), which lists what it serves.
 */
function mountedGetRoutes(app: Express): string[] {
  interface Layer {
    route?: { path: string | string[]; methods: Record<string, boolean> };
    handle?: { stack?: Layer[]; paths?: readonly string[] };
  }
  const paths: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route?.methods.get) paths.push(...[layer.route.path].flat());
      else if (layer.handle?.stack) walk(layer.handle.stack);
      else if (layer.handle?.paths) paths.push(...layer.handle.paths);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return paths.map((path) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}'));
}

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served without a credential', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('socialquery API');
  });

  it('documents exactly the operations the app mounts, each once, under its contract id', () => {
    const service_routes = [
      '/',
      '/healthz',
      OPENAPI_PATH,
      DOCS_PATH,
      `${DOCS_PATH}/init.js`,
      `${DOCS_PATH}/assets/{file}`,
      EXPLORE_PATH,
      `${EXPLORE_PATH}/`,
      `${EXPLORE_PATH}/*file`,
    ];
    const mounted = mountedGetRoutes(service.app).filter((path) => !service_routes.includes(path));
    const documented = Object.keys(doc.paths ?? {});
    expect([...documented].sort()).toEqual([...new Set(mounted)].sort());
    expect([...documented].sort()).toEqual(
      operations()
        .map((operation) => operation.path)
        .sort(),
    );

    const ids = Object.values(doc.paths ?? {}).map((item) => item.get!.operationId);
    expect(ids.sort()).toEqual(
      operations()
        .map((operation) => operation.id)
        .sort(),
    );
    for (const item of Object.values(doc.paths ?? {})) expect(Object.keys(item)).toEqual(['get']);
  });

  it("says where each answer's records are and how its listing pages, as the contract declares (x-records, x-paging)", () => {
    for (const operation of operations()) {
      const get = getOf(operation) as Record<string, unknown>;
      const { path, many } = locateRecords(operation.response);
      expect(get['x-records']).toEqual({ path, many });
      expect(get['x-paging']).toEqual(operation.paging);
    }
    const comments = operations().find((operation) => operation.id === 'forum.postComments')!;
    expect(getOf(comments)).toMatchObject({
      'x-records': { path: ['comments'], many: true },
      'x-paging': { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit' },
    });
    const musicSearch = operations().find((operation) => operation.id === 'music.explore.search')!;
    expect(getOf(musicSearch)).toMatchObject({
      'x-records': { path: ['data'], many: true },
      'x-paging': { kind: 'offset' },
    });
  });

  it('spells every path and query parameter of each operation, with required-ness from the schemas', () => {
    for (const operation of operations()) {
      const parameters = (getOf(operation).parameters ?? []) as oas31.ParameterObject[];
      const inPath = parameters.filter((p) => p.in === 'path').map((p) => p.name);
      const inQuery = parameters.filter((p) => p.in === 'query').map((p) => p.name);
      expect(inPath).toEqual(Object.keys(operation.params.path?.shape ?? {}));
      // the operation's own parameters, then the `fields` extension every operation takes, and `format` on listings
      const listing = locateRecords(operation.response).many;
      expect(inQuery).toEqual([
        ...Object.keys(operation.params.query?.shape ?? {}),
        'fields',
        ...(listing ? ['format'] : []),
      ]);
      const content = Object.keys((getOf(operation).responses?.['200'] as oas31.ResponseObject).content ?? {});
      expect(content).toEqual(['application/json', ...(listing ? ['application/x-ndjson', 'text/csv'] : [])]);
      for (const p of parameters.filter((p) => p.in === 'path')) expect(p.required).toBe(true);
    }
  });

  it('documents fields on every operation, optional, with the fields of its records', () => {
    const fields = parameter(operationById('forum.communityPosts'), 'fields');
    expect(fields.required).not.toBe(true);
    expect(fields.schema).toMatchObject({ type: 'string', maxLength: 2048 });
    expect(fields.description).toContain(
      'Here the records are each item of `posts`; their fields: id, title, content, author',
    );
    expect(parameter(operationById('professional.profile'), 'fields').description).toContain(
      'Here the records are the `data` object',
    );
  });

  it('gives integer parameters their wire type, bounds and default', () => {
    const limit = parameter(operationById('forum.communityPosts'), 'limit');
    expect(limit.required).toBeFalsy();
    expect(schemaOf(limit)).toEqual({ type: 'integer', minimum: 1, maximum: 1000, default: 25 });
    expect(schemaOf(parameter(operationById('professional.companyEmployees'), 'limit'))).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: 50,
    });
    expect(schemaOf(parameter(operationById('shortvideo.videoComments'), 'limit'))).toMatchObject({
      maximum: 100,
      default: 20,
    });
  });

  it('gives no schema the bounds of a safe integer, and every date-time or date string with a pattern an example', () => {
    const problems: string[] = [];
    let patterned = 0;
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) {
        node.forEach((item, i) => walk(item, `${at}/${i}`));
        return;
      }
      if (node === null || typeof node !== 'object') return;
      const schema: Record<string, unknown> = { ...node };
      for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
        const value = schema[bound];
        if (value === Number.MAX_SAFE_INTEGER || value === Number.MIN_SAFE_INTEGER) problems.push(`${at}: ${bound}`);
      }
      if (
        typeof schema.pattern === 'string' &&
        (schema.format === 'date-time' || schema.pattern.startsWith('^\\d{4}-'))
      ) {
        patterned += 1;
        const examples = Array.isArray(schema.examples) ? schema.examples : [];
        if (examples.length === 0 && schema.example === undefined) problems.push(`${at}: a pattern and no example`);
        // each example is one the schema accepts
        for (const example of examples)
          if (typeof example !== 'string' || !new RegExp(schema.pattern, 'u').test(example))
            problems.push(`${at}: ${String(example)} does not match ${schema.pattern}`);
      }
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(problems).toEqual([]);
    expect(patterned).toBeGreaterThan(50);
  });

  it('gives timestamps, dates and counts example values of their kind, and keeps the bounds a schema sets', () => {
    const body = (id: string) =>
      (getOf(operationById(id)).responses?.['200'] as oas31.ResponseObject).content?.['application/json']
        ?.schema as oas31.SchemaObject;
    const property = (schema: oas31.SchemaObject | undefined, ...path: string[]) =>
      path.reduce<oas31.SchemaObject | undefined>(
        (at, name) => (name === '[]' ? at?.items : at?.properties?.[name]) as oas31.SchemaObject | undefined,
        schema,
      );
    const post = property(body('forum.communityPosts'), 'posts', '[]');
    const createdAt = property(post, 'createdAt');
    expect(createdAt).toMatchObject({ type: 'string', format: 'date-time', examples: [DATE_TIME_EXAMPLE] });
    // still exact: the pattern says UTC with Z, and the example is a timestamp as the service writes it
    expect(createdAt?.pattern).toEqual(expect.any(String));
    expect(Timestamp.parse(DATE_TIME_EXAMPLE)).toBe(DATE_TIME_EXAMPLE);
    expect(property(post, 'upvotes')).toEqual({ type: 'integer' });
    expect(property(post, 'score')).toEqual({ type: 'integer' });
    const comment = property(body('forum.userComments'), 'comments', '[]');
    expect((property(comment, 'editedAt')?.anyOf?.[0] as oas31.SchemaObject).examples).toEqual([DATE_TIME_EXAMPLE]);
    const position = property(body('professional.companyEmployees'), 'employees', '[]', 'experience', '[]');
    expect(property(position, 'startDate')).toMatchObject({ type: 'string', examples: [DATE_EXAMPLE] });
    const schemas = doc.components?.schemas as Record<string, oas31.SchemaObject>;
    expect(schemas.ErrorBody?.properties?.statusCode).toEqual({ type: 'integer' });
    // the bounds a schema sets stay
    expect(schemaOf(parameter(operationById('forum.communityPosts'), 'limit'))).toMatchObject({
      minimum: 1,
      maximum: 1000,
    });
    expect(schemaOf(parameter(operationById('forum.userComments'), 'minScore'))).toMatchObject({
      minimum: -1_000_000_000,
      maximum: 1_000_000_000,
    });
  });

  it('gives enumerations their values and default, booleans their type and default, strings their bounds', () => {
    const sort = schemaOf(parameter(operationById('shortvideo.videoComments'), 'sort'));
    expect(sort).toMatchObject({ type: 'string', default: 'newest' });
    expect(sort.enum).toEqual(expect.arrayContaining(['newest', 'most_liked']));

    const uploadDate = schemaOf(parameter(operationById('video.search'), 'uploadDate'));
    expect(uploadDate).toEqual({
      type: 'string',
      default: '1_HOUR_AGO',
      enum: ['1_HOUR_AGO', 'TODAY', 'THIS_WEEK', 'THIS_MONTH', 'THIS_YEAR'],
    });

    const include = schemaOf(parameter(operationById('professional.profile'), 'include_skills'));
    expect(include).toEqual({ type: 'boolean', default: false });

    const keyword = parameter(operationById('video.search'), 'keyword');
    expect(keyword.required).toBe(true);
    expect(schemaOf(keyword)).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(parameter(operationById('video.search'), 'paginationToken').description).toMatch(/paginationToken/);
  });

  it('uses identifiers from the demo data as parameter examples', async () => {
    const examples = await service.store.examples();
    expect(parameter(operationById('forum.communityPosts'), 'community').example).toBe(examples.forum?.community);
    expect(parameter(operationById('forum.userPosts'), 'username').example).toBe(examples.forum?.username);
    expect(parameter(operationById('video.search'), 'keyword').example).toBe(examples.video?.keyword);
    expect(parameter(operationById('video.relatedVideos'), 'videoId').example).toBe(examples.video?.videoId);
    expect(parameter(operationById('microblog.messageReplies'), 'messageId').example).toBe(
      examples.microblog?.messageId,
    );
    expect(parameter(operationById('shortvideo.videoComments'), 'videoId').example).toBe(examples.shortvideo?.videoId);
    expect(parameter(operationById('professional.companyEmployees'), 'companyId').example).toBe(
      examples.professional?.companyId,
    );
  });

  it('gives a parameter the example whose name ends with its own and that its schema accepts (a `uri` of the right kind)', () => {
    const platforms = platformsOf(service.store);
    const music = {
      keyword: 'jazz',
      artistUri: 'music:artist:a1',
      albumUri: 'music:album:b2',
      trackUri: 'music:track:c3',
      playlistUri: 'music:playlist:d4',
      showUri: 'music:show:e5',
      userUri: 'music:user:f6',
      trackWithoutLyricsUri: 'music:track:g7',
    };
    const withExamples = withParameterExamples(buildOpenApiDocument(platforms), platforms, { music });
    const exampleOf = (id: string, name: string) => {
      const operation = operationById(id);
      const parameters = (withExamples.paths?.[operation.path]?.get?.parameters ?? []) as oas31.ParameterObject[];
      return parameters.find((p) => p.name === name)?.example;
    };
    expect(exampleOf('music.explore.search', 'keyword')).toBe('jazz');
    expect(exampleOf('music.artists.getOverview', 'uri')).toBe(music.artistUri);
    expect(exampleOf('music.albums.getTracks', 'uri')).toBe(music.albumUri);
    expect(exampleOf('music.podcasts.getDetail', 'uri')).toBe(music.showUri);
    expect(exampleOf('music.tracks.getLyrics', 'uri')).toBe(music.trackUri);
    expect(exampleOf('music.users.getProfile', 'uri')).toBe(music.userUri);
    expect(exampleOf('music.artists.getAlbums', 'limit')).toBeUndefined();
  });

  it('answers each operation, called with its documented examples, with a body its documented schema accepts', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const components = (doc.components?.schemas ?? {}) as Record<string, object>;
    const inlineRefs = (schema: unknown): unknown => {
      if (Array.isArray(schema)) return schema.map(inlineRefs);
      if (schema === null || typeof schema !== 'object') return schema;
      const ref = (schema as { $ref?: string }).$ref;
      if (ref?.startsWith('#/components/schemas/'))
        return inlineRefs(components[ref.slice('#/components/schemas/'.length)]);
      return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineRefs(value)]));
    };
    const called: string[] = [];
    for (const operation of operations().filter((operation) => SEEDED.includes(operation.id.split('.')[0]!))) {
      const parameters = (getOf(operation).parameters ?? []) as oas31.ParameterObject[];
      if (parameters.some((p) => p.required && p.example === undefined)) continue;
      let path = operation.path;
      const query: Record<string, string> = {};
      for (const p of parameters.filter((p) => p.example !== undefined)) {
        if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
        else query[p.name] = String(p.example);
      }
      const req = request(service.app).get(path).query(query);
      const res = await (operation.auth === 'apiKey'
        ? req.set('x-api-key', service.apiKey)
        : req.set('Authorization', `Bearer ${service.token}`));
      const response = (getOf(operation).responses as Record<string, oas31.ResponseObject>)[String(res.status)];
      expect({ id: operation.id, status: res.status, documented: response !== undefined }).toEqual({
        id: operation.id,
        status: 200,
        documented: true,
      });
      const validate = ajv.compile(inlineRefs(response?.content?.['application/json']?.schema) as object);
      expect({ id: operation.id, valid: validate(res.body), errors: validate.errors ?? null }).toEqual({
        id: operation.id,
        valid: true,
        errors: null,
      });
      called.push(operation.id);
    }
    // every operation of the seeded platforms can be tried from its examples alone
    expect(called.length).toBe(operations().filter((operation) => SEEDED.includes(operation.id.split('.')[0]!)).length);
  });

  it('names the credential each operation takes: x-api-key or a bearer token', () => {
    expect(doc.components?.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }),
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    for (const operation of operations()) {
      expect(getOf(operation).security).toEqual([{ [operation.auth]: [] }]);
    }
    expect(getOf(operationById('video.search')).security).toEqual([{ apiKey: [] }]);
    expect(getOf(operationById('forum.communityPosts')).security).toEqual([{ bearer: [] }]);
    expect(getOf(operationById('professional.profile')).security).toEqual([{ apiKey: [] }]);
    expect(getOf(operationById('professional.companyEmployees')).security).toEqual([{ bearer: [] }]);
  });

  it('documents the success body, the 304, and each error status with the one error body', () => {
    for (const operation of operations()) {
      const responses = getOf(operation).responses as Record<string, oas31.ResponseObject>;
      expect(Object.keys(responses)).toEqual(
        expect.arrayContaining(['200', '304', '400', '401', '404', '429', '500', '503']),
      );
      expect(responses['405']).toBeUndefined();
      expect(responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
      expect(responses['200']?.headers).toHaveProperty('ETag');
      const errorRef = operation.errorExtras
        ? '#/components/schemas/ProfessionalErrorBody'
        : '#/components/schemas/ErrorBody';
      for (const [status, response] of Object.entries(responses).filter(([status]) => Number(status) >= 400)) {
        const content = response.content?.['application/json'];
        expect(content?.schema).toEqual({ $ref: errorRef });
        for (const [code, example] of Object.entries(content?.examples ?? {})) {
          expect(errorCodes[code as keyof typeof errorCodes].status).toBe(Number(status));
          expect((example as oas31.ExampleObject).value).toMatchObject({ statusCode: Number(status), code });
          expect(response.description).toContain(`\`${code}\``);
        }
      }
      expect(Object.keys(responses['401']?.headers ?? {}).includes('WWW-Authenticate')).toBe(
        operation.auth === 'bearer',
      );
      expect(responses['429']?.headers).toHaveProperty('Retry-After');
    }
    const schemas = doc.components?.schemas as Record<string, oas31.SchemaObject>;
    expect(schemas.ErrorBody?.required).toEqual(['statusCode', 'error', 'code', 'message', 'requestId']);
    expect(schemas.ProfessionalErrorBody?.required).toContain('success');
    expect(schemas.ProfessionalErrorBody?.properties?.success).toMatchObject({ const: false });
  });

  it('lists invalid_cursor only where a paging token is taken, missing_parameter only where a parameter is required', () => {
    const codes400 = (id: string) =>
      Object.keys(
        (getOf(operationById(id)).responses as Record<string, oas31.ResponseObject>)['400']?.content?.[
          'application/json'
        ]?.examples ?? {},
      );
    expect(codes400('video.search')).toEqual(
      expect.arrayContaining(['missing_parameter', 'invalid_parameter', 'unknown_parameter', 'invalid_cursor']),
    );
    expect(codes400('shortvideo.videoComments')).toContain('invalid_cursor');
    expect(codes400('shortvideo.videoComments')).not.toContain('missing_parameter');
    expect(codes400('forum.communityPosts')).toContain('invalid_cursor');
    expect(codes400('forum.aggregate')).not.toContain('invalid_cursor');
    expect(codes400('video.topShortSongs')).not.toContain('missing_parameter');
  });

  it('is built once: the same body and ETag each time, and a matching If-None-Match gets a 304', async () => {
    const first = await request(service.app).get(OPENAPI_PATH);
    const second = await request(service.app).get(OPENAPI_PATH);
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.text).toBe(first.text);
    const revalidated = await request(service.app).get(OPENAPI_PATH).set('If-None-Match', first.headers.etag!);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
  });

  it("reads the store's examples once, and tries again after the store failed to answer", async () => {
    let calls = 0;
    let failing = true;
    const store: Store = {
      ...service.store,
      examples: async () => {
        calls += 1;
        if (failing) throw new Error('store down');
        return service.store.examples();
      },
    };
    const app = createApp({
      store,
      logger: pino({ level: 'silent' }),
      cursorSecret: 'test-secret-0123456789',
      clock: () => NOW,
    });
    expect(calls).toBe(0);
    const degraded = await request(app).get(OPENAPI_PATH);
    expect(degraded.status).toBe(200);
    expect(JSON.stringify(degraded.body)).not.toContain('"example"');
    failing = false;
    const complete = await request(app).get(OPENAPI_PATH);
    expect(complete.body).toEqual(doc);
    expect(complete.headers.etag).not.toBe(degraded.headers.etag);
    await request(app).get(OPENAPI_PATH);
    expect(calls).toBe(2);
  });

  it('answers other methods with 405', async () => {
    const res = await request(service.app).post(OPENAPI_PATH);
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('GET /docs', () => {
  it('serves the reference page and its assets from this origin only', async () => {
    const page = await request(service.app).get(DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    const urls = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      expect(url.startsWith('/')).toBe(true);
      const asset = await request(service.app).get(url);
      expect(asset.status).toBe(200);
    }
    const init = await request(service.app).get(`${DOCS_PATH}/init.js`);
    expect(init.text).toContain(JSON.stringify(OPENAPI_PATH));
    expect(init.text).toContain('validatorUrl: null');
  });

  it('serves only the Swagger UI files it names', async () => {
    expect((await request(service.app).get(`${DOCS_PATH}/assets/index.html`)).status).toBe(404);
    expect((await request(service.app).get(`${DOCS_PATH}/assets/..%2Fpackage.json`)).status).toBe(404);
  });
});
