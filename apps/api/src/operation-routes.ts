import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { match, type MatchFunction } from 'path-to-regexp';

/**
 * The operations' routes as one lookup instead of a route layer per operation and method.
 *
 * Express walks its route layers in order, calling each one's matcher and its `next` machinery,
 * so a request for the last of the ~60 operations paid for ~120 layers before its own (BENCHMARKS.md,
 * "Per-request cost against the floor"). Here a path without parameters is found by one Map
 * lookup, a path with parameters by its own path-to-regexp matcher (only those are tried in turn),
 * and the operation's handlers run as one chain. Matching is Express's own (its router's `Layer`):
 * case-insensitive, an optional trailing slash, parameters percent-decoded, and a malformed
 * encoding a 400 error for the error handler.
 */
export interface OperationRoute {
  /** In Express's path syntax (`/a/:b/c`). */
  path: string;
  /** The handlers of a GET (and so HEAD), in order, as Express would run them. */
  handlers: readonly RequestHandler[];
}

type Params = Record<string, string>;

interface Compiled {
  run: RequestHandler;
  match?: MatchFunction<Params>;
}

/**
 * One middleware for every route: GET and HEAD run the route's handlers, any other method on a
 * route's path gets `otherMethod`; a path no route has goes on to the next middleware.
 */
export function operationRoutes(
  routes: readonly OperationRoute[],
  otherMethod: RequestHandler,
): RequestHandler & { readonly paths: readonly string[] } {
  const exact = new Map<string, Compiled>();
  const withParams: Required<Compiled>[] = [];
  for (const { path, handlers } of routes) {
    const run = inOrder(handlers);
    if (path.includes(':') || path.includes('*')) {
      withParams.push({ run, match: match<Params>(path, { sensitive: false, end: true, trailing: true, decode }) });
    } else {
      const key = exactKey(path);
      if (exact.has(key)) throw new Error(`two operations on ${path}`);
      exact.set(key, { run });
    }
  }
  // Express tried routes in order; a lookup that tries static paths first answers the same only if no
  // static path is also matched by a route with parameters
  for (const key of exact.keys()) {
    const shadowed = withParams.find((route) => route.match(key));
    if (shadowed) throw new Error(`${key} is also matched by a route with parameters`);
  }

  const dispatch: RequestHandler = (req, res, next) => {
    const path = req.path;
    let found = exact.get(exactKey(path));
    let params: Params = {};
    if (!found) {
      for (const route of withParams) {
        const matched = route.match(path);
        if (matched) {
          found = route;
          params = matched.params;
          break;
        }
      }
    }
    if (!found) {
      next();
      return;
    }
    req.params = params;
    const run = req.method === 'GET' || req.method === 'HEAD' ? found.run : otherMethod;
    return run(req, res, next);
  };
  // what it serves, for whoever lists the app's routes (Express's router cannot see inside it)
  return Object.assign(dispatch, { paths: routes.map((route) => route.path) });
}

/** A static path as Express matches it: case-insensitive, one trailing slash optional. */
function exactKey(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.toLowerCase();
}

/** Express's parameter decoding: percent-decoded, and a malformed encoding a 400. */
function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (error) {
    if (error instanceof URIError) Object.assign(error, { status: 400, message: `Failed to decode param '${value}'` });
    throw error;
  }
}

/**
 * The handlers one after another, each calling `next()` for the following one, as Express runs a
 * route's stack: an error passed to `next`, thrown, or a rejected promise goes to `done`
 * (Express's error handling), and so does the end of the chain. One router layer instead of a
 * layer each (app.ts runs its middleware so too).
 */
export function inOrder(handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        done(error);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        done();
        return;
      }
      try {
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise)
          result.catch((failure: unknown) => done(failure ?? new Error('Rejected promise')));
      } catch (failure) {
        done(failure);
      }
    };
    next();
  };
}
