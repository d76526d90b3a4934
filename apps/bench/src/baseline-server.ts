/**
 * A baseline server for the benchmark: answers `GET /<name>` with the precomputed response
 * `<dir>/<name>.body` (and `<dir>/<name>.json`: `{ "status": 200, "headers": {...} }`), read
 * once at the first request. `bare` uses node:http alone (Node's ceiling on this machine);
 * `express` an Express 5 route with ETag off (the framework's ceiling), on the service's own request
 * and response classes (`expressClasses`: Express then changes no prototype). The bench writes there
 * the bytes the service sent (compressed when it compressed) and a 304 without a body.
 * Usage: node baseline-server.js bare|express <dir>
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expressClasses } from '@socialquery/api';
import express from 'express';

const USAGE = 'usage: baseline-server.js bare|express <dir of <name>.body and <name>.json>';
const [kind, dir] = process.argv.slice(2);
if (kind === '--help' || kind === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if ((kind !== 'bare' && kind !== 'express') || !dir) {
  console.error(USAGE);
  process.exit(2);
}

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
const cache = new Map<string, Canned | null>();
function canned(path: string): Canned | null {
  const name = path.slice(1);
  let found = cache.get(name);
  if (found === undefined) {
    try {
      if (!/^[a-z0-9-]+$/.test(name)) throw new Error('bad name');
      const meta = JSON.parse(readFileSync(join(dir!, `${name}.json`), 'utf8')) as {
        status: number;
        headers: Record<string, string>;
      };
      found = { ...meta, body: readFileSync(join(dir!, `${name}.body`)) };
    } catch {
      found = null;
    }
    cache.set(name, found);
  }
  return found;
}

let server: Server;
if (kind === 'bare') {
  server = createServer((req, res) => {
    const answer = canned(new URL(req.url ?? '/', 'http://x').pathname);
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(
      answer.status,
      answer.status === 304 ? answer.headers : { ...answer.headers, 'content-length': answer.body.length },
    );
    res.end(answer.status === 304 ? undefined : answer.body);
  });
} else {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/{*path}', (req, res) => {
    const answer = canned(req.path);
    if (!answer) return void res.sendStatus(404);
    res.status(answer.status).set(answer.headers);
    if (answer.status === 304) res.end();
    else res.send(answer.body);
  });
  server = createServer(expressClasses(app), app);
}
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
