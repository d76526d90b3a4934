import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger, type LevelWithSilent, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from './config.js';
import { contextOf } from './request-context.js';
import { requestIdFor } from './request-id.js';
import { redactUrl } from './security.js';

/** Lines are held until this many bytes are waiting (about 16 access lines), then written in one go. */
export const LOG_BUFFER_BYTES = 4096;
/** …or until this long has passed, so that a quiet service's lines still show at once, near enough. */
export const LOG_FLUSH_MS = 1000;

/**
 * JSON lines on stdout, written asynchronously and in batches: a line waits until
 * LOG_BUFFER_BYTES are waiting or LOG_FLUSH_MS has passed (synchronous writes were an eighth of the
 * service's CPU time, and a write a line another twentieth: BENCHMARKS.md). Nothing is lost on the
 * way out: pino writes what is waiting synchronously when the process exits (a crash included),
 * `logger.flush()` does on shutdown, and warnings, errors and the start-up lines (run-service.ts)
 * go out at once.
 */
export function createLogger(level: LevelWithSilent = 'info', format: LogFormat = 'json'): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'socialquery-api' },
    hooks: {
      // warnings and errors go out at once
      logMethod(args, method, levelValue) {
        method.apply(this, args);
        if (levelValue >= pino.levels.values.warn!) this.flush();
      },
    },
  };
  if (format === 'pretty') return pino(options, prettyLines());
  return pino(
    options,
    pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/**
 * One line of text per event for a person at a terminal (`LOG_FORMAT=pretty`, the default there):
 * time, level and message, with the event's other fields after it. Written at once: a terminal
 * shows a few lines a second, not the thousands that make batching worth it.
 */
const prettyLines = () =>
  pretty({
    destination: 1,
    sync: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service',
    singleLine: true,
  });

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
 * first): method, path (with query), status, duration in ms since it arrived, request id, as
 * `{ req: { id, method, url }, res: { statusCode }, responseTime }`. Headers are not logged,
 * credential-like query values are masked (they are refused anyway), and so is the feed token in a
 * feed URL's path, so credentials never reach the log. No child logger per request: the line is
 * one call on the service's logger (pino-http's per-request child and serializers cost ~4× as much
 * CPU per line, measured in BENCHMARKS.md).
 */
export function requestLogger(logger: Logger): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req: LoggedRequest, res, next) => {
    const context = contextOf(res);
    // from its arrival, its wait for a turn included (turn-taking.ts)
    const started = context.receivedAt ?? performance.now();
    const id = requestIdFor(req);
    req.id = id;
    context.logger = logger;
    const done = () => {
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
    // a response emits 'close' once it has finished, or when its connection closed before that
    res.once('close', done);
    next();
  };
}
