import { once } from 'node:events';
import got, { type Got, RequestError } from 'got';
import { ApiResponseError, NoResponseError, RequestSetupError } from './client-errors.js';
import { splitLines } from './lines.js';

export interface TransportOptions {
  /** Service root, e.g. `http://127.0.0.1:8080`; a path prefix (behind a proxy) is kept. */
  baseUrl: string;
  /** Milliseconds before a request without an answer fails with NoResponseError. Default 30000. */
  timeout?: number;
  /**
   * Retries of a request that got no answer or a 5xx (never a 4xx). Default 0: every
   * operation is a read, so retrying is safe, but the caller decides.
   */
  retries?: number;
  headers?: Record<string, string>;
}

export interface TransportRequest {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
}

/** Sends GETs and maps every failure to exactly one of the three client error classes. */
export interface Transport {
  get(request: TransportRequest): Promise<unknown>;
  /**
   * The lines of a streamed answer (bulk export as NDJSON), as they arrive; an error status throws
   * ApiResponseError before the first line, and a body cut off before its end NoResponseError.
   */
  lines?(request: TransportRequest): AsyncIterable<string>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export function createTransport(options: TransportOptions): Transport {
  const base = parseBaseUrl(options.baseUrl);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new RequestSetupError('timeout must be a positive number of milliseconds');
  const retries = options.retries ?? 0;
  if (!Number.isInteger(retries) || retries < 0) throw new RequestSetupError('retries must be a non-negative integer');

  const client: Got = got.extend({
    timeout: { request: timeout },
    retry: { limit: retries, methods: ['GET'], statusCodes: [500, 502, 503, 504] },
    throwHttpErrors: false,
    followRedirect: false,
    responseType: 'text',
    headers: { accept: 'application/json', ...options.headers },
  });

  const urlOf = (path: string, query: Record<string, string>) => {
    const url = new URL(base.pathname.replace(/\/$/, '') + path, base.origin);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  return {
    async get({ path, query, headers }) {
      const url = urlOf(path, query);
      let response;
      try {
        response = await client.get(url, { headers });
      } catch (error) {
        throw toClientError(error);
      }
      const requestId = header(response.headers['x-request-id']);
      const body = parseJson(response.body);
      if (response.statusCode < 200 || response.statusCode > 299) {
        throw new ApiResponseError(response.statusCode, body.ok ? body.value : response.body, requestId);
      }
      if (!body.ok) throw new ApiResponseError(response.statusCode, response.body, requestId);
      return body.value;
    },
    async *lines({ path, query, headers }) {
      // no overall deadline (an export may take minutes): the answer must begin, and then keep coming, within `timeout`
      const stream = client.stream(urlOf(path, query), {
        headers: { accept: 'application/x-ndjson', ...headers },
        timeout: { response: timeout, socket: timeout },
        retry: { limit: 0 },
      });
      try {
        const [response] = (await once(stream, 'response').catch((error: unknown) => {
          throw toClientError(error);
        })) as [{ statusCode: number; headers: Record<string, string | string[] | undefined> }];
        if (response.statusCode < 200 || response.statusCode > 299) {
          const text = await readAll(stream);
          const body = parseJson(text);
          throw new ApiResponseError(
            response.statusCode,
            body.ok ? body.value : text,
            header(response.headers['x-request-id']),
          );
        }
        yield* nonEmptyLines(stream);
      } finally {
        stream.destroy();
      }
    },
  };
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** Non-empty lines of a text stream; a stream that fails midway (cut off) → NoResponseError. */
async function* nonEmptyLines(stream: AsyncIterable<Buffer>): AsyncGenerator<string> {
  try {
    for await (const line of splitLines(stream)) if (line !== '') yield line;
  } catch (error) {
    throw error instanceof RequestError
      ? new NoResponseError(`the answer was cut off: ${error.message}`, error.code, { cause: error })
      : toClientError(error);
  }
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (cause) {
    throw new RequestSetupError(`baseUrl is not a valid URL: ${JSON.stringify(baseUrl)}`, [], { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RequestSetupError(`baseUrl must be http or https, got ${url.protocol}`);
  }
  return url;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** got's setup-time failures (bad header value, bad option) versus failures on the wire. */
function toClientError(error: unknown): Error {
  if (error instanceof RequestError) {
    const code = error.code;
    if (error.name === 'UnsupportedProtocolError' || code?.startsWith('ERR_INVALID')) {
      return new RequestSetupError(error.message, [], { cause: error });
    }
    return new NoResponseError(`no response: ${error.message}`, code, { cause: error });
  }
  return new RequestSetupError(error instanceof Error ? error.message : String(error), [], { cause: error });
}
