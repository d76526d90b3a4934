import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { MountablePlatform } from '@socialquery/core/server';
import compression from 'compression';
import { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../error-response.js';
import { weakEtag } from '../http-cache.js';
import { methodNotAllowed } from '../mount.js';
import { buildOpenApiDocument, type ParameterExamples, withParameterExamples } from './document.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_PATH = '/docs';
const ASSETS_PATH = `${DOCS_PATH}/assets`;

/** Swagger UI's files, served from the installed npm package (nothing is fetched from elsewhere). */
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];

interface Serialized {
  body: string;
  etag: string;
}

export interface ApiReferenceOptions {
  platforms: readonly MountablePlatform[];
  /** Identifiers from the store, used as parameter examples. */
  examples: () => Promise<ParameterExamples>;
  logger: Logger;
}

/**
 * `GET /api/v1/openapi.json`, the `/docs` page, and `/` sent to it. The document is derived from the contracts once,
 * when the app is created; the store's examples are read once, at the first request for it (not at
 * start, where they would scan the store while the service takes its first requests), and the
 * serialized document and its ETag are kept. Should the store fail to answer, the document goes out
 * without examples and the next request tries again.
 */
export function apiReference({ platforms, examples, logger }: ApiReferenceOptions): Router {
  const document = buildOpenApiDocument(platforms);
  const withoutExamples = serialize(document);
  let complete: Promise<Serialized> | undefined;
  const load = () =>
    (complete ??= examples().then(
      (found) => serialize(withParameterExamples(document, platforms, found)),
      (error: unknown) => {
        logger.warn({ err: error }, 'OpenAPI document served without examples: the store did not answer');
        complete = undefined;
        return withoutExamples;
      },
    ));

  const router = Router();
  router.get(OPENAPI_PATH, async (_req, res) => {
    const { body, etag } = await load();
    res.setHeader('ETag', etag);
    res.type('json').send(body);
  });
  router.all(OPENAPI_PATH, methodNotAllowed);

  // the service's root has nothing of its own: a person who opens it in a browser wants the docs page
  router.get('/', (_req, res) => res.redirect(302, DOCS_PATH));
  router.get(DOCS_PATH, (_req, res) => {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.type('html').send(DOCS_PAGE);
  });
  router.get(`${DOCS_PATH}/init.js`, (_req, res) => {
    res.type('js').send(DOCS_INIT);
  });
  // the files go out in pieces, which the service's one-shot compression leaves alone
  router.get(`${ASSETS_PATH}/:file`, compression(), swaggerUiAsset);
  router.all(['/', DOCS_PATH, `${DOCS_PATH}/init.js`, `${ASSETS_PATH}/:file`], methodNotAllowed);
  return router;
}

function serialize(document: object): Serialized {
  const body = JSON.stringify(document);
  return { body, etag: weakEtag(body) };
}

const swaggerUiAsset: RequestHandler = (req, res) => {
  const file = req.params.file as string;
  if (!SWAGGER_UI_FILES.includes(file)) {
    sendError(res, 'not_found', `no file ${file} in the docs page's assets`);
    return;
  }
  // the files change only with the package's version; a day's freshness spares reloads
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.sendFile(file, { root: swaggerUiDir, cacheControl: false });
};

/** Swagger UI draws with inline styles and data: images; everything else comes from this origin. */
const DOCS_CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "script-src 'self'",
].join('; ');

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>socialquery API reference</title>
  <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png" sizes="32x32">
  <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// validatorUrl null: no badge asking an online validator about the document.
const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  validatorUrl: null,
  deepLinking: true,
  displayOperationId: true,
  displayRequestDuration: true,
  tryItOutEnabled: true,
  filter: true,
});
`;
