import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { contextOf } from './request-context.js';
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

interface LoggedRequest extends IncomingMessage {
  /** The request id (`x-request-id`), read by request-id.ts. */
  id?: string;
  originalUrl?: string;
}

/**
 * A logger whose lines carry the request's id (`reqId`), for the rare events within a request
 * (an export's outcome). Made on first use, from the service's logger the request logger left in
 * the request's context: most requests log nothing but their access line.
 */
export function requestLogOf(res: ServerResponse): Logger | undefined {
  const context = contextOf(res);
  return (context.log ??= context.logger?.child({ reqId: context.requestId }));
}

/**
 * One log line per request, written when the response has gone out (or the connection closed
 * first): method, path (with query), status, duration in ms, request id, as
 * `{ req: { id, method, url }, res: { statusCode }, responseTime }`. Headers are not logged,
 * credential-like query values are masked (they are refused anyway), and so is the feed token in a
 * feed URL's path, so credentials never reach the log. No child logger per request: the line is
 * one call on the service's logger (pino-http's per-request child and serializers cost ~4× as much
 * CPU per line, measured in BENCHMARKS.md).
 */
export function requestLogger(logger: Logger): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req: LoggedRequest, res, next) => {
    const started = performance.now();
    const id = requestIdFor(req);
    req.id = id;
    contextOf(res).logger = logger;
    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const status = res.statusCode;
      const aborted = !res.writableFinished;
      const target = targetOf(req);
      const line = {
        req: { id, method: req.method, url: target },
        res: { statusCode: status },
        responseTime: Math.round((performance.now() - started) * 1000) / 1000,
        ...(aborted ? { aborted: true } : {}),
      };
      const msg = `${req.method} ${target} ${status}${aborted ? ' (connection closed before the response ended)' : ''}`;
      if (status >= 500) logger.error(line, msg);
      else logger.info(line, msg);
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
