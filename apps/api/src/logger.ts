import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestIdFor } from './request-id.js';
import { redactUrl } from './security.js';

/**
 * JSON lines on stdout, written asynchronously: under load, lines written while a write is in
 * flight go out together (synchronous writes were an eighth of the service's CPU time). Call
 * `logger.flush()` before exiting.
 */
export function createLogger(level: LevelWithSilent = 'info'): Logger {
  return pino({ level, base: { service: 'socialquery-api' } }, pino.destination({ dest: 1, sync: false }));
}

/**
 * The request's whole target: Express's `originalUrl`, since a router mounted under a path (the
 * feeds) answers while `req.url` holds only the part after its mount path.
 */
const targetOf = (req: IncomingMessage & { originalUrl?: string }) => redactUrl(req.originalUrl ?? req.url);

/**
 * One log line per request: method, path (with query), status, duration, request id.
 * Headers are not logged, credential-like query values are masked (they are refused anyway), and so
 * is the feed token in a feed URL's path, so credentials never reach the log.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req) => requestIdFor(req),
    quietReqLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${targetOf(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${targetOf(req)} ${res.statusCode}`,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: targetOf(req),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    wrapSerializers: false,
  });
}
