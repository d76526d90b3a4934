/**
 * A baseline server for the benchmark: answers every request with the same precomputed JSON
 * body. `bare` uses node:http alone (Node's ceiling on this machine); `express` an Express 5
 * route with ETag off like the service (the framework's ceiling).
 * Usage: node baseline-server.js bare|express <body-file>
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

const [kind, bodyFile] = process.argv.slice(2);
if ((kind !== 'bare' && kind !== 'express') || !bodyFile) {
  console.error('usage: baseline-server.js bare|express <body-file>');
  process.exit(2);
}
const body = readFileSync(bodyFile);

let server: Server;
if (kind === 'bare') {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
} else {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/{*path}', (_req, res) => {
    res.type('application/json').send(body);
  });
  server = createServer(app);
}
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
