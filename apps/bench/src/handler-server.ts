/**
 * The third baseline of the benchmark: an Express 5 app that answers every operation with the
 * operation's own work and nothing else — the contract's parameter parsing, the platform's
 * handler over the same store (SQL and mapping), `res.json` — mounted at the service's paths.
 * What the service adds around that (auth, the rate-limit charge, request logging, request ids,
 * security headers, ETag and compression) is what the service's figure costs beyond this one.
 * Usage: SOCIALQUERY_STORE=<address> node handler-server.js
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { platformsOf, toExpressPath } from '@socialquery/api';
import { createCursorCodec, paramsParser, ServiceError } from '@socialquery/core/server';
import { openStore } from '@socialquery/store';
import express, { type ErrorRequestHandler } from 'express';

const USAGE = 'usage: SOCIALQUERY_STORE=<store address> handler-server.js';
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
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.set('query parser', 'simple');
for (const { contract, handlers } of platformsOf(store)) {
  for (const [name, operation] of Object.entries(contract)) {
    const handler = handlers[name]!;
    const parse = paramsParser(operation);
    app.get(toExpressPath(operation.path), async (req, res) => {
      const { params } = parse(req.params as Record<string, string>, req.query as Record<string, unknown>);
      res.json(await handler(params as never, { now: new Date(), cursors, requestId: 'bench' }));
    });
  }
}
const answerErrors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  // a bench request that fails here is counted as unexpected; the status is all it needs
  res.status(error instanceof ServiceError ? error.status : 500).json({ error: String(error) });
};
app.use(answerErrors);

const server = createServer(app);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => void store.close().then(() => process.exit(0))));
