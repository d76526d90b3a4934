/**
 * The floor of the benchmark: what any service that runs an operation's SQL per request must spend.
 * A bare node:http server (no framework) that, for each request, runs the operation's own handler
 * over the same store — the Source's statements (SQLite: prepared once, the store's statement cache;
 * PostgreSQL: the same pool) and its mapping of rows — and `JSON.stringify`s the body. Nothing else:
 * parameters are parsed once per distinct URL and kept (the service parses them on every request),
 * and there is no auth, rate-limit charge, request log, request id, security header, ETag or
 * compression. The bench checks that its body is byte-identical to the service's before measuring it.
 * It answers each request as Node parses it, as a bare server does; the service runs its requests in
 * turns (apps/api/src/turn-taking.ts), back to back, which costs less per request, so some operations
 * answer faster than their floor (BENCHMARKS.md, "Fifth pass").
 * Usage: SOCIALQUERY_STORE=<address> node floor-server.js
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { platformsOf, toExpressPath } from '@socialquery/api';
import type { Operation } from '@socialquery/core';
import { createCursorCodec, type OperationHandler, paramsParser, ServiceError } from '@socialquery/core/server';
import { openStore } from '@socialquery/store';
import { match, type MatchFunction } from 'path-to-regexp';

const USAGE = 'usage: SOCIALQUERY_STORE=<store address> floor-server.js';
if (process.argv[2] === '--help' || process.argv[2] === '-h') {
  console.log(USAGE);
  process.exit(0);
}
const address = process.env.SOCIALQUERY_STORE;
if (!address) {
  console.error(USAGE);
  process.exit(2);
}

const store = await openStore(address);
// the service's secret, so that tokens the service signed (page 1,000's nextToken) are accepted here
const cursors = createCursorCodec(await store.settings.cursorSecret());

interface Route {
  /** The operation's path in the service's route syntax (`toExpressPath`), matched as Express matches it. */
  match: MatchFunction<Partial<Record<string, string>>>;
  parse: ReturnType<typeof paramsParser>;
  handler: OperationHandler<Operation>;
}
const routes: Route[] = [];
for (const { contract, handlers } of platformsOf(store)) {
  for (const [name, operation] of Object.entries(contract)) {
    routes.push({
      match: match(toExpressPath(operation.path)),
      parse: paramsParser(operation),
      handler: handlers[name] as OperationHandler<Operation>,
    });
  }
}

/** Parsed parameters per request target: the floor parses a URL's parameters once. */
const parsed = new Map<string, { route: Route; params: Record<string, unknown> } | null>();
function resolve(target: string) {
  let found = parsed.get(target);
  if (found === undefined) {
    found = null;
    const url = new URL(target, 'http://floor');
    for (const route of routes) {
      const matched = route.match(url.pathname);
      if (!matched) continue;
      const pathValues = Object.fromEntries(
        Object.entries(matched.params).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]])),
      );
      found = { route, params: route.parse(pathValues, Object.fromEntries(url.searchParams)).params };
      break;
    }
    parsed.set(target, found);
  }
  return found;
}

const server = createServer((req, res) => {
  void (async () => {
    try {
      const found = resolve(req.url ?? '/');
      if (!found) return void res.writeHead(404).end();
      const body = JSON.stringify(await found.route.handler(found.params, { now: new Date(), cursors, requestId: '' }));
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    } catch (error) {
      // a floor request that fails is counted as unexpected; the status is all it needs
      res.writeHead(error instanceof ServiceError ? error.status : 500).end(String(error));
    }
  })();
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => void store.close().then(() => process.exit(0))));
